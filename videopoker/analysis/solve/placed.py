"""The exact return of a game whose hands pay by their places: every order of the deal, every draw in place.

On the glass a hold keeps its cards in their places and the drawn cards fill the gaps left to
right in the order they are drawn, so a dealt hand is five cards in one of 120 orders and a draw
of k cards one of 47·46·…·(47−k+1) ordered draws.  The game's ordered entries are met by few
hands in place, all listed (:mod:`videopoker.rules.order`); each listed hand s is one ordered draw
and is worth ``gain(s)`` more than its five cards as a set.  For a dealt hand D, s can be drawn
only by holding exactly the cards D shares with s (a card of s thrown away cannot come back, and
a held card off s's place stands where s needs another), each in its place in s: so a hold's
worth in place is its worth as a set plus the gains of the listed hands that hold it in place,
one ordered draw each.  Holding nothing draws every listed hand that shares no card with D, in any
order of the deal.

Most dealt hands play the same hold in every order: the best hold as a set, with the gains it
earns, stays the best wherever its own cards lie, unless some other hold could overtake it with
all its gains.  Only the hands where one could (a bound, exact in whole numbers) are played in all
120 orders.  Values are exact integers in float64 on the common denominator of the ordered
draws, 47·46·45·44·43; the return table's combinations count ordered deals times ordered draws.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from math import comb, factorial, perm

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import (
    HAND,
    HELD_COUNT,
    HOLDS,
    ClassChunk,
    DrawTables,
    PaidDraws,
    Progress,
    _quiet,
    draw_tables,
    hold_ranks,
)
from videopoker.analysis.solve.tally import HoldTally, common_values, first_best
from videopoker.deck.suits import suit_classes
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.rules.evaluate import Game
from videopoker.rules.order import Placed

ORDERS = factorial(HAND)
#: Per cards held in place, the orders of the deal that put them there: (5 − held)!.
IN_PLACE = np.array([factorial(HAND - held) for held in range(HAND + 1)], dtype=np.float64)
#: ``PLACES[o, i]``: the place (0..4, left to right) of the sorted hand's i-th card in order o.
PLACES = np.array(list(itertools.permutations(range(HAND))), dtype=np.int8)
#: Bits of a hand's pattern of groups in place (with its hand's row in a chunk, within an int64).
PATTERN_BITS = 50
#: Listed hands in place an analysis weighs against every deal; more is a game too loose to solve here.
MOST_PLACED = 20_000
CHUNK = 1 << 13


def ordered_draws(game: Game) -> list[int]:
    """Per number of cards drawn k, the ordered draws: (deck − 5)·…·(deck − 5 − k + 1)."""
    return [perm(game.deck_size - HAND, k) for k in range(HAND + 1)]


def placed_total(game: Game) -> int:
    """The common denominator of an ordered game: ordered deals times the most ordered draws."""
    return comb(game.deck_size, HAND) * ORDERS * ordered_draws(game)[HAND]


def placed_symmetries(game: Game, placed: Placed) -> tuple[tuple[int, ...], ...] | None:
    """The renamings of suits that map the listed hands onto themselves (None: every renaming):
    Sequential Royal keeps them all, ACE$ Bonus (its aces named) none but the identity."""
    listed = {(tuple(int(card) for card in row), int(entry)) for row, entry in zip(placed.sequences, placed.entries)}

    def renamed(sigma: tuple[int, ...]) -> set[tuple[tuple[int, ...], int]]:
        return {(tuple(card // 4 * 4 + sigma[card % 4] for card in row), entry) for row, entry in listed}

    kept = tuple(sigma for sigma in itertools.permutations(range(4)) if renamed(sigma) == listed)
    return None if len(kept) == 24 else kept


@dataclass(frozen=True)
class PlacedPays:
    """The listed hands weighed for one pay vector: what each is worth over its cards as a set."""

    placed: Placed
    gains: npt.NDArray[np.float64]     # total coins, at the bet
    bits: npt.NDArray[np.int64]        # the cards of each listed hand, a bit each
    place_of: npt.NDArray[np.int8]     # (listed, deck): the place of each card in it, or -1
    per_draw: npt.NDArray[np.float64]  # per cards held, the common denominator over the ordered draws

    @classmethod
    def of(cls, game: Game, pays: npt.NDArray[np.float64]) -> PlacedPays:
        placed = game.placed
        assert placed is not None
        if len(placed.sequences) > MOST_PLACED:
            raise VideoPokerError(f"{game.title}: its ordered hands list {len(placed.sequences):,} hands in place; "
                                  f"an analysis weighs at most {MOST_PLACED:,} (name more cards in the order)")
        cards = placed.sequences.astype(np.int64)
        bits = np.bitwise_or.reduce(np.left_shift(1, cards), axis=1)
        place_of = np.full((len(cards), game.deck_size), -1, dtype=np.int8)
        for place in range(HAND):
            place_of[np.arange(len(cards)), cards[:, place]] = place
        draws = ordered_draws(game)
        per_draw = np.array([draws[HAND] // draws[HAND - held] for held in range(HAND + 1)], dtype=np.float64)
        return cls(placed, pays[placed.entries] - pays[placed.bases], bits, place_of, per_draw)


@dataclass
class PlacedSolve:
    """What a solve of an ordered game adds up: hands tallied by hold, and listed hands drawn."""

    tally: HoldTally
    drawn: npt.NDArray[np.float64]     # per listed hand, its ordered draws over all deals (common scale)
    second: float = 0.0                # E[v²] summed over deals, v per coin, before dividing by them


def analyze_placed(paytable: Paytable, bet: int, pays: npt.NDArray[np.float64],
                   progress: Progress = _quiet) -> tuple[list[int], float]:
    """The final-hand combinations of perfect play in place and E[v²].  The combinations are on
    :func:`placed_total` divided by what they all share (for ACE$ Bonus, 576: the Wizard of Odds'
    99,666,152,586,000 permutations), so a return table of them fits 80 columns."""
    game = paytable.game
    placed = game.placed
    assert placed is not None
    hands, weights = suit_classes(game.deck_size, placed_symmetries(game, placed))
    combinations, second = solve_deals(paytable, bet, pays, hands, weights, progress)
    shared = math.gcd(*combinations)
    return [n // shared for n in combinations], second


def solve_deals(paytable: Paytable, bet: int, pays: npt.NDArray[np.float64], hands: npt.NDArray[np.uint8],
                weights: npt.NDArray[np.int64], progress: Progress = _quiet) -> tuple[list[int], float]:
    """:func:`analyze_placed` over the dealt hands ``hands`` (sorted), each standing for ``weights``
    deals: every deal of the deck (by classes) for the return, a few for a test."""
    game = paytable.game
    tables = draw_tables(game, progress)
    weighed = PlacedPays.of(game, pays)
    paid = tables.paid(pays)
    scale = float(ordered_draws(game)[HAND] // tables.common_draws)
    solve = PlacedSolve(HoldTally(tables, bet), np.zeros(len(weighed.gains)))
    for start in range(0, len(hands), CHUNK):
        block = hands[start:start + CHUNK]
        _solve_chunk(solve, weighed, block, weights[start:start + CHUNK].astype(np.int64), paid, tables, scale, bet)
        progress(0.5 + 0.5 * (start + len(block)) / len(hands), "best holds in place")
    combinations = [n * int(scale) for n in solve.tally.combinations()]
    drawn = np.rint(solve.drawn).astype(np.int64)
    for entry, base, count in zip(weighed.placed.entries, weighed.placed.bases, drawn):
        combinations[entry] += int(count)
        combinations[base] -= int(count)
    return combinations, solve.second / (comb(game.deck_size, HAND) * ORDERS)


@dataclass(frozen=True)
class Shares:
    """Each (dealt hand, listed hand) pair that shares a card: the hold that keeps exactly the shared
    cards (the only hold that can draw the listed hand), and what drawing it adds to that hold's
    worth.  Pairs that share nothing are left out: only holding nothing draws them."""

    hand: npt.NDArray[np.intp]         # the dealt hand (row of the chunk)
    listed: npt.NDArray[np.intp]       # the listed hand
    holds: npt.NDArray[np.int64]       # hold mask over the sorted dealt hand
    bonus: npt.NDArray[np.float64]     # gain over the hold's ordered draws, common scale

    @classmethod
    def of(cls, weighed: PlacedPays, hands: npt.NDArray[np.uint8]) -> Shares:
        cards = hands.astype(np.int64)
        dealt_bits = np.bitwise_or.reduce(np.left_shift(1, cards), axis=1)
        hand, listed = np.nonzero(dealt_bits[:, None] & weighed.bits[None, :])
        holds = np.zeros(len(hand), dtype=np.int64)
        for slot in range(HAND):
            holds |= ((weighed.bits[listed] >> cards[hand, slot]) & 1) << slot
        return cls(hand, listed, holds, weighed.gains[listed] * weighed.per_draw[HELD_COUNT[holds]])

    def picked(self, chosen: npt.NDArray[np.bool_]) -> Shares:
        return Shares(self.hand[chosen], self.listed[chosen], self.holds[chosen], self.bonus[chosen])


@dataclass(frozen=True)
class Deals:
    """A chunk of dealt hands (sorted by card) as the solve reads them: each hold's worth as a set
    (common scale, total coins), and what each shares with the listed hands."""

    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]     # the deals each stands for
    ranks: npt.NDArray[np.int32]       # each hold's subset rank (:func:`hold_ranks`)
    dealt: npt.NDArray[np.intp]        # the category as dealt, a set
    values: npt.NDArray[np.float64]    # (32, hands)
    shares: Shares
    per_coin: float                    # a value's worth of one coin won

    def tally(self, tally: HoldTally, rows: npt.NDArray[np.intp], holds: npt.NDArray[np.int64],
              weights: npt.NDArray[np.int64]) -> None:
        """Tally hands ``rows`` playing ``holds``, each weighing ``weights`` (deals × orders)."""
        if len(rows):
            chunk = ClassChunk(np.arange(len(rows)), self.ranks[:, rows], self.dealt[rows])
            tally.add(chunk, np.zeros((HOLDS, len(rows))), holds.astype(np.int64), weights=weights)


def _solve_chunk(solve: PlacedSolve, weighed: PlacedPays, hands: npt.NDArray[np.uint8],
                 weights: npt.NDArray[np.int64], paid: PaidDraws, tables: DrawTables, scale: float, bet: int) -> None:
    """Play every order of a chunk of dealt hands (sorted, one per class of the listed hands' symmetry)."""
    ranks = hold_ranks(hands)
    dealt = tables.game.evaluate_batch(hands).astype(np.intp)
    shares = Shares.of(weighed, hands)
    count = len(hands)
    values = common_values(tables, paid, ranks, dealt) * scale
    # holding nothing may draw every listed hand it shares no card with:
    values[0] += weighed.gains.sum() - np.bincount(shares.hand, weighed.gains[shares.listed], minlength=count)
    deals = Deals(hands, weights, ranks, dealt, values, shares, tables.common_draws * scale * bet)
    best = first_best(values)
    top = values[best, np.arange(count)]
    # A hold other than the best can overtake it only with all its gains in place:
    slot = shares.hand * HOLDS + shares.holds
    upper = np.bincount(slot, np.maximum(shares.bonus, 0), minlength=count * HOLDS)
    mine = shares.holds == best[shares.hand]
    rival = ~mine & (values.T.ravel()[slot] + upper[slot] >= top[shares.hand])
    hurt = mine & (shares.bonus < 0)
    moving = np.bincount(shares.hand, rival | hurt, minlength=count) > 0
    still = ~moving
    # Hands whose best hold is the best in every order: it earns its own listed hands where they lie.
    own = mine & still[shares.hand]
    held = HELD_COUNT[shares.holds[own]]
    solve.drawn += np.bincount(shares.listed[own], IN_PLACE[held] * weighed.per_draw[held] * weights[shares.hand[own]],
                               minlength=len(solve.drawn))
    nothing_held = np.where(still & (best == 0), ORDERS, 0).astype(np.float64)
    solve.second += float((weights[still] * (top[still] / deals.per_coin) ** 2).sum()) * ORDERS
    rows = np.flatnonzero(still)
    deals.tally(solve.tally, rows, best[rows], weights[rows] * ORDERS)
    if moving.any():
        useful = (rival | mine) & moving[shares.hand]  # a hold that can never win draws nothing
        nothing_held[moving] = _every_order(solve, weighed, deals, shares.picked(useful), np.flatnonzero(moving))
    drawing = weights * nothing_held  # every listed hand but those the deal shares a card with
    solve.drawn += drawing.sum() - np.bincount(shares.listed, drawing[shares.hand], minlength=len(solve.drawn))


def _every_order(solve: PlacedSolve, weighed: PlacedPays, deals: Deals, useful: Shares,
                 rows: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Play hands ``rows`` in all 120 orders, weighing the ``useful`` pairs (those that can change
    or pay the choice); returns, per hand, the orders in which it holds nothing.

    Listed hands that ask the same hold to keep the same cards in the same places stand or fall
    together (ACE$'s 48 kickers), so they are weighed as one; and two orders that put the same of
    those in place play alike, so each hand is played once per such pattern, times its orders.
    """
    weights = deals.weights[rows]
    local = np.searchsorted(rows, useful.hand)                                     # the hand among ``rows``
    listed, masks = useful.listed, useful.holds
    cards = deals.hands[useful.hand].astype(np.intp)
    kept = (masks[:, None] >> np.arange(HAND)) & 1                                 # (listed, 5) held slot
    wanted = np.where(kept == 1, weighed.place_of[listed[:, None], cards], -1)     # its place in s
    places = ((wanted + 1) << (3 * np.arange(HAND))).sum(axis=1)                  # the places asked, a number
    _, first, group_of = np.unique(((local * HOLDS + masks) << 15) | places, return_index=True, return_inverse=True)
    hand_of, mask_of = local[first], masks[first]                                  # per group, sorted by hand
    bonus = np.bincount(group_of, useful.bonus)
    in_place = _orders_in_place()[places[first]]                                   # (groups, orders)
    played_hand, played_order, times = _orders_played(_patterns(hand_of, in_place, len(rows)))
    # Each group against each pattern its hand plays:
    first_played = np.searchsorted(played_hand, np.arange(len(rows)))
    per_hand = np.bincount(played_hand, minlength=len(rows))
    group_rep = np.repeat(np.arange(len(first)), per_hand[hand_of])
    rep = np.repeat(first_played[hand_of], per_hand[hand_of]) + _ramps(per_hand[hand_of])
    there = in_place[group_rep, played_order[rep]]
    worth = deals.values[:, rows].T[played_hand]                                   # (patterns, holds)
    worth += np.bincount(rep * HOLDS + mask_of[group_rep], bonus[group_rep] * there,
                         minlength=worth.size).reshape(worth.shape)
    chosen = first_best(worth.T)
    hits = np.bincount(group_rep, there * (chosen[rep] == mask_of[group_rep]) * times[rep], minlength=len(first))
    held = HELD_COUNT[masks]
    solve.drawn += np.bincount(listed, weights[local] * hits[group_of] * weighed.per_draw[held],
                               minlength=len(solve.drawn))
    top = worth[np.arange(len(chosen)), chosen] / deals.per_coin
    solve.second += float((weights[played_hand] * times * top ** 2).sum())
    pairs, inverse = np.unique(played_hand * HOLDS + chosen, return_inverse=True)
    counts = np.bincount(inverse, times).astype(np.int64)
    deals.tally(solve.tally, rows[pairs // HOLDS], pairs % HOLDS, weights[pairs // HOLDS] * counts)
    nothing = np.bincount(played_hand, times * (chosen == 0), minlength=len(rows)).astype(np.float64)
    return nothing


def _orders_played(patterns: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                                              npt.NDArray[np.int64]]:
    """One order per distinct pattern of each hand: (hand, order, how many orders share it), by hand.
    A pattern is below 2**50 and a chunk's hands below 2**13, so hand and pattern are one number."""
    keyed = (np.arange(len(patterns), dtype=np.int64)[:, None] << PATTERN_BITS) | patterns
    _, played, times = np.unique(keyed.ravel(), return_index=True, return_counts=True)
    return played // ORDERS, played % ORDERS, times


@functools.cache
def _orders_in_place() -> npt.NDArray[np.bool_]:
    """For every way of asking slots for places (three bits a slot: 0 for none, else the place + 1),
    which of the 120 orders of the deal put every asked slot in its place: (8**5, orders)."""
    asked = ((np.arange(8 ** HAND)[:, None] >> (3 * np.arange(HAND))) & 7) - 1   # (asks, slots): place or -1
    matched: npt.NDArray[np.bool_] = ((asked[:, None, :] < 0) | (PLACES[None, :, :] == asked[:, None, :])).all(axis=2)
    return matched


def _ramps(lengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """0, 1, …, n − 1 for each n of ``lengths``, one after another."""
    ends = np.cumsum(lengths)
    ramps: npt.NDArray[np.int64] = np.arange(ends[-1] if len(ends) else 0) - np.repeat(ends - lengths, lengths)
    return ramps


def _patterns(hand_of: npt.NDArray[np.intp], in_place: npt.NDArray[np.bool_], hands: int) -> npt.NDArray[np.int64]:
    """Per hand and order, a number shared by exactly the orders that put the same of its groups in
    place: a bit per group of the hand (a hand of more groups than :data:`PATTERN_BITS` tells every
    order apart).  Groups come sorted by hand, so a hand's bits add up over a run of rows."""
    starts = np.searchsorted(hand_of, hand_of)
    bit = np.arange(len(hand_of)) - starts
    crowded = np.unique(hand_of[bit >= PATTERN_BITS])
    bits = in_place.astype(np.int64) << np.minimum(bit, PATTERN_BITS - 1)[:, None]
    runs = np.flatnonzero(np.diff(hand_of, prepend=-1))
    patterns = np.zeros((hands, ORDERS), dtype=np.int64)
    if len(runs):
        patterns[hand_of[runs]] = np.add.reduceat(bits, runs, axis=0)
    patterns[crowded] = np.arange(ORDERS)
    return patterns


def outcomes_in_place(game: Game, hand: tuple[int, ...], outcomes: npt.NDArray[np.int64]) -> tuple[
        npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """A dealt hand's outcome counts as sets (32 holds over the hand sorted by card, categories)
    turned into counts of ordered draws, with the listed hands in place it can draw moved to their
    entries; and the ordered draws of each hold.  ``hand``: card indices in their places."""
    placed = game.placed
    assert placed is not None
    draws = ordered_draws(game)
    held = HELD_COUNT[np.arange(HOLDS)]
    in_place = outcomes * np.array([factorial(HAND - n) for n in held], dtype=np.int64)[:, None]
    slot_of = {card: slot for slot, card in enumerate(sorted(hand))}
    for row, entry, base in zip(placed.sequences, placed.entries, placed.bases):
        shared = [(place, int(card)) for place, card in enumerate(row) if int(card) in slot_of]
        if any(hand[place] != card for place, card in shared):
            continue  # a shared card off its place: no hold can draw this hand
        mask = sum(1 << slot_of[card] for _, card in shared)
        in_place[mask, entry] += 1
        in_place[mask, base] -= 1
    return in_place, np.array([draws[HAND - n] for n in held], dtype=np.int64)
