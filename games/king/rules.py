"""King: ten hands of tricks, six negative and four positive. RULES.md section 19; help.md has our
readings.

Flow of a game: (unless `first_dealer` is set) seat 0 deals cards face up round the table until
someone receives the King of Hearts -> that player deals hand 1 -> each hand: 13 cards each, dealt
one at a time from the dealer's left; hands 1-6 are played at once without trumps, each with its
own penalty; in hands 7-10 the dealer first chooses a trump suit, no trump or an auction (the
other three bid numbers of tricks from the dealer's left; two passes in a row end it and the high
bidder names trumps), then Up (+25 a trick) or Down (325, -75 a trick) -> 13 tricks (fewer in a
negative hand stopped early) -> the hand is scored, the deal passes left, and the next dealer
deals. After hand 10 the highest total wins and the zero-sum check is shown.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, JACK, KING, QUEEN, RANK_OF, SUIT_OF, SUITS, card, the
from decktable.engine.actions import CARD, INT, SUIT, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids, left_of
from decktable.engine.kits.tricks import Trick, shows_void, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.king import INFO

# -- tables, per card id ------------------------------------------------------------------------

ALL: tuple[int, ...] = tuple(range(52))
KH: int = card("kh")
HEARTS = SUITS.index("hearts")
SUIT_IX: list[int] = [SUITS.index(SUIT_OF[c]) for c in ALL]
RANK: list[int] = list(RANK_OF)
#: STRENGTH[trump + 1][led][card]: how high a card stands in a trick (trump -1: no trump); None
#: for a card of neither suit, which cannot win
STRENGTH: list[list[list[int | None]]] = [
    [
        [RANK[c] + 100 if SUIT_IX[c] == trump else RANK[c] if SUIT_IX[c] == led else None for c in ALL]
        for led in range(4)
    ]
    for trump in range(-1, 4)
]
SORT_KEY: list[tuple[int, int]] = [(SUIT_IX[c], -RANK[c]) for c in ALL]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}

HANDS = 10
NEGATIVE = 6
TRICKS = 13

#: the hands' names, as the status, the prompts and the score sheet show them (index = hand - 1).
#: Rule texts on screen write "King of hearts": the capitalised printed name "King of Hearts" is
#: kept for sentences that name the card itself (events), which the privacy checks read as such.
HAND_NAME: tuple[str, ...] = (
    "No tricks",
    "No hearts",
    "No Queens",
    "No Kings or Jacks",
    "No King of hearts",
    "No last two tricks",
    "Positive hand",
    "Positive hand",
    "Positive hand",
    "Positive hand",
)
#: what a negative hand costs, in the words of the screen
COST: tuple[str, ...] = (
    "-20 for each trick",
    "-20 for each heart",
    "-50 for each Queen",
    "-30 for each King or Jack",
    "-160 for the King of hearts",
    "-90 for each of the last two tricks",
)
UP_TEXT = "Up: +25 for each trick"
DOWN_TEXT = "Down: 325, less 75 for each trick"


def _penalties(hand: int) -> list[int]:
    """The points a card costs its taker in negative hands 2-5 (hands 1 and 6 count tricks)."""
    if hand == 2:
        return [-20 if SUIT_IX[c] == HEARTS else 0 for c in ALL]
    if hand == 3:
        return [-50 if RANK[c] == QUEEN else 0 for c in ALL]
    if hand == 4:
        return [-30 if RANK[c] in (KING, JACK) else 0 for c in ALL]
    if hand == 5:
        return [-160 if c == KH else 0 for c in ALL]
    return [0] * 52


PENALTY: list[list[int]] = [_penalties(h) for h in range(HANDS + 1)]  # index = hand number
#: how many penalty cards a hand holds, for stopping early once all are taken (0: never stops)
PENALTY_CARDS: list[int] = [0, 0, 13, 4, 8, 1, 0, 0, 0, 0, 0]
#: the whole of each hand's points over the four players (the zero-sum check)
HAND_TOTAL: list[int] = [0, -260, -260, -200, -240, -160, -180, 325, 325, 325, 325]

PLAY_ACTIONS: list[Action] = [Action("play", (SLUG[c],)) for c in ALL]
TRUMP_ACTIONS: list[Action] = [Action("trump", (s,)) for s in SUITS]
BID_ACTIONS: list[Action] = [Action("bid", (str(n),)) for n in range(TRICKS + 1)]
DRAW, DEAL, CHOOSE, BID, NAME, UPDOWN, PLAY, DONE, OVER = (
    "find dealer", "deal", "choose", "auction", "name trumps", "up or down", "play", "scored", "over"
)
A_DRAW, A_DEAL, A_NOTRUMP, A_AUCTION, A_PASS, A_UP, A_DOWN = (
    Action("draw"), Action("deal"), Action("notrump"), Action("auction"), Action("pass"), Action("up"), Action("down")
)


def suit_name(ix: int) -> str:
    return SUITS[ix].capitalize()


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def tricks_word(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def placings(scores: list[int]) -> list[int]:
    """Highest score first; equal scores share a place."""
    return [1 + sum(1 for t in scores if t > s) for s in scores]


def positive_scores(tricks: list[int], dealer: int, bidder: int, bid: int, down: bool) -> list[int]:
    """A positive hand's points: the auction moves `bid` tricks from the high bidder's count to
    the dealer's (bidder -1: no auction), then Up is 25 a trick, Down 325 less 75 a trick."""
    adj = list(tricks)
    if bidder >= 0:
        adj[bidder] -= bid
        adj[dealer] += bid
    return [325 - 75 * t for t in adj] if down else [25 * t for t in adj]


