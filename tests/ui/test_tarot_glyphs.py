"""Tarot faces (Rally's 63 cards): trumps as a number after a trump mark in a colour of their
own, the Fool its own mark, four one-cell suit glyphs (ASCII Ea Wa Fi Ai), captions naming the
trump. Marks come from the rank NAME: the catalogue's `rank` is a strength within the suit."""

from __future__ import annotations

import unicodedata

import pytest

from decktable.cards.tarot import TAROT
from decktable.ui.glyphs import card_caption, card_label, card_full_name, card_text, use_card_set


@pytest.fixture(autouse=True)
def unicode_cards():
    use_card_set("unicode")
    yield
    use_card_set("unicode")


def test_tarot_labels_unicode() -> None:
    assert card_label("t21", "tarot") == "✦21"
    assert card_label("t1", "tarot") == "✦1"
    assert card_label("kw", "tarot") == "K≈"
    assert card_label("cf", "tarot") == "C▲"
    assert card_label("10e", "tarot") == "10■"
    assert card_label("aa", "tarot") == "A○"  # the Air Ace (strength 7 of its suit) is an A
    assert card_label("7a", "tarot") == "7○"  # the lowest Air pip, whatever its strength
    fool = card_label("fool", "tarot")
    assert len(fool) == 1 and fool not in "✦■≈▲○"
    labels = [card_label(c.slug, "tarot") for c in TAROT]
    assert len(set(labels)) == 63, "every card has its own label"
    for mark in "■≈▲○✦" + fool:
        assert unicodedata.east_asian_width(mark) != "W", f"{mark} is wide (emoji-like)"


def test_tarot_labels_ascii() -> None:
    use_card_set("ascii")
    assert card_label("t21", "tarot") == "T21"
    assert [card_label(s, "tarot") for s in ("ke", "qw", "jf", "ca")] == ["KEa", "QWa", "JFi", "CAi"]
    assert len({card_label(c.slug, "tarot") for c in TAROT}) == 63


def test_trumps_and_suits_apart_and_named() -> None:
    styles = {"suit--trumps": "magenta", "suit--earth": "green"}
    from rich.style import Style

    st = {k: Style.parse(v) for k, v in styles.items()}
    trump, earth = card_text("t7", "tarot", styles=st), card_text("7e", "tarot", styles=st)
    from rich.console import Console

    console = Console()
    assert trump.get_style_at_offset(console, 0).color.name == "magenta"  # mark and number alike
    assert trump.get_style_at_offset(console, 1).color.name == "magenta"
    assert earth.get_style_at_offset(console, 0).color.name == "green"
    assert card_caption("t21", "tarot") == "World"
    assert card_caption("t10", "tarot", 10).startswith("Wheel")
    assert card_full_name("t21", "tarot") == "trump XXI (the World)"
