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


# -- rules that speak to players: no pointers to our notes, the marks the screen draws -----------

#: a pointer to the project's own notes, which no player can open ("RULES.md", "RULES gap 1",
#: "(gap 2)", "section 17", "§17"): the help says the reading itself instead
POINTER = re.compile(r"(?-i:\bRULES\b)|\bgaps? \d|\bsections? \d|§\s*\d", re.I)


def _pointers(text: str) -> list[str]:
    return [text[max(m.start() - 20, 0) : m.end() + 20] for m in POINTER.finditer(text)]


def _option_texts(game_id: str) -> list[str]:
    """Every option's description, as the setup screen and `decktable rules` show them."""
    model = decktable.get_game(game_id).Options
    out = []
    for name, field in model.model_fields.items():
        out.append(f"{name}: {field.description or ''} {field.title or ''}")
        extra = field.json_schema_extra
        if isinstance(extra, dict):
            out.extend(f"{name}: {v}" for v in extra.values() if isinstance(v, str))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_text_has_no_pointers_to_our_notes(game_id: str) -> None:
    """`?`, `decktable rules` and the options say what we read, never 'see RULES gap 3'."""
    from decktable.cli import help_text

    texts = [help_text(game_id)[1], *_option_texts(game_id)]
    found = [hit for text in texts for hit in _pointers(text)]
    assert not found, f"{game_id}: pointers to our own notes: {found[:3]}"


def test_primers_have_no_pointers_to_our_notes() -> None:
    from decktable.primers import PACKS, primer_text

    found = {f: _pointers(primer_text(f)) for f in PACKS}
    assert not any(found.values()), found


def test_pointer_check_can_fail() -> None:
    assert _pointers("1. **Dealer** (our choice, following RULES.md): random.")
    assert _pointers("5. **Nothing qualifies** (gap 5): any King")
    assert _pointers("Readings (see section 17)")
    assert not _pointers("## Rules notes\n\nThe grid may have gaps. The rules say the dealer picks.")


def _glyph_names(family: str) -> list[tuple[str, str, str]]:
    """(mark on screen, ASCII mark, name) of each suit (and the Fool) the table draws for a pack."""
    from decktable.themes.glyphs import CARD_SETS

    pretty, plain = CARD_SETS["unicode"], CARD_SETS["ascii"]
    if family == "decktet":
        return [(pretty.suits[s], plain.suits[s], s.capitalize()) for s in pretty.suits]
    faces, flat = pretty.families[family], plain.families[family]
    out = [(faces.suits[s], flat.suits[s], s.capitalize() if s != "trumps" else "trumps") for s in faces.suits]
    return out + [(faces.kinds[k], flat.kinds[k], f"the {k.capitalize()}") for k in faces.kinds]


DECKTET_GAMES = [g.id for g in decktable.games() if g.family == "decktet"]


def _legend(markdown: str) -> set[tuple[str, str, str]]:
    """(name, mark, ASCII mark) of each column of the Markdown tables before Setup whose rows are
    the names, the marks and the ASCII marks."""
    head = markdown.split("## Setup", 1)[0]
    found: set[tuple[str, str, str]] = set()
    for block in re.findall(r"(?:^\|.*\|[ \t]*\n?)+", head, re.M):
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.splitlines()]
        rows = [r for r in rows if not all(set(c) <= set(":- ") for c in r)]
        if len(rows) == 3:
            found |= set(zip(*rows))
    return found


