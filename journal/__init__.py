"""journal: a campaign journal for horror tabletop games.

Every game occurrence is an immutable event; characters are projections of the log.
"""

__version__ = "0.1.0"
