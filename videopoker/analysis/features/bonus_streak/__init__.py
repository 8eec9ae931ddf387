"""Ultimate X Bonus Streak's engine: its exact solve over the lines' queues, its hint in a state and
what a machine found in one is worth."""
