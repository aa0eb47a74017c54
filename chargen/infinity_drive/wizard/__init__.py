"""The Infinity Drive creation wizard.

Its steps in the book's order (stepper), what each page shows (page_context), the
tables beside a roll (roll_tables), how a step POST is checked (post_checks), the kinds
of log entry (entry_kinds), the walk over a log (log_walk) and the write (step_write).
"""
