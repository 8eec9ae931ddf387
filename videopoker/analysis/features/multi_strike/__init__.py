"""Multi-Strike: the stack of levels solved exactly (solve) and played by the simulator (play)."""
