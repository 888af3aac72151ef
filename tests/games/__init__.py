"""Tests of the games layer: engines, rules, notation, the table, the search, the conventions."""