def hand_tricks(hand: list[int], trump: int) -> float:
    """A quick estimate of the tricks `hand` (13 cards or fewer) takes with `trump` (-1: no
    trump), for the search's playouts: a card counts a trick when no higher card of its suit is
    out of the hand, half when one is and it has a guard, a quarter when two are and it has two;
    in the trump suit each card past the third counts one more; with three trumps or more, a
    short side suit counts half a trick a missing card. That count E is turned into tricks as
    random play of the cards takes them (`1.26 + 0.70 E`: fitted over 400 random positive
    hands, four seats each, Up, a random contract; correlation 0.63), since playouts play the
    cards at random."""
    by: list[list[int]] = [[], [], [], []]
    for c in hand:
        by[SUIT_IX[c]].append(RANK[c])
    long_trump = trump >= 0 and len(by[trump]) >= 3
    e = 0.0
    for s in range(4):
        ranks = by[s]
        n = len(ranks)
        for r in ranks:
            above = 14 - r - sum(1 for x in ranks if x > r)  # higher cards of the suit held by others
            if above == 0:
                e += 1.0
            elif above == 1 and n >= 2:
                e += 0.5
            elif above == 2 and n >= 3:
                e += 0.25
        if s == trump:
            e += max(0, n - 3)
        elif long_trump and n <= 1:
            e += 0.5 * (2 - n)
    return 1.26 + 0.70 * e


# -- options and state ---------------------------------------------------------------------------


class KingOptions(BaseModel):
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=3,
        description="Seat (counted from 1: 1 = the first player) that deals the first hand; blank = found as "
        "the rules say, by dealing cards face up until someone receives the King of Hearts.",
    )
    no_heart_lead: bool = Field(
        False,
        description="A usual house rule: in hand 2 (No hearts) and hand 5 (No King of Hearts) no "
        "one may lead a heart while holding a card of another suit.",
    )
    king_of_hearts: Literal["free", "discard", "first_chance"] = Field(
        "free",
        description="Hand 5 (No King of Hearts): 'free' = its holder plays it when they like (the "
        "seed); 'discard' = they must play it whenever they cannot follow suit; 'first_chance' = "
        "also whenever hearts are led (following another suit led still comes first).",
    )
    stop_early: bool = Field(
        False,
        description="Stop hands 2 to 5 as soon as every card that costs points has been taken "
        "(the scores are the same; it only saves time).",
    )
    first_hand: int = Field(
        1,
        ge=1,
        le=10,
        description="Practice: start the game at this hand (1-6 negative, 7-10 positive) with every "
        "score at 0. 1 = the whole game.",
    )
    last_hand: int = Field(
        10,
        ge=1,
        le=10,
        description="A short game: stop after this hand (the zero-sum check then covers the hands "
        "played). 10 = the whole game.",
    )


class KingState(State):
    __slots__ = (
        "phase", "dealer", "turn", "hands", "deck", "up", "drawn", "stacked", "trick", "won",
        "tricks", "taken", "trick_no", "left", "last", "last_winner", "trump", "contract", "bids",
        "high", "high_bidder", "passes", "down", "voids",
    )

    phase: str
    dealer: int
    turn: int
    hands: list[list[int]]
    deck: list[int]  # the undealt pack, face down (before the first deal only)
    up: list[list[int]]  # the cards dealt face up to find the first dealer, per seat
    drawn: list[int]  # the same cards in the order they were dealt
    stacked: bool  # the first hand is dealt from the stacked order, unshuffled
    trick: Trick
    won: list[list[int]]
    tricks: list[int]
    taken: list[int]  # points taken so far this hand (negative hands)
    trick_no: int  # tricks finished this hand
    left: int  # penalty cards not yet taken (for stopping early)
    last: list[tuple[int, int]]
    last_winner: int
    trump: int  # suit index, -1 = no trump
    contract: str  # "" / "trump" / "notrump" / "auction" (what the dealer chose)
    bids: list[int]  # per seat this auction: -1 not yet spoken, 0 passed, n bid
    high: int
    high_bidder: int
    passes: int
    down: int  # -1 not chosen, 0 Up, 1 Down
    voids: list[int]  # per seat, the suits it showed it lacks this hand (bit SUIT_IX), public


# -- the game -------------------------------------------------------------------------------------


