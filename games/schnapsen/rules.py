"""Schnapsen: two players, 20 cards (A 10 K Q J), trick and draw to 66 card points.
RULES.md section 13; help.md lists every reading we chose.

Flow of one hand: deal 3 + up card + 2 -> tricks with free play while the stock is open (the
leader may first exchange the trump Jack, close the stock, show a marriage, or claim 66) ->
strict play (follow and beat, else trump) once the stock is closed or drawn out -> the hand ends
on a claim, or after the last trick -> game points. Hands alternate the deal until someone has
`target` game points.

Hidden information: each hand is two zones, the private part (`hand0`) and the part both players
have seen (`shown0`: a marriage partner still in hand, the up card taken by the Jack exchange or
drawn as the last card). So observations name shown cards and determinize keeps them where they
are, while it re-deals the private parts and the stock.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, JACK, KING, QUEEN, SUITS, cut, the
from decktable.engine.actions import CARD, SUIT, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import keep_voids
from decktable.engine.kits.tricks import head_options, head_shows
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.rulesets.schnapsen import INFO

# -- tables, per card id (ids of the 52-card catalogue) ----------------------------------------

FULL: tuple[int, ...] = cut((10, JACK, QUEEN, KING, 14))  # the 20-card pack
_POINTS_BY_RANK = {14: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2}
# card points; they also rank the cards: A 11 > 10 10 > K 4 > Q 3 > J 2
PTS: list[int] = [_POINTS_BY_RANK.get(c.rank or 0, 0) for c in FRENCH]
SUIT_IX: list[int] = [SUITS.index(c.suits[0]) for c in FRENCH]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {SLUG[c]: c for c in FULL}
SORT_KEY: list[tuple[int, int]] = [(SUIT_IX[c], -PTS[c]) for c in range(len(FRENCH))]
KING_OF: list[int] = [FRENCH.find(f"k{s[0]}").id for s in SUITS]  # type: ignore[union-attr]
QUEEN_OF: list[int] = [FRENCH.find(f"q{s[0]}").id for s in SUITS]  # type: ignore[union-attr]
JACK_OF: list[int] = [FRENCH.find(f"j{s[0]}").id for s in SUITS]  # type: ignore[union-attr]
SUIT_NAME: list[str] = [s.capitalize() for s in SUITS]
BIT: list[int] = [1 << c for c in range(len(FRENCH))]  # one bit a card: what a strict answer rules out

GOAL = 66

PLAY_ACTIONS: dict[int, Action] = {c: Action("play", (SLUG[c],)) for c in FULL}
MARRY_ACTIONS: list[Action] = [Action("marry", (s,)) for s in SUITS]
EXCHANGE = Action("exchange")
CLOSE = Action("close")
CLAIM = Action("claim")
PASS = Action("pass")
DEAL = Action("deal")

PLAY, LAST, DONE, OVER = "play", "last", "scored", "over"


def card_points(cards: list[int]) -> int:
    return sum(PTS[c] for c in cards)


def game_points_for_claim(opp_points: int, opp_has_trick: bool) -> int:
    """Game points for a right claim: 3 (schwarz) if the opponent took no trick, 2 (schneider)
    at 32 or fewer, else 1."""
    if not opp_has_trick:
        return 3
    return 2 if opp_points <= 32 else 1


def penalty_points(scorer_has_trick: bool) -> int:
    """Game points to the opponent of a wrong claim or a failed close: 2, or 3 without a trick."""
    return 2 if scorer_has_trick else 3


# -- options and state ---------------------------------------------------------------------------


class SchnapsenOptions(BaseModel):
    target: int = Field(
        7, ge=1, le=50, description="Game points needed to win the game (standard: 7)."
    )
    training: bool = Field(
        False,
        description="Training mode: show each player's running hand points (card points taken "
        "plus marriages). Off by default: keeping count in your head is part of the game.",
    )
    exchange_on_first_lead: bool = Field(
        True,
        description="The non-dealer may exchange the trump Jack before leading to the first trick "
        "(standard). Off: only a player who has just won a trick may exchange (the rule text's "
        "literal wording).",
    )
    claim_after_marriage: bool = Field(
        True,
        description="A player who has already taken a trick may claim 66 right after showing a "
        "marriage (standard). Off: claims only right after winning a trick.",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True}, ge=0, le=1, description="Seat (counted from 1: 1 = the first player) that deals the first hand; "
        "blank = chosen at random."
    )


class SchnapsenState(State):
    __slots__ = (
        "phase",
        "dealer",
        "turn",
        "hands",
        "shown",
        "up_zone",
        "stock",
        "trump",
        "up",
        "trick",
        "won",
        "late",
        "tricks",
        "mar",
        "mar_pre",
        "marriages",
        "closer",
        "married",
        "exchanged",
        "last",
        "last_winner",
        "outcome",
        "barred",
    )

    phase: str
    dealer: int
    turn: int
    hands: list[list[int]]  # the private part of each hand
    shown: list[list[int]]  # cards still in hand that both players have seen
    up_zone: list[int]  # the turned-up trump card under the stock (empty once drawn)
    stock: list[int]  # face-down stock, index 0 is the next card drawn
    trump: int  # suit index
    up: int  # the card lying (or that lay) under the stock: public
    trick: list[tuple[int, int]]  # (seat, card) of the trick in progress
    won: list[list[int]]  # cards taken before any close (or all, when nobody closes)
    late: list[list[int]]  # cards taken after the close, kept apart for scoring
    tricks: list[int]
    mar: list[int]  # marriage points declared this hand
    mar_pre: list[int]  # of which declared before the close
    marriages: list[list[int]]  # suits married, for the table
    closer: int  # seat that closed the stock, -1 if none
    married: int  # suit just shown by the leader, who must lead its King or Queen; -1 if none
    exchanged: int  # seat that exchanged the trump Jack this hand, -1 if none
    last: list[tuple[int, int]]
    last_winner: int
    outcome: str  # how the last hand ended, in words (shown while the next deal waits)
    barred: list[int]  # per seat, cards its strict plays showed it does not hold (bit per card id), public


@lru_cache(maxsize=None)
def _strict_shows(lead: int, c: int, trump: int) -> int:
    """`head_shows` with the tests of `legal_actions`, as bits: kept, as the search's playouts
    ask it at every strict answer (at most 20 × 20 × 4 cases)."""
    ls, lp = SUIT_IX[lead], PTS[lead]
    out = head_shows(c, FULL, lambda x: SUIT_IX[x] == ls, lambda x: PTS[x] > lp, lambda x: SUIT_IX[x] == trump)
    return sum(BIT[x] for x in out)


# -- the game ---------------------------------------------------------------------------------------


class Schnapsen(Game):
    info = GameInfo(id="schnapsen", **INFO)
    Options = SchnapsenOptions
    catalogue = FRENCH
    grammar = Grammar(
        {"play": (CARD,), "marry": (SUIT,), "exchange": (), "close": (), "claim": (), "pass": (), "deal": ()},
        FRENCH,
        SUITS,
    )
    rank_order = tuple(sorted(_POINTS_BY_RANK, key=_POINTS_BY_RANK.__getitem__, reverse=True))  # A 10 K Q J

    # -- starting and dealing ------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = SchnapsenState(names, rng, options)
        fd = options.first_dealer  # type: ignore[attr-defined]
        if fd is not None:
            st.dealer = fd
        elif deck is not None:
            st.dealer = 1  # a stacked deal is the same for every seed: seat 0 gets the top cards
        else:
            st.dealer = rng.below(2)
        st.outcome = ""
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: SchnapsenState, order: list[int], events: list[Event] | None) -> None:
        """Deal from `order` (index 0 = top): three to the non-dealer, three to the dealer, the
        up card, two and two; the other nine are the stock, top card first."""
        nd = 1 - st.dealer
        hands: list[list[int]] = [[], []]
        hands[nd] = order[0:3] + order[7:9]
        hands[st.dealer] = order[3:6] + order[9:11]
        for h in hands:
            h.sort(key=SORT_KEY.__getitem__)
        st.hands = hands
        st.shown = [[], []]
        st.up = order[6]
        st.up_zone = [st.up]
        st.trump = SUIT_IX[st.up]
        st.stock = list(order[11:])
        st.trick = []
        st.won = [[], []]
        st.late = [[], []]
        st.tricks = [0, 0]
        st.mar = [0, 0]
        st.mar_pre = [0, 0]
        st.marriages = [[], []]
        st.closer = -1
        st.married = -1
        st.exchanged = -1
        st.last = []
        st.last_winner = -1
        st.barred = [0, 0]
        st.phase = PLAY
        st.turn = nd
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals. The up card is {the(st.up)}: "
                    f"{SUIT_NAME[st.trump]} are trumps. {st.names[nd]} leads.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer, "up": SLUG[st.up]},
                )
            )

    # -- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: SchnapsenState = state  # type: ignore[assignment]
        if st.over:
            return ()
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "last": "Claim 66?",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    @staticmethod
    def strict(st: SchnapsenState) -> bool:
        """Strict rules once the stock is closed or the up card has been drawn."""
        return st.closer >= 0 or not st.up_zone

    def _can_exchange(self, st: SchnapsenState, seat: int) -> bool:
        if st.married >= 0 or st.closer >= 0 or not st.up_zone:
            return False
        jack = JACK_OF[st.trump]
        if jack not in st.hands[seat] and jack not in st.shown[seat]:
            return False
        if not st.options.exchange_on_first_lead and st.tricks[0] + st.tricks[1] == 0:  # type: ignore[attr-defined]
            return False
        return True

    def _can_close(self, st: SchnapsenState) -> bool:
        return st.married < 0 and st.closer < 0 and bool(st.up_zone)

    def _can_claim(self, st: SchnapsenState, seat: int) -> bool:
        if st.tricks[seat] == 0:
            return False  # a claim needs a trick: marriages are worth nothing without one
        if st.married >= 0 and not st.options.claim_after_marriage:  # type: ignore[attr-defined]
            return False
        return True

    def _marriages_open(self, st: SchnapsenState, seat: int) -> list[int]:
        if st.married >= 0:
            return []
        have = st.hands[seat] + st.shown[seat]
        return [s for s in range(4) if KING_OF[s] in have and QUEEN_OF[s] in have]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: SchnapsenState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        phase = st.phase
        if phase == DONE:
            return [DEAL]
        if phase == LAST:
            return [CLAIM, PASS]
        hand = st.hands[seat]
        shown = st.shown[seat]
        trick = st.trick
        if trick:
            cards = hand + shown
            if self.strict(st):
                lead = trick[0][1]
                ls = SUIT_IX[lead]
                lp = PTS[lead]
                t = st.trump
                cards = head_options(
                    cards,
                    lambda c: SUIT_IX[c] == ls,
                    lambda c: PTS[c] > lp,
                    lambda c: SUIT_IX[c] == t,
                )
            return [PLAY_ACTIONS[c] for c in cards]
        if st.married >= 0:
            out = [PLAY_ACTIONS[KING_OF[st.married]], PLAY_ACTIONS[QUEEN_OF[st.married]]]
        else:
            out = [PLAY_ACTIONS[c] for c in hand]
            out.extend(PLAY_ACTIONS[c] for c in shown)
            for s in self._marriages_open(st, seat):
                out.append(MARRY_ACTIONS[s])
            if self._can_exchange(st, seat):
                out.append(EXCHANGE)
            if self._can_close(st):
                out.append(CLOSE)
        if self._can_claim(st, seat):
            out.append(CLAIM)
        return out

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: SchnapsenState = state  # type: ignore[assignment]
        # fast path: a card from hand when any card may go (a free lead, or free play)
        if (
            action.verb == "play"
            and st.phase == PLAY
            and seat == st.turn
            and not st.over
            and st.married < 0
            and (not st.trick or not self.strict(st))
        ):
            c = ID_OF.get(action.args[0], -1) if len(action.args) == 1 else -1
            if c >= 0 and (c in st.hands[seat] or c in st.shown[seat]):
                return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: SchnapsenState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        common = self.common_refusal(st, seat, action, st.turn)
        if common is not None:
            return common
        settled, why = self.between_hands(st.hand_no, verb, st.phase == DONE)
        if settled:
            return why
        if st.phase == LAST:
            if verb in ("claim", "pass"):
                return None
            return "All cards are played: claim 66 or end the hand without a claim."
        if verb == "pass":
            return "There is nothing to pass: play a card."
        leading = not st.trick
        if verb == "play":
            c = ID_OF.get(args[0], -1)
            if c < 0:
                return f"{args[0].upper()} is not in the Schnapsen pack (A, 10, K, Q, J only)."
            if c not in st.hands[seat] and c not in st.shown[seat]:
                return f"You do not hold {the(c)}."
            if leading:
                if st.married >= 0 and c not in (KING_OF[st.married], QUEEN_OF[st.married]):
                    return (
                        f"You showed the marriage in {SUIT_NAME[st.married]}: lead its King or Queen."
                    )
                return None
            if not self.strict(st):
                return None
            allowed = self.legal_actions(st, seat)
            if PLAY_ACTIONS[c] in allowed:
                return None
            lead = st.trick[0][1]
            ls = SUIT_IX[lead]
            have = st.hands[seat] + st.shown[seat]
            if any(SUIT_IX[x] == ls for x in have):
                if SUIT_IX[c] == ls:
                    return f"You must beat {the(lead)}: you hold a higher {SUIT_NAME[ls][:-1].lower()}."
                return f"You must follow suit: you hold {SUIT_NAME[ls].lower()}."
            return f"You cannot follow {SUIT_NAME[ls].lower()}, so you must play a trump: you hold one."
        if not leading:
            return "Only the player about to lead may do that; now play a card to the trick."
        if verb == "claim":
            if st.tricks[seat] == 0:
                return "You cannot claim 66 before you have taken a trick."
            if not self._can_claim(st, seat):
                return "Claims come right after winning a trick (with this table's options), not after a marriage."
            return None
        if st.married >= 0:
            return f"You showed the marriage in {SUIT_NAME[st.married]}: lead its King or Queen now."
        if verb == "marry":
            s = SUITS.index(args[0])
            have = st.hands[seat] + st.shown[seat]
            if KING_OF[s] not in have or QUEEN_OF[s] not in have:
                return f"A marriage needs the King and the Queen of {SUIT_NAME[s]} in your hand."
            return None
        if verb == "exchange":
            if st.closer >= 0:
                return "The stock is closed: the trump Jack can no longer be exchanged."
            if not st.up_zone:
                return "The up card has been drawn: there is nothing to exchange."
            if JACK_OF[st.trump] not in st.hands[seat] and JACK_OF[st.trump] not in st.shown[seat]:
                return f"You do not hold the Jack of trumps ({the(JACK_OF[st.trump])})."
            if not self._can_exchange(st, seat):
                return "With this table's options the trump Jack may be exchanged only after winning a trick."
            return None
        if verb == "close":
            if st.closer >= 0:
                return f"The stock is already closed (by {st.names[st.closer]})."
            if not st.up_zone:
                return "The stock is used up: there is nothing left to close."
            return None
        return "That is not a move of Schnapsen."

    # -- points -----------------------------------------------------------------------------------

    @staticmethod
    def points(st: SchnapsenState, seat: int) -> int:
        """Hand points: card points taken, plus marriages once the seat has a trick."""
        p = card_points(st.won[seat]) + card_points(st.late[seat])
        if st.tricks[seat]:
            p += st.mar[seat]
        return p

    @staticmethod
    def points_before_close(st: SchnapsenState, seat: int) -> int:
        """What counts for the closer's opponent: cards taken before the close, and marriages shown
        before it if a trick had been taken by then."""
        p = card_points(st.won[seat])
        if st.won[seat]:
            p += st.mar_pre[seat]
        return p

    # -- carrying out ---------------------------------------------------------------------------

    @staticmethod
    def _shows(st: SchnapsenState, c: int) -> int:
        """The cards an answer of `c` to the lead, under strict play, shows its player lacks, as
        bits (`_strict_shows`)."""
        return _strict_shows(st.trick[0][1], c, st.trump)

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see: a player whose strict answer showed it
        lacks a card (no higher card of the suit led, none of it, no trump: `barred`) holds no
        such card; the dealing kit's `keep_voids` trades it into the closed stock."""
        st: SchnapsenState = other  # type: ignore[assignment]
        if not any(st.barred):
            return
        piles = st.hands + [st.stock]
        hidden = [s for s in (0, 1) if s != seat] + [2]
        keep_voids(piles, hidden, st.barred + [0], SUIT_IX, rng, bits=BIT)

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts decide a leader's non-card moves as a player would (see
        `Game.playout_action`), where random choice misled the search: a random claim of 66 is
        nearly always wrong, so in playouts a close looked good (the opponent then threw the hand
        away), and strong closed 43 of 200 hands against rdeep and made 5 (issue 34).

        - Claim when the seat's points reach 66, and only then (after the last trick too:
          claim at 66, else end the hand without a claim). The points are public: the cards
          each seat took and its marriages, which the sample holds as the real state does.
        - Exchange the trump Jack when it may: the up card is a higher trump.
        - Show a marriage when one is open, trumps first: 40 or 20 that a random lead may throw
          away.
        - Never close: closing is the tree's decision, valued by playouts that then claim only
          at 66.
        - Otherwise a card, drawn among the playable ones as the search would draw; a follower's
          move and a lead with nothing else to decide are left to the search (None)."""
        st: SchnapsenState = state  # type: ignore[assignment]
        if st.trick:
            return None  # a card to follow
        if st.phase == LAST:
            return CLAIM if self.points(st, seat) >= GOAL else PASS
        last = legal[-1]
        if last.verb == "play":
            return None  # nothing but cards to lead: the moves listed put the others last
        if last == CLAIM and self.points(st, seat) >= GOAL:
            return CLAIM
        if EXCHANGE in legal:
            return EXCHANGE
        marry = [a for a in legal if a.verb == "marry"]
        if marry:
            trump = MARRY_ACTIONS[st.trump]
            return trump if trump in marry else marry[int(rand() * len(marry))]
        cards = [a for a in legal if a.verb == "play"]
        return cards[int(rand() * len(cards))]

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: SchnapsenState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            c = ID_OF[action.args[0]]
            hand = st.hands[seat]
            if len(st.trick) == 1 and self.strict(st):  # a strict answer tells what it lacks
                st.barred[seat] |= self._shows(st, c)
            if c in hand:
                hand.remove(c)
            else:
                st.shown[seat].remove(c)
            trick = st.trick
            trick.append((seat, c))
            if events is not None:
                word = "leads" if len(trick) == 1 else "plays"
                events.append(Event(f"{st.names[seat]} {word} {the(c)}.", "play", seat, {"card": SLUG[c]}))
            if len(trick) == 1:
                st.married = -1
                st.turn = 1 - seat
            else:
                self._finish_trick(st, events)
            return
        if verb == "marry":
            s = SUITS.index(action.args[0])
            k, q = KING_OF[s], QUEEN_OF[s]
            for card in (k, q):
                if card in st.hands[seat]:
                    st.hands[seat].remove(card)
                    st.shown[seat].append(card)
            st.shown[seat].sort(key=SORT_KEY.__getitem__)
            value = 40 if s == st.trump else 20
            st.mar[seat] += value
            if st.closer < 0:
                st.mar_pre[seat] += value
            st.marriages[seat].append(s)
            st.married = s
            if events is not None:
                kind = "a royal marriage (trumps)" if value == 40 else "a marriage"
                note = "" if st.tricks[seat] else " It counts once they take a trick."
                events.append(
                    Event(
                        f"{st.names[seat]} shows {kind} in {SUIT_NAME[s]}, {the(k)} and {the(q)}: "
                        f"{value}.{note}",
                        "marry",
                        seat,
                        {"suit": SUITS[s], "points": value},
                    )
                )
            return
        if verb == "exchange":
            jack = JACK_OF[st.trump]
            if jack in st.hands[seat]:
                st.hands[seat].remove(jack)
            else:
                st.shown[seat].remove(jack)
            up = st.up_zone[0]
            st.up_zone[0] = jack
            st.up = jack  # the card now lying under the stock
            st.shown[seat].append(up)
            st.shown[seat].sort(key=SORT_KEY.__getitem__)
            st.exchanged = seat
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} exchanges {the(jack)} for the up card, {the(up)}.",
                        "exchange",
                        seat,
                        {"jack": SLUG[jack], "up": SLUG[up]},
                    )
                )
            return
        if verb == "close":
            st.closer = seat
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} closes the stock: no more drawing; from now on the second "
                        "player must follow suit and beat the card, else trump.",
                        "close",
                        seat,
                    )
                )
            return
        if verb == "claim":
            self._claim(st, seat, events)
            return
        if verb == "pass":
            self._no_claim(st, seat, events)
            return
        if verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def _finish_trick(self, st: SchnapsenState, events: list[Event] | None) -> None:
        (ls, lc), (fs, fc) = st.trick
        t = st.trump
        fsuit = SUIT_IX[fc]
        if fsuit == SUIT_IX[lc]:
            w = fs if PTS[fc] > PTS[lc] else ls
        else:
            w = fs if fsuit == t else ls
        (st.late if st.closer >= 0 else st.won)[w].extend((lc, fc))
        st.tricks[w] += 1
        st.last = st.trick
        st.last_winner = w
        st.trick = []
        st.turn = w
        if events is not None:
            card = lc if w == ls else fc
            events.append(Event(f"{st.names[w]} wins the trick with {the(card)}.", "trick", w, {"card": SLUG[card]}))
        if st.closer < 0 and st.up_zone:
            self._draw(st, w, events)
        if not st.hands[w] and not st.shown[w]:
            if st.closer >= 0 and w != st.closer:
                # the closer lost the last trick and can no longer go out
                self._closed_failed(st, events, "lost the last trick")
                return
            st.phase = LAST

    def _draw(self, st: SchnapsenState, w: int, events: list[Event] | None) -> None:
        """Winner draws first, then the loser; the last face-down card goes to the winner and the
        up card, face up, to the loser."""
        o = 1 - w
        stock = st.stock
        hw = st.hands[w]
        hw.append(stock.pop(0))
        hw.sort(key=SORT_KEY.__getitem__)
        if stock:
            ho = st.hands[o]
            ho.append(stock.pop(0))
            ho.sort(key=SORT_KEY.__getitem__)
            if events is not None:
                n = len(stock)
                events.append(Event(f"Both draw; {n} card{'s' if n != 1 else ''} left in the stock.", "draw"))
            return
        up = st.up_zone.pop()
        st.shown[o].append(up)
        st.shown[o].sort(key=SORT_KEY.__getitem__)
        if events is not None:
            events.append(
                Event(
                    f"{st.names[w]} draws the last card of the stock; {st.names[o]} takes the up card, "
                    f"{the(up)}. From now on the second player must follow suit and beat the card, else trump.",
                    "draw",
                    o,
                    {"up": SLUG[up]},
                )
            )

    # -- the end of a hand --------------------------------------------------------------------------

    def _claim(self, st: SchnapsenState, s: int, events: list[Event] | None) -> None:
        o = 1 - s
        p = self.points(st, s)
        name, other = st.names[s], st.names[o]
        if st.closer == o:
            if p >= GOAL:
                self._closed_failed(st, events, f"{name} went out first with {p}", claimer=s)
            else:
                gp = penalty_points(st.tricks[o] > 0)
                self._score(st, o, gp, f"{name} claimed 66 with only {p}: {other} scores {gp}.", events)
            return
        if p >= GOAL:
            if st.closer == s:
                op, has = self.points_before_close(st, o), bool(st.won[o])
                basis = " before the close"
            else:
                op, has = self.points(st, o), st.tricks[o] > 0
                basis = ""
            gp = game_points_for_claim(op, has)
            why = "no trick" if not has else f"{op} points{basis}"
            self._score(st, s, gp, f"{name} claims 66 with {p} against {other}'s {why}: {name} scores {gp}.", events)
            return
        if st.closer == s:
            self._closed_failed(st, events, f"{name} claimed 66 with only {p}")
            return
        gp = penalty_points(st.tricks[o] > 0)
        self._score(st, o, gp, f"{name} claimed 66 with only {p}: {other} scores {gp}.", events)

    def _no_claim(self, st: SchnapsenState, s: int, events: list[Event] | None) -> None:
        if st.closer >= 0:
            self._closed_failed(st, events, "did not go out")
            return
        self._score(st, s, 1, f"No claim: {st.names[s]} took the last trick and scores 1.", events)

    def _closed_failed(self, st: SchnapsenState, events: list[Event] | None, how: str, claimer: int = -1) -> None:
        """The closer did not go out: the opponent scores 2, or 3 if they had no trick when the
        stock was closed."""
        c = st.closer
        o = 1 - c
        gp = penalty_points(bool(st.won[o]))
        if claimer == o:
            text = f"{how} after {st.names[c]} closed: {st.names[o]} scores {gp}."
        else:
            text = f"{st.names[c]} closed the stock and {how}: {st.names[o]} scores {gp}."
        self._score(st, o, gp, text, events)

    def _score(self, st: SchnapsenState, seat: int, gp: int, text: str, events: list[Event] | None) -> None:
        row = [0, 0]
        row[seat] = gp
        st.scores[seat] += gp
        st.sheet.append(row)
        p0, p1 = self.points(st, 0), self.points(st, 1)
        st.outcome = f"{text} (Hand points: {st.names[0]} {p0}, {st.names[1]} {p1}.)"
        st.married = -1
        if events is not None:
            events.append(Event(st.outcome, "score", seat, {"game_points": gp, "points": [p0, p1]}))
        if st.scores[seat] >= st.options.target:  # type: ignore[attr-defined]
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over", seat))
            return
        st.phase = DONE
        st.turn = 1 - st.dealer  # the non-dealer of this hand deals the next

    # -- what each seat sees ----------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: SchnapsenState = state  # type: ignore[assignment]
        n = st.names
        closed = " (stock closed)" if st.closer >= 0 else ""
        return [
            Zone("hand0", st.hands[0], Vis.OWNER, 0, f"{n[0]}'s hand", "hand"),
            Zone("hand1", st.hands[1], Vis.OWNER, 1, f"{n[1]}'s hand", "hand"),
            # shown cards are still in the hand, open to both: a second "hand" zone of the seat
            # (the hand counts and the owner's hand view include them; others see them as a row)
            Zone("shown0", st.shown[0], Vis.PUBLIC, 0, f"Shown by {n[0]} (still in hand)", "hand"),
            Zone("shown1", st.shown[1], Vis.PUBLIC, 1, f"Shown by {n[1]} (still in hand)", "hand"),
            Zone("upcard", st.up_zone, Vis.PUBLIC, None, "Trump card" + closed, "row"),
            Zone("stock", st.stock, Vis.NOBODY, None, "Stock (closed)" if st.closer >= 0 else "Stock", "pile"),
            Zone("trick", [c for _, c in st.trick], Vis.PUBLIC, None, "Trick", "row"),
            Zone("won0", st.won[0], Vis.PUBLIC, 0, f"{n[0]}'s won cards", "pile"),
            Zone("won1", st.won[1], Vis.PUBLIC, 1, f"{n[1]}'s won cards", "pile"),
            Zone("late0", st.late[0], Vis.PUBLIC, 0, f"{n[0]}'s won cards after the close", "pile"),
            Zone("late1", st.late[1], Vis.PUBLIC, 1, f"{n[1]}'s won cards after the close", "pile"),
        ]

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: SchnapsenState = state  # type: ignore[assignment]
        trump = SUIT_IX[card] == st.trump
        if card in st.shown[0] or card in st.shown[1]:
            return "shown trump" if trump else "shown"
        return "trump" if trump else ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        out = [("Card points", f"{PTS[card.id]} (Ace 11, Ten 10, King 4, Queen 3, Jack 2)"),
               ("Order", "Ace, Ten, King, Queen, Jack (high to low)")]
        trump = obs.status.get("Trump", "")
        if trump:
            out.append(("Trump", f"{'yes' if card.suits[0].capitalize() == trump else 'no'}: {trump} are trumps"))
        if card.rank in (KING, QUEEN):
            out.append(("Marriage", "King and Queen of one suit shown together: 20, or 40 in trumps"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: SchnapsenState = state  # type: ignore[assignment]
        names = st.names
        trump = SUIT_NAME[st.trump]
        if st.up_zone:
            up = FRENCH[st.up_zone[0]].name
            stock = f"{len(st.stock)} face down on the trump card"
            if st.closer >= 0:
                stock += f", closed by {names[st.closer]}"
        else:
            up = f"{FRENCH[st.up].name}, drawn"
            stock = "used up"
        status = {
            "Hand": str(st.hand_no),
            "Dealer": names[st.dealer],
            "Trump": trump,
            "Trump card": up,
            "Stock": stock,
            "Play": "strict: follow suit and beat, else trump" if self.strict(st) else "free: no need to follow suit",
            "Game": f"to {st.options.target}",  # type: ignore[attr-defined]
        }
        training = st.options.training  # type: ignore[attr-defined]
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(2):
            facts = {"Tricks": str(st.tricks[s])}
            if st.marriages[s]:
                facts["Marriages"] = ", ".join(
                    f"{SUIT_NAME[m]} {40 if m == st.trump else 20}" for m in st.marriages[s]
                )
            if st.closer == s:
                facts["Closed"] = "the stock"
            if s == st.dealer:
                facts["Dealer"] = "yes"
            if training:
                facts["Points"] = str(self.points(st, s))
                if st.closer == 1 - s:
                    facts["Before the close"] = str(self.points_before_close(st, s))
            seat_facts[s] = facts
        plays = [TrickPlay(seat=p, card=SLUG[c], note="trump" if SUIT_IX[c] == st.trump else "") for p, c in st.trick]
        # the previous trick stays in view only until the next card is played
        last = [] if st.trick else [TrickPlay(seat=p, card=SLUG[c]) for p, c in st.last]
        note = f"Trump: {trump}"
        if self.strict(st) and st.phase == PLAY:
            note += " · strict play"
        if st.married >= 0:
            note += f" · marriage in {SUIT_NAME[st.married]}: lead its King or Queen"
        view = TrickView(
            leader=st.trick[0][0] if st.trick else (st.turn if st.phase == PLAY else None),
            plays=plays,
            note=note,
            last=last,
            last_winner=st.last_winner if last and st.last_winner >= 0 else None,
            last_hidden=bool(st.trick and st.last),  # taken tricks are not looked at again
        )
        extra: dict[str, Any] = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "trump": SUITS[st.trump],
            "closer": st.closer if st.closer >= 0 else None,
            "strict": self.strict(st),
            "training": training,
        }
        if training:
            extra["points"] = [self.points(st, 0), self.points(st, 1)]
        if st.outcome and st.phase in (DONE, OVER):
            extra["outcome"] = st.outcome
        return {
            "phase": st.phase,
            # claim or not after the last trick scores differently: no option is taken by reflex
            "no_default": st.phase == LAST and seat == st.turn and not st.over,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: SchnapsenState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        if st.phase == DONE:
            if mine:
                return f"{st.outcome} Deal the next hand when you are both ready."
            return f"{st.outcome} Waiting for {who} to deal the next hand."
        if st.phase == LAST:
            if mine:
                other = st.names[1 - st.turn]
                if st.closer >= 0:
                    return ("You took the last trick. Claim 66 now, or the close fails. A right claim "
                            f"scores 3 if {other} had no trick when you closed, 2 if {other} had 32 points "
                            "or less then, else 1.")
                return ("You took the last trick. Claim 66 if you have it, or take the last trick's 1 "
                        f"game point. A right claim scores 3 if {other} took no trick, 2 if {other} has "
                        "32 points or less, else 1.")
            return f"Waiting for {who}: claim 66 or not."
        if st.married >= 0:
            if mine:
                return f"Lead the King or the Queen of {SUIT_NAME[st.married]}."
            return f"Waiting for {who} to lead from the marriage."
        if not st.trick:
            if mine:
                return self._lead_prompt(st)
            return f"Waiting for {who} to lead."
        if mine:
            if self.strict(st):
                return "Follow suit and beat the card if you can; if you cannot follow, play a trump."
            return "Play any card: no need to follow suit while the stock is open."
        return f"Waiting for {who} to play."

    def _lead_prompt(self, st: SchnapsenState) -> str:
        """The leader's prompt, naming only what is possible before this lead."""
        seat = st.turn
        verbs = {a.verb for a in self.legal_actions(st, seat)}
        options = []
        if "exchange" in verbs:
            options.append("exchange the trump Jack")
        if "close" in verbs:
            options.append("close the stock")
        if "marry" in verbs:
            options.append("show a marriage")
        if "claim" in verbs:
            options.append("claim 66")
        if not options:
            return "Your lead: play any card."
        words = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
        return f"Your lead. Before leading you may {words}."

    def label(self, state: State, action: Action) -> str:
        st: SchnapsenState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if verb == "play":
            c = ID_OF.get(args[0], -1)
            name = the(c) if c >= 0 else args[0]
            return f"Lead {name}" if not st.trick else f"Play {name}"
        if verb == "marry":
            s = SUITS.index(args[0])
            value = 40 if s == st.trump else 20
            return f"Marry in {SUIT_NAME[s]}: show King and Queen ({value})"
        if verb == "exchange":
            up = st.up_zone[0] if st.up_zone else st.up
            return f"Exchange {the(JACK_OF[st.trump])} for {the(up)}"
        if verb == "close":
            return "Close the stock"
        if verb == "claim":
            return "Claim 66" if st.phase != LAST else f"Claim 66: {self._claim_scores(st, st.turn)}"
        if verb == "pass":
            gp, o = self._pass_scores(st, st.turn)
            if st.closer >= 0:
                return f"No claim: the close fails, {st.names[o]} scores {gp}"
            return f"No claim: you score {gp} for the last trick"
        if verb == "deal":
            return "Deal the next hand"
        return super().label(state, action)

    def _pass_scores(self, st: SchnapsenState, s: int) -> tuple[int, int]:
        """(game points, to whom) of ending the hand without a claim after the last trick: the
        last trick's point, or the failed close's penalty; nothing hidden decides it."""
        if st.closer >= 0:
            o = 1 - st.closer
            return penalty_points(bool(st.won[o])), o
        return 1, s

    def _claim_scores(self, st: SchnapsenState, s: int) -> str:
        """What a claim after the last trick scores, in words, as far as the claimer may be told:
        exactly with the training option (the points are on the table) or when the opponent took
        no trick (then the claimer holds every point); else what it scores if right and if wrong,
        since the running points are for the players to count."""
        o = 1 - s
        other = st.names[o]
        if st.options.training or st.tricks[o] == 0:  # type: ignore[attr-defined]
            trial = st.clone()
            self._claim(trial, s, None)
            row = trial.sheet[-1]
            return f"you score {row[s]}" if row[s] else f"{other} scores {row[o]}"
        if st.closer == s:
            right = "3" if not st.won[o] else "1 or 2"
            wrong = penalty_points(bool(st.won[o]))
        else:
            right = "1 or 2"
            wrong = penalty_points(True)
        return f"right, you score {right}; wrong, {other} scores {wrong}"

    # -- the end ----------------------------------------------------------------------------------

    def _summary(self, st: SchnapsenState) -> str:
        a, b = st.scores
        if a == b:
            return f"{st.names[0]} and {st.names[1]} are level at {a}."
        w = 0 if a > b else 1
        return f"{st.names[w]} wins the game {max(a, b)} to {min(a, b)}."

    def final(self, state: State) -> ResultView:
        st: SchnapsenState = state  # type: ignore[assignment]
        a, b = st.scores
        placings = [1, 1] if a == b else ([1, 2] if a > b else [2, 1])
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]}" for s in range(2))
            for i, row in enumerate(st.sheet, 1)
        ]
        if st.outcome:
            details.append(st.outcome)
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)


GAME = Schnapsen()
