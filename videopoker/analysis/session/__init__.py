"""Session odds: where a bankroll stands after a session of hands and the chance of going broke on
the way (bankroll), by exact convolution or, over long sessions, the diffusion limit (diffusion)."""
