"""Polignac: follow suit, avoid taking Jacks. RULES.md section 16; help.md has our readings.

Flow of one hand: deal the whole (32- or 30-card) pack one card at a time from the dealer's left
-> tricks, led first by the dealer's left, won by the highest card of the led suit in the order
K Q J A 10 9 8 7 -> every Jack taken costs its taker a penalty point, the Jack of Spades (the
Polignac) two -> a pause until the next dealer deals. The game ends after a hand in which someone
has reached `limit` penalty points; the lowest total wins.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, JACK, RANK_OF, SUIT_OF, SUITS, card, cut, the
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import check_first_dealer, deal, first_dealer, keep_voids, left_of
from decktable.engine.kits.tricks import Trick, follow_options, shows_void, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.polignac import INFO

# -- tables, per card id ------------------------------------------------------------------------

DECK_32: tuple[int, ...] = cut(range(7, 15))
DECK_30: tuple[int, ...] = cut(range(7, 15), drop=("7s", "7c"))
POLIGNAC: int = card("js")

# K Q J A 10 9 8 7, high to low: a strength for each rank (higher wins)
ORDER: tuple[int, ...] = (13, 12, 11, 14, 10, 9, 8, 7)
RANK_STRENGTH: dict[int, int] = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
STRENGTH: list[int] = [RANK_STRENGTH.get(RANK_OF[c], 0) for c in range(52)]
SUIT_IX: list[int] = [SUITS.index(SUIT_OF[c]) for c in range(52)]
SORT_KEY: list[tuple[int, int]] = [(SUIT_IX[c], -STRENGTH[c]) for c in range(52)]
PENALTY: list[int] = [(2 if c == POLIGNAC else 1) if RANK_OF[c] == JACK else 0 for c in range(52)]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
IN_SUIT: list[frozenset[int]] = [frozenset(c for c in range(52) if SUIT_IX[c] == s) for s in range(4)]

PLAY_ACTIONS: list[Action] = [Action("play", (SLUG[c],)) for c in range(52)]
DEAL_ACTION = Action("deal")

PLAY, DONE, OVER = "play", "scored", "over"


def deck_for(players: int) -> tuple[int, ...]:
    """32 cards (7 to Ace) for four players; otherwise the black Sevens go, leaving 30."""
    return DECK_32 if players == 4 else DECK_30


def suit_name(ix: int) -> str:
    return SUITS[ix].capitalize()


def points(n: int) -> str:
    return f"{n} penalty point{'s' if n != 1 else ''}"


def placings(scores: list[int]) -> list[int]:
    """Lowest score first; equal scores share a place."""
    return [1 + sum(1 for t in scores if t < s) for s in scores]


# -- options and state ---------------------------------------------------------------------------


class PolignacOptions(BaseModel):
    limit: int = Field(
        10,
        ge=1,
        le=100,
        description="The game ends after a hand in which someone has this many penalty points or "
        "more; the lowest total wins.",
    )
    tie: Literal["share", "play_on"] = Field(
        "share",
        description="A tie for the lowest total at the end: 'share' the win, or 'play_on' with "
        "more hands until one player alone has the lowest total.",
    )
    max_hands: int = Field(
        60,
        ge=1,
        le=1000,
        description="A stop rule: after this many hands the game ends whatever the totals, the "
        "lowest winning (a tie then shares the win).",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=5,
        description="Seat (counted from 1: 1 = the first player) that deals the first hand; blank = chosen at random.",
    )


class PolignacState(State):
    __slots__ = (
        "phase", "dealer", "turn", "hands", "trick", "won", "tricks", "taken", "last", "last_winner", "voids",
    )

    phase: str
    dealer: int
    turn: int
    hands: list[list[int]]
    trick: Trick
    won: list[list[int]]  # the cards of the tricks each seat took this hand
    tricks: list[int]
    taken: list[int]  # penalty points taken this hand
    last: list[tuple[int, int]]
    last_winner: int
    voids: list[int]  # per seat, the suits it showed it lacks this hand (bit SUIT_IX), public


# -- the game -------------------------------------------------------------------------------------


class Polignac(Game):
    info = GameInfo(id="polignac", **INFO)
    Options = PolignacOptions
    catalogue = FRENCH
    grammar = Grammar({"play": (CARD,), "deal": ()}, FRENCH, SUITS)
    rank_order = ORDER

    # -- starting and dealing ---------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        check_first_dealer(self.info.name, options.first_dealer, players)  # type: ignore[attr-defined]

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = PolignacState(names, rng, options)
        n = len(names)
        st.dealer = first_dealer(n, rng, options.first_dealer, deck is not None)  # type: ignore[attr-defined]
        st.won = [[] for _ in range(n)]
        self._deal(st, self.stacked(deck_for(n), deck, rng), None)
        return st

    def _deal(self, st: PolignacState, order: list[int], events: list[Event] | None) -> None:
        """Deal the whole pack one card at a time, from the dealer's left."""
        n = st.players
        order = list(order)
        first = left_of(st.dealer, n)
        hands = deal(order, n, len(order) // n, first=first)
        for h in hands:
            h.sort(key=SORT_KEY.__getitem__)
        st.hands = hands
        for w in st.won:
            w.clear()
        st.tricks = [0] * n
        st.taken = [0] * n
        st.last = []
        st.last_winner = -1
        st.voids = [0] * n
        st.trick = Trick(first)
        st.turn = first
        st.phase = PLAY
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals {len(hands[0])} cards each; "
                    f"{st.names[first]} leads.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer},
                )
            )

    # -- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: PolignacState = state  # type: ignore[assignment]
        return () if st.over else (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: PolignacState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        if st.phase == DONE:
            return [DEAL_ACTION]
        hand = st.hands[seat]
        plays = st.trick.plays
        if not plays:
            return [PLAY_ACTIONS[c] for c in hand]
        return [PLAY_ACTIONS[c] for c in follow_options(hand, IN_SUIT[SUIT_IX[plays[0][1]]].__contains__)]

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: PolignacState = state  # type: ignore[assignment]
        # fast path: a legal card play
        if st.phase == PLAY and seat == st.turn and not st.over and action.verb == "play" and len(action.args) == 1:
            c = ID_OF.get(action.args[0], -1)
            hand = st.hands[seat]
            if c in hand:
                plays = st.trick.plays
                if not plays:
                    return None
                led = SUIT_IX[plays[0][1]]
                if SUIT_IX[c] == led or all(SUIT_IX[h] != led for h in hand):
                    return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: PolignacState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        common = self.common_refusal(st, seat, action, st.turn)
        if common is not None:
            return common
        settled, why = self.between_hands(st.hand_no, verb, st.phase == DONE)
        if settled:
            return why
        c = ID_OF.get(args[0], -1)
        if c < 0:
            return "There is no such card."
        hand = st.hands[seat]
        if c not in hand:
            return f"You do not hold {the(c)}."
        plays = st.trick.plays
        if plays:
            led = SUIT_IX[plays[0][1]]
            if SUIT_IX[c] != led and any(SUIT_IX[h] == led for h in hand):
                return f"You must follow suit: you hold {SUITS[led]}."
        return None

    # -- carrying out -------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: PolignacState = state  # type: ignore[assignment]
        n = st.players
        if action.verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(deck_for(n)), events)
            return
        c = ID_OF[action.args[0]]
        st.hands[seat].remove(c)
        plays = st.trick.plays
        st.voids[seat] |= shows_void(plays, c, SUIT_IX)  # not following: none of the suit led
        plays.append((seat, c))
        if events is not None:
            verb = "leads" if len(plays) == 1 else "plays"
            events.append(Event(f"{st.names[seat]} {verb} {the(c)}.", "play", seat, {"card": SLUG[c]}))
        if len(plays) < n:
            st.turn = seat + 1 if seat + 1 < n else 0
            return
        self._finish_trick(st, events)

    def _finish_trick(self, st: PolignacState, events: list[Event] | None) -> None:
        plays = st.trick.plays
        led = SUIT_IX[plays[0][1]]
        best = winner(plays, lambda c: STRENGTH[c] if SUIT_IX[c] == led else None)
        seat, card_ = plays[best]
        cards = [c for _, c in plays]
        cost = 0
        for c in cards:
            cost += PENALTY[c]
        st.tricks[seat] += 1
        st.taken[seat] += cost
        st.won[seat].extend(cards)
        st.last = plays
        st.last_winner = seat
        st.turn = seat
        st.trick = Trick(seat)
        if events is not None:
            jacks = [the(c) for c in cards if PENALTY[c]]
            extra = f" and {points(cost)} ({listing(jacks)})" if cost else ""
            events.append(
                Event(
                    f"{st.names[seat]} wins the trick with {the(card_)}{extra}.",
                    "trick",
                    seat,
                    {"card": SLUG[card_], "penalty": cost},
                )
            )
        if not st.hands[seat]:
            self._end_hand(st, events)

    def _end_hand(self, st: PolignacState, events: list[Event] | None) -> None:
        n = st.players
        row = list(st.taken)
        for s in range(n):
            st.scores[s] += row[s]
        st.sheet.append(row)
        if events is not None:
            for s in range(n):
                events.append(
                    Event(
                        f"{st.names[s]} took {points(row[s])} this hand (total {st.scores[s]}).",
                        "score",
                        s,
                        {"points": row[s], "total": st.scores[s]},
                    )
                )
        opts = st.options
        low = min(st.scores)
        lowest = [s for s in range(n) if st.scores[s] == low]
        reached = max(st.scores) >= opts.limit  # type: ignore[attr-defined]
        stop = st.hand_no >= opts.max_hands  # type: ignore[attr-defined]
        if stop or (reached and (len(lowest) == 1 or opts.tie == "share")):  # type: ignore[attr-defined]
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over", lowest[0] if len(lowest) == 1 else None))
            return
        if events is not None and reached:
            events.append(
                Event(
                    f"{listing([st.names[s] for s in lowest])} are tied for the lowest total with {low}: another hand.",
                    "info",
                )
            )
        st.phase = DONE
        st.turn = left_of(st.dealer, n)

    # -- what each seat sees ------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: PolignacState = state  # type: ignore[assignment]
        n = st.players
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(n)]
        out.append(Zone("trick", [c for _, c in st.trick.plays], Vis.PUBLIC, None, "Trick", "row"))
        out.extend(
            Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{st.names[s]}'s tricks", "pile", tricks=st.tricks[s]) for s in range(n)
        )
        return out

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see: a player seen not to follow a suit holds
        none of it (`voids`, moved by the dealing kit's `keep_voids`)."""
        st: PolignacState = other  # type: ignore[assignment]
        if any(st.voids):
            keep_voids(st.hands, [s for s in range(st.players) if s != seat], st.voids, SUIT_IX, rng)

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        if card == POLIGNAC:
            return "penalty: 2"
        return "penalty: 1" if PENALTY[card] else ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        pen = PENALTY[card.id]
        out = [("Order", "King, Queen, Jack, Ace, 10, 9, 8, 7 (high to low)")]
        if card.id == POLIGNAC:
            out.append(("Penalty", "2 points: the Jack of Spades is the Polignac"))
        elif pen:
            out.append(("Penalty", f"{pen} point to whoever takes it in a trick"))
        else:
            out.append(("Penalty", "none: only Jacks cost points"))
        out.append(("Trumps", "none; the lowest total wins the game"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: PolignacState = state  # type: ignore[assignment]
        n = st.players
        opts = st.options
        status = {
            "Hand": str(st.hand_no),
            "Dealer": st.names[st.dealer],
            "Order": "K Q J A 10 9 8 7",
            "Jacks": "1 point each, the Polignac 2",
            "Game ends": f"at {opts.limit} points; lowest wins",  # type: ignore[attr-defined]
        }
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            facts = {"Tricks": str(st.tricks[s]), "This hand": str(st.taken[s])}
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts
        plays = st.trick.plays
        note = f"{suit_name(SUIT_IX[plays[0][1]])} led" if plays else ""
        view = TrickView(
            leader=st.trick.leader if st.phase == PLAY else None,
            plays=[TrickPlay(seat=p, card=SLUG[c], note="penalty" if PENALTY[c] else "") for p, c in plays],
            note=note,
            last=[TrickPlay(seat=p, card=SLUG[c], note="penalty" if PENALTY[c] else "") for p, c in st.last],
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        return {
            "phase": st.phase,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": {"hand": st.hand_no, "dealer": st.dealer, "limit": opts.limit},  # type: ignore[attr-defined]
        }

    def _prompt(self, st: PolignacState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        if st.phase == DONE:
            if mine:
                return f"Hand {st.hand_no} is over. Deal the next hand when everyone has seen the scores."
            return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand."
        plays = st.trick.plays
        if not plays:
            return "Lead any card." if mine else f"Waiting for {who} to lead."
        led = suit_name(SUIT_IX[plays[0][1]])
        if mine:
            return f"Play a card of {led} if you can; otherwise any card."
        return f"Waiting for {who} to play ({led} led)."

    def label(self, state: State, action: Action) -> str:
        if action.verb == "deal":
            return "Deal the next hand"
        c = ID_OF.get(action.args[0], -1)
        st: PolignacState = state  # type: ignore[assignment]
        lead = st.phase == PLAY and not st.trick.plays
        return f"{'Lead' if lead else 'Play'} {the(c) if c >= 0 else action.args[0]}"

    # -- the end ------------------------------------------------------------------------------

    def _summary(self, st: PolignacState) -> str:
        low = min(st.scores)
        best = [st.names[s] for s in range(st.players) if st.scores[s] == low]
        if len(best) == 1:
            return f"{best[0]} wins with the lowest total, {points(low)}."
        return f"{listing(best)} share the win with {points(low)} each."

    def final(self, state: State) -> ResultView:
        st: PolignacState = state  # type: ignore[assignment]
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]}" for s in range(st.players))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(
            scores=list(st.scores), placings=placings(st.scores), summary=self._summary(st), details=details
        )


GAME = Polignac()
