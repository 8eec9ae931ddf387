"""The machine: a round dealt, held and drawn, its pay order, double-up, the trainer's judgement, a
settled round, and what the machine writes into the wallet."""
