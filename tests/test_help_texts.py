"""Every game's help is present, complete, and in our own words.

The seed rule texts live beside the repository in ../shared/seeds when it is there (CI clones it
next to main); the copying check is skipped, with a reason, where they are absent.
"""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest

import decktable

SECTIONS = ("## Overview", "## Setup", "## Play", "## Scoring", "## Worked example", "## Rules notes")
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RUN = 10  # this many words in a row, the same as a seed sentence, count as copied


def _help(game_id: str) -> str:
    pkg = import_module(f"decktable.rulesets.{game_id}")
    return (Path(pkg.__file__).parent / "help.md").read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _runs(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


GAMES = [g.id for g in decktable.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_help_has_every_section(game_id: str) -> None:
    text = _help(game_id)
    missing = [s for s in SECTIONS if s.lower() not in text.lower()]
    assert not missing, f"{game_id}/help.md lacks {missing}"
    notes = text.lower().split("## rules notes", 1)[1]
    assert re.search(r"^\s*(1\.|-)", notes, re.M), "Rules notes must list the readings we chose"


@pytest.mark.parametrize("game_id", GAMES)
def test_help_is_in_our_own_words(game_id: str) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"seed texts not found at {SEEDS}")
    seed_runs: set[tuple[str, ...]] = set()
    for path in SEEDS.glob("*.txt"):
        seed_runs |= _runs(_words(path.read_text(encoding="utf-8", errors="replace")), RUN)
    copied = _runs(_words(_help(game_id)), RUN) & seed_runs
    assert not copied, f"{game_id}/help.md repeats seed text: {' '.join(sorted(copied)[0])!r}"


def test_copy_check_can_fail() -> None:
    """The detector finds a sentence lifted whole, and ignores a paraphrase."""
    seed = "Each player may then play cards from hand onto their existing stacks without drawing"
    lifted = "Rules: each player may then play cards from hand onto their existing stacks."
    ours = "At the year end you may still grow your own birds from your hand."
    assert _runs(_words(lifted), RUN) & _runs(_words(seed), RUN)
    assert not _runs(_words(ours), RUN) & _runs(_words(seed), RUN)
