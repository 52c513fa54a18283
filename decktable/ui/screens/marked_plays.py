"""Plays of several cards (Bura's `lead 7h 9h`, Mattis's `play 7h 8h 9h`), for every table layout.

Everything comes from `Observation.legal`: an action's `cards` (every card it names, filled by
the engine from the game's grammar) says which cards it takes. When some legal action takes more
than one card, the strips holding those cards offer marking (space); Enter then plays the legal
action whose cards are exactly the marked ones (a small menu when several actions take the same
cards, e.g. two verbs). When no legal action takes exactly the marked cards, one sentence says so
(with the game's own reason when it gives one) and nothing changes: the marks stay for mending.

With nothing marked, Enter on a card chooses among the actions that take that card alone, as on
every other table; a card that only goes in plays of several says how to mark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from decktable.engine.actions import CARDS, Action
from decktable.engine.errors import DeckTableError, IllegalMove
from decktable.engine.models import ActionView, Observation
from decktable.ui.glyphs import card_full_name
from decktable.ui.widgets.card_strip import CardStrip

if TYPE_CHECKING:
    from decktable.session.match import Match


#: `_ask`'s answer when the engine carried the attempt out
_PLAYED = "\0played"


def action_cards(action: ActionView) -> list[str]:
    """The cards an action takes (its `cards`; the single `card` for views that lack them)."""
    if action.cards:
        return list(action.cards)
    return [action.card] if action.card else []


def legal_cards(obs: Observation) -> frozenset[str]:
    """Every card some legal action takes."""
    return frozenset(c for a in obs.legal for c in action_cards(a))


def multi_cards(obs: Observation) -> frozenset[str]:
    """The cards that some legal action of several cards takes (these can be marked)."""
    return frozenset(c for a in obs.legal if len(action_cards(a)) > 1 for c in action_cards(a))


def names_text(cards: list[str], family: str) -> str:
    """`the 7 of Hearts and the 9 of Hearts`; three or more with commas."""
    names = [card_full_name(c, family) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def same_cards(a: list[str], b: list[str]) -> bool:
    return sorted(a) == sorted(b)


class MarkedPlays:
    """Mixed into TableScreen: marking cards, confirming them, saying why a set is refused."""

    match: Match
    family: str
    obs: Observation | None
    curtain_up: bool

    # -- what the hint line says ----------------------------------------------------------------

    def picked_cards(self) -> list[str]:
        for strip in self.query(CardStrip):  # type: ignore[attr-defined]
            if strip.picked and strip.display:
                return list(strip.picked)
        return []

    def picked_hint(self) -> str:
        """The status line while cards are marked: what Enter will do, or that it cannot."""
        picked = self.picked_cards()
        if not picked or self.obs is None:
            return ""
        names = names_text(picked, self.family)
        acts = [a for a in self.obs.legal if same_cards(action_cards(a), picked)]
        if len(acts) == 1:
            return f"Marked {names}. Enter: {acts[0].label}."
        if acts:
            return f"Marked {names}. Enter: choose what to do with them."
        return f"Marked {names}: no move takes exactly these cards. Space on a card marks or unmarks it."

    def unmark_all(self) -> bool:
        """Esc: unmark every marked card; True when there were some."""
        strips = [s for s in self.query(CardStrip) if s.picked]  # type: ignore[attr-defined]
        for strip in strips:
            strip.clear_picked()
        if strips:
            self.redraw_hint()  # type: ignore[attr-defined]
        return bool(strips)

    def on_card_strip_picked_changed(self, event: CardStrip.PickedChanged) -> None:
        event.stop()
        self.redraw_hint()  # type: ignore[attr-defined]

    # -- confirming -------------------------------------------------------------------------------

    def on_card_strip_picked_confirmed(self, event: CardStrip.PickedConfirmed) -> None:
        event.stop()
        self.play_marked(event.cards)

    def play_marked(self, cards: list[str]) -> None:
        obs = self.obs
        if obs is None or self.curtain_up or not cards:
            return
        acts = [a for a in obs.legal if same_cards(action_cards(a), cards)]
        if acts:
            self.choose_among(acts, f"What to do with {names_text(cards, self.family)}?")  # type: ignore[attr-defined]
            return
        why = self._engine_reason(cards)
        if why == _PLAYED:
            return
        names = names_text(cards, self.family)
        head = f"No move takes exactly {names}"
        self.notify(f"{head}: {why}" if why else f"{head}; nothing was played.", severity="warning",  # type: ignore[attr-defined]
                    markup=False)  # the reason may name a player: text, never markup

    def _engine_reason(self, cards: list[str]) -> str:
        """The game's own reason for refusing the likeliest attempt: each verb of a legal
        action that takes cards (CARDS in its grammar), with exactly the marked cards."""
        obs = self.obs
        seat = getattr(self, "seat", None)
        if obs is None or seat is None:
            return ""
        game = self.match.game
        tried: set[str] = set()
        for a in obs.legal:
            if not action_cards(a):
                continue
            try:
                template = game.parse(a.text)
            except DeckTableError:
                continue
            kinds = game.grammar.verbs.get(template.verb, ())
            if CARDS not in kinds:
                continue
            at = kinds.index(CARDS)
            attempt = Action(template.verb, (*template.args[:at], *cards))
            if attempt.text in tried:
                continue
            tried.add(attempt.text)
            why = self._ask(attempt)
            if why:
                return why
        return ""

    def _ask(self, attempt: Action) -> str:
        """The engine's refusal of an attempt, in its words (only actions outside the legal list
        are sent, and the engine refuses those, leaving the state as it was)."""
        legal_texts = {a.text for a in self.obs.legal} if self.obs is not None else set()
        if attempt.text in legal_texts:
            return ""
        seat = getattr(self, "seat", None)
        try:
            self.match.act(seat, attempt)
        except IllegalMove as exc:
            return exc.why[:1].upper() + exc.why[1:] + ("" if exc.why.endswith(".") else ".")
        except DeckTableError as exc:
            return str(exc)
        # the game took it after all (its legal list was short): the table moves on
        self.advance()  # type: ignore[attr-defined]
        return _PLAYED
