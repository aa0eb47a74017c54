"""Infinity Drive (seed 003): characteristics, races, careers, skills, checks."""
