"""The journal's version (what `journal --version` prints and the app records in each
campaign it creates)."""

__version__ = "0.1.0"
