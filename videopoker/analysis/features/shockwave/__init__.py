"""Shockwave's engine: its exact solve over the hands left in the mode, and its hint in a state."""
