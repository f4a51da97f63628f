"""Grimoire's Discord bot."""
