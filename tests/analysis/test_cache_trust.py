"""A cache never decides what the machine pays: damaged or edited cache files are caught by their
digest and rebuilt (the scenarios found by trying the product: one number edited in a remembered
paytable, a few bytes flipped in a draw table of the same size, a file cut short)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from videopoker.analysis import analyze
from videopoker.analysis.deal.holds import Optimal
from videopoker.analysis.solve import draws as draws_module
from videopoker.analysis.solve import optimal as optimal_module
from videopoker.analysis.solve.cache import SOURCES, load_arrays
from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import parse_hand
from videopoker.paytable import resolve_paytable
from videopoker.storage.remembered import PACKAGE, source_files


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test's own (the shared one must not be damaged), nothing in memory."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(cache))
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    return cache


def test_the_cache_names_hang_on_every_module_of_the_engine_its_rooms_included() -> None:
    """A change to any module of analysis/, down in its rooms, names new cache files: a digest of
    only the folder's top (its ``__init__.py``, once the modules moved into rooms) would believe
    tables an older engine wrote."""
    hashed = {file for _, file in source_files(SOURCES)}
    engine = set((PACKAGE / "analysis").rglob("*.py"))
    assert len(engine) > 20 and engine <= hashed
    assert sorted(name for name, _ in source_files(("rules",))) == sorted(  # a flat folder hashes as it did
        file.name for file in (PACKAGE / "rules").glob("*.py"))


def test_an_edited_remembered_paytable_is_not_believed(own_cache: Path) -> None:
    assert resolve_paytable("jacks-or-better-9-6").pay("full_house", 1) == 9
    (record,) = (own_cache / "paytables").glob("*.json")
    data = json.loads(record.read_text())
    data["body"] = data["body"].replace('"full_house": [9, 18, 27, 36, 45]', '"full_house": [1, 2, 3, 4, 5]')
    record.write_text(json.dumps(data))
    assert resolve_paytable("jacks-or-better-9-6").pay("full_house", 1) == 9


def test_flipped_bytes_in_a_draw_table_are_caught_and_rebuilt(own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    assert round(float(analyze(paytable, remember=False).rtp), 6) == 0.995439
    (counts,) = own_cache.glob("draws-*.d/counts2.bin")
    damaged = bytearray(counts.read_bytes())
    for place in range(1000, 1064):
        damaged[place] ^= 0x5A
    counts.write_bytes(bytes(damaged))  # same size: only the digest can tell
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    assert round(float(analyze(paytable, remember=False).rtp), 6) == 0.995439
    best = best_holds(paytable, parse_hand("Ah Kh Qh Jh 9c"))[0]
    assert best.label == "Ah Kh Qh Jh" and round(float(best.ev), 4) == 18.5532


def test_an_edited_remembered_return_is_not_believed(own_cache: Path) -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    analyze(paytable)
    (record,) = own_cache.glob("return-*.json")
    data = json.loads(record.read_text())
    data["combinations"][0] *= 1000
    record.write_text(json.dumps(data))
    assert round(float(analyze(paytable).rtp), 6) == 0.995439


def test_a_damaged_draw_table_is_replaced_on_disk_not_rebuilt_by_every_command(
        own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    analyze(paytable, remember=False)
    (folder,) = own_cache.glob("draws-*.d")
    counts = folder / "counts3.bin"
    counts.write_bytes(bytes(counts.stat().st_size))  # zeroed, same size
    assert load_arrays(folder, draws_module.ARRAYS) is None
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    assert round(float(analyze(paytable, remember=False).rtp), 6) == 0.995439
    assert load_arrays(folder, draws_module.ARRAYS) is not None  # the next command reads it, whole again
    assert [path.name for path in own_cache.iterdir() if path.name.endswith(".tmp")] == []


@pytest.mark.parametrize("entry", ["holds-*.npy", "return-*.json", "draws-*.d/table.bin", "paytables/*.json"])
def test_a_cut_short_cache_file_is_not_believed(own_cache: Path, monkeypatch: pytest.MonkeyPatch, entry: str) -> None:
    """A file cut short (a full disk, a crash of an old version's writer) is read as missing."""
    monkeypatch.setattr(draws_module, "_MEMORY", {})  # an earlier test's tables in memory: none written here
    monkeypatch.setattr(optimal_module, "_MEMORY", {})
    paytable = resolve_paytable("jacks-or-better-9-6")
    analyze(paytable)
    holds = Optimal(paytable, 5).lookup().copy()
    (file,) = own_cache.glob(entry)
    with file.open("r+b") as out:
        out.truncate(file.stat().st_size // 2)
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    monkeypatch.setattr(optimal_module, "_MEMORY", {})
    paytable = resolve_paytable("jacks-or-better-9-6")
    assert paytable.pay("full_house", 1) == 9
    assert round(float(analyze(paytable).rtp), 6) == 0.995439
    best = best_holds(paytable, parse_hand("Ah Kh Qh Jh 9c"))[0]
    assert best.label == "Ah Kh Qh Jh" and round(float(best.ev), 4) == 18.5532
    assert (Optimal(paytable, 5).lookup() == holds).all()
