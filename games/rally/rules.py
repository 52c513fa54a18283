"""Rally: the four-player reduced-tarot game of seed 003 (RULES.md section 11); help.md lists
every reading we chose.

Flow of one hand: deal (5 + 5 each, 3 to the stock, 5 more) -> bargaining (from Eldest, each
speaks once: `pay N`, `throw N`, `take left|across|right`, `hold`; the first hold ends it) ->
the Solo round (`solo` / `pass` from Eldest to the dealer). Solo: the stock is shown, the declarer
`pickup`s it and `discard`s three, then plays 1 against 3. Nobody: the dealer takes the stock
unseen and discards three, then the Prop round (`prop` / `pass`), the Cop round (`cop` / `pass`,
from the declarer's right) and, if nobody cops, `rally <suit>`: the holder of that King (or Queen)
is the secret partner, known only to that holder until the card is played -> 15 tricks -> scoring
-> the next dealer `deal`s. Four hands make a game.

Secrecy of the partner: the holder is never stored; it is found from the zones (hands and the
dealer's discards) when needed, so nothing a seat observes depends on it until the rallied card is
played (or, from the discards, until the hand is scored).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.tarot import FOOL, TAROT, the
from decktable.engine.actions import CARD, CARDS, INT, SUIT, WORD, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.rally import INFO

# -- per-card tables ------------------------------------------------------------------------------

SUITS: tuple[str, ...] = ("earth", "water", "fire", "air")
SUIT_WORD: tuple[str, ...] = ("Earth", "Water", "Fire", "Air")
EARTH = 0
TRUMP, NOSUIT = 4, 5
NCARDS = len(TAROT)
FULL: tuple[int, ...] = tuple(range(NCARDS))
SLUG: list[str] = [c.slug for c in TAROT]
ID_OF: dict[str, int] = {c.slug: c.id for c in TAROT}
SUIT_OF: list[int] = [
    TRUMP if c.kind == "trump" else NOSUIT if c.kind == "fool" else SUITS.index(c.suits[0]) for c in TAROT
]
STRENGTH: list[int] = [c.rank or 0 for c in TAROT]
COURT_LEVEL = {"King": 4, "Queen": 3, "Cavalier": 2, "Jack": 1}
LEVEL_WORD = {4: "King", 3: "Queen", 2: "Cavalier", 1: "Jack"}
COURT: list[int] = [COURT_LEVEL.get(c.rank_name, 0) if c.kind == "court" else 0 for c in TAROT]
CARD_AT: list[dict[int, int]] = [{COURT[c]: c for c in range(NCARDS) if SUIT_OF[c] == s and COURT[c]} for s in range(4)]
MAGICIAN, WORLD = 0, 20
QUINTET_FIVE = (16, 17, 18, 19)  # trumps XVII-XX: the lost "5 points" line (RULES 11, gap 1)
COURT_POINTS = {4: 5, 3: 4, 2: 3, 1: 2}


def _points(quintet: bool) -> list[int]:
    out = [COURT_POINTS.get(COURT[c], 0) for c in range(NCARDS)]
    for c in (MAGICIAN, WORLD, FOOL):
        out[c] = 10
    if quintet:
        for c in QUINTET_FIVE:
            out[c] = 5
    return out


POINTS_Q: list[int] = _points(True)
POINTS_N: list[int] = _points(False)
TRICKS = 15
#: SHOWS_VOID[led][played]: the suits (bits of SUIT_OF) a player shows it lacks by playing a card
#: of suit `played` to a trick led in `led` (the Fool aside): the suit led; and trumps too, when
#: a plain card went on a plain lead (who lacks the suit led must trump if they can)
SHOWS_VOID: list[list[int]] = [
    [0 if p == led else (1 << led) | (0 if p == TRUMP or led == TRUMP else 1 << TRUMP) for p in range(6)]
    for led in range(6)
]
LAST_BONUS = 5


#: everything one hand can score (card points, one per trick, the last-trick bonus), with and
#: without the quintet's points
TOTAL_Q = sum(POINTS_Q) + TRICKS + LAST_BONUS
TOTAL_N = sum(POINTS_N) + TRICKS + LAST_BONUS


def total_points(quintet: bool = True) -> int:
    """Everything one hand can score: card points, one per trick, and the last-trick bonus."""
    return TOTAL_Q if quintet else TOTAL_N


def hand_worth(hand: list[int], pts: list[int]) -> float:
    """A quick estimate of the points (cards, tricks, the last trick) `hand` takes when the
    cards are played at random, as the search's playouts play them: fitted over 12,000 hands of
    3,000 random deals played out at random (correlation 0.75, residual 11.5 points; a seat
    takes 30 on average) from its trumps, its trumps from XV up, its 5- and 10-point cards
    added up, its Kings and the Fool."""
    n = high = kings = big = 0
    for c in hand:
        if SUIT_OF[c] == TRUMP:
            n += 1
            if STRENGTH[c] >= 15:
                high += 1
        elif COURT[c] == 4:
            kings += 1
        big += pts[c]
    return -18.0 + 4.8 * n + 4.3 * high + 0.52 * big + 2.6 * kings + (5.3 if FOOL in hand else 0.0)


# hands sorted: trumps high to low, the Fool, then Earth, Water, Fire, Air high to low
KEY: list[int] = [(0 if SUIT_OF[c] == TRUMP else 1 if SUIT_OF[c] == NOSUIT else 2 + SUIT_OF[c]) * 100 - STRENGTH[c]
                  for c in range(NCARDS)]

A_PLAY: list[Action] = [Action("play", (SLUG[c],)) for c in range(NCARDS)]
A_RALLY: list[Action] = [Action("rally", (s,)) for s in SUITS]
A_HOLD, A_SOLO, A_PASS, A_PICKUP = Action("hold"), Action("solo"), Action("pass"), Action("pickup")
_OFFERS: dict[tuple[str, int], list[Action]] = {}


def _offers(verb: str, top: int) -> list[Action]:
    """`verb 1` ... `verb top` (pay or throw), made once for each top."""
    out = _OFFERS.get((verb, top))
    if out is None:
        out = _OFFERS[(verb, top)] = [Action(verb, (str(n),)) for n in range(1, top + 1)]
    return out
A_PROP, A_COP, A_DEAL = Action("prop"), Action("cop"), Action("deal")
DIRS: tuple[str, ...] = ("left", "across", "right")  # 1, 2, 3 seats on in the direction of play
A_TAKE: dict[str, Action] = {w: Action("take", (w,)) for w in DIRS}

BARGAIN, SOLO, PICKUP, DISCARD, PROP, COP, RALLY, PLAY, DONE = (
    "bargain", "solo", "pickup", "discard", "prop", "cop", "rally", "play", "done",
)
# bargaining calls
NONE, PAY, THROW, TAKE, HOLD = 0, 1, 2, 3, 4


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def rally_name(suit: int, level: int) -> str:
    """'the Fire King': the rallied card named by its suit first, in every public text (it is
    in a hand nobody else may see, so its printed name is kept for that hand's owner)."""
    return f"the {SUIT_WORD[suit]} {LEVEL_WORD[level]}"


def rally_choices(held: list[int]) -> tuple[int, list[int]]:
    """(level, suits) the declarer may rally given the cards they hold (hand and own discards):
    the King (or, holding all four, the Queen, and so on) of the shortest suit that is neither
    void nor holds that card; ties go to the better courts, then to Earth, else any tied suit.
    If every such suit is void, any suit whose card is not held. (0, []) if nothing can be
    rallied (all sixteen courts held)."""
    hold = set(held)
    for level in (4, 3, 2, 1):
        missing = [s for s in range(4) if CARD_AT[s][level] not in hold]
        if missing:
            break
    else:
        return 0, []
    counts = [0, 0, 0, 0, 0, 0]
    for c in held:
        counts[SUIT_OF[c]] += 1
    qual = [s for s in missing if counts[s] > 0]
    if not qual:
        return level, missing
    short = min(counts[s] for s in qual)
    tied = [s for s in qual if counts[s] == short]
    if len(tied) > 1:
        courts = {s: sorted((COURT[c] for c in held if SUIT_OF[c] == s and COURT[c]), reverse=True) for s in tied}
        best = max(courts.values())
        tied = [s for s in tied if courts[s] == best]
        if len(tied) > 1 and EARTH in tied:
            tied = [EARTH]
    return level, tied


# -- options and state ------------------------------------------------------------------------------


class RallyOptions(BaseModel):
    hands: int = Field(4, ge=1, le=20, description="Hands in a game (the rules say four).")
    break_even: Literal["half", "51"] = Field(
        "half",
        description="Break-even for the declaring side: half of the real total (63 of 126, or 53 "
        "of 106 without the Quintet line), or 51, the figure printed in the original text.",
    )
    quintet_points: bool = Field(
        True,
        description="Read the rules' unlabelled '5 points' line as trumps XVII-XX scoring 5 each "
        "(126 points in a hand). Off: only Kings score 5 (106 points).",
    )
    bargaining: bool = Field(
        True, description="Start each hand with the bargaining round (pay / throw for / take / hold)."
    )
    max_offer: int = Field(10, ge=1, le=30, description="Largest offer, in game points, when bargaining.")
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True}, ge=0, le=3, description="Seat (counted from 1: 1 = the first player) that deals the first hand; blank = at random."
    )


