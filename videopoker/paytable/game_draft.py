"""A paytable's own game, edited in place: hands added, changed, removed and moved in its YAML.

The editor designs a game by changing the paytable document's inline ``game:`` definition, the
``pays`` following the hands (a new hand pays 0, a removed one goes, the order is the hands'), so
the draft stays one file that ``paytable validate`` checks and a player can read.  A table that
plays a game by key takes a copy of that game's definition first ("makes it its own"); the
file's comments outside the game are kept.
"""

from __future__ import annotations

from typing import Any

from videopoker.rules.lookup import Game

#: The hands a game from nothing starts with: something to pay, for the designer to build on.
FIRST_HANDS = (("royal_flush", {"made": "royal flush"}), ("straight_flush", {"made": "straight flush"}),
               ("four_of_a_kind", {"made": "four of a kind"}), ("full_house", {"made": "full house"}),
               ("flush", {"made": "flush"}), ("straight", {"made": "straight"}),
               ("three_of_a_kind", {"made": "three of a kind"}), ("two_pair", {"made": "two pair"}),
               ("jacks_or_better", {"made": "pair", "ranks": ["J", "Q", "K", "A"]}))
FIRST_PAYS = (800, 50, 25, 9, 6, 4, 3, 2, 1)


def _flow(mapping: dict[str, Any]) -> Any:
    """An entry written on one line, as game files write them: ``{made: pair, ranks: [A]}``."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    entry = CommentedMap()
    for key, value in mapping.items():
        if isinstance(value, list):
            value = CommentedSeq(value)
            value.fa.set_flow_style()
        entry[key] = value
    entry.fa.set_flow_style()
    return entry


def definition_document(data: dict[str, Any]) -> Any:
    """A definition's data (:meth:`GameDefinition.data`) as YAML nodes, entries one line each."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    wild = CommentedSeq(data.get("wild", []))
    wild.fa.set_flow_style()
    hands = CommentedMap((key, _flow(entry)) for key, entry in data["hands"].items())
    deck = [("fifth_ace", True)] if data.get("fifth_ace") else []
    return CommentedMap([("title", data["title"]), ("jokers", data.get("jokers", 0)), *deck, ("wild", wild),
                         ("hands", hands)])


def own_game(document: Any, game: Game) -> Any:
    """The document's inline game, copying ``game``'s definition in first if it was played by key."""
    from ruamel.yaml.comments import CommentedMap

    if not isinstance(document.get("game"), CommentedMap):
        document["game"] = definition_document(game.definition.data())
    return document["game"]


def _reorder_pays(document: Any) -> None:
    """``pays`` in the hands' order, each hand priced (0 when new), no pay for a hand that went;
    only the rows that must move are touched, so the others keep their comments."""
    pays, hands = document["pays"], list(document["game"]["hands"])
    for key in [key for key in pays if key not in hands]:
        del pays[key]
    for place, key in enumerate(hands):
        if key not in pays:
            pays.insert(place, key, 0)
        elif list(pays).index(key) != place:
            value = pays[key]
            del pays[key]
            pays.insert(place, key, value)


def put_hand(document: Any, game: Game, key: str, entry: dict[str, Any], at: int, replacing: str | None) -> None:
    """Write hand ``key`` at place ``at`` (replacing the hand ``replacing``, which keeps its pay)."""
    hands = own_game(document, game)["hands"]
    pays = document["pays"]
    if replacing is not None and replacing in hands:
        at = list(hands).index(replacing)
        del hands[replacing]
        if replacing != key and replacing in pays:
            pays[key] = pays[replacing]
            del pays[replacing]
    elif key in hands:
        del hands[key]
    hands.insert(min(at, len(hands)), key, _flow(entry))
    _reorder_pays(document)


def remove_hand(document: Any, game: Game, key: str) -> None:
    hands = own_game(document, game)["hands"]
    if key in hands and len(hands) > 1:
        del hands[key]
        _reorder_pays(document)


def move_hand(document: Any, game: Game, key: str, step: int) -> None:
    """Move hand ``key`` one place up (``step`` -1: paid before the one above) or down."""
    hands = own_game(document, game)["hands"]
    keys = list(hands)
    if key not in hands:
        return
    place = keys.index(key) + step
    if 0 <= place < len(keys):
        entry = hands[key]
        del hands[key]
        hands.insert(place, key, entry)
        _reorder_pays(document)


def new_game_document(max_coins: int = 5) -> Any:
    """A table whose game starts from the usual hands of a draw game, for a designer to change."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    data = {"title": "My Game", "jokers": 0, "wild": [], "hands": dict(FIRST_HANDS)}
    pays = CommentedMap()
    for (key, _), pay in zip(FIRST_HANDS, FIRST_PAYS):
        if key == "royal_flush":
            royal = CommentedSeq([250 * coins for coins in range(1, max_coins)] + [4000 * max_coins // 5])
            royal.fa.set_flow_style()
            pays[key] = royal
        else:
            pays[key] = pay
    return CommentedMap([("name", "My Game"), ("game", definition_document(data)), ("max_coins", max_coins),
                         ("pays", pays)])
