"""The feature games' engines: the kinds that multiply a round or spin a wheel (feature: their exact
return; feature_play: how the simulator plays them), the best holds in a kind's state (state_hint),
and one room per kind that carries state from round to round, each with its solve and the
simulator's player: multi_strike and ultimate_x (neither imports the other)."""