class RallyState(State):
    __slots__ = (
        "phase", "dealer", "turn", "spoken", "hands", "stock", "stock_shown", "discards", "discarder",
        "won", "tricks", "trick", "leader", "trick_no", "last", "last_winner", "declarer", "partner",
        "solo", "rallied", "rally_level", "revealed", "fool", "fool_owner", "fool_winner", "call",
        "call_amt", "took_from", "taken_by", "held", "cop_order", "change", "report", "thrown",
        "points", "voids",
    )

    phase: str
    dealer: int
    turn: int
    spoken: int  # how many have spoken in the current round of calls
    hands: list[list[int]]
    stock: list[int]
    stock_shown: bool
    discards: list[int]
    discarder: int  # whose discards (the Solo declarer or the dealer), -1 none yet
    won: list[list[int]]  # each seat's trick pile, face up (every card in it was played face up)
    tricks: list[int]
    trick: list[tuple[int, int]]
    leader: int
    trick_no: int
    last: list[tuple[int, int]]
    last_winner: int
    declarer: int
    partner: int  # -1 until known to all: a copper at once, a rallied holder when the card is played
    solo: bool
    rallied: int  # the rallied card, -1 none
    rally_level: int
    revealed: bool
    fool: list[int]  # the Fool face up beside its owner after it was played
    fool_owner: int
    fool_winner: int
    call: list[int]  # bargaining call per seat
    call_amt: list[int]
    took_from: list[int]  # a taker's offerer
    taken_by: list[int]  # an offer's taker
    held: int  # who held, -1 none
    cop_order: list[int]
    change: list[int]
    report: list[str]  # the last hand's result in lines, public
    thrown: bool  # the hand was thrown in
    points: list[int]  # per seat, counted at the end of the hand
    voids: list[int]  # per seat, the suits it showed it lacks this hand (bit SUIT_OF), public


# -- the game -----------------------------------------------------------------------------------------


