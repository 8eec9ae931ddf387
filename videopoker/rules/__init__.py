"""Games as data: the language a game is written in, its checking, and where games are found.

- :mod:`videopoker.rules.definition`: a game as a value (its hands best first, its wild cards);
- :mod:`videopoker.rules.checking`: a definition read from YAML, every mistake with its place;
- :mod:`videopoker.rules.catalog`: which game a key names (yours first, then the shipped ones).
"""
