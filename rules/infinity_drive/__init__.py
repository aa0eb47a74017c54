"""Infinity Drive (seed 003): characteristics, races, careers, skills, checks."""

# A package of modules; each module declares its own public names.
__all__: list[str] = []
