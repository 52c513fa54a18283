"""Why a move is refused, in the screen's words: a card or a cell chosen with no legal action
is turned into the attempt the player most likely meant and sent to the engine, whose refusal
(`IllegalMove` and its reason) becomes one sentence; nothing changes.

The engine alone knows the rules, so the screen never works the reason out itself: it only
builds the attempt, from the game's grammar and the legal actions on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from decktable.engine.actions import CARD, CARDS, CELL, INT, SUIT, WORD, Action
from decktable.engine.errors import DeckTableError
from decktable.ui.glyphs import card_full_name, card_suits
from decktable.ui.widgets.grid_view import GridView

if TYPE_CHECKING:
    from decktable.session.match import Match
    from decktable.engine.models import Observation
    from decktable.ui.controller import TableController


class Refusals:
    """Mixed into TableScreen: saying why a chosen card or cell does nothing now."""

    match: Match
    family: str
    obs: Observation | None
    controller: TableController

    def say_refusal(self, exc: DeckTableError) -> None:
        """A refused move in the screen's words ("You cannot spend the Calamity (10): Choose a
        target first."), never in notation ("spend calamity is not allowed: …")."""
        from decktable.engine.errors import IllegalMove

        text = str(exc)
        if isinstance(exc, IllegalMove):
            label = self.match.label(exc.action)  # type: ignore[arg-type]
            label = label[:1].lower() + label[1:].replace(" The ", " the ")
            text = f"You cannot {label}: {exc.why}"
        self.notify(text, severity="warning", markup=False)  # names are text

    def _attempt(self, template: Action, card: str | None, cell: str | None) -> Action:
        kinds = self.match.game.grammar.verbs.get(template.verb, ())
        args = list(template.args)
        for i, kind in enumerate(kinds[: len(args)]):
            if kind in (CARD, CARDS) and card is not None:
                args[i] = card
                if kind == CARDS:
                    args = args[: i + 1]
                    break
            elif kind == CELL and cell is not None:
                args[i] = cell
            elif kind == SUIT and card is not None:
                suits = card_suits(card, self.family)
                if suits and args[i] not in suits:
                    args[i] = suits[0]
        return Action(template.verb, tuple(args))

    def _fresh(self, verb: str, card: str | None, cell: str | None) -> Action | None:
        grammar = self.match.game.grammar
        args: list[str] = []
        for kind in grammar.verbs.get(verb, ()):
            if kind in (CARD, CARDS):
                if card is None:
                    return None
                args.append(card)
            elif kind == CELL:
                if cell is None:
                    return None
                args.append(cell)
            elif kind == SUIT:
                suits = card_suits(card, self.family) if card else ()
                args.append(suits[0] if suits else (grammar.suits[0] if grammar.suits else "moons"))
            elif kind == WORD:
                words = (grammar.words or {}).get(verb) or ("x",)
                args.append(words[0])
            elif kind == INT:
                args.append("1")
        return Action(verb, tuple(args))

    def _try(self, action: Action | None) -> bool:
        """Send an attempt to the engine; True when it answered (a refusal or, rarely, a move)."""
        seat = self.seat
        if action is None or seat is None:
            return False
        try:
            self.controller.act(seat, action)
        except DeckTableError as exc:
            self.say_refusal(exc)
            return True
        self.advance()
        return True

    def explain_card(self, card: str) -> None:
        """A card with no legal action was chosen: ask the game why, as the player meant it."""
        obs = self.obs
        assert obs is not None
        seen: set[str] = set()
        for a in obs.legal:
            if a.card is None:
                continue
            template = self.match.game.parse(a.text)
            if template.verb in seen:
                continue
            seen.add(template.verb)
            if self._try(self._attempt(template, card, a.cell)):
                return
        grammar = self.match.game.grammar
        cell = self.query_one(GridView).cell if self.query(GridView) else None
        for verb, kinds in grammar.verbs.items():
            if kinds and kinds[0] in (CARD, CARDS):
                if self._try(self._fresh(verb, card, cell)):
                    return
        self.notify(f"Nothing can be done with {card_full_name(card, self.family)} now.", severity="warning")

    def explain_cell(self, cell: str, card: str | None) -> None:
        obs = self.obs
        assert obs is not None
        for a in obs.legal:
            if a.cell is None or (card is not None and a.card != card) or (card is None and a.card is not None):
                continue
            if self._try(self._attempt(self.match.game.parse(a.text), card, cell)):
                return
        grammar = self.match.game.grammar
        for verb, kinds in grammar.verbs.items():
            if CELL in kinds and ((CARD in kinds) == (card is not None)):
                if self._try(self._fresh(verb, card, cell)):
                    return
        self.notify(f"Nothing can be done on {cell} now.", severity="warning")
