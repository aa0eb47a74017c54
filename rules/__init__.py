"""Chargen's rules engine: every mechanic of the four seed texts, in pure Python.

Nothing here imports Django (tests/rules/test_purity.py enforces it). Inputs are
plain values and dice faces; outputs are immutable results that explain themselves.
"""
