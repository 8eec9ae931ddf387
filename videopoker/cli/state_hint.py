"""``hint`` where state carried across rounds decides the hold: a Multi-Strike level (and its free
ride) or Ultimate X's multipliers on the lines."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from videopoker.analysis.features.registry import engine_of
from videopoker.cli.holds import every_hold, top_holds
from videopoker.cli.output import say, show
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState


def show_state_hint(paytable: Paytable, hand: Sequence[Card], state: PlayState, args: argparse.Namespace) -> int:
    assert paytable.feature is not None
    hint = engine_of(paytable.feature).holds(paytable, hand, state)
    best, base = hint.holds[0], hint.base_best
    if args.json:
        print(json.dumps(hint.to_json(paytable, hand), indent=2))
        return 0
    title = f"{' '.join(c.label for c in hand)} — {paytable.name}, {hint.state.describe()}"
    coins = paytable.max_coins
    show(every_hold(title, paytable, hint.holds) if args.all else top_holds(title, paytable, coins, hint.holds))
    say(f"Worth: {hint.unit}")
    say("EV: the base game's, per coin bet")
    if hint.changed:
        say(f"The state changes the hold: {best.label}, worth {float(best.judged):.4f},")
        say(f"  not the base game's {base.label}, worth {float(base.judged):.4f}")
    else:
        say("Here the base game's best hold is the best in this state too")
    return 0
