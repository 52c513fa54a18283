"""Adaman (P.D. Magnus): a Decktet solitaire, rules of RULES.md section 6.

A move is several actions: `target <card>` picks a capital or palace card, `spend <card>` adds a
resource that shares a suit with it (`unspend <card>` takes one back), `done` pays once the chosen
ranks reach the target's rank, `cancel` drops the whole choice. After a paid move the capital is
topped up to five, then the resources (Personalities turned up there go to the palace).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, PERSONALITY, SUITS
from decktable.cards.decktet import the, The
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.adaman import INFO

# -- per-card tables (ids 0..35 are the basic deck) ------------------------------------------------

N = len(DECKTET)
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]
MASK: list[int] = [sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N)]
IS_P: list[bool] = [PERSONALITY in DECKTET[i].types for i in range(N)]
IN_GAME: list[bool] = [i in BASIC_IDS for i in range(N)]
PERSONALITIES: tuple[int, ...] = tuple(i for i in BASIC_IDS if IS_P[i])
TOTAL_P_RANK = sum(RANK[i] for i in PERSONALITIES)  # 66
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
ROW = 5  # capital and resource rows are topped up to this
PALACE_LIMIT = 5  # a sixth palace card loses utterly

A_TARGET = [Action("target", (DECKTET[i].slug,)) for i in range(N)]
A_SPEND = [Action("spend", (DECKTET[i].slug,)) for i in range(N)]
A_UNSPEND = [Action("unspend", (DECKTET[i].slug,)) for i in range(N)]
A_DONE = Action("done")
A_CANCEL = Action("cancel")

WIN, LOSS, UTTER = "win", "loss", "utter"


def suit_words(cid: int) -> str:
    names = [s.capitalize() for s in DECKTET[cid].suits]
    return names[0] if len(names) == 1 else " or ".join(names)


def listing(cards: list[int]) -> str:
    return words.listing([f"{the(c)} ({RANK[c]})" for c in cards], "nothing")


class AdamanOptions(BaseModel):
    scoring: bool = Field(
        True,
        description=(
            "Keep score: a win is worth 66 plus the ranks left in your resources, a loss the ranks "
            "of the personalities you controlled, an utter loss 0. Off: the result is only won or lost."
        ),
    )


class AdamanState(State):
    __slots__ = ("deck", "palace", "capital", "resources", "controlled", "gone", "target", "chosen", "outcome", "moves")

    deck: list[int]
    palace: list[int]
    capital: list[int]
    resources: list[int]
    controlled: list[int]  # everything taken: personalities (and nothing else; locations/events join resources)
    gone: list[int]  # spent resources
    target: int  # -1 while choosing a target
    chosen: list[int]  # resources chosen to pay for the target, in the order chosen
    outcome: str  # "" while playing, then win / loss / utter
    moves: int  # paid moves so far


class Adaman(Game):
    info = GameInfo(id="adaman", **INFO)
    bots_avoid_repeats = True  # a payment is built card by card, and can be taken back
    Options = AdamanOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"target": (CARD,), "spend": (CARD,), "unspend": (CARD,), "done": (), "cancel": ()},
        DECKTET,
        SUITS,
    )

    # -- setup ------------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> AdamanState:
        st = AdamanState(names, rng, options)
        st.deck = self.stacked(BASIC_IDS, deck, rng)
        st.palace, st.capital, st.resources, st.controlled, st.gone = [], [], [], [], []
        st.target = -1
        st.chosen = []
        st.outcome = ""
        st.moves = 0
        self._refill(st, None)
        self._settle(st)
        return st

    def _refill(self, st: AdamanState, events: list[Event] | None) -> None:
        """Capital up to five, then resources up to five; Personalities turned up for the resources
        go to the palace. A sixth palace card ends the game at once (utter loss)."""
        deck = st.deck
        dealt: list[int] = []
        while len(st.capital) < ROW and deck:
            c = deck.pop(0)
            st.capital.append(c)
            dealt.append(c)
        if events is not None and dealt:
            events.append(Event(f"Dealt to the capital: {listing(dealt)}.", "deal", None, {"capital": [DECKTET[c].slug for c in dealt]}))
        dealt = []
        while len(st.resources) < ROW and deck:
            c = deck.pop(0)
            if IS_P[c]:
                st.palace.append(c)
                if events is not None:
                    events.append(Event(f"{The(c)} turns up among the resources and goes to the palace.", "palace", None, {"card": DECKTET[c].slug}))
                if len(st.palace) > PALACE_LIMIT:
                    st.outcome = UTTER
                    break
            else:
                st.resources.append(c)
                dealt.append(c)
        if events is not None and dealt:
            events.append(Event(f"Dealt to the resources: {listing(dealt)}.", "deal", None, {"resources": [DECKTET[c].slug for c in dealt]}))

    def _settle(self, st: AdamanState, events: list[Event] | None = None) -> None:
        """Decide whether the game has ended, and keep the running score."""
        if not st.outcome:
            if len(st.controlled) == len(PERSONALITIES):
                st.outcome = WIN
            elif not self._targets(st):
                st.outcome = LOSS
        opts = st.options
        if not st.outcome:
            st.scores[0] = self._controlled_sum(st) if opts.scoring else 0
            return
        st.over = True
        st.target = -1
        st.chosen = []
        st.scores[0] = self._score(st)
        st.sheet.append([st.scores[0]])
        if events is not None:
            events.append(Event(self._summary(st), "end", 0, {"outcome": st.outcome}))

    # -- helpers ------------------------------------------------------------------------------------

    @staticmethod
    def _controlled_sum(st: AdamanState) -> int:
        return sum(RANK[c] for c in st.controlled if IS_P[c])

    def _score(self, st: AdamanState) -> int:
        if not st.options.scoring:
            return 1 if st.outcome == WIN else 0
        if st.outcome == WIN:
            return TOTAL_P_RANK + sum(RANK[c] for c in st.resources)
        if st.outcome == LOSS:
            return self._controlled_sum(st)
        return 0

    @staticmethod
    def _available(st: AdamanState, t: int) -> int:
        """Sum of the ranks of the resources sharing a suit with `t`."""
        m = MASK[t]
        return sum(RANK[r] for r in st.resources if MASK[r] & m)

    def _targets(self, st: AdamanState) -> list[int]:
        """Capital and palace cards for which some legal payment exists."""
        res = st.resources
        out = []
        for row in (st.palace, st.capital):
            for t in row:
                m = MASK[t]
                total = 0
                need = RANK[t]
                for r in res:
                    if MASK[r] & m:
                        total += RANK[r]
                        if total >= need:
                            out.append(t)
                            break
        return out

    @staticmethod
    def _paid(st: AdamanState) -> int:
        return sum(RANK[c] for c in st.chosen)

    def _summary(self, st: AdamanState) -> str:
        scoring = st.options.scoring
        pts = f" — {st.scores[0]} points." if scoring else "."
        if st.outcome == WIN:
            return "Won: all eleven personalities controlled" + pts
        if st.outcome == UTTER:
            return "Utter loss: a sixth personality entered the palace" + pts
        left = len(PERSONALITIES) - len(st.controlled)
        return f"Lost: no move left with {left} personalit{'y' if left == 1 else 'ies'} uncontrolled" + pts

    # -- the turn ------------------------------------------------------------------------------------

    def to_act(self, state: AdamanState) -> tuple[int, ...]:
        return () if state.over else (0,)

    def legal_actions(self, state: AdamanState, seat: int) -> list[Action]:
        if state.over or seat != 0:
            return []
        t = state.target
        if t < 0:
            return [A_TARGET[c] for c in self._targets(state)]
        m = MASK[t]
        chosen = state.chosen
        out = [A_SPEND[r] for r in state.resources if MASK[r] & m and r not in chosen]
        out.extend(A_UNSPEND[c] for c in chosen)
        if self._paid(state) >= RANK[t]:
            out.append(A_DONE)
        out.append(A_CANCEL)
        return out

    def why_not(self, state: AdamanState, seat: int, action: Action) -> str | None:
        return self._why(state, action)

    def _why(self, st: AdamanState, action: Action) -> str | None:
        """None when the action is legal now, else the reason in words."""
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Adaman."
        cid = -1
        if kinds:
            cid = SLUG_ID.get(action.args[0], -1)
            if cid < 0:
                return "There is no such card."
            if not IN_GAME[cid]:
                return f"{The(cid)} is not used in Adaman (basic deck only)."
        t = st.target
        if verb == "target":
            if t >= 0:
                return f"You are already paying for {the(t)}; cancel first to choose another target."
            if cid not in st.capital and cid not in st.palace:
                if cid in st.resources:
                    return f"{The(cid)} is one of your resources; targets come from the capital or the palace."
                return f"{The(cid)} is not in the capital or the palace."
            have = self._available(st, cid)
            if have >= RANK[cid]:
                return None
            if have == 0:
                return f"None of your resources shares a suit with {the(cid)} ({suit_words(cid)})."
            return (
                f"Your resources sharing a suit with {the(cid)} add up to only {have}; "
                f"it needs {RANK[cid]}."
            )
        if t < 0:
            return "Choose a target first."
        if verb == "spend":
            if cid not in st.resources:
                return f"{The(cid)} is not one of your resources."
            if cid in st.chosen:
                return f"{The(cid)} is already chosen."
            if not MASK[cid] & MASK[t]:
                return f"{The(cid)} shares no suit with {the(t)}."
            return None
        if verb == "unspend":
            if cid not in st.chosen:
                return f"{The(cid)} is not among the chosen cards."
            return None
        if verb == "done":
            paid, need = self._paid(st), RANK[t]
            if paid >= need:
                return None
            return f"Spend {need - paid} more: the chosen cards add up to {paid} of {need}."
        return None  # cancel while paying

    def play(self, state: AdamanState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        who = st.names[0]
        if verb == "target":
            cid = SLUG_ID[action.args[0]]
            st.target = cid
            st.chosen = []
            if events is not None:
                events.append(Event(f"{who} aims at {the(cid)} ({RANK[cid]}).", "target", 0, {"card": action.args[0]}))
            return
        if verb == "spend":
            cid = SLUG_ID[action.args[0]]
            st.chosen.append(cid)
            if events is not None:
                events.append(Event(
                    f"{who} chooses {the(cid)} ({RANK[cid]}): {self._paid(st)} of {RANK[st.target]}.",
                    "choose", 0, {"card": action.args[0]},
                ))
            return
        if verb == "unspend":
            cid = SLUG_ID[action.args[0]]
            st.chosen.remove(cid)
            if events is not None:
                events.append(Event(
                    f"{who} puts back {the(cid)}: {self._paid(st)} of {RANK[st.target]}.",
                    "choose", 0, {"card": action.args[0]},
                ))
            return
        if verb == "cancel":
            t = st.target
            st.target = -1
            st.chosen = []
            if events is not None:
                events.append(Event(f"{who} gives up on {the(t)} for now.", "cancel", 0))
            return
        # done: pay and take the target
        t = st.target
        spent = st.chosen
        for c in spent:
            st.resources.remove(c)
            st.gone.append(c)
        if t in st.capital:
            st.capital.remove(t)
        else:
            st.palace.remove(t)
        if IS_P[t]:
            st.controlled.append(t)
        else:
            st.resources.append(t)
        st.moves += 1
        if events is not None:
            where = "controls" if IS_P[t] else "takes"
            extra = "" if IS_P[t] else " into the resources"
            events.append(Event(
                f"{who} {where} {the(t)}{extra}, spending {listing(spent)}.",
                "control", 0, {"card": DECKTET[t].slug, "spent": [DECKTET[c].slug for c in spent]},
            ))
        st.target = -1
        st.chosen = []
        if len(st.controlled) < len(PERSONALITIES):
            self._refill(st, events)
        self._settle(st, events)

    # -- what is shown ---------------------------------------------------------------------------------

    def zones(self, state: AdamanState) -> list[Zone]:
        st = state
        return [
            Zone("deck", st.deck, Vis.NOBODY, None, "Deck", "pile"),
            Zone("palace", st.palace, Vis.PUBLIC, None, "Palace", "row"),
            Zone("capital", st.capital, Vis.PUBLIC, None, "Capital", "row"),
            Zone("resources", st.resources, Vis.PUBLIC, None, "Resources", "row"),
            Zone("controlled", st.controlled, Vis.PUBLIC, None, "Controlled", "row"),
            Zone("gone", st.gone, Vis.PUBLIC, None, "Spent", "pile"),
        ]

    def final(self, state: AdamanState) -> ResultView:
        st = state
        details = [
            f"Personalities controlled: {len(st.controlled)} of {len(PERSONALITIES)} "
            f"(ranks {self._controlled_sum(st)} of {TOTAL_P_RANK}).",
            f"Resources left: {listing(st.resources)}.",
            f"Palace: {len(st.palace)} card{'s' if len(st.palace) != 1 else ''}; moves made: {st.moves}.",
        ]
        if st.options.scoring and st.outcome == WIN:
            details.append(f"Score: 66 + {sum(RANK[c] for c in st.resources)} left in the resources = {st.scores[0]}.")
        return ResultView(scores=[st.scores[0]], placings=[1], summary=self._summary(st), details=details)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "target": "Choosing a target",
        "pay": "Paying for the target",
    }

    def phase(self, state: AdamanState) -> str:
        if state.over:
            return "over"
        return "pay" if state.target >= 0 else "target"

    # -- the card inspector and the marks ---------------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        return "personality" if PERSONALITY in DECKTET[card].types else ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        if PERSONALITY in card.types:
            return [("Goal", "a personality: control all eleven to win"),
                    ("Scores", f"{card.rank or 0} when controlled (Crowns count 10)")]
        return [("Use", "not a personality: a resource to take personalities with")]

    def describe(self, state: AdamanState, seat: int | None) -> dict[str, Any]:
        st = state
        status = {
            "Deck": f"{len(st.deck)} card{'s' if len(st.deck) != 1 else ''}",
            "Palace": f"{len(st.palace)} of {PALACE_LIMIT}",
            "Controlled": f"{len(st.controlled)} of {len(PERSONALITIES)}",
        }
        extra: dict[str, Any] = {"target": None, "chosen": [], "paid": 0, "need": 0}
        t = st.target
        if st.over:
            prompt = self._summary(st)
        elif t < 0:
            prompt = "Choose a card in the capital or the palace to take control of."
        else:
            paid, need = self._paid(st), RANK[t]
            status["Target"] = f"{DECKTET[t].name} ({need})"
            status["Paying"] = f"{paid} of {need}"
            extra = {"target": DECKTET[t].slug, "chosen": [DECKTET[c].slug for c in st.chosen], "paid": paid, "need": need}
            if paid >= need:
                prompt = f"Paying for {the(t)}: {paid} of {need}. Press Done to take it (or spend more, or cancel)."
            else:
                prompt = (
                    f"Paying for {the(t)}: {paid} of {need}. Spend resources carrying "
                    f"{suit_words(t)} until they add up to {need}."
                )
        if st.options.scoring:
            status["Score" if st.over else "Controlled ranks"] = str(st.scores[0])
        return {"phase": self.phase(st), "prompt": prompt, "status": status, "extra": extra,
                "chosen": list(extra["chosen"])}

    def label(self, state: AdamanState, action: Action) -> str:
        verb = action.verb
        if verb == "done":
            t = state.target
            return f"Done: take {the(t)}" if t >= 0 else "Done"
        if verb == "cancel":
            return "Cancel"
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(state, action)
        name = f"{the(cid)} ({RANK[cid]})"  # inside a sentence: "Target the Diplomat (9)"
        if verb == "target":
            return f"Target {name}"
        if verb == "spend":
            return f"Spend {name}"
        return f"Put back {name}"


GAME = Adaman()
