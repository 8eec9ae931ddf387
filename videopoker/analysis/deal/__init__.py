"""The simulator's rounds, below every player: rounds dealt and drawn many at once (rounds) and the
ways a simulated player holds (holds)."""
