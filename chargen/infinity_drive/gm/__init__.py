"""Infinity Drive on the GM's desk: the race queue, character approval, the party.

The desk (chargen.desk) knows no game system; this package is what Infinity Drive
contributes to it through its declaration (chargen/infinity_drive/system.py): its queues,
its pages (mounted in the desk's URL namespace), the player's view of their races.
"""
