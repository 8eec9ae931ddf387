"""Ultimate X: the multipliers carried between rounds solved exactly (solve) and played by the
simulator on many machines at once (play)."""
