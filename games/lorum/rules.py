"""Lórum (RULES.md section 17): four players, 32 cards, chips and a pot, seven hand types.

Each dealer deals seven hands in a row, one of each type, then the deal passes left: No hearts,
Queens, No tricks (tricks, penalties paid by the payment table), Hairy Ape (cards held facing out:
you see the other three hands, never your own, and choose a face-down slot), Train (a running total
with thresholds paid into the pot), Quart (runs of four with forced plays made automatically) and
Domino (rows built out from a base rank; the first out takes the pot). 28 hands in all by default.
The next hand is dealt automatically as soon as a hand is settled. help.md lists every reading.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, SUITS, a_rank, cut, the
from decktable.engine.actions import CARD, INT, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids
from decktable.engine.kits.tricks import follow_options, shows_void, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.lorum import INFO

# -- tables, per French card id (0..51) ------------------------------------------------------------

FULL: tuple[int, ...] = cut(range(7, 15))  # 32 cards: 7 to Ace in every suit
SUIT_OF: list[int] = [c.id // 13 for c in FRENCH]
RANK: list[int] = [c.rank or 0 for c in FRENCH]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
KEY: list[int] = [SUIT_OF[c] * 20 + RANK[c] for c in range(52)]
IN_PACK: frozenset[int] = frozenset(FULL)
HEARTS = SUITS.index("hearts")
KING_OF_HEARTS = ID_OF["kh"]
QUEEN_VALUE: list[int] = [0] * 52
for _slug, _v in (("qh", 4), ("qd", 3), ("qs", 2), ("qc", 1)):
    QUEEN_VALUE[ID_OF[_slug]] = _v
TRAIN_BY_RANK: dict[int, int] = {14: 11, 13: 4, 12: 3, 11: 2, 10: 1}
TRAIN_VALUE: list[int] = [TRAIN_BY_RANK.get(RANK[c], 0) for c in range(52)]
#: Quart: the next higher card of the same suit; after the Ace comes the 7
NEXT_UP: list[int] = [
    (c + 1 if RANK[c] < 14 else c - 7) if c in IN_PACK else -1 for c in range(52)
]
RANK_WORD: dict[int, str] = {7: "7", 8: "8", 9: "9", 10: "10", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
RANK_PLURAL: dict[int, str] = {7: "7s", 8: "8s", 9: "9s", 10: "10s", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}

# hand types, in the order each dealer plays them
NO_HEARTS, QUEENS, NO_TRICKS, HAIRY_APE, TRAIN, QUART, DOMINO = range(7)
TYPE_IDS: tuple[str, ...] = ("no_hearts", "queens", "no_tricks", "hairy_ape", "train", "quart", "domino")
TYPE_NAMES: tuple[str, ...] = ("No hearts", "Queens", "No tricks", "Hairy Ape", "Train", "Quart", "Domino")
TYPE_COSTS: tuple[str, ...] = (
    "1 chip a heart taken",
    "queens cost: hearts 4, diamonds 3, spades 2, clubs 1",
    "1 chip a trick taken",
    "the heart King costs 4 into the pot",
    "thresholds pay into the pot",
    "the first out is paid 1 chip a card",
    "1 chip a card into the pot; the first out takes the pot",
)
THRESHOLDS: dict[str, tuple[int, ...]] = {"25-50-75-100": (25, 50, 75, 100), "21-42-63-84": (21, 42, 63, 84)}
APE_FEE = 4
#: one bit a card, for what a seat showed it does not hold (`LorumState.barred`)
BIT: list[int] = [1 << c for c in range(52)]
SUIT_BITS: list[int] = [sum(BIT[c] for c in FULL if SUIT_OF[c] == s) for s in range(4)]
NOT_HEARTS: int = sum(SUIT_BITS) & ~SUIT_BITS[HEARTS]

DEAL = Action("deal")
PLAY: dict[int, Action] = {c: Action("play", (SLUG[c],)) for c in FULL}
PICK: list[Action] = [Action("pick", (str(k),)) for k in range(9)]  # PICK[k]: slot k (1..8)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def max_train_total() -> int:
    """The largest running total a Train hand can reach: every card's value added up (84)."""
    return sum(TRAIN_VALUE[c] for c in FULL)


def settle_penalties(amounts: list[int]) -> tuple[list[int], int]:
    """The payment table of No hearts, Queens and No tricks: (chip change per seat, chips into
    the pot) for the penalty units each seat took. The units always add up to the hand's total."""
    total = sum(amounts)
    takers = [s for s in range(4) if amounts[s] > 0]
    others = [s for s in range(4) if amounts[s] == 0]
    delta = [0, 0, 0, 0]
    if len(takers) == 4:
        return [-a for a in amounts], total
    if len(takers) == 1:
        t = takers[0]
        for s in others:
            delta[s] -= total
            delta[t] += total
        return delta, 0
    for s in takers:
        delta[s] -= amounts[s]
    share = total // len(others) if others else 0
    for s in others:
        delta[s] += share
    return delta, 0


