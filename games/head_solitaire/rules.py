"""Head Solitaire (David Van Slyke): RULES.md section 3.

Zones: the hand (face up, six cards), the draw pile (face down in pass 1; in pass 2 it is the old
discard pile, face up and public), the archive of melds, and the discard pile (first in, first
out: a card discarded goes to the back; in pass 2 the front card is drawn first).

Moves:
- the hand holds a meld (you must archive one): `meld <card>` picks cards one at a time (only
  cards that can still finish a meld with the chosen ones are offered), `done` archives them when
  they form a meld, `cancel` drops the choice;
- the hand holds no meld: `discard <card>`, one card at a time, in the order they go to the back
  of the discard pile; when the hand is empty six more are drawn;
- the interlude (the first draw pile is used up while the hand is empty): `skip` sends the top
  card of the new draw pile straight to the new discard pile, `draw` simply draws six.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, EXTENDED_IDS, SUITS
from decktable.cards.decktet import the, The
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits import melds as mk
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.head_solitaire import INFO

N = len(DECKTET)
HAND = 6
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
A_MELD = [Action("meld", (DECKTET[i].slug,)) for i in range(N)]
A_DISCARD = [Action("discard", (DECKTET[i].slug,)) for i in range(N)]
A_DONE = Action("done")
A_CANCEL = Action("cancel")
A_SKIP = Action("skip")
A_DRAW = Action("draw")

MELD, DISCARD, INTERLUDE, OVER = "meld", "discard", "interlude", "over"
KIND_WORD = {"suit": "suit-meld", "kind": "kind-meld", "run": "run-meld"}


def listing(cards: list[int]) -> str:
    return words.listing([the(c) for c in cards], "nothing")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class HeadSolitaireOptions(BaseModel):
    extended: bool = Field(
        False,
        description=(
            "Play with the extended deck (45 cards): the Excuse is wild (any one suit or any one "
            "rank), Pawns and Courts have three suits and no rank. Score = cards not archived."
        ),
    )


class HeadSolitaireState(State):
    __slots__ = ("draw", "hand", "archive", "meld_sizes", "discard", "pass_no", "chosen", "stage", "total", "wild", "skipped")

    draw: list[int]  # index 0 = top
    hand: list[int]
    archive: list[int]  # archived melds, one after another
    meld_sizes: list[int]  # sizes of the archived melds, in order
    discard: list[int]  # index 0 = front (first discarded, first drawn in pass 2)
    pass_no: int  # 1 or 2
    chosen: list[int]  # cards picked for the meld being built
    stage: str  # meld / discard / interlude / over
    total: int  # cards in the game (36 or 45)
    wild: bool  # the Excuse is wild (extended deck)
    skipped: int  # the card skipped at the interlude, or -1


class HeadSolitaire(Game):
    info = GameInfo(id="head_solitaire", **INFO)
    bots_avoid_repeats = True  # a meld is built card by card, and can be cancelled
    Options = HeadSolitaireOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"meld": (CARD,), "done": (), "cancel": (), "discard": (CARD,), "skip": (), "draw": ()},
        DECKTET,
        SUITS,
    )

    # -- setup ------------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> HeadSolitaireState:
        st = HeadSolitaireState(names, rng, options)
        full = EXTENDED_IDS if options.extended else BASIC_IDS
        st.draw = self.stacked(full, deck, rng)
        st.hand, st.archive, st.meld_sizes, st.discard, st.chosen = [], [], [], [], []
        st.pass_no = 1
        st.stage = MELD
        st.total = len(full)
        st.wild = bool(options.extended)
        st.skipped = -1
        st.scores[0] = st.total
        self._refill(st, None)
        self._settle(st, None)
        return st

    def _refill(self, st: HeadSolitaireState, events: list[Event] | None) -> None:
        """Fill the hand to six. In pass 1 an empty draw pile brings the interlude: the discard
        pile turns into the (face-up) draw pile; with an empty hand the player may first skip its
        top card, so the refill stops there for that choice."""
        drawn: list[int] = []
        hand = st.hand
        while len(hand) < HAND:
            if st.draw:
                c = st.draw.pop(0)
                hand.append(c)
                drawn.append(c)
                continue
            if st.pass_no == 1:
                if events is not None and drawn:
                    events.append(self._drew(st, drawn))
                drawn = []
                st.pass_no = 2
                st.draw = st.discard
                st.discard = []
                if events is not None:
                    events.append(Event(
                        f"The first draw pile is used up: the {plural(len(st.draw), 'card')} of the discard "
                        "pile turn face up as the second draw pile (pass 2).",
                        "interlude", None, {"pass": 2, "cards": len(st.draw)},
                    ))
                if not hand and st.draw:
                    st.stage = INTERLUDE
                    return
                continue
            break
        if events is not None and drawn:
            events.append(self._drew(st, drawn))

    def _drew(self, st: HeadSolitaireState, drawn: list[int]) -> Event:
        return Event(
            f"{st.names[0]} draws {listing(drawn)}.", "draw", 0, {"cards": [DECKTET[c].slug for c in drawn]}
        )

    def _settle(self, st: HeadSolitaireState, events: list[Event] | None) -> None:
        """Decide what the hand asks for now, or end the game."""
        st.scores[0] = st.total - len(st.archive)
        if st.stage == INTERLUDE:
            return
        if st.hand and mk.has_meld(st.hand, st.wild):
            st.stage = MELD
            return
        if st.hand and (st.pass_no == 1 or st.draw):
            st.stage = DISCARD
            return
        # pass 2 and nothing left to draw: the leftover hand cannot be melded
        left = list(st.hand)
        st.discard.extend(left)
        st.hand.clear()
        st.stage = OVER
        st.over = True
        st.sheet.append([st.scores[0]])
        if events is not None:
            if left:
                events.append(Event(
                    f"The second draw pile is used up; {listing(left)} cannot be melded and "
                    f"{'goes' if len(left) == 1 else 'go'} to the discard pile.",
                    "discard", 0, {"cards": [DECKTET[c].slug for c in left]},
                ))
            events.append(Event(self._summary(st), "over", 0, {"score": st.scores[0]}))

    def _summary(self, st: HeadSolitaireState) -> str:
        n = st.scores[0]
        return (
            f"Game over: {plural(len(st.archive), 'card')} archived in {plural(len(st.meld_sizes), 'meld')}; "
            f"score {n} (cards not in melds; lower is better)."
        )

    # -- the turn ------------------------------------------------------------------------------------

    lower_scores_win = True  # the score counts the cards left out of melds

    def to_act(self, state: HeadSolitaireState) -> tuple[int, ...]:
        return () if state.over else (0,)

    def legal_actions(self, state: HeadSolitaireState, seat: int) -> list[Action]:
        st = state
        if st.over or seat != 0:
            return []
        if st.stage == MELD:
            out = [A_MELD[c] for c in mk.meld_candidates(st.hand, st.chosen, st.wild)]
            if st.chosen:
                if mk.is_meld(st.chosen, st.wild):
                    out.append(A_DONE)
                out.append(A_CANCEL)
            return out
        if st.stage == DISCARD:
            return [A_DISCARD[c] for c in st.hand]
        return [A_SKIP, A_DRAW]

    def why_not(self, state: HeadSolitaireState, seat: int, action: Action) -> str | None:
        return self._why(state, action)

    def _why(self, st: HeadSolitaireState, action: Action) -> str | None:
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Head Solitaire."
        cid = -1
        if kinds:
            cid = SLUG_ID.get(action.args[0], -1)
            if cid < 0:
                return "There is no such card."
            if cid >= st.total:
                return f"{The(cid)} is not in this game (basic deck only)."
        stage = st.stage
        if stage == INTERLUDE:
            if verb in ("skip", "draw"):
                return None
            return (
                "The draw pile has just been turned over and your hand is empty: skip the top card "
                "or draw six."
            )
        if verb in ("skip", "draw"):
            if verb == "draw":
                return "Cards are drawn for you; there is nothing to draw now."
            return "You may skip a card only at the interlude, when the new draw pile is turned over with your hand empty."
        if verb == "discard":
            if stage == MELD:
                return "Your hand holds a meld: archive a meld before discarding."
            if cid not in st.hand:
                return f"{The(cid)} is not in your hand."
            return None
        if stage == DISCARD:
            return "Your hand holds no meld: discard its cards one by one."
        chosen = st.chosen
        if verb == "meld":
            if cid not in st.hand:
                return f"{The(cid)} is not in your hand."
            if cid in chosen:
                return f"{The(cid)} is already chosen."
            if cid in mk.meld_candidates(st.hand, chosen, st.wild):
                return None
            if not chosen:
                return f"{The(cid)} is not part of any meld in your hand."
            return f"{The(cid)} cannot complete a meld together with {listing(chosen)}."
        if verb == "done":
            if not chosen:
                return "Choose the cards of a meld first."
            if mk.is_meld(chosen, st.wild):
                return None
            return f"{listing(chosen).capitalize()} {'is' if len(chosen) == 1 else 'are'} not a meld yet; choose more cards."
        if verb == "cancel":
            return None if chosen else "Nothing is chosen."
        return None

    def play(self, state: HeadSolitaireState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        who = st.names[0]
        if verb == "meld":
            cid = SLUG_ID[action.args[0]]
            st.chosen.append(cid)
            if events is not None:
                events.append(Event(f"{who} picks {the(cid)} for a meld.", "choose", 0, {"card": action.args[0]}))
            return
        if verb == "cancel":
            st.chosen = []
            if events is not None:
                events.append(Event(f"{who} puts the chosen cards back.", "cancel", 0))
            return
        if verb == "done":
            meld = st.chosen
            for c in meld:
                st.hand.remove(c)
            st.archive.extend(meld)
            st.meld_sizes.append(len(meld))
            st.chosen = []
            if events is not None:
                kind = KIND_WORD.get(mk.meld_kind(meld, st.wild) or "", "meld")
                events.append(Event(
                    f"{who} archives a {kind}: {listing(meld)}.", "meld", 0,
                    {"cards": [DECKTET[c].slug for c in meld], "kind": kind},
                ))
            self._refill(st, events)
            self._settle(st, events)
            return
        if verb == "discard":
            cid = SLUG_ID[action.args[0]]
            st.hand.remove(cid)
            st.discard.append(cid)
            if events is not None:
                events.append(Event(
                    f"{who} discards {the(cid)} to the back of the discard pile.", "discard", 0, {"card": action.args[0]}
                ))
            if not st.hand:
                self._refill(st, events)
                self._settle(st, events)
            return
        if verb == "skip":
            cid = st.draw.pop(0)
            st.discard.append(cid)
            st.skipped = cid
            if events is not None:
                events.append(Event(
                    f"{who} skips {the(cid)}: it goes straight to the new discard pile.", "skip", 0, {"card": DECKTET[cid].slug}
                ))
        # skip and draw: the interlude is over; draw six
        st.stage = MELD
        self._refill(st, events)
        self._settle(st, events)

    # -- what is shown ---------------------------------------------------------------------------------

    def zones(self, state: HeadSolitaireState) -> list[Zone]:
        st = state
        face_up = st.pass_no == 2
        return [
            Zone("hand", st.hand, Vis.PUBLIC, 0, "Hand", "hand"),
            Zone(
                "draw", st.draw, Vis.PUBLIC if face_up else Vis.NOBODY, None,
                "Draw pile (face up, top first)" if face_up else "Draw pile", "pile", top_first=True,
            ),
            Zone("archive", st.archive, Vis.PUBLIC, None, "Archive of melds", "row"),
            Zone("discard", st.discard, Vis.PUBLIC, None,
                 "Discard pile (front first)" if not face_up else "Final discard pile", "row"),
        ]

    def final(self, state: HeadSolitaireState) -> ResultView:
        st = state
        details = [
            f"Archived: {plural(len(st.archive), 'card')} in {plural(len(st.meld_sizes), 'meld')} "
            f"({', '.join(str(n) for n in st.meld_sizes) or 'none'}).",
            f"Not melded: {plural(st.scores[0], 'card')} of {st.total}.",
        ]
        if st.skipped >= 0:
            details.append(f"Skipped at the interlude: {the(st.skipped)}.")
        return ResultView(scores=[st.scores[0]], placings=[1], summary=self._summary(st), details=details)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "meld": "Melding",
        "discard": "Discarding",
        "interlude": "Draw pile used up",
    }

    def phase(self, state: HeadSolitaireState) -> str:
        return OVER if state.over else state.stage

    def _melds(self, st: HeadSolitaireState) -> list[list[str]]:
        out, i = [], 0
        for n in st.meld_sizes:
            out.append([DECKTET[c].slug for c in st.archive[i : i + n]])
            i += n
        return out

    def describe(self, state: HeadSolitaireState, seat: int | None) -> dict[str, Any]:
        st = state
        status = {
            "Pass": f"{st.pass_no} of 2",
            "Draw pile": plural(len(st.draw), "card"),
            "Archived": plural(len(st.archive), "card"),
            "Score": f"{st.scores[0]} (lower is better)",
        }
        top = st.draw[0] if st.pass_no == 2 and st.draw else None
        if top is not None:
            status["Next card"] = DECKTET[top].name
        stage = st.stage
        if st.over:
            prompt = self._summary(st)
        elif stage == INTERLUDE:
            prompt = (
                f"The discard pile is now the draw pile, face up; its top card is {the(top)}. "
                "Skip it (straight to the new discard pile) or draw six."
            ) if top is not None else "Draw six."
        elif stage == MELD:
            if st.chosen:
                if mk.is_meld(st.chosen, st.wild):
                    prompt = f"Chosen: {listing(st.chosen)} — a meld. Press Done to archive it, or add more cards."
                else:
                    prompt = f"Chosen: {listing(st.chosen)}. Add cards until they form a meld."
            else:
                prompt = "Your hand holds a meld: choose its cards one by one to archive it."
        else:
            if st.pass_no == 1:
                prompt = (
                    "No meld in your hand: discard the cards one by one. The order matters — the first "
                    "card discarded comes back first in pass 2."
                )
            else:
                prompt = "No meld in your hand: discard the cards (order no longer matters)."
        extra = {
            "pass": st.pass_no,
            "melds": self._melds(st),
            "chosen": [DECKTET[c].slug for c in st.chosen],
            "next": DECKTET[top].slug if top is not None else None,
            "total": st.total,
            "wild_excuse": st.wild,
        }
        return {"phase": self.phase(st), "prompt": prompt, "status": status, "extra": extra,
                "chosen": list(extra["chosen"])}  # drawn as chosen in the hand (the meld being built)

    def label(self, state: HeadSolitaireState, action: Action) -> str:
        verb = action.verb
        if verb == "done":
            return f"Done: archive the meld ({plural(len(state.chosen), 'card')})"
        if verb == "cancel":
            return "Cancel the meld"
        if verb == "skip":
            top = state.draw[0] if state.draw else None
            return f"Skip {the(top)}" if top is not None else "Skip"
        if verb == "draw":
            return "Draw six"
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(state, action)
        if verb == "meld":
            return f"Meld {the(cid)}"
        return f"Discard {the(cid)}"


GAME = HeadSolitaire()
