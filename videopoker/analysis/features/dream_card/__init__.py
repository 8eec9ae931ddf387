"""Dream Card's engine: the best fifth card of every four dealt, the exact return for the chance a
table states, and the ranking of the fifth cards a player may choose."""
