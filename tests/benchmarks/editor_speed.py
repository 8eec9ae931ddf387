"""How long the editor takes from a typed pay to the new exact return, in-process, warm.

Run: ``python tests/benchmarks/editor_speed.py``.  Each step is what one keystroke costs: the
draft is changed and checked as ``paytable validate`` checks a file (ruamel.yaml dump, parse,
check), then the table is solved exactly (a new pay each time, so nothing is remembered).
"""

from __future__ import annotations

import statistics
import time

from videopoker.analysis import analyze
from videopoker.paytable import SHIPPED_DIR
from videopoker.paytable.draft import Draft

TABLES = ("jacks-or-better-9-6", "double-double-bonus-9-6", "deuces-wild-full-pay", "joker-poker-kings")


def main() -> None:
    for stem in TABLES:
        draft = Draft.open(SHIPPED_DIR / f"{stem}.yaml")
        analyze(draft.checked.paytable, remember=False)  # the family's tables built or read once
        category = draft.categories[-3]
        checks, solves = [], []
        for pay in range(101, 121):
            start = time.perf_counter()
            draft.set_pay(category, pay)
            checked = time.perf_counter()
            analyze(draft.checked.paytable, remember=False)
            checks.append(checked - start)
            solves.append(time.perf_counter() - checked)
        total = [a + b for a, b in zip(checks, solves, strict=True)]
        print(f"{stem:26} check {statistics.median(checks) * 1000:5.1f} ms  solve "
              f"{statistics.median(solves) * 1000:5.1f} ms  keystroke to return: median "
              f"{statistics.median(total) * 1000:5.1f} ms ({min(total) * 1000:.0f}–{max(total) * 1000:.0f})")


if __name__ == "__main__":
    main()