# -- options and state -------------------------------------------------------------------------------


class LorumOptions(BaseModel):
    chips: int = Field(
        100,
        ge=0,
        le=100000,
        description="Chips each player starts with. Balances may go below zero, as on a score sheet.",
    )
    rounds: int = Field(
        4,
        ge=1,
        le=4,
        description="How many dealers deal their cycle of hands (4 = every player deals: the full "
        "game of 28 hands). Fewer makes a shorter game.",
    )
    start: Literal["no_hearts", "queens", "no_tricks", "hairy_ape", "train", "quart", "domino"] = Field(
        "no_hearts",
        description="The hand type each dealer's cycle starts with; the types before it are left "
        "out (practice, or a short game). Every cycle still ends with Domino, which empties the pot.",
    )
    hairy_ape_open: bool = Field(
        False,
        description="Play the Hairy Ape the serious way: hold your cards normally and play an "
        "ordinary trick hand (follow suit), still avoiding the King of Hearts.",
    )
    train_thresholds: Literal["25-50-75-100", "21-42-63-84"] = Field(
        "25-50-75-100",
        description="Train thresholds that pay 1, 2, 3 and 4 chips. The standard 100 can never be "
        "reached (the pack holds 84); 21-42-63-84 makes all four reachable.",
    )
    stop_early: bool = Field(
        False,
        description="End No hearts once all eight hearts are taken and Queens once all four "
        "queens are taken (the payments are the same; it saves playing out dead tricks).",
    )


class LorumState(State):
    __slots__ = (
        "kind",
        "dealer",
        "first_dealer",
        "hand_index",
        "total_hands",
        "types",
        "turn",
        "leader",
        "hands",
        "table",
        "table_seats",
        "last",
        "last_seats",
        "last_winner",
        "won",
        "tricks",
        "pile",
        "rows",
        "base",
        "total",
        "pot",
        "start_chips",
        "hand_start",
        "facing_out",
        "tricks_played",
        "done",
        "barred",
    )

    kind: int  # the hand type being played
    dealer: int
    first_dealer: int
    hand_index: int  # 0-based count of hands dealt so far, this one included - 1
    total_hands: int
    types: list[int]  # the hand types of one cycle
    turn: int
    leader: int  # who led the trick / started the sequence
    hands: list[list[int]]
    table: list[int]  # the trick, Train's round of plays, or Quart's sequence
    table_seats: list[int]
    last: list[int]  # the previous trick or sequence, for a glance back (cards also in a pile)
    last_seats: list[int]
    last_winner: int
    won: list[list[int]]  # cards captured in the trick hands, face up for all
    tricks: list[int]
    pile: list[int]  # Train's and Quart's finished cards
    rows: list[list[int]]  # Domino: one row per suit, low to high
    base: int  # Domino's base rank, 0 before the first card
    total: int  # Train's running total
    pot: int
    start_chips: int
    hand_start: list[int]  # chips at the start of this hand (the score sheet row)
    facing_out: bool  # this hand is the Hairy Ape with cards held facing out
    tricks_played: int
    done: bool  # the hand is settled; the next dealer deals (the cards stay where they are)
    barred: list[int]  # per seat, cards its plays and passes this hand showed it lacks (BIT), public


# -- the game ------------------------------------------------------------------------------------------


