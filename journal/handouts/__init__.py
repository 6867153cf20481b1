"""Handouts: recap and arc data, the Jinja environment and the SVG charts (ruleset-neutral)."""
