"""Charts in tiers (`strategy --tier`): for 9/6 Jacks or Better, full-pay Deuces Wild and 9/6 Double
Double Bonus each tier's exact cost is what `strategy check` reads from its file, the beginner's chart
has at most 15 lines, and each tier is the one below it with lines added and none moved."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from videopoker.analysis.charts.chart import Chart, chart_file
from videopoker.analysis.charts.tiers import BEGINNER_MOST_LINES, TIERS, Tier, ladder
from videopoker.cli import main
from videopoker.paytable import resolve_paytable

NINE_SIX = "jacks-or-better-9-6"
TABLES = (NINE_SIX, "deuces-wild-full-pay", "double-double-bonus-9-6")


@pytest.fixture(scope="module", params=TABLES)
def tiers(request: pytest.FixtureRequest) -> tuple[str, list[Tier]]:
    return request.param, ladder(resolve_paytable(request.param))


def _patterns(chart: Chart) -> list[set[int]]:
    return [set(line.patterns) for line in chart.lines]


def test_the_ladder_climbs_from_a_short_chart_to_the_whole_one(tiers: tuple[str, list[Tier]]) -> None:
    name, ladder_ = tiers
    assert [tier.name for tier in ladder_] == list(TIERS)
    beginner, *_, perfect = ladder_
    assert beginner.chart.holding_lines <= BEGINNER_MOST_LINES
    assert float(beginner.played.cost) < 0.003  # a few tenths of a percent at most
    costs = [tier.played.cost for tier in ladder_]
    assert costs == sorted(costs, reverse=True) and costs[0] > costs[-1]
    from videopoker.analysis.charts.derive import chart_for

    whole = chart_for(resolve_paytable(name), 5)
    assert whole is not None and _patterns(perfect.chart) == _patterns(whole)  # the chart `strategy` derives


def test_each_tier_is_the_one_below_it_with_lines_added(tiers: tuple[str, list[Tier]]) -> None:
    """Taking the added lines out of a tier leaves the tier below, line for line: every line kept holds
    what it held below, less what an added line took, and an added line takes only hands that lines
    below it held or no line did."""
    _, ladder_ = tiers
    for lower, upper in itertools.pairwise(ladder_):
        above, below = _patterns(upper.chart), _patterns(lower.chart)
        kept = [line for rank, line in enumerate(above) if rank not in upper.added]
        added = set().union(*(above[rank] for rank in upper.added))
        assert upper.added and len(kept) == len(below)
        for mine, theirs in zip(kept, below, strict=True):
            assert mine <= theirs and theirs - mine <= added
        for rank in upper.added:  # what an added line takes came from below it, never from above
            higher = set().union(*below[:sum(1 for other in range(rank) if other not in upper.added)])
            assert not above[rank] & higher


def test_each_tiers_cost_is_what_strategy_check_reads(tiers: tuple[str, list[Tier]], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    name, ladder_ = tiers
    for tier in ladder_:
        file = tmp_path / f"{tier.name}.txt"
        file.write_text(chart_file(tier.chart, [tier.name]))
        assert main(["strategy", "check", str(file), name, "--json"]) == 0
        checked = json.loads(capsys.readouterr().out)
        assert checked["cost"] == float(tier.played.cost) and checked["rtp"] == float(tier.played.rtp)


def test_strategy_tier_marks_the_lines_it_adds_and_shows_the_ladder(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    file = tmp_path / "intermediate.txt"
    assert main(["strategy", NINE_SIX, "--tier", "intermediate", "-o", str(file), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    tiers = ladder(resolve_paytable(NINE_SIX))
    assert found["tier"] == "intermediate"
    assert [rung["tier"] for rung in found["ladder"]] == ["beginner", "intermediate"]
    assert found["cost"] == float(tiers[1].played.cost)
    assert {line["rank"] - 1 for line in found["lines"] if line["added"]} == set(tiers[1].added)
    assert main(["strategy", "check", str(file), NINE_SIX, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cost"] == found["cost"]
    assert main(["strategy", NINE_SIX, "--tier", "advanced"]) == 0
    out = capsys.readouterr().out
    assert "the advanced tier: intermediate's with" in out.splitlines()[0]
    numbered = [line for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert sum(". + " in line for line in numbered) == len(tiers[2].added)
    assert "The ladder" in out and all(tier in out for tier in ("beginner", "intermediate", "advanced"))
    rest = [line for line in out.splitlines()[1:] if line not in numbered]  # piped, a chart line is one line
    assert max(len(line) for line in rest) <= 80


@pytest.mark.parametrize(("words", "message"), [
    (["strategy", NINE_SIX, "--tier", "expert"], "no tier 'expert'; the tiers are beginner, intermediate"),
    (["strategy", NINE_SIX, "--tier", "beginner", "--lines", "8"], "--tier gives a chart of the ladder"),
    (["strategy", "check", "chart.txt", NINE_SIX, "--tier", "beginner"], "strategy check reads a chart"),
])
def test_a_bad_tier_is_one_line(words: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) != 0
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
