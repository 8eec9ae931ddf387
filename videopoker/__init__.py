"""videopoker: a Jacks or Better video poker machine with an exact return-to-player engine."""

__version__ = "0.1.0"
