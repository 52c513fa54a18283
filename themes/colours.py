"""The table's colour themes (Textual themes). Colours are written here and nowhere else: widget
code and .tcss files use the theme variables ($primary, $surface, $accent, ...).

- "decktable": the default, a dark card-table green with gold highlights.
- "decktable-high-contrast": black and white with bright yellow and cyan, for low vision and
  poor terminals.
"""

from __future__ import annotations

from textual.theme import Theme

DEFAULT_THEME = "decktable"

DECKTABLE = Theme(
    name="decktable",
    primary="#D9A93F",
    secondary="#6FA8C9",
    accent="#E07A5F",
    warning="#F2C14E",
    error="#E5534B",
    success="#6FBF73",
    foreground="#EFEBDD",
    background="#0E2619",
    surface="#143524",
    panel="#1C4630",
    dark=True,
    variables={
        "card-face": "#F4F0E4",
        "card-ink": "#1B1B1B",
        "card-back": "#7A2E2E",
        "footer-key-foreground": "#D9A93F",
        "block-cursor-foreground": "#0E2619",
    },
)

HIGH_CONTRAST = Theme(
    name="decktable-high-contrast",
    primary="#FFFF00",
    secondary="#FFFFFF",
    accent="#00FFFF",
    warning="#FFAA00",
    error="#FF5555",
    success="#55FF55",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#202020",
    dark=True,
    luminosity_spread=0.25,
    text_alpha=1.0,
    variables={
        "card-face": "#FFFFFF",
        "card-ink": "#000000",
        "card-back": "#0000AA",
        "footer-key-foreground": "#FFFF00",
        "block-cursor-foreground": "#000000",
    },
)

THEMES: dict[str, Theme] = {t.name: t for t in (DECKTABLE, HIGH_CONTRAST)}
