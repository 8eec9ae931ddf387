"""What lasts between runs and what comes from outside: where files live, writing them whole, reading
YAML safely, checks remembered, the wallet file, and user text kept as data."""
