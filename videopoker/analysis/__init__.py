"""Exact analysis: pure functions of a paytable, built on numpy (no screen, no state)."""

from videopoker.analysis.exact import Analysis, ReturnRow, analyze
from videopoker.analysis.hint import HoldChoice, best_holds

__all__ = ["Analysis", "HoldChoice", "ReturnRow", "analyze", "best_holds"]