class Lorum(Game):
    info = GameInfo(id="lorum", **INFO)
    Options = LorumOptions
    catalogue = FRENCH
    grammar = Grammar({"play": (CARD,), "pick": (INT,), "deal": ()}, FRENCH, SUITS)
    #: the search plays no better past about 100 iterations here (medium at 100 beat easy at 40 by
    #: 14.0 chips a game, at 300 by 15.4; strong at 3,000 beat medium at 300 by 0.5): what decides
    #: a hand is who holds which card, not how long a bot thinks (an all-seeing strong bot beat
    #: medium 83% of 100 games). So medium and easy think where the search still gains.
    level_iterations = {"medium": 40, "easy": 10}

    # -- starting and dealing ----------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        o: LorumOptions = options  # type: ignore[assignment]
        st = LorumState(names, rng, options)
        st.start_chips = o.chips
        st.scores = [o.chips] * 4
        st.pot = 0
        st.types = list(range(TYPE_IDS.index(o.start), 7))
        st.total_hands = o.rounds * len(st.types)
        # a stacked deal is the same for every seed: seat 3 deals, so seat 0 gets the top card
        st.first_dealer = 3 if deck is not None else rng.below(4)
        st.hands = [[], [], [], []]
        st.won = [[], [], [], []]
        st.rows = [[], [], [], []]
        st.table = []
        st.table_seats = []
        st.last = []
        st.last_seats = []
        st.pile = []
        st.hand_index = 0
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: LorumState, order: list[int], events: list[Event] | None) -> None:
        """Deal hand number `hand_index + 1` from `order` (index 0 = top): eight cards each, one
        at a time from the dealer's left, who then leads or starts."""
        per = len(st.types)
        st.kind = st.types[st.hand_index % per]
        st.dealer = (st.first_dealer + st.hand_index // per) % 4
        st.hand_no = st.hand_index + 1
        st.facing_out = st.kind == HAIRY_APE and not st.options.hairy_ape_open  # type: ignore[attr-defined]
        first = (st.dealer + 1) % 4
        dealt = deal(list(order), 4, 8, first=first)
        for s in range(4):
            h = st.hands[s]
            h[:] = dealt[s]
            if not st.facing_out:
                h.sort(key=KEY.__getitem__)  # held facing out, the slots keep the deal's order
            st.won[s].clear()
            st.rows[s].clear()
        st.table.clear()
        st.table_seats.clear()
        st.last.clear()
        st.last_seats.clear()
        st.last_winner = -1
        st.pile.clear()
        st.tricks = [0, 0, 0, 0]
        st.tricks_played = 0
        st.barred = [0, 0, 0, 0]
        st.base = 0
        st.total = 0
        st.turn = first
        st.leader = first
        st.hand_start = list(st.scores)
        st.done = False
        if events is not None:
            how = ""
            if st.facing_out:
                how = " Everyone holds their cards facing out: each player sees the other three hands, never their own."
            events.append(
                Event(
                    f"Hand {st.hand_no} of {st.total_hands}: {TYPE_NAMES[st.kind]}. "
                    f"{st.names[st.dealer]} deals; {st.names[first]} plays first.{how}",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "type": TYPE_IDS[st.kind], "dealer": st.dealer},
                )
            )

    # -- whose turn, what is legal -----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: LorumState = state  # type: ignore[assignment]
        if st.over:
            return ()
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "no_hearts": "",
        "queens": "",
        "no_tricks": "",
        "hairy_ape": "",
        "train": "",
        "quart": "",
        "domino": "",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        st: LorumState = state  # type: ignore[assignment]
        return "over" if st.over else ("scored" if st.done else TYPE_IDS[st.kind])

    def _playable(self, st: LorumState, seat: int) -> list[int]:
        """The cards `seat` may play now (not for the Hairy Ape held facing out)."""
        hand = st.hands[seat]
        kind = st.kind
        if kind <= HAIRY_APE:
            if st.table:
                led = SUIT_OF[st.table[0]]
                return follow_options(hand, lambda c: SUIT_OF[c] == led)
            if kind == NO_HEARTS and st.tricks_played == 0:
                other = [c for c in hand if SUIT_OF[c] != HEARTS]
                return other if other else list(hand)
            return list(hand)
        if kind == DOMINO:
            return [c for c in hand if self._fits(st, c)]
        return list(hand)

    def _fits(self, st: LorumState, c: int) -> bool:
        """Domino: whether card `c` may be laid now."""
        if st.base == 0:
            return True
        row = st.rows[SUIT_OF[c]]
        if not row:
            return RANK[c] == st.base
        r = RANK[c]
        return r == RANK[row[0]] - 1 or r == RANK[row[-1]] + 1

    def _takers(self, st: LorumState) -> int:
        """Domino: the cards that could be laid now (`_fits`), as bits (asked only at a pass)."""
        return sum(BIT[c] for c in FULL if self._fits(st, c))

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see: a player seen not to follow a suit in a
        trick hand (not the Hairy Ape held facing out, where nobody must follow), or to open No
        hearts with a heart, or to pass in Domino, holds no card that showed it lacks (`barred`);
        the dealing kit's `keep_voids` trades such a card into another hidden hand that may
        take it."""
        st: LorumState = other  # type: ignore[assignment]
        if st.facing_out or not any(st.barred):
            return
        keep_voids(st.hands, [s for s in range(4) if s != seat], st.barred, SUIT_OF, rng, bits=BIT)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: LorumState = state  # type: ignore[assignment]
        if st.done:
            return [DEAL]
        if st.facing_out:
            return PICK[1 : len(st.hands[seat]) + 1]
        return [PLAY[c] for c in self._playable(st, seat)]

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: LorumState = state  # type: ignore[assignment]
        if not st.over and seat == st.turn and not st.done:
            if st.facing_out:
                if action.verb == "pick" and action in PICK[1 : len(st.hands[seat]) + 1]:
                    return None
            elif action.verb == "play":
                c = ID_OF.get(action.args[0], -1) if action.args else -1
                if c in st.hands[seat] and c in self._playable(st, seat):
                    return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        """None when `action` is legal for `seat` now, else the reason in a sentence."""
        st: LorumState = state  # type: ignore[assignment]
        if st.over:
            return "The game is over."
        if seat != st.turn:
            return f"It is {st.names[st.turn]}'s turn, not yours."
        misfit = self.grammar.misfit(action)
        if misfit is not None:
            return f"That is not a move of Lórum ({misfit})."
        if st.done:
            if action.verb == "deal":
                return None
            return f"Hand {st.hand_no} is over: deal the next hand first."
        if action.verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        hand = st.hands[seat]
        if st.facing_out:
            if action.verb != "pick":
                # never say whether the seat holds the card: it cannot see its own hand
                return (
                    "In the Hairy Ape you cannot see your own cards: choose one of your face-down "
                    f"slots (pick 1 to {len(hand)})."
                )
            k = int(action.args[0])
            if not 1 <= k <= len(hand):
                return f"Choose one of your face-down slots, from 1 to {len(hand)}."
            return None
        if action.verb == "pick":
            return "Slots are chosen only in the Hairy Ape, when you cannot see your cards: play a card."
        c = ID_OF.get(action.args[0], -1)
        if c not in IN_PACK:
            return f"{FRENCH[c].name if c >= 0 else 'That card'} is not in the Lórum pack (7 to Ace only)."
        if c not in hand:
            return f"You do not hold {the(c)}."
        kind = st.kind
        if kind <= HAIRY_APE:
            if st.table:
                led = SUIT_OF[st.table[0]]
                if SUIT_OF[c] != led and any(SUIT_OF[x] == led for x in hand):
                    return f"You must follow suit: you hold {SUITS[led]}."
                return None
            if kind == NO_HEARTS and st.tricks_played == 0 and SUIT_OF[c] == HEARTS:
                if any(SUIT_OF[x] != HEARTS for x in hand):
                    return "No heart may be led to the first trick while you hold another suit."
            return None
        if kind == DOMINO and not self._fits(st, c):
            row = st.rows[SUIT_OF[c]]
            suit = SUITS[SUIT_OF[c]].capitalize()
            if not row:
                return (
                    f"There is no {suit} row yet: it can only be started with "
                    f"{a_rank(st.base)}, the base rank."
                )
            lo, hi = RANK[row[0]], RANK[row[-1]]
            ends = [RANK_WORD[r] for r in (lo - 1, hi + 1) if 7 <= r <= 14]
            need = f"the {' or the '.join(ends)}" if ends else "nothing more (it is complete)"
            return (
                f"{the(c)[4:]} does not fit: the {suit} row runs {RANK_WORD[lo]} to {RANK_WORD[hi]}, "
                f"so it takes {need}."
            )
        return None

    # -- carrying out ---------------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: LorumState = state  # type: ignore[assignment]
        if action.verb == "deal":
            st.hand_index += 1
            self._deal(st, st.rng.shuffled(FULL), events)
            return
        hand = st.hands[seat]
        if action.verb == "pick":
            k = int(action.args[0])
            c = hand.pop(k - 1)
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} plays the card in slot {k}: {the(c)}.",
                        "play",
                        seat,
                        {"card": SLUG[c], "slot": k},
                    )
                )
        else:
            c = ID_OF[action.args[0]]
            hand.remove(c)
            if events is not None and st.kind <= HAIRY_APE:
                events.append(Event(f"{st.names[seat]} plays {the(c)}.", "play", seat, {"card": SLUG[c]}))
        self._lay(st, seat, c, events)

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): each card drawn uniformly from those
        `legal_actions` would list and laid without an action or events; the Hairy Ape's slots
        and the deal go through the generic step. Stops at the end of the hand. `trace` collects
        the moves as (seat, action)."""
        st: LorumState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            seat = st.turn
            if st.done or st.facing_out:
                if not self.random_step(st, seat, rand, trace):
                    break
            else:
                cards = self._playable(st, seat)
                if not cards:
                    break
                c = cards[int(rand() * len(cards))]
                if trace is not None:
                    trace.append((seat, PLAY[c]))
                st.hands[seat].remove(c)
                self._lay(st, seat, c, None)
            moves += 1
        return moves

    def _lay(self, st: LorumState, seat: int, c: int, events: list[Event] | None) -> None:
        """Card `c`, out of `seat`'s hand, played as this hand's kind plays it."""
        kind = st.kind
        if kind <= HAIRY_APE:
            self._trick_play(st, seat, c, events)
        elif kind == TRAIN:
            self._train_play(st, seat, c, events)
        elif kind == QUART:
            self._quart_start(st, seat, c, events)
        else:
            self._domino_play(st, seat, c, events)

    # trick hands: No hearts, Queens, No tricks, Hairy Ape

    def _trick_play(self, st: LorumState, seat: int, c: int, events: list[Event] | None) -> None:
        if not st.table:
            st.leader = seat
            if st.kind == NO_HEARTS and st.tricks_played == 0 and SUIT_OF[c] == HEARTS:
                st.barred[seat] |= NOT_HEARTS  # a heart may open only a hand of nothing else
        elif not st.facing_out:  # it could not follow: none of the suit led
            void = shows_void(((st.leader, st.table[0]),), c, SUIT_OF)
            if void:
                st.barred[seat] |= SUIT_BITS[void.bit_length() - 1]
        st.table.append(c)
        st.table_seats.append(seat)
        if len(st.table) < 4:
            st.turn = (seat + 1) % 4
            return
        plays = st.table
        led = SUIT_OF[plays[0]]
        st.tricks_played += 1
        followed = any(SUIT_OF[x] == led for x in plays[1:])
        kh_taker = -1
        if st.facing_out and not followed:
            # nobody followed: everyone takes back their own card; the leader leads again
            for s, x in zip(st.table_seats, plays):
                st.won[s].append(x)
                if x == KING_OF_HEARTS:
                    kh_taker = s
            w = st.leader
            if events is not None:
                events.append(
                    Event(
                        f"Nobody followed {SUITS[led]}: everyone takes back their own card as a "
                        f"capture, and {st.names[w]} leads again.",
                        "trick",
                        w,
                        {"winner": None},
                    )
                )
            st.last_winner = -1
        else:
            best = winner(list(zip(st.table_seats, plays)), lambda x: RANK[x] if SUIT_OF[x] == led else None)
            w = st.table_seats[best]
            st.won[w].extend(plays)
            st.tricks[w] += 1
            if KING_OF_HEARTS in plays:
                kh_taker = w
            st.last_winner = w
            if events is not None:
                events.append(
                    Event(f"{st.names[w]} wins the trick with {the(plays[best])}.", "trick", w, {"winner": w})
                )
        st.last[:] = plays
        st.last_seats[:] = st.table_seats
        st.table.clear()
        st.table_seats.clear()
        st.turn = w
        st.leader = w
        kind = st.kind
        if kind == HAIRY_APE:
            if kh_taker >= 0:
                self._pay_pot(st, kh_taker, APE_FEE)
                if events is not None:
                    events.append(
                        Event(
                            f"{st.names[kh_taker]} captures the King of Hearts and pays {APE_FEE} chips "
                            f"into the pot (the pot holds {st.pot}). The hand stops here.",
                            "score",
                            kh_taker,
                            {"paid": APE_FEE, "pot": st.pot},
                        )
                    )
                self._end_hand(st, events)
            elif not st.hands[w]:
                self._end_hand(st, events)  # cannot happen: the King of Hearts is always captured
            return
        if not st.hands[w]:
            self._settle_tricks(st, events)
            return
        if st.options.stop_early:  # type: ignore[attr-defined]
            if kind == NO_HEARTS and sum(SUIT_OF[x] == HEARTS for p in st.won for x in p) == 8:
                if events is not None:
                    events.append(Event("All eight hearts are taken: the rest of the hand is not played.", "info"))
                self._settle_tricks(st, events)
            elif kind == QUEENS and sum(QUEEN_VALUE[x] for p in st.won for x in p) == 10:
                if events is not None:
                    events.append(Event("All four queens are taken: the rest of the hand is not played.", "info"))
                self._settle_tricks(st, events)

    def _units(self, st: LorumState) -> list[int]:
        """What each seat took that costs: hearts, queen values or tricks."""
        if st.kind == NO_HEARTS:
            return [sum(1 for x in p if SUIT_OF[x] == HEARTS) for p in st.won]
        if st.kind == QUEENS:
            return [sum(QUEEN_VALUE[x] for x in p) for p in st.won]
        return list(st.tricks)

    def _settle_tricks(self, st: LorumState, events: list[Event] | None) -> None:
        units = self._units(st)
        delta, into_pot = settle_penalties(units)
        for s in range(4):
            st.scores[s] += delta[s]
        st.pot += into_pot
        if events is not None:
            word = {NO_HEARTS: "heart", QUEENS: "chip", NO_TRICKS: "trick"}[st.kind]
            took = listing([f"{st.names[s]} {plural(units[s], word)}" if st.kind != QUEENS else
                            f"{st.names[s]} {units[s]}" for s in range(4)])
            head = {NO_HEARTS: "Hearts taken", QUEENS: "Queen values taken", NO_TRICKS: "Tricks taken"}[st.kind]
            takers = [s for s in range(4) if units[s]]
            clean = [st.names[s] for s in range(4) if not units[s]]
            total = sum(units)
            if len(takers) == 4:
                how = f"everyone took some, so each pays theirs into the pot ({total} chips; the pot holds {st.pot})"
            elif len(takers) == 3:
                how = f"{clean[0]} took none and is paid by the others ({total} chips)"
            elif len(takers) == 2:
                how = f"{listing(clean)} took none and get {total // 2} chips each from the others"
            else:
                t = takers[0]
                how = f"{st.names[t]} took them all and is paid {total} chips by each of the others ({3 * total} in all)"
            events.append(Event(f"{head}: {took}. {how[0].upper()}{how[1:]}.", "score", None,
                                {"units": units, "delta": delta, "pot": st.pot}))
        self._end_hand(st, events)

    def _pay_pot(self, st: LorumState, seat: int, n: int) -> None:
        st.scores[seat] -= n
        st.pot += n

    # Train

    def _thresholds(self, st: LorumState) -> tuple[int, ...]:
        return THRESHOLDS[st.options.train_thresholds]  # type: ignore[attr-defined]

    def _train_play(self, st: LorumState, seat: int, c: int, events: list[Event] | None) -> None:
        before = st.total
        st.total = after = before + TRAIN_VALUE[c]
        if len(st.table) == 4:
            st.pile.extend(st.table)
            st.last[:] = st.table
            st.last_seats[:] = st.table_seats
            st.table.clear()
            st.table_seats.clear()
        if not st.table:
            st.leader = seat
        st.table.append(c)
        st.table_seats.append(seat)
        fee = 0
        for i, t in enumerate(self._thresholds(st)):
            if before < t <= after:
                fee = i + 1
                self._pay_pot(st, seat, fee)
                if events is not None:
                    events.append(
                        Event(
                            f"{st.names[seat]} plays {the(c)} ({TRAIN_VALUE[c]}): the total is {after}, "
                            f"reaching {t}, so {st.names[seat]} pays {plural(fee, 'chip')} into the pot "
                            f"(the pot holds {st.pot}).",
                            "play",
                            seat,
                            {"card": SLUG[c], "total": after, "paid": fee},
                        )
                    )
        if events is not None and not fee:
            events.append(
                Event(f"{st.names[seat]} plays {the(c)} ({TRAIN_VALUE[c]}): the total is {after}.", "play", seat,
                      {"card": SLUG[c], "total": after, "paid": 0})
            )
        if not any(st.hands):
            st.pile.extend(st.table)
            st.last[:] = st.table
            st.last_seats[:] = st.table_seats
            st.table.clear()
            st.table_seats.clear()
            if events is not None:
                events.append(Event(f"The Train is over at a total of {st.total}.", "score", None, {"total": st.total}))
            self._end_hand(st, events)
            return
        st.turn = (seat + 1) % 4

    # Quart

    def _quart_start(self, st: LorumState, seat: int, c: int, events: list[Event] | None) -> None:
        if st.table:
            st.pile.extend(st.table)
            st.last[:] = st.table
            st.last_seats[:] = st.table_seats
            st.table.clear()
            st.table_seats.clear()
        st.leader = seat
        st.table.append(c)
        st.table_seats.append(seat)
        if events is not None:
            events.append(Event(f"{st.names[seat]} starts a sequence with {the(c)}.", "play", seat, {"card": SLUG[c]}))
        last = seat
        while True:
            if not st.hands[last]:
                self._quart_out(st, last, events)
                return
            if len(st.table) == 4:
                why = "four cards are down"
                break
            nxt = NEXT_UP[st.table[-1]]
            holder = -1
            for s in range(4):
                if nxt in st.hands[s]:
                    holder = s
                    break
            if holder < 0:
                why = f"{the(nxt)} is already played"
                break
            st.hands[holder].remove(nxt)
            st.table.append(nxt)
            st.table_seats.append(holder)
            last = holder
            if events is not None:
                events.append(
                    Event(f"{st.names[holder]} holds {the(nxt)} and must play it.", "forced", holder,
                          {"card": SLUG[nxt]})
                )
        st.turn = last
        if events is not None:
            events.append(
                Event(f"The sequence stops ({why}); {st.names[last]} starts the next one.", "info", last)
            )

    def _quart_out(self, st: LorumState, w: int, events: list[Event] | None) -> None:
        paid = []
        for s in range(4):
            if s != w:
                n = len(st.hands[s])
                st.scores[s] -= n
                st.scores[w] += n
                paid.append(f"{st.names[s]} {n}")
        st.turn = w
        if events is not None:
            events.append(
                Event(
                    f"{st.names[w]} is out of cards first and is paid a chip for every card left: "
                    f"{listing(paid)}.",
                    "score",
                    w,
                    {"winner": w},
                )
            )
        self._end_hand(st, events)

    # Domino

    def _domino_play(self, st: LorumState, seat: int, c: int, events: list[Event] | None) -> None:
        row = st.rows[SUIT_OF[c]]
        if st.base == 0:
            st.base = RANK[c]
            row.append(c)
            what = f"sets the base rank: {RANK_PLURAL[RANK[c]]} start the rows"
        elif not row:
            row.append(c)
            what = f"starts the {SUITS[SUIT_OF[c]].capitalize()} row"
        elif RANK[c] < RANK[row[0]]:
            row.insert(0, c)
            what = f"lays it below the {SUITS[SUIT_OF[c]].capitalize()} row"
        else:
            row.append(c)
            what = f"lays it above the {SUITS[SUIT_OF[c]].capitalize()} row"
        if events is not None:
            events.append(Event(f"{st.names[seat]} plays {the(c)} and {what}.", "play", seat, {"card": SLUG[c]}))
        if not st.hands[seat]:
            into = 0
            for s in range(4):
                if s != seat:
                    n = len(st.hands[s])
                    st.scores[s] -= n
                    into += n
            st.pot += into
            won = st.pot
            st.scores[seat] += won
            st.pot = 0
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} is out of cards first. The others pay a chip a card into the pot "
                        f"({into} chips), and {st.names[seat]} takes the whole pot: {plural(won, 'chip')}.",
                        "score",
                        seat,
                        {"winner": seat, "pot": won},
                    )
                )
            self._end_hand(st, events)
            return
        nxt = (seat + 1) % 4
        for _ in range(4):
            hand = st.hands[nxt]
            if any(self._fits(st, x) for x in hand):
                break
            st.barred[nxt] |= self._takers(st)  # a pass shows no card the rows would take
            if events is not None:
                events.append(Event(f"{st.names[nxt]} cannot play and passes.", "pass", nxt))
            nxt = (nxt + 1) % 4
        st.turn = nxt

    # end of a hand, end of the game

    def _end_hand(self, st: LorumState, events: list[Event] | None) -> None:
        st.sheet.append([st.scores[s] - st.hand_start[s] for s in range(4)])
        if st.hand_no >= st.total_hands:
            st.over = True
            if events is not None:
                events.append(Event(f"The last hand is over. {self._summary(st)}", "over"))
            return
        # the cards stay where they are, so that everyone can look, until the next dealer deals
        st.done = True
        per = len(st.types)
        st.turn = (st.first_dealer + (st.hand_index + 1) // per) % 4

    # -- what each seat sees ------------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: LorumState = state  # type: ignore[assignment]
        names = st.names
        if st.facing_out:
            out = [
                Zone(f"hand{s}", st.hands[s], Vis.OTHERS, s, f"{names[s]}'s cards (held facing out)", "fan")
                for s in range(4)
            ]
        else:
            out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{names[s]}'s hand", "hand") for s in range(4)]
        kind = st.kind
        label = "Trick" if kind <= HAIRY_APE else ("Train: this round" if kind == TRAIN else "Sequence")
        out.append(Zone("table", st.table, Vis.PUBLIC, None, label, "row"))
        out.append(Zone("pile", st.pile, Vis.PUBLIC, None,
                        "Played cards" if kind == TRAIN else "Finished sequences", "pile"))
        for s in range(4):
            out.append(Zone(f"row{s}", st.rows[s], Vis.PUBLIC, None, f"{SUITS[s].capitalize()} row", "row"))
        for s in range(4):
            out.append(Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{names[s]}'s captures", "pile"))
        return out

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        """The card's worth in each hand type that counts cards, and the hand being played."""
        c = card.id
        out = [("Order", "Ace high, 7 low; no trumps")]
        if obs.status.get("Hand"):
            out.append(("Hand", obs.status["Hand"]))
        if SUIT_OF[c] == HEARTS:
            out.append(("No hearts", "counts 1 against whoever takes it"))
        if QUEEN_VALUE[c]:
            out.append(("Queens", f"counts {QUEEN_VALUE[c]} against whoever takes it"))
        if c == KING_OF_HEARTS:
            out.append(("Hairy Ape", "whoever captures it pays 4 into the pot"))
        out.append(("Train", f"worth {TRAIN_VALUE[c]} to the running total"))
        after = NEXT_UP[c]
        if after >= 0:
            out.append(("Quart", f"followed by {the(after)}"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: LorumState = state  # type: ignore[assignment]
        kind = st.kind
        status = {
            "Hand": f"{st.hand_no} of {st.total_hands}: {TYPE_NAMES[kind]}" if not st.over else "over",
            "Dealer": st.names[st.dealer],
            "Costs": TYPE_COSTS[kind],
            "Pot": plural(st.pot, "chip"),
        }
        if st.facing_out:
            status["Cards"] = "held facing out: you see the others' cards, not yours"
        extra: dict[str, Any] = {
            "hand": st.hand_no,
            "hands": st.total_hands,
            "type": TYPE_IDS[kind],
            "dealer": st.dealer,
            "pot": st.pot,
        }
        if kind == TRAIN:
            status["Running total"] = str(st.total)
            ahead = [(i + 1, t) for i, t in enumerate(self._thresholds(st)) if t > st.total]
            if ahead:
                pay, t = ahead[0]
                status["Next threshold"] = f"{t} (pays {plural(pay, 'chip')})"
            else:
                status["Next threshold"] = "none left"
            extra["total"] = st.total
        elif kind == DOMINO:
            status["Base rank"] = RANK_WORD[st.base] if st.base else "set by the first card"
            extra["base"] = st.base
        elif kind == QUART:
            status["Sequence"] = f"{len(st.table)} of 4"
        units = self._units(st) if kind <= NO_TRICKS else None
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(4):
            facts = {"Chips": str(st.scores[s]), "Cards": str(len(st.hands[s]))}
            if units is not None:
                facts[{NO_HEARTS: "Hearts", QUEENS: "Queens (value)", NO_TRICKS: "Tricks"}[kind]] = str(units[s])
            elif kind == HAIRY_APE:
                facts["Tricks"] = str(st.tricks[s])
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts
        note = f"{TYPE_NAMES[kind]} · {TYPE_COSTS[kind]}"
        if kind == TRAIN:
            note += f" · total {st.total}"
        plays = [TrickPlay(seat=s, card=SLUG[c]) for s, c in zip(st.table_seats, st.table)]
        if plays and kind <= QUART:
            plays[0].note = "led" if kind <= HAIRY_APE else "first"
        view = TrickView(
            leader=st.leader if kind != DOMINO else None,
            plays=plays,
            note=note,
            last=[TrickPlay(seat=s, card=SLUG[c]) for s, c in zip(st.last_seats, st.last)],
            last_winner=st.last_winner if st.last and st.last_winner >= 0 else None,
        )
        return {
            "phase": self.phase(st),
            "prompt": self._prompt(st, seat),
            "status": status,
            # Domino, Quart and the Train have no tricks: no trick area (their table is a row)
            "trick": view if kind <= HAIRY_APE else None,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: LorumState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        if st.done:
            nxt = TYPE_NAMES[st.types[(st.hand_index + 1) % len(st.types)]]
            if seat != st.turn:
                return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand ({nxt})."
            return f"Hand {st.hand_no} is over. Deal the next hand ({nxt}) when everyone has looked."
        if seat != st.turn:
            return f"{TYPE_NAMES[st.kind]}: waiting for {who}."
        kind = st.kind
        if st.facing_out:
            return (
                "Hairy Ape: you see the other three hands but not your own. Choose one of your "
                "face-down slots to play; whoever captures the heart King pays 4 into the pot."
            )
        if kind <= HAIRY_APE:
            aim = {
                NO_HEARTS: "avoid taking hearts",
                QUEENS: "avoid taking queens",
                NO_TRICKS: "avoid taking tricks",
                HAIRY_APE: "avoid taking the heart King (4 chips into the pot)",
            }[kind]
            if st.table:
                return f"{TYPE_NAMES[kind]}: follow suit if you can ({aim})."
            if kind == NO_HEARTS and st.tricks_played == 0:
                return f"{TYPE_NAMES[kind]}: lead to the first trick — not a heart unless you hold only hearts ({aim})."
            return f"{TYPE_NAMES[kind]}: lead any card ({aim})."
        if kind == TRAIN:
            return f"Train: play any card. The total is {st.total}; whoever reaches a threshold pays into the pot."
        if kind == QUART:
            return "Quart: start a sequence with any card; the next higher cards of its suit follow by themselves."
        if st.base == 0:
            return "Domino: play any card; its rank becomes the base rank of every row."
        return (
            f"Domino: lay a card next to an end of its suit's row, or {a_rank(st.base)} "
            "to start a new row."
        )

    def label(self, state: State, action: Action) -> str:
        st: LorumState = state  # type: ignore[assignment]
        if action.verb == "deal":
            nxt = TYPE_NAMES[st.types[(st.hand_index + 1) % len(st.types)]]
            return f"Deal the next hand ({nxt})"
        if action.verb == "pick":
            return f"Play the card in slot {action.args[0]}"
        c = ID_OF.get(action.args[0], -1)
        if c < 0:
            return f"Play {action.args[0]}"
        name = the(c)
        kind = st.kind
        if kind == TRAIN:
            return f"Play {name} ({TRAIN_VALUE[c]}: total {st.total + TRAIN_VALUE[c]})"
        if kind == QUART:
            return f"Start a sequence with {name}"
        if kind == DOMINO:
            if st.base == 0:
                return f"Play {name} (sets the base rank)"
            if not st.rows[SUIT_OF[c]]:
                return f"Start the {SUITS[SUIT_OF[c]].capitalize()} row with {name}"
            return f"Lay {name}"
        if kind <= HAIRY_APE and not st.table:
            return f"Lead {name}"
        return f"Play {name}"

    # -- the end ------------------------------------------------------------------------------------

    def _summary(self, st: LorumState) -> str:
        best = max(st.scores)
        top = [st.names[s] for s in range(4) if st.scores[s] == best]
        if len(top) == 1:
            return f"{top[0]} wins with {plural(best, 'chip')}."
        return f"{listing(top)} share the win with {plural(best, 'chip')} each."

    def final(self, state: State) -> ResultView:
        st: LorumState = state  # type: ignore[assignment]
        placings = [1 + sum(1 for x in st.scores if x > st.scores[s]) for s in range(4)]
        per = len(st.types)
        details = [
            f"Hand {i} ({TYPE_NAMES[st.types[(i - 1) % per]]}): "
            + ", ".join(f"{st.names[s]} {row[s]:+d}" for s in range(4))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)


GAME = Lorum()
