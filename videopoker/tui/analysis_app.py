"""``videopoker analyze PAYTABLE --tui``: the analysis screen on its own, without a machine or wallet."""

from __future__ import annotations

from textual.app import App

from videopoker.paytable import Paytable
from videopoker.tui.screens.analysis import AnalysisScreen


class AnalysisApp(App[None]):
    """Shows one :class:`AnalysisScreen`; leaving it (escape) quits."""

    TITLE = "videopoker analysis"

    def __init__(self, paytable: Paytable, coins: int | None = None, meter: int | None = None) -> None:
        super().__init__()
        self.paytable, self.coins, self.meter = paytable, coins, meter

    def on_mount(self) -> None:
        self.push_screen(AnalysisScreen(self.paytable, self.coins, self.meter), lambda _: self.exit())


def run_analysis(paytable: Paytable, coins: int | None = None, meter: int | None = None) -> int:
    AnalysisApp(paytable, coins, meter).run()
    return 0
