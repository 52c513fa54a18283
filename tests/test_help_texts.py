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


# -- help that teaches: the player's words, not the developer's --------------------------------------


def _section(text: str, title: str) -> str:
    m = re.search(rf"^## {re.escape(title)}\s*\n(.*?)(?=^## |\Z)", text, re.S | re.M | re.I)
    return m.group(1) if m else ""


def _notation(game_id: str, text: str) -> list[str]:
    """The `code` spans of `text` that the game reads as a move (its notation)."""
    game = decktable.get_game(game_id)
    found = []
    for span in re.findall(r"`([^`\n]+)`", text):
        try:
            game.parse(span)
        except Exception:  # not a move: a key (`p`), an option name, a file
            continue
        found.append(span)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_help_has_no_stacked_decks_section(game_id: str) -> None:
    """How a game deals from a given order is for developers: docs/stacked-decks.md."""
    assert not re.search(r"^#+\s*stacked decks?", _help(game_id), re.M | re.I), (
        f"{game_id}/help.md: move the Stacked decks section to docs/stacked-decks.md"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_worked_example_speaks_the_screen_not_notation(game_id: str) -> None:
    example = _section(_help(game_id), "Worked example")
    assert example, f"{game_id}/help.md has no worked example"
    spans = _notation(game_id, example)
    assert not spans, f"{game_id}/help.md's worked example uses move notation: {spans}"


def test_notation_check_can_fail() -> None:
    assert _notation("nonesuch", "Tarrant leads (`lead diplomat suns`), then `play desert`.") == [
        "lead diplomat suns", "play desert"]
    assert _notation("nonesuch", "Press `p` for the primer; the `first_dealer` option.") == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seed_means_the_random_seed_only(game_id: str) -> None:
    """The rule text a game comes from is "the rule book"; "seed" is only the random seed."""
    hits = re.findall(r"[^.\n]{0,30}\bthe seed\b(?!\s+number)[^.\n]{0,30}", _help(game_id), re.I)
    assert not hits, f"{game_id}/help.md says 'the seed' for the rule book: {hits[:2]}"


def test_stacked_decks_document_has_a_section_per_finished_game() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "stacked-decks.md").read_text(encoding="utf-8")
    for gid in ("adaman", "nonesuch", "type_trump", "schnapsen", "jacynth"):
        assert f"(`{gid}`)" in doc
