"""Old Janx Spirit (David Van Slyke): RULES.md section 4.

Ten cards each, the rest face down as the draw pile, an empty discard pile. A turn is
`draw deck` or `draw discard` (the top card of the discard pile), then `discard <card>`. When,
after the discard, the ten cards split into melds (the program searches every split), the only
move offered is `out`: the split is shown to both players (the winner's hand turns face up), the
player scores a point. An empty draw pile at the start of a turn voids the hand. Between hands
the player who deals next presses `deal`, so the table can look at the end of the hand first.
First to `target` points wins the match.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, EXTENDED_IDS, SUITS
from decktable.cards.decktet import the, The
from decktable.engine.actions import CARD, WORD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits import melds as mk
from decktable.engine.kits.dealing import deal
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.old_janx_spirit import INFO

N = len(DECKTET)
HAND = 10
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
A_DRAW_DECK = Action("draw", ("deck",))
A_DRAW_DISCARD = Action("draw", ("discard",))
A_DISCARD = [Action("discard", (DECKTET[i].slug,)) for i in range(N)]
A_OUT = Action("out")
A_DEAL = Action("deal")

DRAW, DISCARD, OUT, END, OVER = "draw", "discard", "out", "between", "over"
KIND_WORD = {"suit": "suit-meld", "kind": "kind-meld", "run": "run-meld"}


def listing(cards: list[int] | tuple[int, ...]) -> str:
    return words.listing([the(c) for c in cards], "nothing")


#: the search's playouts make one move in this many at random, the rest by `_affinity`
GUIDE_SLACK = 6
#: how much a meld of so many cards counts towards the affinity of two of its cards: a pair is
#: worth keeping when one card would make it a meld; melds of five or more are left out, since
#: a single-suited card (an Ace, a Crown) lies in hundreds of them with any partner, and counted
#: so it looked worth keeping whatever the rest of the hand (the weights that went out most often
#: in 600 random deals: 96%, against 70% with five-card melds counted)
MELD_WEIGHT = {3: 10, 4: 1}


@lru_cache(maxsize=2)
def _affinity(wild: bool) -> tuple[tuple[int, ...], ...]:
    """For two cards, how much they meld together: the melds of three or four cards holding both,
    three-card ones counting more (`MELD_WEIGHT`). Whole numbers, so that the scores the playout keeps
    by adding and taking away are exact."""
    table = [[0] * N for _ in range(N)]
    for m in mk.all_melds(wild):
        weight = MELD_WEIGHT.get(m.bit_count(), 0)
        if not weight:
            continue
        cards = mk.cards_of(m)
        for a in cards:
            row = table[a]
            for b in cards:
                if a != b:
                    row[b] += weight
    return tuple(tuple(row) for row in table)


class OldJanxSpiritOptions(BaseModel):
    target: int = Field(5, ge=1, le=50, description="Points needed to win the match (one point per hand won).")
    first_turn_rule: Literal["opening", "each_first"] = Field(
        "opening",
        description=(
            "Which turn must draw from the draw pile: 'opening' — only the opening turn of each hand "
            "(the discard pile is empty then anyway); 'each_first' — each player's first turn of the hand."
        ),
    )
    extended: bool = Field(
        False,
        description=(
            "Play with the extended deck (45 cards, 25 in the draw pile): the Excuse is wild (any one "
            "suit or any one rank), Pawns and Courts have three suits and no rank."
        ),
    )


class OldJanxSpiritState(State):
    __slots__ = (
        "hands", "draw", "discard", "dealer", "turn", "stage", "turns", "took",
        "wild", "total", "last_out", "last_winner", "voids", "shown",
    )

    hands: list[list[int]]
    draw: list[int]  # index 0 = top
    discard: list[int]  # last = top
    dealer: int
    turn: int  # the seat to act
    stage: str  # draw / discard / out / over
    turns: list[int]  # turns begun this hand, per seat
    took: int  # card taken from the discard pile this turn (public), or -1
    wild: bool
    total: int
    last_out: list[list[int]]  # the split shown by the last player to go out
    last_winner: int  # -1 before anyone went out
    voids: int  # hands voided so far
    shown: int  # the seat whose hand lies face up (went out this hand), or -1


class OldJanxSpirit(Game):
    info = GameInfo(id="old_janx_spirit", **INFO)
    Options = OldJanxSpiritOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"draw": (WORD,), "discard": (CARD,), "out": (), "deal": ()},
        DECKTET,
        SUITS,
        words={"draw": ("deck", "discard")},
    )
    playout_guided = (
        "each player keeps the cards that meld with the rest of the hand and throws the one that "
        "melds least (one move in six at random)"
    )

    # -- setup and dealing ------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> OldJanxSpiritState:
        st = OldJanxSpiritState(names, rng, options)
        full = EXTENDED_IDS if options.extended else BASIC_IDS
        st.wild = bool(options.extended)
        st.total = len(full)
        # a stacked deck fixes the first deal: the second player deals, the first player starts
        st.dealer = 1 if deck is not None else rng.below(2)
        st.last_out = []
        st.shown = -1
        st.last_winner = -1
        st.voids = 0
        st.hands = [[], []]
        st.draw, st.discard = [], []
        self._deal(st, self.stacked(full, deck, rng), None)
        return st

    def _deal(self, st: OldJanxSpiritState, cards: list[int], events: list[Event] | None) -> None:
        """Deal a hand: the first ten cards to the non-dealer (who starts), the next ten to the
        dealer, the rest face down as the draw pile (first card on top)."""
        first = 1 - st.dealer
        st.hands = deal(cards, 2, HAND, first=first, batch=HAND)
        st.draw = cards
        st.discard = []
        st.turn = first
        st.turns = [0, 0]
        st.turns[first] = 1
        st.took = -1
        st.stage = DRAW
        if events is not None:
            events.append(Event(
                f"Hand {st.hand_no}: {st.names[st.dealer]} deals ten cards each; {st.names[first]} plays first.",
                "deal", None, {"hand": st.hand_no, "dealer": st.dealer},
            ))

    def _next_hand(self, st: OldJanxSpiritState, events: list[Event] | None) -> None:
        cards = st.hands[0] + st.hands[1] + st.draw + st.discard
        cards.sort()
        st.shown = -1
        st.rng.shuffle(cards)
        st.hand_no += 1
        st.dealer = 1 - st.dealer
        self._deal(st, cards, events)

    # -- the turn ------------------------------------------------------------------------------------

    def to_act(self, state: OldJanxSpiritState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def _may_take(self, st: OldJanxSpiritState) -> bool:
        if not st.discard:
            return False
        if st.options.first_turn_rule == "each_first" and st.turns[st.turn] <= 1:
            return False
        return True

    def legal_actions(self, state: OldJanxSpiritState, seat: int) -> list[Action]:
        st = state
        if st.over or seat != st.turn:
            return []
        if st.stage == DRAW:
            return [A_DRAW_DECK, A_DRAW_DISCARD] if self._may_take(st) else [A_DRAW_DECK]
        if st.stage == DISCARD:
            return [A_DISCARD[c] for c in st.hands[seat]]
        if st.stage == END:
            return [A_DEAL]
        return [A_OUT]

    def why_not(self, state: OldJanxSpiritState, seat: int, action: Action) -> str | None:
        return self._why(state, seat, action)

    def _why(self, st: OldJanxSpiritState, seat: int, action: Action) -> str | None:
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Old Janx Spirit."
        if st.over:
            return "The match is over."
        if seat != st.turn:
            return f"It is {st.names[st.turn]}'s turn."
        stage = st.stage
        if stage == END:
            if verb == "deal":
                return None
            return "This hand is over: deal the next hand."
        if verb == "deal":
            return "The hand is still being played."
        if stage == OUT:
            if verb == "out":
                return None
            return "Your ten cards split into melds: declare out."
        if verb == "out":
            return "You can go out only right after discarding, when your ten cards split into melds."
        if verb == "draw":
            if stage != DRAW:
                return "You have already drawn this turn; discard a card."
            where = action.args[0]
            if where == "deck":
                return None
            if where != "discard":
                return "Draw from the deck or from the discard pile."
            if not st.discard:
                return "The discard pile is empty."
            if not self._may_take(st):
                return "On your first turn of the hand you must draw from the draw pile."
            return None
        # discard
        if stage == DRAW:
            return "Draw a card first."
        cid = SLUG_ID.get(action.args[0], -1)
        if cid < 0:
            return "There is no such card."
        if cid >= st.total:
            return f"{The(cid)} is not used in this game (basic deck)."
        if cid not in st.hands[seat]:
            return f"You do not hold {the(cid)}."
        return None

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's playout (see `Game.playout`), guided as `playout_guided` says: a random
        playout of a rummy almost never goes out (a fifth of whole hands from the deal, and
        fewer from later in a hand), so nearly every move it judges comes out even and the
        search is left guessing. Here each player keeps the cards that meld with the rest of the
        hand (`_affinity`) and throws the one that melds least, with one move in `GUIDE_SLACK`
        drawn at random instead; from the deal, 24 hands in 25 then end with someone going out,
        against one in five played at random.

        A hand's meld scores are kept as the cards come and go (a card's score is its affinity
        with the rest of its hand). Going out and the deal go through the generic step. Stops at
        the end of the hand. `trace` collects the moves as (seat, action)."""
        st: OldJanxSpiritState = state  # type: ignore[assignment]
        aff = _affinity(st.wild)
        hands = st.hands
        score = [0] * N  # a card in a hand: its affinity with the rest of that hand
        for hand in hands:
            for c in hand:
                row = aff[c]
                score[c] = sum(row[d] for d in hand) - row[c]
        slack = 1.0 / GUIDE_SLACK
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            seat = st.turn
            stage = st.stage
            moves += 1
            if stage == DRAW:
                hand = hands[seat]
                take = False
                if self._may_take(st):
                    if rand() < slack:
                        take = rand() < 0.5
                    else:  # the face-up card if it melds with the hand better than its worst card
                        row = aff[st.discard[-1]]
                        take = sum(row[d] for d in hand) > min(score[c] for c in hand)
                if trace is not None:
                    trace.append((seat, A_DRAW_DISCARD if take else A_DRAW_DECK))
                self._draw(st, seat, take, None)
                x = hand[-1]
                row = aff[x]
                total = 0
                for d in hand[:-1]:
                    k = row[d]
                    score[d] += k
                    total += k
                score[x] = total
            elif stage == DISCARD:
                hand = hands[seat]
                if rand() < slack:
                    c = hand[int(rand() * len(hand))]
                else:  # the card that melds least with the rest, the first of equals
                    c = min(hand, key=score.__getitem__)
                if trace is not None:
                    trace.append((seat, A_DISCARD[c]))
                self._discard(st, seat, c, None)
                row = aff[c]
                for d in hand:
                    score[d] -= row[d]
            elif not self.random_step(st, seat, rand, trace):
                return moves - 1
        return moves

    def play(self, state: OldJanxSpiritState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        if verb == "draw":
            self._draw(st, seat, action.args[0] != "deck", events)
            return
        if verb == "discard":
            self._discard(st, seat, SLUG_ID[action.args[0]], events)
            return
        if verb == "deal":
            self._next_hand(st, events)
            return
        # out
        self._go_out(st, seat, events)

    def _draw(self, st: OldJanxSpiritState, seat: int, take: bool, events: list[Event] | None) -> None:
        """The top card of the draw pile, or (`take`) the top of the face-up discard pile."""
        hand = st.hands[seat]
        if not take:
            hand.append(st.draw.pop(0))
            st.took = -1
            if events is not None:
                events.append(Event(f"{st.names[seat]} draws a card from the draw pile.", "draw", seat,
                                    {"from": "deck"}))
        else:
            c = st.discard.pop()
            self.reveal_into(st, (c,), f"hand{seat}")  # taken from the face-up pile
            hand.append(c)
            st.took = c
            if events is not None:
                events.append(Event(
                    f"{st.names[seat]} takes {the(c)} from the discard pile.", "draw", seat,
                    {"from": "discard", "card": DECKTET[c].slug},
                ))
        st.stage = DISCARD

    def _discard(self, st: OldJanxSpiritState, seat: int, cid: int, events: list[Event] | None) -> None:
        hand = st.hands[seat]
        hand.remove(cid)
        st.discard.append(cid)
        if events is not None:
            events.append(Event(f"{st.names[seat]} discards {the(cid)}.", "discard", seat,
                                {"card": DECKTET[cid].slug}))
        if mk.can_partition_mask(mk.mask_of(hand), st.wild):
            st.stage = OUT
            return
        self._pass_turn(st, events)

    def _pass_turn(self, st: OldJanxSpiritState, events: list[Event] | None) -> None:
        st.took = -1
        if not st.draw:
            st.voids += 1
            st.sheet.append([0, 0])
            if events is not None:
                events.append(Event(
                    f"The draw pile is empty: hand {st.hand_no} is void and nobody scores.", "void", None,
                    {"hand": st.hand_no},
                ))
            self._hand_over(st)
            return
        st.turn = 1 - st.turn
        st.turns[st.turn] += 1
        st.stage = DRAW

    def _go_out(self, st: OldJanxSpiritState, seat: int, events: list[Event] | None) -> None:
        split = mk.partition(sorted(st.hands[seat]), st.wild) or []
        st.last_out = [list(m) for m in split]
        st.last_winner = seat
        st.shown = seat
        st.scores[seat] += 1
        row = [0, 0]
        row[seat] = 1
        st.sheet.append(row)
        if events is not None:
            parts = [f"a {KIND_WORD.get(mk.meld_kind(m, st.wild) or '', 'meld')} of {listing(m)}" for m in split]
            events.append(Event(
                f"{st.names[seat]} goes out with " + "; ".join(parts) + f" — 1 point (hand {st.hand_no}).",
                "out", seat, {"melds": [[DECKTET[c].slug for c in m] for m in split]},
            ))
        if st.scores[seat] >= st.options.target:
            st.over = True
            st.stage = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over", seat, {"scores": list(st.scores)}))
            return
        self._hand_over(st)

    @staticmethod
    def _hand_over(st: OldJanxSpiritState) -> None:
        """The hand is finished; the next dealer deals when ready."""
        st.stage = END
        st.took = -1
        st.turn = 1 - st.dealer

    # -- what is shown ---------------------------------------------------------------------------------

    def zones(self, state: OldJanxSpiritState) -> list[Zone]:
        st = state
        return [
            Zone("hand0", st.hands[0], Vis.PUBLIC if st.shown == 0 else Vis.OWNER, 0, f"{st.names[0]}'s hand", "hand"),
            Zone("hand1", st.hands[1], Vis.PUBLIC if st.shown == 1 else Vis.OWNER, 1, f"{st.names[1]}'s hand", "hand"),
            Zone("draw", st.draw, Vis.NOBODY, None, "Draw pile", "pile"),
            Zone("discard", st.discard, Vis.PUBLIC, None, "Discard pile (top last)", "pile"),
        ]

    def _summary(self, st: OldJanxSpiritState) -> str:
        a, b = st.scores
        if a == b:
            return f"Tied at {a}–{b}."
        w = 0 if a > b else 1
        return f"{st.names[w]} wins the match {max(a, b)}–{min(a, b)}."

    def final(self, state: OldJanxSpiritState) -> ResultView:
        st = state
        a, b = st.scores
        placings = [1, 1] if a == b else ([1, 2] if a > b else [2, 1])
        details = [
            f"Hands played: {st.hand_no} ({st.voids} void).",
        ]
        if st.last_winner >= 0 and st.last_out:
            details.append(
                f"Last hand: {st.names[st.last_winner]} went out with "
                + "; ".join(listing(m) for m in st.last_out) + "."
            )
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "draw": "Drawing",
        "discard": "Discarding",
        "out": "Going out?",
        "between": "Hand over",
    }

    def phase(self, state: OldJanxSpiritState) -> str:
        return OVER if state.over else state.stage

    def describe(self, state: OldJanxSpiritState, seat: int | None) -> dict[str, Any]:
        st = state
        top = st.discard[-1] if st.discard else None
        status = {
            "Hand": str(st.hand_no),
            "Draw pile": f"{len(st.draw)} card{'s' if len(st.draw) != 1 else ''}",
            "Discard top": DECKTET[top].name if top is not None else "empty",
            "Target": f"{st.options.target} points",
        }
        seat_facts = {i: ({"Dealer": "yes"} if i == st.dealer else {}) for i in range(2)}
        turn = st.turn
        extra: dict[str, Any] = {
            "last_out": {
                "seat": st.last_winner,
                "melds": [[DECKTET[c].slug for c in m] for m in st.last_out],
            } if st.shown >= 0 else None,  # only while the winning hand lies face up
            "wild_excuse": st.wild,
        }
        if st.over:
            prompt = self._summary(st)
        elif st.stage == END:
            if st.shown >= 0:
                what = f"{st.names[st.shown]} went out"
            else:
                what = "the draw pile ran out and the hand is void"
            if seat == turn:
                prompt = f"Hand {st.hand_no} is over: {what}. Deal the next hand."
            else:
                prompt = f"Hand {st.hand_no} is over: {what}. {st.names[turn]} deals next."
        elif seat != turn:
            prompt = f"{st.names[turn]} is playing."
        elif st.stage == DRAW:
            if self._may_take(st):
                prompt = f"Draw a card: from the draw pile, or take {the(top)} from the discard pile."
            else:
                prompt = "Draw a card from the draw pile."
        elif st.stage == DISCARD:
            prompt = "Discard a card."
        else:
            split = mk.partition(st.hands[turn], st.wild) or []
            extra["split"] = [[DECKTET[c].slug for c in m] for m in split]
            prompt = "Your ten cards split into melds: " + "; ".join(listing(m) for m in split) + ". Declare out!"
        return {
            "phase": self.phase(st),
            "prompt": prompt,
            "status": status,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def label(self, state: OldJanxSpiritState, action: Action) -> str:
        verb = action.verb
        if verb == "out":
            return "Declare out"
        if verb == "deal":
            return f"Deal hand {state.hand_no + 1}"
        if verb == "draw":
            if action.args and action.args[0] == "discard" and state.discard:
                return f"Take {the(state.discard[-1])} from the discard pile"
            return "Draw from the draw pile"
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(state, action)
        return f"Discard {the(cid)}"


GAME = OldJanxSpirit()
