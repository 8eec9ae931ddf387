"""``videopoker analyze PAYTABLE --tui``: the analysis screen on its own, without a machine or wallet."""

from __future__ import annotations

from textual.app import App

from videopoker.paytable import Paytable
from videopoker.tui.screens.analysis import AnalysisScreen


class AnalysisApp(App[None]):
    """Shows one :class:`AnalysisScreen`; leaving it (escape) quits."""

    TITLE = "videopoker analysis"

    def __init__(self, paytable: Paytable, coins: int | None = None, meter: int | None = None,
                 hands: int = 1) -> None:
        super().__init__()
        self.paytable, self.coins, self.meter, self.hands = paytable, coins, meter, hands

    def on_mount(self) -> None:
        self.push_screen(AnalysisScreen(self.paytable, self.coins, self.meter, self.hands), lambda _: self.exit())


def run_analysis(paytable: Paytable, coins: int | None = None, meter: int | None = None, hands: int = 1) -> int:
    AnalysisApp(paytable, coins, meter, hands).run()
    return 0
