"""The analysis screen's return pane for the features that carry state across rounds: a
Multi-Strike stack (its hands over the levels a round reaches, and each level's value) and
Ultimate X lines (its hands over the multiplier sums as they come), each solved for the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from videopoker.analysis.features.multi_strike.solve import MultiStrikeAnalysis
from videopoker.analysis.features.ultimate_x.solve import UltimateXAnalysis

STRIKE_HEADERS = ("Hand", "Pays", "A round", "Rounds per", "Return")
LINES_HEADERS = ("Hand", "Pays", "Prob.", "1 in", "Return")


def _row(label: str, *figures: str) -> list[str | Text]:
    return [label, *(Text(figure, justify="right") for figure in figures)]


def strike_table(analysis: MultiStrikeAnalysis) -> tuple[Sequence[str], list[list[str | Text]], str]:
    """Headers, rows and the status of a Multi-Strike table's return pane."""
    label = analysis.paytable.game.label
    rows = [_row(label(line.category), f"{float(line.pays):g}", f"{line.per_round:.6f}",
                 f"{line.one_in:,.1f}" if line.per_round else "—", f"{line.feature_return:.6f}")
            for line in analysis.rows]
    rows.append(_row("TOTAL", "", f"{sum(line.per_round for line in analysis.rows):.6f}", "", f"{analysis.rtp:.6f}"))
    levels = "  ".join(f"{level.level}: {level.multiplier}X worth {level.value:.4f}" for level in analysis.levels)
    status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins, every level bet up front, holds "
              f"chosen for each level · the base game {analysis.base_rtp * 100:.4f}% · SD "
              f"{analysis.standard_deviation:.4f} per coin of the whole bet\n"
              f"Reaching a level is worth, per coin of its bet: {levels}\n"
              f"A round: final hands a round makes over its levels. The other panes play the base game.")
    return STRIKE_HEADERS, rows, status


def lines_table(analysis: UltimateXAnalysis) -> tuple[Sequence[str], list[list[str | Text]], str]:
    """Headers, rows and the status of an Ultimate X table's return pane."""
    label = analysis.paytable.game.label
    rows = [_row(label(line["category"]), f"{line['pays']:g}", f"{line['probability']:.8f}",
                 f"{line['one_in']:,.1f}" if line["probability"] else "—", f"{line['return']:.6f}")
            for line in analysis.rows()]
    rows.append(_row("TOTAL", "", f"{sum(analysis.frequencies):.8f}", "", f"{analysis.rtp:.6f}"))
    mean = sum(total * chance for total, chance in zip(analysis.sums, analysis.probabilities))
    status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins a hand, {analysis.lines}-play, each hold "
              f"chosen for the sum of the lines' multipliers · the base game's holds "
              f"{analysis.rtp_base_strategy * 100:.4f}% · the base game {analysis.base_rtp * 100:.4f}%\n"
              f"The lines' multipliers sum to {mean:.2f} on average. The other panes play the base game.")
    return LINES_HEADERS, rows, status