class Rally(Game):
    info = GameInfo(id="rally", **INFO)
    Options = RallyOptions
    catalogue = TAROT
    grammar = Grammar(
        {
            "pay": (INT,), "throw": (INT,), "take": (WORD,), "hold": (), "solo": (), "pass": (),
            "pickup": (), "discard": (CARDS,), "prop": (), "cop": (), "rally": (SUIT,), "play": (CARD,),
            "deal": (),
        },
        TAROT,
        SUITS,
        words={"take": DIRS},
    )
    #: the strong search's playouts learn from its own iterations (`Game.playout_learns`):
    #: strong beat medium 53.3% of 200 games without it (see docs/bots-tried.md)
    playout_learns = True

    # -- starting and dealing -----------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = RallyState(names, rng, options)
        fd = options.first_dealer  # type: ignore[attr-defined]
        if fd is not None:
            st.dealer = fd
        elif deck is not None:
            st.dealer = 3  # a stacked deal is the same for every seed: seat 0 gets the top packet
        else:
            st.dealer = rng.below(4)
        st.report = []
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _pts(self, st: RallyState) -> list[int]:
        return POINTS_Q if st.options.quintet_points else POINTS_N  # type: ignore[attr-defined]

    def break_even(self, st: RallyState) -> int:
        if st.options.break_even == "51":  # type: ignore[attr-defined]
            return 51
        return total_points(st.options.quintet_points) // 2  # type: ignore[attr-defined]

    def _deal(self, st: RallyState, order: list[int], events: list[Event] | None) -> None:
        """Two packets of five to each player from the dealer's left, three to the stock, then a
        last packet of five each (index 0 of `order` is the top card)."""
        order = list(order)
        eldest = (st.dealer + 1) % 4
        first = deal(order, 4, 10, first=eldest, batch=5)
        stock = order[:3]
        del order[:3]
        last = deal(order, 4, 5, first=eldest, batch=5)
        st.hands = [sorted(first[s] + last[s], key=KEY.__getitem__) for s in range(4)]
        st.stock = stock
        st.stock_shown = False
        st.discards = []
        st.discarder = -1
        st.won = [[], [], [], []]
        st.tricks = [0, 0, 0, 0]
        st.trick = []
        st.voids = [0, 0, 0, 0]
        st.leader = eldest
        st.trick_no = 1
        st.last = []
        st.last_winner = -1
        st.declarer = -1
        st.partner = -1
        st.solo = False
        st.rallied = -1
        st.rally_level = 0
        st.revealed = False
        st.fool = []
        st.fool_owner = -1
        st.fool_winner = -1
        st.call = [NONE] * 4
        st.call_amt = [0] * 4
        st.took_from = [-1] * 4
        st.taken_by = [-1] * 4
        st.held = -1
        st.cop_order = []
        st.change = [0] * 4
        st.thrown = False
        st.points = [0] * 4
        st.report = []
        st.spoken = 0
        st.turn = eldest
        if events is not None:
            events.append(Event(
                f"Hand {st.hand_no} of {st.options.hands}: {st.names[st.dealer]} deals fifteen cards "  # type: ignore[attr-defined]
                "each and three to the stock.", "deal", st.dealer, {"hand": st.hand_no, "dealer": st.dealer}))
        if st.options.bargaining:  # type: ignore[attr-defined]
            st.phase = BARGAIN
        else:
            st.phase = SOLO

    # -- small helpers ---------------------------------------------------------------------------------

    def _held(self, st: RallyState, seat: int) -> list[int]:
        """A seat's cards for the rally rule: hand and own discards."""
        return st.hands[seat] + st.discards if st.discarder == seat else st.hands[seat]

    def _big(self, st: RallyState, seat: int) -> int:
        """The 5- and 10-point cards in a hand, added up (for Prop and Cop)."""
        pts = self._pts(st)
        return sum(pts[c] for c in st.hands[seat] if pts[c] >= 5)

    def holder(self, st: RallyState) -> int:
        """Who holds the rallied card now (hand or discards); -1 if none or already played."""
        c = st.rallied
        if c < 0:
            return -1
        for s in range(4):
            if c in st.hands[s]:
                return s
        if c in st.discards:
            return st.discarder
        return -1

    def _discard_options(self, st: RallyState, seat: int) -> tuple[list[int], list[int]]:
        """(free, trumps): cards worth under 5 that are not trumps, and trumps worth under 5."""
        pts = self._pts(st)
        free, trumps = [], []
        for c in st.hands[seat]:
            if pts[c] >= 5 or c == FOOL:
                continue
            (trumps if SUIT_OF[c] == TRUMP else free).append(c)
        return free, trumps

    def _play_options(self, st: RallyState, seat: int) -> list[int]:
        hand = st.hands[seat]
        led = self._led(st)
        if led < 0:
            return hand
        ok = [c for c in hand if SUIT_OF[c] == led]
        if not ok and led != TRUMP:
            ok = [c for c in hand if SUIT_OF[c] == TRUMP]
        if not ok:
            return hand
        if FOOL in hand:
            ok.append(FOOL)
            ok.sort(key=KEY.__getitem__)
        return ok

    def _led(self, st: RallyState) -> int:
        for _, c in st.trick:
            if c != FOOL:
                return SUIT_OF[c]
        return -1

    def _side(self, st: RallyState) -> list[int]:
        side = [st.declarer]
        if st.partner >= 0 and st.partner != st.declarer:
            side.append(st.partner)
        return side

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "bargain": "Bargaining",
        "solo": "Solo?",
        "pickup": "Taking the stock",
        "discard": "Discarding",
        "prop": "Prop?",
        "cop": "Cop?",
        "rally": "Rallying a King",
        "done": "Hand over",
    }

    def phase(self, state: State) -> str:
        st: RallyState = state  # type: ignore[assignment]
        return "over" if st.over else st.phase

    # -- whose turn, what is legal ------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: RallyState = state  # type: ignore[assignment]
        if st.over:
            return ()
        return (st.turn,)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: RallyState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == PLAY:
            return [A_PLAY[c] for c in self._play_options(st, seat)]
        if phase == BARGAIN:
            top = st.options.max_offer  # type: ignore[attr-defined]
            out = [A_HOLD]
            out += _offers("pay", top)
            out += _offers("throw", top)
            for k, word in enumerate(DIRS, 1):
                o = (seat + k) % 4
                if st.call[o] in (PAY, THROW) and st.taken_by[o] < 0:
                    out.append(A_TAKE[word])
            return out
        if phase == SOLO:
            return [A_SOLO, A_PASS]
        if phase == PICKUP:
            return [A_PICKUP]
        if phase == DISCARD:
            free, trumps = self._discard_options(st, seat)
            if len(free) >= 3:
                sets = combinations(free, 3)
            else:
                sets = (tuple(sorted(free + list(t), key=KEY.__getitem__)) for t in combinations(trumps, 3 - len(free)))
            slug = SLUG  # (three slugs named directly: a generator per set was most of the listing)
            return [Action("discard", (slug[a], slug[b], slug[c])) for a, b, c in sets]
        if phase == PROP:
            return [A_PROP, A_PASS] if self._big(st, seat) >= 20 else [A_PASS]
        if phase == COP:
            return [A_COP, A_PASS] if self._big(st, seat) >= 15 else [A_PASS]
        if phase == RALLY:
            _level, suits = rally_choices(self._held(st, seat))
            return [A_RALLY[s] for s in suits]
        if phase == DONE:
            return [A_DEAL]
        return []

    def parse(self, text: str) -> Action:
        """As the grammar; the cards of a discard are put in the hand's order, so that
        `discard 5e 6e 7a` and `discard 7a 6e 5e` are the same action."""
        a = self.grammar.parse(text)
        if a.verb == "discard" and len(a.args) > 1:
            ordered = tuple(sorted(a.args, key=lambda s: KEY[ID_OF[s]]))
            if ordered != a.args:
                a = Action(a.verb, ordered)
        return a

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: RallyState = state  # type: ignore[assignment]
        if st.phase == PLAY and action.verb == "play" and seat == st.turn:
            c = ID_OF.get(action.args[0], -1) if action.args else -1
            if c >= 0 and c in self._play_options(st, seat):
                return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        """None when `action` is legal for `seat` now, else the reason in a sentence."""
        st: RallyState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if st.over:
            return "The game is over."
        if seat != st.turn:
            return f"It is {st.names[st.turn]}'s turn, not yours."
        phase = st.phase
        expected = {
            BARGAIN: "Bargain first: offer to pay, throw in for a price, take an offer, or hold.",
            SOLO: "Say whether you play Solo, or pass.",
            PICKUP: "Take the stock into your hand first.",
            DISCARD: "Discard three cards first.",
            PROP: "Call Prop or pass.",
            COP: "Call Cop or pass.",
            RALLY: "Rally a King (or a Queen) first.",
            PLAY: "Play a card to the trick.",
            DONE: "The hand is over: deal the next hand.",
        }[phase]
        allowed = {
            BARGAIN: ("pay", "throw", "take", "hold"), SOLO: ("solo", "pass"), PICKUP: ("pickup",),
            DISCARD: ("discard",), PROP: ("prop", "pass"), COP: ("cop", "pass"), RALLY: ("rally",),
            PLAY: ("play",), DONE: ("deal",),
        }[phase]
        if verb not in allowed:
            return expected
        if verb in ("pay", "throw"):
            n = int(args[0])
            top = st.options.max_offer  # type: ignore[attr-defined]
            if not 1 <= n <= top:
                return f"An offer is from 1 to {top} game points."
            return None
        if verb == "take":
            k = DIRS.index(args[0]) + 1
            o = (seat + k) % 4
            if st.call[o] not in (PAY, THROW):
                return f"{st.names[o]} has made no offer to take."
            if st.taken_by[o] >= 0:
                return f"{st.names[st.taken_by[o]]} has already taken {st.names[o]}'s offer."
            return None
        if verb == "prop":
            if self._big(st, seat) < 20:
                return "You may call Prop only with Kings, Quintet trumps and Honours worth 20 or more."
            return None
        if verb == "cop":
            if self._big(st, seat) < 15:
                return "You may call Cop only with Kings, Quintet trumps and Honours worth 15 or more."
            return None
        if verb == "rally":
            level, suits = rally_choices(self._held(st, seat))
            s = SUITS.index(args[0])
            if s in suits:
                return None
            if level and CARD_AT[s][level] in self._held(st, seat):
                return f"You hold {rally_name(s, level)} yourself: rally a {LEVEL_WORD[level]} you do not hold."
            named = listing([rally_name(x, level) for x in suits])
            return f"The rally rule calls for {named}: the shortest suit you hold without its {LEVEL_WORD[level]}."
        if verb == "discard":
            ids = [ID_OF[a] for a in args]
            if len(ids) != 3:
                return "Discard exactly three cards."
            if len(set(ids)) != 3:
                return "Name three different cards."
            hand = st.hands[seat]
            missing = [c for c in ids if c not in hand]
            if missing:
                return f"You do not hold {listing([the(c) for c in missing])}."
            pts = self._pts(st)
            big = [c for c in ids if pts[c] >= 5]
            if big:
                return f"You may not discard {listing([the(c) for c in big])}: cards worth 5 or more stay in your hand."
            free, _trumps = self._discard_options(st, seat)
            n_trumps = sum(1 for c in ids if SUIT_OF[c] == TRUMP)
            if n_trumps > max(0, 3 - len(free)):
                return "You may discard a trump only when you have too few other cards worth under 5."
            if tuple(ids) != tuple(sorted(ids, key=KEY.__getitem__)):
                return f"Name the cards in the order of your hand: {self.format(self.parse(str(action)))}."
            return None
        if verb == "play":
            c = ID_OF[args[0]]
            hand = st.hands[seat]
            if c not in hand:
                return f"You do not hold {the(c)}."
            if c in self._play_options(st, seat):
                return None
            led = self._led(st)
            if led == TRUMP:
                return "You must follow suit: a trump was led and you hold trumps."
            if any(SUIT_OF[x] == led for x in hand):
                return f"You must follow suit: you hold {SUIT_WORD[led]}."
            return f"You hold no {SUIT_WORD[led]}, so you must play a trump."
        return None

    # -- carrying out ---------------------------------------------------------------------------------

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): trick plays drawn from the cards
        `legal_actions` lists, as the generic loop draws them (the same calls to `rand`, so the
        same game), without actions or events; bargaining, calls and discards go through the
        generic step with the playout policy (`policy_step`, `playout_action`). Stops at the end of the hand. `trace` collects the moves as (seat, action)."""
        st: RallyState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            if st.phase == PLAY:
                moves += self._play_tricks(st, rand, limit - moves, trace)
                if st.phase == PLAY:  # the limit came first
                    break
            elif not self.policy_step(st, st.turn, rand, trace):
                break
            else:
                moves += 1
        return moves

    def _play_tricks(self, st: RallyState, rand: Any, limit: int, trace: list[tuple[int, Action]] | None) -> int:
        """The playout's card play, to the end of the hand or `limit` cards: `_play_options`,
        `_play_card` and `_finish_trick` written out in one loop (the search's hottest path, some
        60 cards an iteration), drawing as they do and leaving the same state. Moves made."""
        hands = st.hands
        trick = st.trick
        voids = st.voids
        seat = st.turn
        rallied = st.rallied if st.partner < 0 else -1  # a rallied card still to show its holder
        led = -1
        for _s, c in trick:
            if c != FOOL:
                led = SUIT_OF[c]
                break
        # each hand by suit, in hand order (trumps high to low, the Fool, then the suits), and
        # who holds the Fool: what `_play_options` would filter out of the hand at every card
        by_suit: list[list[list[int]]] = []
        fool_at = -1
        for s, hand in enumerate(hands):
            mine: list[list[int]] = [[], [], [], [], [], []]
            for c in hand:
                mine[SUIT_OF[c]].append(c)
            if mine[NOSUIT]:
                fool_at = s
            by_suit.append(mine)
        moves = 0
        while moves < limit:
            hand = hands[seat]
            if not hand:  # no card to play (as `playout` stops where `_play_options` lists none)
                break
            moves += 1
            # the cards `_play_options` lists, in hand order (the Fool's place included)
            if led < 0:
                cards = hand
            else:
                mine = by_suit[seat]
                cards = mine[led]
                if not cards and led != TRUMP:
                    cards = mine[TRUMP]
                if not cards:
                    cards = hand
                elif seat == fool_at:  # hands keep KEY order: the Fool after the trumps, before the suits
                    cards = cards + [FOOL] if cards is mine[TRUMP] else [FOOL] + cards
            c = cards[int(rand() * len(cards))]
            if trace is not None:
                trace.append((seat, A_PLAY[c]))
            if led >= 0 and c != FOOL and SUIT_OF[c] != led:
                voids[seat] |= SHOWS_VOID[led][SUIT_OF[c]]
            hand.remove(c)
            by_suit[seat][SUIT_OF[c]].remove(c)
            if c == FOOL:
                fool_at = -1
            trick.append((seat, c))
            if c == rallied:
                st.partner = seat
                st.revealed = True
                rallied = -1
            if led < 0 and c != FOOL:
                led = SUIT_OF[c]
            if len(trick) < 4:
                seat = (seat + 1) % 4
                continue
            # the trick is complete: the highest trump, else the highest card of the suit led
            best, top = -1, -1
            for i, (_s, c) in enumerate(trick):
                sc = SUIT_OF[c]
                if sc == TRUMP:
                    k = 100 + STRENGTH[c]
                elif sc == led:
                    k = STRENGTH[c]
                else:
                    continue
                if k > top:
                    best, top = i, k
            w = trick[best][0]
            self._gather(st, trick, w)
            if st.trick_no >= TRICKS:
                st.trick = []
                st.turn = seat  # the last card's player, as `_play_card` left it
                self._score(st, None)
                return moves
            trick = st.trick = []
            st.trick_no += 1
            st.leader = w
            seat = w
            led = -1
        st.turn = seat
        return moves

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts bargain and call by an estimate of the hand (`hand_worth`, from
        the seat's own cards), where random choice misled the search (see
        `Game.playout_action`): half the seats with the cards for it called Prop at random and
        about one seat in two played Solo, so a playout's contract was nothing like one a player
        would make, and passing with a good hand looked as good as calling (the hint said Pass
        until the hand was thrown in, issue 34).

        - Bargaining: hold (the hand is played); offers and takes are the tree's to try.
        - Solo: only when the hand alone is worth the break-even (rarely: about one hand in 50).
        - Prop (allowed from 20 in big cards): when the hand and a partner's average share of
          the rest are worth the break-even with 3 points to spare.
        - Cop: when the hand is worth more than a seat's average.
        - The rallied King, discards and cards are left to the search's random draw (None)."""
        st: RallyState = state  # type: ignore[assignment]
        ph = st.phase
        if ph == PLAY or ph == DISCARD or ph == RALLY or ph == PICKUP or ph == DONE or len(legal) == 1:
            return None  # (one move: drawn all the same, as the search's loop draws it)
        if ph == BARGAIN:
            return A_HOLD
        pts = self._pts(st)
        worth = hand_worth(st.hands[seat], pts)
        be = self.break_even(st)
        total = total_points(st.options.quintet_points)  # type: ignore[attr-defined]
        if ph == SOLO:
            return A_SOLO if worth + 5 >= be else A_PASS
        if ph == PROP:
            return A_PROP if worth + (total - worth) / 3 + 3 >= be + 3 else A_PASS
        if ph == COP:
            return A_COP if worth >= total / 4 + 4 else A_PASS
        return None

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: RallyState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            self._play_card(st, seat, ID_OF[action.args[0]], events)
        elif verb in ("pay", "throw", "take", "hold"):
            self._bargain(st, seat, action, events)
        elif verb == "solo" or (verb == "pass" and st.phase == SOLO):
            self._solo_call(st, seat, verb == "solo", events)
        elif verb == "pickup":
            if st.stock_shown:  # the stock lay face up: everyone knows these cards are in this hand
                self.reveal_into(st, st.stock, f"hand{seat}")
            st.hands[seat] = sorted(st.hands[seat] + st.stock, key=KEY.__getitem__)
            st.stock = []
            st.stock_shown = False
            st.phase = DISCARD
            if events is not None:
                events.append(Event(f"{st.names[seat]} takes the stock into their hand.", "stock", seat))
        elif verb == "discard":
            self._discard(st, seat, [ID_OF[a] for a in action.args], events)
        elif verb == "prop" or (verb == "pass" and st.phase == PROP):
            self._prop_call(st, seat, verb == "prop", events)
        elif verb == "cop" or (verb == "pass" and st.phase == COP):
            self._cop_call(st, seat, verb == "cop", events)
        elif verb == "rally":
            s = SUITS.index(action.args[0])
            level, _suits = rally_choices(self._held(st, seat))
            st.rallied = CARD_AT[s][level]
            st.rally_level = level
            if events is not None:
                events.append(Event(
                    f"{st.names[seat]} rallies {rally_name(s, level)}: whoever holds it is "
                    f"{st.names[seat]}'s secret partner.", "rally", seat, {"suit": SUITS[s], "level": LEVEL_WORD[level]}))
            self._start_play(st, events)
        elif verb == "deal":
            st.hand_no += 1
            st.dealer = (st.dealer + 1) % 4
            self._deal(st, st.rng.shuffled(FULL), events)

    def _next_speaker(self, st: RallyState) -> bool:
        """Move to the next seat of a round that runs from Eldest to the dealer; False at its end."""
        st.spoken += 1
        if st.spoken >= 4:
            return False
        st.turn = (st.dealer + 1 + st.spoken) % 4
        return True

    def _bargain(self, st: RallyState, seat: int, action: Action, events: list[Event] | None) -> None:
        verb = action.verb
        name = st.names[seat]
        if verb == "hold":
            st.call[seat] = HOLD
            st.held = seat
            if events is not None:
                events.append(Event(f"{name} holds: the hand is played.", "bargain", seat, {"call": "hold"}))
            self._open_solo(st)
            return
        if verb == "take":
            o = (seat + DIRS.index(action.args[0]) + 1) % 4
            st.call[seat] = TAKE
            st.took_from[seat] = o
            st.taken_by[o] = seat
            if events is not None:
                n = st.call_amt[o]
                how = (f"{st.names[o]} will pay {name} {n}" if st.call[o] == PAY
                       else f"{name} will pay {st.names[o]} {n}")
                events.append(Event(f"{name} takes {st.names[o]}'s offer: if the hand is thrown in, {how}.",
                                    "bargain", seat, {"call": "take", "offer_of": o}))
        else:
            n = int(action.args[0])
            st.call[seat] = PAY if verb == "pay" else THROW
            st.call_amt[seat] = n
            if events is not None:
                text = (f"{name} offers to pay {n} to throw the hand in." if verb == "pay"
                        else f"{name} will throw the hand in for {n}.")
                events.append(Event(text, "bargain", seat, {"call": verb, "amount": n}))
        if self._next_speaker(st):
            return
        takers = [s for s in range(4) if st.call[s] == TAKE]
        if not takers:
            if events is not None:
                events.append(Event("No offer was taken: the hand is played.", "bargain", None))
            self._open_solo(st)
            return
        change = [0] * 4
        lines = []
        for t in takers:
            o = st.took_from[t]
            n = st.call_amt[o]
            if st.call[o] == PAY:
                change[o] -= n
                change[t] += n
                lines.append(f"{st.names[o]} pays {st.names[t]} {n}")
            else:
                change[o] += n
                change[t] -= n
                lines.append(f"{st.names[t]} pays {st.names[o]} {n}")
        text = f"The hand is thrown in by bargain: {listing(lines)}."
        if events is not None:
            events.append(Event(text, "thrown", None, {"change": change}))
        self._end_hand(st, change, [text], events, thrown=True)

    def _open_solo(self, st: RallyState) -> None:
        st.phase = SOLO
        st.spoken = 0
        st.turn = (st.dealer + 1) % 4

    def _solo_call(self, st: RallyState, seat: int, solo: bool, events: list[Event] | None) -> None:
        if solo:
            st.declarer = seat
            st.solo = True
            st.stock_shown = True
            st.phase = PICKUP
            st.turn = seat
            if events is not None:
                events.append(Event(
                    f"{st.names[seat]} plays Solo and shows the stock: {listing([the(c) for c in st.stock])}.",
                    "solo", seat, {"stock": [SLUG[c] for c in st.stock]}))
            return
        if events is not None:
            events.append(Event(f"{st.names[seat]} passes.", "pass", seat))
        if self._next_speaker(st):
            return
        d = st.dealer
        st.hands[d] = sorted(st.hands[d] + st.stock, key=KEY.__getitem__)
        st.stock = []
        st.phase = DISCARD
        st.turn = d
        if events is not None:
            events.append(Event(
                f"Nobody plays Solo: {st.names[d]}, the dealer, takes the stock unseen and discards three.",
                "stock", d))

    def _discard(self, st: RallyState, seat: int, ids: list[int], events: list[Event] | None) -> None:
        hand = st.hands[seat]
        for c in ids:
            hand.remove(c)
        st.discards = sorted(ids, key=KEY.__getitem__)
        st.discarder = seat
        if events is not None:
            events.append(Event(f"{st.names[seat]} discards three cards face down; they count as theirs.",
                                "discard", seat))
        if st.solo:
            self._start_play(st, events)
            return
        st.phase = PROP
        st.spoken = 0
        st.turn = (st.dealer + 1) % 4

    def _prop_call(self, st: RallyState, seat: int, prop: bool, events: list[Event] | None) -> None:
        if prop:
            st.declarer = seat
            st.phase = COP
            st.cop_order = [(seat + 3) % 4, (seat + 1) % 4, (seat + 2) % 4]
            st.spoken = 0
            st.turn = st.cop_order[0]
            if events is not None:
                events.append(Event(f"{st.names[seat]} calls Prop and is the declarer.", "prop", seat))
            return
        if events is not None:
            events.append(Event(f"{st.names[seat]} passes.", "pass", seat))
        if self._next_speaker(st):
            return
        text = "Nobody calls Prop: the hand is thrown in."
        if events is not None:
            events.append(Event(text, "thrown", None))
        self._end_hand(st, [0, 0, 0, 0], [text], events, thrown=True)

    def _cop_call(self, st: RallyState, seat: int, cop: bool, events: list[Event] | None) -> None:
        d = st.declarer
        if cop:
            st.partner = seat
            st.revealed = True
            if events is not None:
                events.append(Event(f"{st.names[seat]} calls Cop and is {st.names[d]}'s partner.", "cop", seat))
            self._start_play(st, events)
            return
        if events is not None:
            events.append(Event(f"{st.names[seat]} passes.", "pass", seat))
        st.spoken += 1
        if st.spoken < 3:
            st.turn = st.cop_order[st.spoken]
            return
        level, suits = rally_choices(self._held(st, d))
        if not suits:  # all sixteen courts held: nothing to rally, the declarer plays alone
            if events is not None:
                events.append(Event(f"{st.names[d]} holds every court card and plays alone.", "info", d))
            st.solo = True
            self._start_play(st, events)
            return
        st.phase = RALLY
        st.turn = d

    def _start_play(self, st: RallyState, events: list[Event] | None) -> None:
        st.phase = PLAY
        st.leader = st.declarer
        st.turn = st.declarer
        st.trick = []
        st.trick_no = 1

    def _play_card(self, st: RallyState, seat: int, c: int, events: list[Event] | None) -> None:
        led = self._led(st)
        if led >= 0 and c != FOOL and SUIT_OF[c] != led:
            st.voids[seat] |= SHOWS_VOID[led][SUIT_OF[c]]
        st.hands[seat].remove(c)
        st.trick.append((seat, c))
        if events is not None:
            verb = "leads" if len(st.trick) == 1 else "plays"
            text = f"{st.names[seat]} {verb} {the(c)}"
            if c == FOOL:
                text += " to excuse this play"
            if c == st.rallied and st.partner < 0:
                text += f", the rallied card: {st.names[seat]} is {st.names[st.declarer]}'s partner"
            events.append(Event(text + ".", "play", seat, {"card": SLUG[c]}))
        if c == st.rallied and st.partner < 0:
            st.partner = seat
            st.revealed = True
        if len(st.trick) < 4:
            st.turn = (seat + 1) % 4
            return
        self._finish_trick(st, events)

    def _finish_trick(self, st: RallyState, events: list[Event] | None) -> None:
        plays = st.trick
        led = self._led(st)
        best, best_key = -1, (-1, -1)
        for i, (_s, c) in enumerate(plays):
            sc = SUIT_OF[c]
            if sc == TRUMP:
                k = (1, STRENGTH[c])
            elif sc == led:
                k = (0, STRENGTH[c])
            else:
                continue
            if k > best_key:
                best, best_key = i, k
        w, card = plays[best]
        self._gather(st, plays, w)
        st.trick = []
        if events is not None:
            what = "the last trick" if st.trick_no == TRICKS else f"trick {st.trick_no}"
            events.append(Event(f"{st.names[w]} wins {what} with {the(card)}.", "trick", w, {"card": SLUG[card]}))
        if st.trick_no >= TRICKS:
            self._score(st, events)
            return
        st.trick_no += 1
        st.leader = w
        st.turn = w

    def _gather(self, st: RallyState, plays: list[tuple[int, int]], w: int) -> None:
        """A finished trick goes to its winner `w`'s pile, but for the Fool, which lies face up
        beside its owner until the hand is scored."""
        pile = st.won[w]
        for s, c in plays:
            if c == FOOL:
                st.fool = [FOOL]
                st.fool_owner = s
                st.fool_winner = w
            else:
                pile.append(c)
        st.tricks[w] += 1
        st.last = plays
        st.last_winner = w

    def _score(self, st: RallyState, events: list[Event] | None) -> None:
        """The Fool's exchange, the partner shown, card points and the settlement."""
        lines: list[str] = []
        d = st.declarer
        if st.partner < 0 and st.rallied >= 0:
            h = self.holder(st)
            if h >= 0:  # the rallied card lay in the discards
                st.partner = h
                st.revealed = True
                lines.append(f"T{rally_name(SUIT_OF[st.rallied], st.rally_level)[1:]} lay in "
                             f"{st.names[h]}'s discards: {st.names[h]} is {st.names[d]}'s partner.")
        side = self._side(st)
        if st.fool_owner >= 0:
            o, w = st.fool_owner, st.fool_winner
            st.fool = []
            if (o in side) == (w in side):
                st.won[o].append(FOOL)
                lines.append(f"{st.names[o]} keeps the Fool (the trick went to their own side).")
            else:
                pts = self._pts(st)
                pile = st.won[o] + (st.discards if st.discarder == o else [])
                if pile:
                    give = min(pile, key=lambda c: (pts[c], -KEY[c]))
                    (st.won[o] if give in st.won[o] else st.discards).remove(give)
                    st.won[w].append(give)
                    st.won[o].append(FOOL)
                    lines.append(f"{st.names[o]} keeps the Fool and gives {st.names[w]} {the(give)} for it.")
                else:
                    st.won[w].append(FOOL)
                    lines.append(f"{st.names[o]} won no card, so the Fool itself goes to {st.names[w]}.")
        pts = self._pts(st)
        for s in range(4):
            p = sum(map(pts.__getitem__, st.won[s])) + st.tricks[s]
            if s == st.discarder:
                p += sum(map(pts.__getitem__, st.discards))
            if s == st.last_winner:
                p += LAST_BONUS
            st.points[s] = p
        made = sum(st.points[s] for s in side)
        total = total_points(st.options.quintet_points)  # type: ignore[attr-defined]
        be = self.break_even(st)
        diff = made - be
        change = [0] * 4
        for s in range(4):
            if s in side:
                change[s] = diff * 3 if len(side) == 1 else diff
            else:
                change[s] = -diff
        who = st.names[d] if len(side) == 1 else f"{st.names[d]} and {st.names[side[1]]}"
        kind = "alone" if len(side) == 1 else "together"
        lines.append(f"{who} ({kind}) made {made} of {total} points; break-even is {be}.")
        lines.append("Game points: " + ", ".join(f"{st.names[s]} {change[s]:+d}" for s in range(4)) + ".")
        if events is not None:
            for line in lines:
                events.append(Event(line, "score", None, {"change": change} if line.startswith("Game") else {}))
        self._end_hand(st, change, lines, events, thrown=False)

    def _end_hand(self, st: RallyState, change: list[int], lines: list[str],
                  events: list[Event] | None, thrown: bool) -> None:
        st.change = change
        for s in range(4):
            st.scores[s] += change[s]
        st.sheet.append(list(change))
        st.report = lines
        st.thrown = thrown
        st.trick = []
        if st.hand_no >= st.options.hands:  # type: ignore[attr-defined]
            st.over = True
            st.phase = DONE
            if events is not None:
                events.append(Event(self._summary(st), "over", None))
            return
        st.phase = DONE
        st.turn = (st.dealer + 1) % 4

    # -- what each seat sees ---------------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: RallyState = state  # type: ignore[assignment]
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(4)]
        out.append(Zone("stock", st.stock, Vis.PUBLIC if st.stock_shown else Vis.NOBODY, None,
                        "Stock (shown)" if st.stock_shown else "Stock", "row" if st.stock_shown else "pile"))
        shown = st.phase == DONE and not st.thrown
        owner = st.discarder if st.discarder >= 0 else None
        label = f"{st.names[owner]}'s discards" if owner is not None else "Discards"
        out.append(Zone("discards", st.discards, Vis.PUBLIC if shown else Vis.OWNER, owner, label, "pile"))
        out.append(Zone("trick", [c for _, c in st.trick], Vis.PUBLIC, None, "Trick", "row"))
        owner_f = st.fool_owner if st.fool_owner >= 0 else None
        out.append(Zone("excused", st.fool, Vis.PUBLIC, owner_f,
                        f"Beside {st.names[owner_f]}" if owner_f is not None else "Excused", "row"))
        for s in range(4):
            out.append(Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{st.names[s]}'s tricks", "pile", tricks=st.tricks[s]))
        return out

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see, keep what the rules make public:
        no card worth 5 or more in the discards, the rallied card never with the declarer, and
        no card of a suit a player was seen to lack (`_keep_voids`)."""
        assert isinstance(other, RallyState)
        pts = self._pts(other)
        known = other.known_in  # cards seen going into a hand (a shown stock) stay in it
        hidden_hands = [s for s in range(4) if s != seat and other.hands[s]]
        if other.discarder >= 0 and other.discarder != seat and other.discards and not (
            other.phase == DONE and not other.thrown
        ):
            for i, c in enumerate(other.discards):
                if pts[c] < 5:
                    continue
                spots = [(s, j) for s in hidden_hands for j, x in enumerate(other.hands[s])
                         if pts[x] < 5 and x != FOOL and known.get(x) != f"hand{s}"]
                if spots:
                    s, j = spots[rng.below(len(spots))]
                    other.discards[i], other.hands[s][j] = other.hands[s][j], c
        d = other.declarer
        if other.rallied >= 0 and other.partner < 0 and seat != d and d >= 0:
            c = other.rallied
            mine = other.hands[d]
            if c in mine or (other.discarder == d and c in other.discards):
                spots = [(s, j) for s in hidden_hands if s != d for j, x in enumerate(other.hands[s])
                         if known.get(x) != f"hand{s}"]
                if spots:
                    s, j = spots[rng.below(len(spots))]
                    x = other.hands[s][j]
                    where = mine if c in mine else other.discards
                    k = where.index(c)
                    if where is other.discards and pts[x] >= 5:
                        pass  # keep the discards legal; a rare leftover, harmless for a playout
                    else:
                        where[k], other.hands[s][j] = x, c
        if any(other.voids):
            self._keep_voids(other, seat, hidden_hands, rng)
        for s in range(4):
            other.hands[s].sort(key=KEY.__getitem__)
        other.discards.sort(key=KEY.__getitem__)

    def _keep_voids(self, other: RallyState, seat: int | None, hidden_hands: list[int], rng: Rng) -> None:
        """A hidden hand that was seen to lack a suit (it played another card to that suit's
        lead; a plain card to it, so no trumps either: `voids`) holds none in the sample (the
        dealing kit's `keep_voids`), and the rallied card, while its holder is unknown, stays out
        of the declarer's hand; cards everyone saw go into a hand stay there."""
        d = other.declarer
        rally = other.rallied if other.rallied >= 0 and other.partner < 0 else -1
        keep_voids(other.hands, hidden_hands, other.voids, SUIT_OF, rng,
                   fits=lambda t, c: not (t == d and c == rally), known=other.known_in)

    # -- the card inspector ----------------------------------------------------------------------

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        quintet = bool(getattr(options, "quintet_points", True))
        pts = (POINTS_Q if quintet else POINTS_N)[card.id]
        out = [("Card points", str(pts))]
        if card.kind == "trump":
            out.append(("Trump", "beats every card of a suit; a higher trump beats a lower one"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: RallyState = state  # type: ignore[assignment]
        total = total_points(st.options.quintet_points)  # type: ignore[attr-defined]
        status = {
            "Hand": f"{st.hand_no} of {st.options.hands}",  # type: ignore[attr-defined]
            "Dealer": st.names[st.dealer],
            "Contract": self._contract(st),
            "Break-even": f"{self.break_even(st)} of {total}",
        }
        if st.phase == PLAY:
            status["Trick"] = f"{st.trick_no} of {TRICKS}"
        if st.stock:
            status["Stock"] = "3 cards, shown" if st.stock_shown else "3 cards, face down"
        if seat is not None and 0 <= seat < 4 and st.rallied >= 0 and st.partner < 0:
            if self.holder(st) == seat:
                status["Your part"] = (f"you hold {rally_name(SUIT_OF[st.rallied], st.rally_level)}: you are "
                                       f"{st.names[st.declarer]}'s secret partner (nobody else knows)")
        if st.phase == DONE and st.report:
            status["Last hand"] = " ".join(st.report)
        facts: dict[int, dict[str, str]] = {}
        for s in range(4):
            f: dict[str, str] = {}
            if s == st.dealer:
                f["Dealer"] = "yes"
            if st.call[s] != NONE and st.phase in (BARGAIN, SOLO):
                f["Bargain"] = self._call_text(st, s)
            if s == st.declarer:
                f["Role"] = "declarer (Solo)" if st.solo else "declarer"
            elif st.partner == s:
                f["Role"] = "partner"
            elif st.declarer >= 0 and (st.solo or st.partner >= 0):
                f["Role"] = "defender"
            if st.phase in (PLAY, DONE) and st.declarer >= 0:
                f["Tricks"] = str(st.tricks[s])
            if st.fool_owner == s and st.fool:
                f["Excused"] = "yes"
            if st.phase == DONE and not st.thrown:
                f["Points"] = str(st.points[s])
            facts[s] = f
        notes = {c: "excuse" for c in (FOOL,)}
        plays = [TrickPlay(seat=s, card=SLUG[c], note=notes.get(c, "")) for s, c in st.trick]
        last = [TrickPlay(seat=s, card=SLUG[c], note=notes.get(c, "")) for s, c in st.last]
        note = f"Trick {st.trick_no} of {TRICKS}" if st.phase == PLAY else ""
        led = self._led(st)
        if led >= 0:
            note += " · trump led" if led == TRUMP else f" · {SUIT_WORD[led]} led"
        trick = TrickView(
            leader=st.leader if st.phase == PLAY else None,
            plays=plays,
            note=note,
            last=last,
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        extra = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "declarer": st.declarer if st.declarer >= 0 else None,
            "partner": st.partner if st.partner >= 0 else None,
            "solo": st.solo,
            "rallied_suit": SUITS[SUIT_OF[st.rallied]] if st.rallied >= 0 else None,
            "rallied_level": LEVEL_WORD[st.rally_level] if st.rallied >= 0 else None,
            "tricks": list(st.tricks),
            "report": list(st.report),
        }
        return {
            "phase": "over" if st.over else st.phase,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": trick,
            "seat_facts": facts,
            "extra": extra,
        }

    def _call_text(self, st: RallyState, s: int) -> str:
        k = st.call[s]
        if k == PAY:
            return f"pays {st.call_amt[s]}" + (f" (taken by {st.names[st.taken_by[s]]})" if st.taken_by[s] >= 0 else "")
        if k == THROW:
            return f"throws for {st.call_amt[s]}" + (f" (taken by {st.names[st.taken_by[s]]})" if st.taken_by[s] >= 0 else "")
        if k == TAKE:
            return f"takes {st.names[st.took_from[s]]}'s offer"
        if k == HOLD:
            return "holds"
        return "to speak"

    def _contract(self, st: RallyState) -> str:
        if st.thrown:
            return "thrown in"
        d = st.declarer
        if d < 0:
            return {BARGAIN: "bargaining", SOLO: "Solo round", DISCARD: "dealer discards", PROP: "Prop round"}.get(
                st.phase, "none yet")
        if st.solo:
            return f"{st.names[d]} alone, 1 against 3"
        if st.rallied >= 0:
            r = rally_name(SUIT_OF[st.rallied], st.rally_level)
            if st.partner >= 0:
                return f"{st.names[d]} with {st.names[st.partner]} ({r} rallied)"
            return f"{st.names[d]} rallied {r}; partner unknown"
        if st.partner >= 0:
            return f"{st.names[d]} with {st.names[st.partner]} (cop)"
        return f"{st.names[d]} called Prop; Cop round"

    def _prompt(self, st: RallyState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        acting = st.turn
        who = st.names[acting]
        mine = seat == acting
        phase = st.phase
        if phase == DONE:
            head = f"Hand {st.hand_no} is over. " + " ".join(st.report[-2:]) + " "
            return head + ("Deal the next hand." if mine else f"Waiting for {who} to deal the next hand.")
        if phase == BARGAIN:
            if not mine:
                return f"Waiting for {who} to bargain."
            return ("Bargain: offer to pay game points to throw the hand in, ask a price to throw it in, "
                    "take an open offer, or hold to play it.")
        if phase == SOLO:
            return "Play Solo (the stock is shown, then you play alone against three), or pass." if mine else \
                f"Waiting for {who}: Solo or pass."
        if phase == PICKUP:
            return "Take the shown stock into your hand; then discard three." if mine else \
                f"Waiting for {who} to take the stock."
        if phase == DISCARD:
            if not mine:
                return f"Waiting for {who} to discard three cards."
            return ("Discard three cards; they count as yours. No card worth 5 or more, and a trump only "
                    "if you have too few other cards.")
        if phase == PROP:
            return ("Call Prop to declare with a partner (needs 20 in Kings, Quintet trumps and Honours), "
                    "or pass.") if mine else f"Waiting for {who}: Prop or pass."
        if phase == COP:
            d = st.names[st.declarer]
            return (f"Call Cop to be {d}'s open partner (needs 15 in Kings, Quintet trumps and Honours), "
                    "or pass.") if mine else f"Waiting for {who}: Cop or pass."
        if phase == RALLY:
            return ("Rally the King of your shortest suit without its King (the rule picks it); its holder "
                    "becomes your secret partner.") if mine else f"Waiting for {who} to rally a King."
        if not mine:
            return f"Waiting for {who} to play."
        if not st.trick:
            return f"Lead a card to trick {st.trick_no} of {TRICKS}."
        led = self._led(st)
        if led < 0:
            return "Play any card: the excuse was led, so the next card sets the suit."
        if led == TRUMP:
            return "Play a card: follow with a trump if you can."
        return f"Play a card: follow {SUIT_WORD[led]} if you can, else play a trump."

    def label(self, state: State, action: Action) -> str:
        st: RallyState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if verb == "play":
            c = ID_OF.get(args[0], -1)
            return f"Play {the(c)}" if c >= 0 else f"Play {args[0]}"
        if verb == "pay":
            return f"Offer to pay {args[0]} to throw in"
        if verb == "throw":
            return f"Throw in for {args[0]}"
        if verb == "take":
            seat = st.turn
            o = (seat + DIRS.index(args[0]) + 1) % 4
            n = st.call_amt[o]
            if st.call[o] == PAY:
                return f"Take {st.names[o]}'s offer ({st.names[o]} pays you {n})"
            return f"Take {st.names[o]}'s offer (you pay {st.names[o]} {n})"
        if verb == "hold":
            return "Hold (play this hand)"
        if verb == "solo":
            return "Play Solo (show the stock, 1 against 3)"
        if verb == "pass":
            return "Pass"
        if verb == "pickup":
            return "Take the stock into your hand"
        if verb == "discard":
            return "Discard " + listing([the(ID_OF[a]) for a in args])
        if verb == "prop":
            return "Prop (declare with a partner)"
        if verb == "cop":
            d = st.declarer
            return f"Cop (be {st.names[d]}'s partner)" if d >= 0 else "Cop"
        if verb == "rally":
            s = SUITS.index(args[0])
            level, _ = rally_choices(self._held(st, st.turn))
            return f"Rally {rally_name(s, level or 4)}"
        if verb == "deal":
            return "Deal the next hand"
        return super().label(state, action)

    # -- the end ---------------------------------------------------------------------------------------

    def _summary(self, st: RallyState) -> str:
        top = max(st.scores)
        best = [st.names[s] for s in range(4) if st.scores[s] == top]
        verb = "wins" if len(best) == 1 else "share first place"
        return f"{listing(best)} {verb} with {top:+d} game points after {plural(st.hand_no, 'hand')}."

    def final(self, state: State) -> ResultView:
        st: RallyState = state  # type: ignore[assignment]
        placings = [1 + sum(1 for t in st.scores if t > st.scores[s]) for s in range(4)]
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]:+d}" for s in range(4))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)


GAME = Rally()
