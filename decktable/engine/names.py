"""Player names are text: 1–24 characters, no control or invisible format characters, something
that shows, unique at a table (ignoring case and what draws nothing). One check serves the command line, the setup screen and the API (`Game.new`), so that a
name refused in one place is refused in all of them with the same sentence.

A name is shown literally everywhere (never as Rich markup): `Ann[/]` and `Sam [dad]` are names.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

from decktable.engine.errors import BadOptions

MAX_NAME = 24

# bidirectional embeddings, overrides and isolates reorder the text around them on screen
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# letters and symbols that draw nothing (fillers, the blank Braille pattern): a name of them alone
# shows as nothing at all
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
# marks that only choose a glyph's look (variation selectors): allowed, but not what tells names apart
_SELECTORS = frozenset(chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))


def _invisible(ch: str) -> bool:
    """A format character (category Cf: zero-width space and joiners, the direction marks LRM,
    RLM and ALM, tag characters, a soft hyphen, a byte order mark): it shows as nothing, so two
    names differing only by it look the same, and the wrong person lifts the curtain."""
    return unicodedata.category(ch) == "Cf"


def name_key(name: str) -> str:
    """What tells two names apart: the name without what draws nothing, in one normal form,
    ignoring case (so `Ann` and `Ann` + a zero-width space, or `ANN`, are the same name)."""
    kept = "".join(ch for ch in name if not _invisible(ch) and ch not in _BLANK and ch not in _SELECTORS)
    return unicodedata.normalize("NFKC", kept).casefold()


def _shown(name: str) -> str:
    """The name quoted for a message: escapes instead of control characters, cut when long."""
    text = name if len(name) <= 30 else name[:30] + "…"
    return repr(text)


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a player's name, or None when it can (it is not stripped here)."""
    if not isinstance(name, str):
        return f"A player's name must be text, not {type(name).__name__}."
    if not name or not name.strip():
        return "A player's name cannot be empty."
    if name != name.strip():
        return f"A player's name cannot begin or end with a space: {_shown(name)}."
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Zl", "Zp") or ch in _BIDI:
            return (
                f"A player's name cannot hold control characters (such as Escape, Tab or a new "
                f"line): {_shown(name)}."
            )
    if any(_invisible(ch) for ch in name):
        return (
            f"A player's name cannot hold invisible characters (such as a zero-width space, a joiner "
            f"or a direction mark): {_shown(name)}."
        )
    if not any(not ch.isspace() and ch not in _BLANK and unicodedata.category(ch)[0] != "M" for ch in name):
        return f"A player's name needs something that shows: {_shown(name)} shows nothing."
    if len(name) > MAX_NAME:
        return f"A player's name is 1 to {MAX_NAME} characters; {_shown(name)} has {len(name)}."
    return None


def printable(text: str) -> str:
    """Text safe to print on a terminal: control characters (from a history or save written
    before names were checked) are shown as escapes such as \\x1b, never sent to the terminal."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        bad = unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp", "Cf") or ch in _BIDI
        out.append(repr(ch)[1:-1] if bad and ch != " " else ch)
    return "".join(out)


def check_name(name: object) -> str:
    """The name itself, or BadOptions with the sentence from `name_problem`."""
    why = name_problem(name)
    if why is not None:
        raise BadOptions(why)
    assert isinstance(name, str)
    return name


def clean_name(text: str) -> str:
    """A name typed by a person: surrounding spaces dropped, then checked."""
    return check_name(text.strip() if isinstance(text, str) else text)


def check_names(names: Iterable[object]) -> list[str]:
    """Every name checked, and no two the same ignoring case and what draws nothing (`name_key`);
    BadOptions with a sentence if not."""
    out: list[str] = []
    seen: dict[str, str] = {}
    for name in names:
        ok = check_name(name)
        key = name_key(ok)
        if key in seen:
            both = ok if seen[key] == ok else (
                f"{printable(seen[key])} and {printable(ok)} (case and what does not show do not count)")
            raise BadOptions(f"Two seats are called {both}; give each seat its own name.")
        seen[key] = ok
        out.append(ok)
    return out
