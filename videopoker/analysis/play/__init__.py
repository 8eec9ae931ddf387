"""Monte Carlo play: a simulation run (simulate), choosing who plays its rounds by the bet, and the
strategies asked for by name (strategies)."""
