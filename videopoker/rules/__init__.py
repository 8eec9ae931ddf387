"""Games as data: the language a game is written in, its checking, where games are found, and the
evaluator built from a definition.

- :mod:`videopoker.rules.definition`: a game as a value (its hands best first, its wild cards);
- :mod:`videopoker.rules.checking`: a definition read from YAML, every mistake with its place;
- :mod:`videopoker.rules.catalog`: which game a key names (yours first, then the shipped ones);
- :mod:`videopoker.rules.hands`: each hand of a definition as a test on made hands;
- :mod:`videopoker.rules.lookup`: the one table, per game, that both evaluators read;
- :mod:`videopoker.rules.evaluate`: the scalar evaluator (a hand's category in play).
"""