@pytest.mark.parametrize("game_id", DECKTET_GAMES)
def test_decktet_rules_name_each_suit_mark(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`decktable rules` and the in-game `?` say which mark is which suit (☾ under Moons, …), as
    the primer does, next to the pointer to the primer."""
    from decktable import cli
    from decktable.ui.screens.help_screen import help_markdown

    assert cli.main(["rules", game_id]) == 0
    printed = capsys.readouterr().out
    for text in (printed, help_markdown(game_id)):
        legend = _legend(text)
        for mark, ascii_, name in _glyph_names("decktet"):
            assert (name, mark, ascii_) in legend, f"{game_id}: no '{mark} {name} ({ascii_})' before Setup"


def test_rally_rules_name_each_tarot_mark() -> None:
    from decktable.cli import help_text

    legend = _legend(help_text("rally")[1])
    missing = [f"{m} {n}" for m, a, n in _glyph_names("tarot") if (n, m, a) not in legend]
    assert not missing


def test_french_rules_need_no_legend() -> None:
    from decktable.cli import help_text

    assert not _legend(help_text("king")[1])


@pytest.mark.parametrize("family", ["decktet", "french", "tarot"])
def test_primer_shows_every_mark_the_screen_draws(family: str) -> None:
    """A pack's primer gives each suit's mark (and the Fool's, the trumps') on screen and in ASCII."""
    from decktable.primers import primer_text
    from decktable.themes.glyphs import CARD_SETS

    if family == "french":
        pretty, plain = CARD_SETS["unicode"].families["french"], CARD_SETS["ascii"].families["french"]
        marks = [(pretty.suits[s], plain.suits[s], s.capitalize()) for s in pretty.suits]
    else:
        marks = _glyph_names(family)
    text = primer_text(family)
    rows = {tuple(c.strip() for c in line.strip("|").split("|")) for line in text.splitlines() if line.startswith("|")}
    for mark, ascii_, name in marks:
        in_table = any(name in row and mark in row and ascii_ in row for row in rows)
        in_text = mark in text and ascii_ in text and name.split()[-1] in text
        assert in_table or (name in ("trumps", "the Fool") and in_text), f"{family} primer: {mark} {name} ({ascii_})"


# -- the phase in players' words ---------------------------------------------------------------

def _phases_seen(game_id: str, seeds: int = 2, steps: int = 500) -> set[str]:
    """Every phase an observation names in a few random games at each player count."""
    import random

    game = decktable.get_game(game_id)
    seen: set[str] = set()
    for n in game.info.player_counts:
        for seed in range(seeds):
            state, rnd = game.new(n, seed=seed), random.Random(seed)
            for _ in range(steps):
                seat = rnd.choice(game.to_act(state)) if not game.is_over(state) else 0
                seen.add(game.observe(state, seat).phase)
                if game.is_over(state):
                    break
                game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)), events=False)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_phase_has_players_words(game_id: str) -> None:
    """The status line says "Phase: Special lead?", never the game's own name for it ("Ask");
    a phase the status already says (Lórum's hand type) is given "" and not shown."""
    game = decktable.get_game(game_id)
    missing = sorted(p for p in _phases_seen(game_id) - {"play", "over"} if p not in game.phase_words)
    assert not missing, f"{game_id}: phases with no words for players: {missing}"
    internal = [w for w in game.phase_words.values() if "_" in w or (w and w[0].islower())]
    assert not internal, f"{game_id}: phase words that read as code: {internal}"


# -- moves named as the buttons name them -------------------------------------------------------

def _move_spans(game_id: str, text: str) -> list[str]:
    """The `code` spans of `text` that write a move in the game's notation, whole (`lead 7h 9h`,
    `pass`) or as a pattern (`grow <card> <bird>`). Nobody types moves at the table, so the help
    names a move by its button."""
    verbs = decktable.get_game(game_id).grammar.verbs
    found = _notation(game_id, text)
    found += [s for s in re.findall(r"`([^`\n]+)`", text) if s.split()[0].lower() in verbs and "<" in s]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_help_names_moves_by_their_buttons(game_id: str) -> None:
    spans = _move_spans(game_id, _help(game_id))
    assert not spans, f"{game_id}/help.md writes moves in notation, not as their buttons: {spans[:6]}"


def test_move_span_check_can_fail() -> None:
    assert _move_spans("emu_ranchers", "**Grow** (`grow <card> <bird>`), then `finish`.") == [
        "finish", "grow <card> <bird>"]
    assert _move_spans("emu_ranchers", "Press **Finish the year**; the `max_years` option; `?`.") == []