class King(Game):
    info = GameInfo(id="king", **INFO)
    Options = KingOptions
    catalogue = FRENCH
    #: below the search's root, contracts, bids and Up or Down are made as `playout_action`
    #: makes them (`Game.policy_in_tree`): tried every way at each node, the auction below a bid
    #: ran up to 12 or 13 tricks, and the strong bot opened at 6 or 7 on hands worth two tricks (issue 34)
    policy_in_tree = True
    grammar = Grammar(
        {
            "draw": (),
            "deal": (),
            "play": (CARD,),
            "trump": (SUIT,),
            "notrump": (),
            "auction": (),
            "bid": (INT,),
            "pass": (),
            "up": (),
            "down": (),
        },
        FRENCH,
        SUITS,
    )

    # -- starting and dealing ---------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        if players != 4:
            raise BadOptions(f"King is for 4 players, not {players}.")
        first, last = options.first_hand, options.last_hand  # type: ignore[attr-defined]
        if first > last:
            raise BadOptions(
                f"Bad options for King: first_hand ({first}) comes after last_hand ({last})."
            )

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = KingState(names, rng, options)
        st.hand_no = options.first_hand  # type: ignore[attr-defined]
        st.won = [[], [], [], []]
        st.hands = [[], [], [], []]
        st.up = [[], [], [], []]
        st.drawn = []
        st.deck = []
        st.trick = Trick(0)
        st.last = []
        st.last_winner = -1
        st.voids = [0] * 4
        st.tricks = [0] * 4
        st.taken = [0] * 4
        st.trick_no = 0
        st.left = 0
        st.trump = -1
        st.contract = ""
        st.bids = [-1] * 4
        st.high = 0
        st.high_bidder = -1
        st.passes = 0
        st.down = -1
        fd = options.first_dealer  # type: ignore[attr-defined]
        order = self.stacked(ALL, deck, rng)
        st.stacked = deck is not None
        if fd is None:
            # seat 0 deals face up round the table to find the first dealer
            st.deck = order
            st.dealer = 0
            st.turn = 0
            st.phase = DRAW
        else:
            st.dealer = fd
            self._deal(st, order, None)
        return st

    def _deal(self, st: KingState, order: list[int], events: list[Event] | None) -> None:
        """Deal the whole pack one card at a time from the dealer's left, and open the hand."""
        first = left_of(st.dealer, 4)
        hands = deal(list(order), 4, TRICKS, first=first)
        for s in range(4):
            h = hands[s]
            h.sort(key=SORT_KEY.__getitem__)
            st.hands[s][:] = h
            st.won[s].clear()
            st.up[s].clear()
        st.deck.clear()
        st.drawn = []
        st.tricks = [0] * 4
        st.taken = [0] * 4
        st.trick_no = 0
        st.left = PENALTY_CARDS[st.hand_no]
        st.last = []
        st.last_winner = -1
        st.voids = [0] * 4
        st.trick = Trick(first)
        st.trump = -1
        st.contract = ""
        st.bids = [-1] * 4
        st.high = 0
        st.high_bidder = -1
        st.passes = 0
        st.down = -1
        if st.hand_no <= NEGATIVE:
            st.phase = PLAY
            st.turn = first
        else:
            st.phase = CHOOSE
            st.turn = st.dealer
        if events is not None:
            h = st.hand_no
            if h <= NEGATIVE:
                what = f"{HAND_NAME[h - 1]} ({COST[h - 1]}); {st.names[first]} leads."
            else:
                what = f"A positive hand; {st.names[st.dealer]} chooses trumps."
            events.append(
                Event(
                    f"Hand {h} of {HANDS}: {st.names[st.dealer]} deals 13 cards each. {what}",
                    "deal",
                    st.dealer,
                    {"hand": h, "dealer": st.dealer},
                )
            )

    # -- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: KingState = state  # type: ignore[assignment]
        return () if st.over else (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "find dealer": "Finding the dealer",
        "deal": "Dealing",
        "choose": "Choosing trumps",
        "auction": "Auction",
        "name trumps": "Naming trumps",
        "up or down": "Up or down?",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def _playable(self, st: KingState, hand: list[int]) -> list[int]:
        """The cards `hand` may play to the current trick, with the house rules in force."""
        plays = st.trick.plays
        opts = st.options
        h = st.hand_no
        if not plays:
            if (h == 2 or h == 5) and opts.no_heart_lead:  # type: ignore[attr-defined]
                others = [c for c in hand if SUIT_IX[c] != HEARTS]
                if others:
                    return others
            return list(hand)
        led = SUIT_IX[plays[0][1]]
        same = [c for c in hand if SUIT_IX[c] == led]
        if h == 5 and KH in hand:
            rule = opts.king_of_hearts  # type: ignore[attr-defined]
            # following suit comes first: the option forces the King when the holder cannot
            # follow, and "first chance" also when hearts are led (which the King follows)
            if (not same and rule != "free") or (led == HEARTS and rule == "first_chance"):
                return [KH]
        return same if same else list(hand)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: KingState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        ph = st.phase
        if ph == PLAY:
            return [PLAY_ACTIONS[c] for c in self._playable(st, st.hands[seat])]
        if ph == DRAW:
            return [A_DRAW]
        if ph == DEAL or ph == DONE:
            return [A_DEAL]
        if ph == CHOOSE:
            return [*TRUMP_ACTIONS, A_NOTRUMP, A_AUCTION]
        if ph == NAME:
            return [*TRUMP_ACTIONS, A_NOTRUMP]
        if ph == UPDOWN:
            return [A_UP, A_DOWN]
        # the auction: an opening bid is required; after it, pass or bid higher
        bids = BID_ACTIONS[st.high + 1 :] if st.high > 0 else BID_ACTIONS[1:]
        return [A_PASS, *bids] if st.high > 0 else list(bids)

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: KingState = state  # type: ignore[assignment]
        # fast path: a legal card play
        if st.phase == PLAY and seat == st.turn and not st.over and action.verb == "play" and len(action.args) == 1:
            c = ID_OF.get(action.args[0], -1)
            hand = st.hands[seat]
            if c in hand:
                plays = st.trick.plays
                h = st.hand_no
                if plays and (h != 5 or KH not in hand):
                    led = SUIT_IX[plays[0][1]]
                    if SUIT_IX[c] == led or all(SUIT_IX[x] != led for x in hand):
                        return None
                elif c in self._playable(st, hand):
                    return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: KingState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        common = self.common_refusal(st, seat, action, st.turn)
        if common is not None:
            return common
        ph = st.phase
        if action in self.legal_actions(st, seat):
            return None
        if ph == DRAW:
            return "First deal cards face up to find the first dealer (draw)."
        if ph == DEAL:
            return "Deal the first hand first."
        if ph == DONE:
            return f"Hand {st.hand_no} is over: deal the next hand first."
        if ph == CHOOSE:
            return "As dealer, choose first: a trump suit, no trump, or an auction."
        if ph == NAME:
            return "You won the auction: name a trump suit or no trump."
        if ph == UPDOWN:
            return "As dealer, choose Up (+25 for each trick) or Down (325, less 75 for each trick)."
        if ph == BID:
            if verb == "pass":
                return "The first bidder must open the auction with a bid of 1 to 13 tricks."
            if verb == "bid":
                lo = st.high + 1 if st.high > 0 else 1
                if st.high >= TRICKS:
                    return "No bid can beat 13 tricks: you can only pass."
                return f"Bid a number of tricks from {lo} to 13, or pass." if st.high else (
                    "Open the auction with a bid of 1 to 13 tricks."
                )
            return "The auction is on: bid a number of tricks or pass."
        # the play of the cards
        if verb != "play":
            return f"Hand {st.hand_no} is being played: play a card."
        c = ID_OF.get(args[0], -1)
        if c < 0:
            return "There is no such card."
        hand = st.hands[seat]
        if c not in hand:
            return f"You do not hold {the(c)}."
        plays = st.trick.plays
        if not plays:
            return f"In hand {st.hand_no} you may not lead a heart while you hold another suit."
        led = SUIT_IX[plays[0][1]]
        rule = st.options.king_of_hearts  # type: ignore[attr-defined]
        if KH in hand and st.hand_no == 5 and c != KH and rule != "free":
            if led == HEARTS and rule == "first_chance":
                return "Hearts were led: you must play the King of Hearts now."
            if not any(SUIT_IX[x] == led for x in hand):
                return "You cannot follow suit: you must play the King of Hearts now."
        return f"You must follow suit: you hold {SUITS[led]}."

    # -- carrying out -------------------------------------------------------------------------

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): trick plays drawn uniformly from the
        cards `legal_actions` would list, without actions or events; contracts, bids and deals go
        through the generic step with the playout policy (`policy_step`, `playout_action`).
        Stops at the end of the hand. `trace` collects the moves as (seat, action)."""
        st: KingState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        plain = hand_no not in (2, 5)  # no house rule bears on a lead or a follow
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            seat = st.turn
            if st.phase == PLAY:
                hand = st.hands[seat]  # not held across moves: a deal gives new lists
                plays = st.trick.plays
                if plain and plays:
                    led = SUIT_IX[plays[0][1]]
                    cards = [c for c in hand if SUIT_IX[c] == led] or hand
                elif plain:
                    cards = hand
                else:
                    cards = self._playable(st, hand)
                if not cards:
                    break
                c = cards[int(rand() * len(cards))]
                if trace is not None:
                    trace.append((seat, PLAY_ACTIONS[c]))
                if len(plays) < 3:  # not the trick's last card: `_play_card` would only pass the turn
                    if plays and SUIT_IX[c] != SUIT_IX[plays[0][1]]:  # off the suit led (the hot path)
                        self._note_void(st, seat, plays, c)
                    hand.remove(c)
                    plays.append((seat, c))
                    st.turn = seat + 1 if seat < 3 else 0
                else:
                    self._play_card(st, seat, c, None)
            else:
                if not self.policy_step(st, seat, rand, trace):
                    break
            moves += 1
        return moves

    def _note_void(self, st: KingState, seat: int, plays: list[tuple[int, int]], c: int) -> None:
        """`seat` plays `c` to `plays`: off the suit led, it holds none of it, which everyone now
        knows (`shows_void`). No house rule makes anyone leave a suit they hold: even the King
        of Hearts is forced off the suit led only on a player who cannot follow."""
        st.voids[seat] |= shows_void(plays, c, SUIT_IX)

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: KingState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            self._play_card(st, seat, ID_OF[action.args[0]], events)
        elif verb == "draw":
            self._find_dealer(st, events)
        elif verb == "deal":
            if st.phase == DEAL:
                order = st.drawn + st.deck if st.stacked else st.rng.shuffled(ALL)
            else:
                st.hand_no += 1
                st.dealer = seat
                order = st.rng.shuffled(ALL)
            st.stacked = False
            self._deal(st, order, events)
        elif verb == "trump" or verb == "notrump":
            st.trump = SUITS.index(action.args[0]) if verb == "trump" else -1
            naming = st.phase == NAME
            if not naming:
                st.contract = verb
            st.phase = UPDOWN
            st.turn = st.dealer
            if events is not None:
                what = f"{suit_name(st.trump)} trump" if st.trump >= 0 else "no trump"
                how = "names" if naming else "chooses"
                events.append(Event(f"{st.names[seat]} {how} {what}.", "contract", seat, {"trump": st.trump}))
        elif verb == "auction":
            st.contract = "auction"
            st.phase = BID
            st.turn = left_of(st.dealer, 4)
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} auctions the choice of trumps; {st.names[st.turn]} bids first.",
                        "contract",
                        seat,
                    )
                )
        elif verb == "bid" or verb == "pass":
            self._bid(st, seat, int(action.args[0]) if verb == "bid" else 0, events)
        else:  # up / down
            st.down = 1 if verb == "down" else 0
            st.phase = PLAY
            st.turn = left_of(st.dealer, 4)
            st.trick = Trick(st.turn)
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} plays {DOWN_TEXT if st.down else UP_TEXT}; "
                        f"{st.names[st.turn]} leads.",
                        "contract",
                        seat,
                        {"down": bool(st.down)},
                    )
                )

    def _find_dealer(self, st: KingState, events: list[Event] | None) -> None:
        """Seat 0 deals face up from its left, one card each in turn, until the King of Hearts."""
        s = 0
        for c in st.deck:
            s = s + 1 if s < 3 else 0
            st.up[s].append(c)
            st.drawn.append(c)
            if events is not None:
                events.append(Event(f"Face up to {st.names[s]}: {the(c)}.", "draw", s, {"card": SLUG[c]}))
            if c == KH:
                break
        del st.deck[: len(st.drawn)]
        st.dealer = s
        st.turn = s
        st.phase = DEAL
        if events is not None:
            events.append(
                Event(f"{st.names[s]} receives the King of Hearts and deals the first hand.", "dealer", s)
            )

    def _bid(self, st: KingState, seat: int, bid: int, events: list[Event] | None) -> None:
        st.bids[seat] = bid
        if bid:
            st.high = bid
            st.high_bidder = seat
            st.passes = 0
        else:
            st.passes += 1
        if events is not None:
            text = f"{st.names[seat]} bids {tricks_word(bid)}." if bid else f"{st.names[seat]} passes."
            events.append(Event(text, "bid", seat, {"bid": bid}))
        if st.passes >= 2:
            st.phase = NAME
            st.turn = st.high_bidder
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[st.high_bidder]} wins the auction with {tricks_word(st.high)} and names trumps.",
                        "auction",
                        st.high_bidder,
                        {"bid": st.high},
                    )
                )
            return
        nxt = left_of(seat, 4)
        if nxt == st.dealer:
            nxt = left_of(nxt, 4)
        st.turn = nxt

    def _play_card(self, st: KingState, seat: int, c: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(c)
        plays = st.trick.plays
        self._note_void(st, seat, plays, c)
        plays.append((seat, c))
        if events is not None:
            verb = "leads" if len(plays) == 1 else "plays"
            events.append(Event(f"{st.names[seat]} {verb} {the(c)}.", "play", seat, {"card": SLUG[c]}))
        if len(plays) < 4:
            st.turn = seat + 1 if seat < 3 else 0
            return
        # the trick: the highest trump, else the highest card of the suit led
        trump = st.trump
        led = SUIT_IX[plays[0][1]]
        best_seat, best_card = plays[winner(plays, STRENGTH[trump + 1][led].__getitem__)]
        h = st.hand_no
        st.trick_no += 1
        cost = 0
        if h == 1:
            cost = -20
        elif h <= 5:
            pen = PENALTY[h]
            for _, x in plays:
                if pen[x]:
                    cost += pen[x]
                    st.left -= 1
        elif h == 6 and st.trick_no >= TRICKS - 1:
            cost = -90
        st.tricks[best_seat] += 1
        st.taken[best_seat] += cost
        won = st.won[best_seat]
        for _, x in plays:
            won.append(x)
        st.last = plays
        st.last_winner = best_seat
        st.turn = best_seat
        st.trick = Trick(best_seat)
        if events is not None:
            extra = f" ({signed(cost)})" if cost else ""
            events.append(
                Event(
                    f"{st.names[best_seat]} wins trick {st.trick_no} with {the(best_card)}{extra}.",
                    "trick",
                    best_seat,
                    {"card": SLUG[best_card], "points": cost},
                )
            )
        if st.trick_no == TRICKS:
            self._end_hand(st, events)
        elif st.left == 0 and PENALTY_CARDS[h] and st.options.stop_early:  # type: ignore[attr-defined]
            if events is not None:
                events.append(Event(f"Every card that costs points is taken: hand {h} stops early.", "info"))
            self._end_hand(st, events)

    def _hand_points(self, st: KingState) -> list[int]:
        if st.hand_no <= NEGATIVE:
            return list(st.taken)
        bidder = st.high_bidder if st.contract == "auction" else -1
        return positive_scores(st.tricks, st.dealer, bidder, st.high, st.down == 1)

    def _end_hand(self, st: KingState, events: list[Event] | None) -> None:
        row = self._hand_points(st)
        for s in range(4):
            st.scores[s] += row[s]
        st.sheet.append(row)
        h = st.hand_no
        if events is not None:
            if h > NEGATIVE and st.contract == "auction":
                b, d = st.high_bidder, st.dealer
                events.append(
                    Event(
                        f"Auction adjustment: {st.names[b]}'s bid of {st.high} moves from {st.names[b]}'s "
                        f"tricks ({st.tricks[b]} -> {st.tricks[b] - st.high}) to {st.names[d]}'s "
                        f"({st.tricks[d]} -> {st.tricks[d] + st.high}).",
                        "score",
                    )
                )
            events.append(
                Event(
                    f"Hand {h} ({HAND_NAME[h - 1]}) scores: "
                    + ", ".join(f"{st.names[s]} {signed(row[s])}" for s in range(4))
                    + ".",
                    "score",
                    None,
                    {"row": row, "totals": list(st.scores)},
                )
            )
        if h >= st.options.last_hand:  # type: ignore[attr-defined]
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._check_text(st), "check"))
                events.append(Event(self._summary(st), "over", None))
            return
        st.phase = DONE
        st.turn = left_of(st.dealer, 4)

    # -- the search's playouts --------------------------------------------------------------

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts choose contracts, bid and say Up or Down by an estimate of the
        hand (`hand_tricks`, from the seat's own cards), where random choice misled the search
        (see `Game.playout_action`): bids were drawn from 1 to 13, so the auction a playout
        went on with was nothing like one a player would make, and a strong bot bid 7 tricks
        and took 4 (issue 34).

        - Choosing or naming trumps: the suit (or no trump) with the most estimated tricks.
        - Bidding: winning the auction names trumps at a cost of the bid in tricks, so a seat
          bids what naming is worth to it, the tricks of its best contract less its mean over
          the five: one more than the high bid while that is within the worth, else pass (an
          opening bid of 1 when it must open).
        - Up or Down (the dealer): Up when its estimated tricks, the bid moved to it included,
          are more than a quarter of 13 (Up scores 100 a trick more than Down, less 325).
        - Cards and deals are left to the search's random draw (None)."""
        st: KingState = state  # type: ignore[assignment]
        ph = st.phase
        if ph == PLAY or ph == DEAL or ph == DONE or ph == DRAW:
            return None
        hand = st.hands[seat]
        if ph == UPDOWN:
            t = hand_tricks(hand, st.trump)
            if st.contract == "auction" and st.high_bidder != seat:
                t += st.high
            return A_UP if t * 4 > TRICKS else A_DOWN
        worth = [hand_tricks(hand, t) for t in (0, 1, 2, 3, -1)]
        best = max(range(5), key=worth.__getitem__)
        if ph == CHOOSE or ph == NAME:
            return TRUMP_ACTIONS[best] if best < 4 else A_NOTRUMP
        if ph == BID:
            if st.high == 0:
                return BID_ACTIONS[1]
            gain = worth[best] - sum(worth) / 5
            nxt = st.high + 1
            return BID_ACTIONS[nxt] if nxt <= TRICKS and nxt <= gain else A_PASS
        return None

    # -- what each seat sees ------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: KingState = state  # type: ignore[assignment]
        names = st.names
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{names[s]}'s hand", "hand") for s in range(4)]
        out.append(Zone("deck", st.deck, Vis.NOBODY, None, "Pack", "pile"))
        out.extend(Zone(f"up{s}", st.up[s], Vis.PUBLIC, s, f"Face up to {names[s]}", "row") for s in range(4))
        out.append(Zone("trick", [c for _, c in st.trick.plays], Vis.PUBLIC, None, "Trick", "row"))
        out.extend(Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{names[s]}'s tricks", "pile", tricks=st.tricks[s]) for s in range(4))
        return out

    def _hand_title(self, st: KingState) -> str:
        h = st.hand_no
        return f"Hand {h} of {HANDS}: {HAND_NAME[h - 1]}"

    def _cost(self, st: KingState) -> str:
        """What the hand being played costs or pays, in the words of the screen."""
        h = st.hand_no
        if h <= NEGATIVE:
            return COST[h - 1]
        if st.down < 0:
            return "Up or Down, the dealer's choice"
        return DOWN_TEXT if st.down else UP_TEXT

    def _trump_text(self, st: KingState) -> str:
        if st.hand_no <= NEGATIVE:
            return "none (negative hand)"
        if st.phase in (CHOOSE, BID, NAME):
            return "to be chosen"
        return suit_name(st.trump) if st.trump >= 0 else "no trump"

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see: a player seen not to follow a suit holds
        none of it (`voids`, moved by the dealing kit's `keep_voids`)."""
        st: KingState = other  # type: ignore[assignment]
        if any(st.voids):
            keep_voids(st.hands, [s for s in range(4) if s != seat], st.voids, SUIT_IX, rng)

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: KingState = state  # type: ignore[assignment]
        if st.hand_no <= NEGATIVE:
            pen = PENALTY[st.hand_no][card]
            return f"costs {-pen}" if pen else ""
        if st.trump >= 0 and st.phase not in (CHOOSE, BID, NAME) and SUIT_IX[card] == st.trump:
            return "trump"
        return ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        out = [("Order", "Ace high, 2 low")]
        for key in ("Hand", "Costs", "Pays", "Trump"):
            if obs.status.get(key):
                out.append((key, obs.status[key]))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: KingState = state  # type: ignore[assignment]
        pre = st.phase == DRAW or st.phase == DEAL
        status: dict[str, str] = {}
        if pre:
            status["Hand"] = f"{st.hand_no} of {HANDS}: {HAND_NAME[st.hand_no - 1]}"
            status["First dealer"] = (
                f"{st.names[st.dealer]} (received the King of hearts)" if st.phase == DEAL
                else "found by dealing face up until the King of hearts"
            )
        else:
            status["Hand"] = f"{st.hand_no} of {HANDS}: {HAND_NAME[st.hand_no - 1]}"
            if not (st.phase == UPDOWN and seat == st.dealer):  # the dealer's prompt says what each pays
                status["Costs" if st.hand_no <= NEGATIVE else "Pays"] = (
                    self._cost(st) if st.hand_no <= NEGATIVE or st.down >= 0
                    else "Up (+25 for each trick) or Down (325, less 75 for each trick), the dealer's choice"
                )
            status["Dealer"] = st.names[st.dealer]
            status["Trump"] = self._trump_text(st)
            if st.hand_no > NEGATIVE:
                if st.contract == "auction":
                    if st.high_bidder >= 0:
                        status["Auction"] = f"{st.names[st.high_bidder]} {tricks_word(st.high)}" + (
                            " (won)" if st.phase not in (BID,) else " (high bid)"
                        )
                    else:
                        status["Auction"] = "no bid yet"
            status["Trick"] = f"{min(st.trick_no + 1, TRICKS)} of 13" if st.phase == PLAY else f"{st.trick_no} played"
        seat_facts: dict[int, dict[str, str]] = {}
        positive = st.hand_no > NEGATIVE and not pre
        live = positive and st.down >= 0
        pts = self._hand_points(st) if live else st.taken
        for s in range(4):
            facts = {"Tricks": str(st.tricks[s])}
            if not pre and (not positive or live):
                facts["This hand"] = signed(pts[s]) if pts[s] else "0"
            if st.contract == "auction" and st.bids[s] >= 0:
                facts["Bid"] = str(st.bids[s]) if st.bids[s] else "pass"
            if s == st.dealer and not (st.phase == DRAW):
                facts["Dealer"] = "yes"
            seat_facts[s] = facts
        plays = st.trick.plays
        note = ""
        if plays:
            note = f"{suit_name(SUIT_IX[plays[0][1]])} led"
        if st.trump >= 0:
            note = (note + "; " if note else "") + f"{suit_name(st.trump)} trump"
        view = TrickView(
            leader=st.trick.leader if st.phase == PLAY else None,
            plays=[TrickPlay(seat=p, card=SLUG[c], note=self._note(st, c)) for p, c in plays],
            note=note,
            last=[TrickPlay(seat=p, card=SLUG[c], note=self._note(st, c)) for p, c in st.last],
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        return {
            "phase": st.phase,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "sheet_first": st.options.first_hand,  # type: ignore[attr-defined]
            "extra": {
                "hand": st.hand_no,
                "hand_name": HAND_NAME[st.hand_no - 1],
                "dealer": st.dealer,
                "trump": SUITS[st.trump] if st.trump >= 0 else None,
                "contract": st.contract,
                "down": None if st.down < 0 else bool(st.down),
                "high_bid": st.high,
                "high_bidder": st.high_bidder if st.high_bidder >= 0 else None,
                "zero_sum": sum(st.scores) if st.over else None,
            },
        }

    def _note(self, st: KingState, c: int) -> str:
        if PENALTY[st.hand_no][c] and st.hand_no <= 5:
            return "penalty"
        if SUIT_IX[c] == st.trump:
            return "trump"
        return ""

    def _prompt(self, st: KingState, seat: int | None) -> str:
        if st.over:
            return self._check_text(st) + " " + self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        ph = st.phase
        if ph == DRAW:
            head = f"{self._hand_title(st)} ({self._cost(st)}). "
            if mine:
                return head + "Deal cards face up round the table until someone receives the King of hearts: that player deals first."
            return head + f"Waiting for {who} to deal face up for the first dealer."
        head = f"{self._hand_title(st)} ({self._cost(st)}). "
        if ph == DEAL:
            return head + ("You received the King of hearts: deal the first hand." if mine
                           else f"Waiting for {who} to deal the first hand.")
        if ph == DONE:
            done = f"Hand {st.hand_no} is over; next: hand {st.hand_no + 1}, {HAND_NAME[st.hand_no]}. "
            return done + ("Deal it when everyone has seen the scores." if mine else f"Waiting for {who} to deal.")
        if ph == CHOOSE:
            return head + ("As dealer, choose a trump suit, no trump, or an auction." if mine
                           else f"Waiting for {who} (dealer) to choose trumps, no trump or an auction.")
        if ph == BID:
            if mine:
                if st.high == 0:
                    return head + "Open the auction: bid a number of tricks (1 to 13)."
                return head + (f"High bid: {st.names[st.high_bidder]}, {tricks_word(st.high)}. "
                               f"Bid more tricks or pass (two passes in a row end the auction).")
            return head + f"Auction: waiting for {who} to bid or pass."
        if ph == NAME:
            return head + (f"You won the auction with {tricks_word(st.high)}: name a trump suit or no trump." if mine
                           else f"Waiting for {who} to name trumps.")
        if ph == UPDOWN:
            return head + ("As dealer, choose Up (+25 for each trick) or Down (325, less 75 for each trick)." if mine
                           else f"Waiting for {who} (dealer) to choose Up or Down.")
        plays = st.trick.plays
        if not plays:
            return head + ("Lead a card." if mine else f"Waiting for {who} to lead.")
        led = suit_name(SUIT_IX[plays[0][1]])
        if mine:
            return head + f"Play a card of {led} if you can; otherwise any card."
        return head + f"Waiting for {who} to play ({led} led)."

    def label(self, state: State, action: Action) -> str:
        st: KingState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if verb == "play":
            c = ID_OF.get(args[0], -1)
            lead = st.phase == PLAY and not st.trick.plays
            return f"{'Lead' if lead else 'Play'} {the(c) if c >= 0 else args[0]}"
        if verb == "draw":
            return "Deal face up to find the first dealer"
        if verb == "deal":
            nxt = st.hand_no + (0 if st.phase == DEAL else 1)
            return f"Deal hand {nxt} ({HAND_NAME[min(nxt, HANDS) - 1]})"
        if verb == "trump":
            s = args[0].capitalize() if args else ""
            return f"Name {s} trump" if st.phase == NAME else f"{s} trump"
        if verb == "notrump":
            return "Name no trump" if st.phase == NAME else "No trump"
        if verb == "auction":
            return "Auction trumps"
        if verb == "bid":
            n = args[0] if args else "?"
            return f"Bid {n} trick{'s' if n != '1' else ''}"
        if verb == "pass":
            return "Pass"
        if verb == "up":
            return "Play Up (+25 for each trick)"
        return "Play Down (325, less 75 for each trick)"

    # -- the end ------------------------------------------------------------------------------

    def _check_text(self, st: KingState) -> str:
        """The zero-sum check: every hand's points over the four players add up to a fixed total
        (-1300 for the six negative hands, +325 for each positive one), so the game sums to 0."""
        first = st.options.first_hand  # type: ignore[attr-defined]
        played = len(st.sheet)
        want = sum(HAND_TOTAL[first : first + played])
        got = sum(st.scores)
        neg = sum(sum(r) for i, r in enumerate(st.sheet, first) if i <= NEGATIVE)
        pos = sum(sum(r) for i, r in enumerate(st.sheet, first) if i > NEGATIVE)
        ok = "balances" if got == want else "does NOT balance"
        if first == 1 and played == HANDS:
            return (
                f"Zero-sum check: negative hands {neg}, positive hands {signed(pos)}; "
                f"the four totals add up to {got}, so the score sheet {ok}."
            )
        return (
            f"Check (hands {first} to {first + played - 1} of {HANDS} played): these hands should add up "
            f"to {want}; the totals add up to {got}, so the score sheet {ok}."
        )

    def _summary(self, st: KingState) -> str:
        top = max(st.scores)
        best = [st.names[s] for s in range(4) if st.scores[s] == top]
        if len(best) == 1:
            return f"{best[0]} wins with {signed(top)}."
        return f"{listing(best)} share the win with {signed(top)} each."

    def final(self, state: State) -> ResultView:
        st: KingState = state  # type: ignore[assignment]
        first = st.options.first_hand  # type: ignore[attr-defined]
        details = [
            f"Hand {i} ({HAND_NAME[i - 1]}): " + ", ".join(f"{st.names[s]} {signed(row[s])}" for s in range(4))
            for i, row in enumerate(st.sheet, first)
        ]
        details.append(self._check_text(st))
        return ResultView(
            scores=list(st.scores), placings=placings(st.scores), summary=self._summary(st), details=details
        )


GAME = King()
