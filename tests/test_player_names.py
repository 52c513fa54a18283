"""Issue 35: names that differ only by what does not show are one name, and a name of invisible
characters (or holding format characters: zero-width space, joiners, LRM/RLM/ALM, tag
characters) is refused, everywhere names are checked (engine.names)."""

from __future__ import annotations

import pytest

from decktable import cli
from decktable.engine.errors import BadOptions
from decktable.engine.names import check_names, name_key, name_problem, printable

INVISIBLE = {
    "zero-width-space": "Ann\u200b",
    "only-zero-width-space": "\u200b",
    "zwnj": "An\u200cn",
    "zwj": "An\u200dn",
    "lrm": "\u200eAnn",
    "rlm": "Ann\u200f",
    "alm": "An\u061cn",
    "tag-characters": "Ann\U000e0041\U000e007f",
    "word-joiner": "A\u2060nn",
    "byte-order-mark": "\ufeffAnn",
    "soft-hyphen": "An\u00adn",
}

SHOWS_NOTHING = {
    "braille-blank": "\u2800",
    "hangul-filler": "\u3164",
    "blank-and-space": "\u2800 \u2800",
    "combining-mark-alone": "\u0301",
}


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=list(INVISIBLE))
def test_a_name_holding_an_invisible_format_character_is_refused(name) -> None:
    why = name_problem(name)
    assert why is not None and "invisible" in why
    assert "\\" in why  # the sentence shows where it is, as an escape


@pytest.mark.parametrize("name", SHOWS_NOTHING.values(), ids=list(SHOWS_NOTHING))
def test_a_name_that_shows_nothing_is_refused(name) -> None:
    why = name_problem(name)
    assert why is not None and "shows nothing" in why


@pytest.mark.parametrize("name", ["Zoë", "Zoe\u0308", "José", "李雷", "👍🏽", "O'Brien", "Ann-Marie", "Sam [dad]"])
def test_names_that_show_are_accepted(name) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize("other", ["ANN", "Ａｎｎ", "Ann\ufe0f"])
def test_names_that_look_the_same_are_one_name(other) -> None:
    assert name_key(other) == name_key("Ann")
    with pytest.raises(BadOptions, match="Two seats are called"):
        check_names(["Ann", other])


def test_the_engine_refuses_them_as_the_setup_and_the_command_line_do(fixed_games, capsys, monkeypatch) -> None:
    from tests.conftest import COUNT_UP

    with pytest.raises(BadOptions, match="invisible"):
        COUNT_UP.new(["Ann", "Ann\u200b"])
    monkeypatch.setattr(cli, "run_app", lambda *a: pytest.fail("refused"))
    assert cli.main(["play", "countup", "--players", "Ann,Ann\u200b"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "invisible" in err and "\u200b" not in err


def test_printable_shows_format_characters_as_escapes() -> None:
    assert printable("Ann\u200b") == "Ann\\u200b"
