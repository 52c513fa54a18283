"""The table's colour themes (Textual themes). Colours are written here and nowhere else: widget
code and .tcss files use the theme variables ($primary, $surface, $accent, ...).

- "decktable": the default, a dark card-table green with gold highlights.
- "decktable-high-contrast": black and white with bright yellow and cyan, for low vision and
  poor terminals.

French suits are drawn with four theme variables: $suit-black (spades and clubs, and spades in the
four-colour choice), $suit-red (hearts and diamonds; hearts in four colours), $suit-blue and
$suit-green (diamonds and clubs in four colours); the tarot's suits use the same four, and its
trumps $suit-trump. On a dark table "black" is the light ink of the
theme. Themes that do not set them (Textual's own) get `suit_defaults(...)`: the theme's own
foreground, error, secondary/primary and success colours.
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
        "suit-black": "#F4F0E4",
        "suit-red": "#FF7A6E",
        "suit-blue": "#8CC4FF",
        "suit-green": "#A6E37A",
        "suit-trump": "#D7A6FF",
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
        "suit-black": "#FFFFFF",
        "suit-red": "#FF5555",
        "suit-blue": "#55AAFF",
        "suit-green": "#55FF55",
        "suit-trump": "#FF77FF",
        "footer-key-foreground": "#FFFF00",
        "block-cursor-foreground": "#000000",
    },
)

THEMES: dict[str, Theme] = {t.name: t for t in (DECKTABLE, HIGH_CONTRAST)}

SUIT_VARIABLES: tuple[str, ...] = ("suit-black", "suit-red", "suit-blue", "suit-green", "suit-trump")


def suit_defaults(colours: dict[str, str]) -> dict[str, str]:
    """The suit variables for a theme that does not set them, from its generated colour system
    (`theme.to_color_system().generate()`): every theme stays usable with the French pack."""
    fg = colours.get("foreground", "white")
    return {
        "suit-black": fg,
        "suit-red": colours.get("error", "red"),
        "suit-blue": colours.get("secondary", colours.get("primary", "blue")),
        "suit-green": colours.get("success", "green"),
        "suit-trump": colours.get("accent", colours.get("warning", "magenta")),
    }
