"""Chicago: 2–4 players, 52 cards. RULES.md section 15; help.md lists every reading we chose.

Flow of one hand: deal 5 each -> draw 1 -> showdown 1 -> draw 2 -> showdown 2 -> draw 3 -> five
tricks (the last one scores 5) -> the best poker hand on the table scores -> the next dealer deals.
The game ends after a hand in which someone has 52 or more and one player leads alone.

Hidden information: hands are OWNER zones; the stock and the face-down discards are NOBODY zones.
A draw publishes only how many cards were changed. A showdown publishes only what the spoken
dialogue would: the class a player declares, and, when two hands of one class meet, the ranks down
to the one that decides (`poker.phrase`). The holder of the best hand of the last showdown who
wants to break up its combination first shows the hand: `show` moves it into a PUBLIC zone, so
everybody sees it, and the following discard puts the kept cards back in the private hand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Callable

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, SUITS, the
from decktable.engine.actions import CARD, CARDS, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids
from decktable.engine.kits.tricks import shows_void
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.chicago import INFO
from decktable.rulesets.chicago.poker import (
    CLASS_NAME,
    PAIR,
    POINTS,
    combination,
    complete_to,
    deciding_depth,
    evaluate,
    fits,
    phrase,
)

# -- tables, per card id ---------------------------------------------------------------------------

FULL: tuple[int, ...] = tuple(range(52))
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {SLUG[c]: c for c in FULL}
SUIT_IX: list[int] = [SUITS.index(c.suits[0]) for c in FRENCH]
RANK: list[int] = [c.rank or 0 for c in FRENCH]
SORT_KEY: list[int] = [SUIT_IX[c] * 16 + RANK[c] for c in FULL]  # hand order: suit, then rank
SUIT_NAME: list[str] = [s.capitalize() for s in SUITS]

TARGET = 52  # the game ends after a hand in which someone reaches this
FREEZE = 46  # a player who starts a hand with this many may not draw in it
LAST_TRICK = 5
TRICKS = 5

DRAW, SHOW, PLAY, DONE, OVER = "draw", "showdown", "play", "scored", "over"
ORDINAL = ("", "first", "second", "third")

PLAY_ACTIONS: dict[int, Action] = {c: Action("play", (SLUG[c],)) for c in FULL}
STAND = Action("stand")
EXPOSE = Action("show")
DECLARE = Action("declare")
PASS = Action("pass")
DEAL = Action("deal")

#: discard actions, their cards named in hand order (real hands and samples alike are kept in it):
#: of one card and of two, by card ids in tables built at first use; of three, by slugs as met
#: (22,100 at most). A search lists the 31 discards of a thousand sampled hands a second; those
#: of four or five cards are seldom met twice, so they are built each time
_ONE: list[Action] = []
_TWO: list[list[Action | None]] = []
_THREE: dict[tuple[str, ...], Action] = {}


def _build_tables() -> None:
    """Fill `_ONE` and `_TWO` (about 3 ms, once)."""
    if not _TWO:
        _ONE[:] = [Action("discard", (SLUG[c],)) for c in FULL]
        _TWO[:] = [[Action("discard", (SLUG[a], SLUG[b])) if a != b else None for b in FULL] for a in FULL]


def _kept(args: tuple[str, ...]) -> Action:
    """A new discard of three cards, kept in `_THREE`."""
    a = _THREE[args] = Action("discard", args)
    return a


def discard_action(cards: tuple[int, ...] | list[int]) -> Action:
    """The `discard` action for these cards (already in hand order)."""
    if not _TWO:
        _build_tables()
    if len(cards) == 1:
        return _ONE[cards[0]]
    if len(cards) == 2:
        return _TWO[cards[0]][cards[1]]  # type: ignore[return-value]
    args = tuple(map(SLUG.__getitem__, cards))
    if len(cards) == 3:
        return _THREE.get(args) or _kept(args)
    return Action("discard", args)


#: per number of free cards, the index sets of every discard in the order `_discards` lists them
SUBSETS: list[list[tuple[int, ...]]] = [
    [combo for k in range(1, f + 1) for combo in combinations(range(f), k)] for f in range(11)
]


@lru_cache(maxsize=1 << 10)
def _discards_of(free: tuple[int, ...]) -> tuple[Action, ...]:
    """The discards of these free cards, smallest sets first (`combinations` lists each size in
    `SUBSETS` order). A search asks for those of a thousand sampled hands a second, hence the
    tables, the caches and a comprehension per size rather than a call per discard."""
    if not _TWO:
        _build_tables()
    one, two, three = _ONE, _TWO, _THREE.get
    slugs = tuple(map(SLUG.__getitem__, free))
    return (
        *[one[c] for c in free],
        *[two[a][b] for a, b in combinations(free, 2)],
        *[three(args) or _kept(args) for args in combinations(slugs, 3)],
        *[Action("discard", args) for k in range(4, len(free) + 1) for args in combinations(slugs, k)],
    )  # type: ignore[return-value]


#: something said at the table, kept as a wording function and what it words: the state keeps
#: these rather than sentences, since a search plays thousands of showdowns that nobody reads
Saying = tuple[Any, ...]


def words(st: ChicagoState, saying: Saying) -> str:
    """A saying (`ChicagoState.said`, `.outcome`) in words."""
    return saying[0](st.names, *saying[1:])


def _declares(names: list[str], seat: int, cls: int) -> str:
    return f"{names[seat]} declares {CLASS_NAME[cls]}."


def _equals(names: list[str], seat: int, key: tuple[int, ...], holders: list[int]) -> str:
    return f"{names[seat]}'s {phrase(key)} is exactly equal to {possessive([names[h] for h in holders])}."


def _beats(names: list[str], seat: int, key: tuple[int, ...], d: int, holders: list[int], held: tuple[int, ...]) -> str:
    return f"{names[seat]}'s {phrase(key, d)} beats {possessive([names[h] for h in holders])} {phrase(held, d)}."


def _gives_way(names: list[str], seat: int, holders: list[int], held: tuple[int, ...], d: int) -> str:
    """The holders state their hand as far as it decides; the challenger matched `d` items."""
    said = f"{listing([names[h] for h in holders])}: {phrase(held, d)}. {names[seat]}"
    if d == 0:
        return f"{said} gives way."
    return f"{said} matched {phrase(held, d - 1)}, then gives way."


def _passes(names: list[str], seat: int) -> str:
    return f"{names[seat]} passes."


def _settled(names: list[str], rnd: int, best: list[int], cls: int) -> str:
    r = ORDINAL[rnd]
    if not best:
        return f"Nobody declares in the {r} showdown: no score."
    if len(best) > 1:
        return f"{listing([names[s] for s in best])} hold exactly equal hands: nobody scores the {r} showdown."
    pts = POINTS[cls]
    return f"{names[best[0]]} wins the {r} showdown with {CLASS_NAME[cls]}: {pts} point{'s' if pts != 1 else ''}."


def _scored(names: list[str], w: int, top: tuple[int, ...], winners: list[int]) -> str:
    """The hand's end: the last trick, then the best poker hand on the table."""
    parts = [f"{names[w]} takes the last trick: {LAST_TRICK} points."]
    if top[0] < PAIR:
        parts.append(f"Nobody has a pair on the table: no score for the hand (best: {phrase(top)}).")
    elif len(winners) > 1:
        parts.append(f"{listing([names[s] for s in winners])} have exactly equal hands ({phrase(top)}): nobody scores for the hand.")
    else:
        pts = POINTS[top[0]]
        parts.append(f"{names[winners[0]]} has the best hand, {phrase(top)}: {pts} point{'s' if pts != 1 else ''}.")
    return " ".join(parts)


def _seen_draw(action: Action) -> Any:
    """What the other players see of a draw: a discard's number of cards; standing or showing."""
    return len(action.args) if action.verb == "discard" else action


def cards_text(cards: list[int]) -> str:
    return listing([the(c) for c in cards])


def possessive(names: list[str]) -> str:
    return listing([f"{n}'s" for n in names]) if len(names) == 1 else listing(names) + "'s"


# -- options and state -----------------------------------------------------------------------------


class ChicagoOptions(BaseModel):
    max_hands: int = Field(
        100,
        ge=1,
        le=1000,
        description="A stop rule: after this many hands the game ends even if nobody has 52; the "
        "highest total wins and a tie at the top is shared. A safety stop for long games (a real "
        "game of Chicago rarely needs 20 hands); set it low for a short game.",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True}, ge=0, le=3, description="Seat (counted from 1: 1 = the first player) that deals the first hand; "
        "blank = chosen at random."
    )


class ChicagoState(State):
    __slots__ = (
        "phase",
        "round",
        "dealer",
        "turn",
        "order",
        "pos",
        "hands",
        "shown",
        "played",
        "stock",
        "discards",
        "frozen",
        "drew",
        "must_show",
        "best",
        "best_class",
        "said",
        "declared",
        "heard",
        "trick",
        "leader",
        "tricks",
        "last",
        "last_winner",
        "hand_pts",
        "outcome",
        "voids",
    )

    phase: str
    round: int  # the draw or showdown under way: 1, 2 or 3
    dealer: int
    turn: int
    order: list[int]  # seats from the dealer's left round to the dealer
    pos: int  # index in `order` of the seat to act in a draw or a showdown
    hands: list[list[int]]  # private cards
    shown: list[list[int]]  # a hand shown to everybody before it is broken up (public)
    played: list[list[int]]  # cards played to tricks, face up in front of their player
    stock: list[int]  # index 0 is the next card dealt
    discards: list[int]  # face down
    frozen: list[bool]  # started this hand with FREEZE or more: no draws
    drew: list[list[int]]  # cards changed per seat in each draw this hand (-1: not yet)
    must_show: list[bool]  # held the best hand of the last showdown: show before breaking it up
    best: list[int]  # seats holding the best declared hand of the showdown under way (ties: all)
    best_class: int  # its class, -1 when nobody has declared
    said: list[tuple[Any, ...]]  # what was said in the showdown under way (sayings: `words`), public
    declared: list[int]  # class each seat declared in the showdown under way (-1 passed, -2 not yet)
    heard: list[tuple[tuple[int, ...], tuple[int, ...]]]  # per seat, what the showdown said of its hand (`poker.fits`)
    trick: list[tuple[int, int]]  # (seat, card) of the trick in progress
    leader: int
    tricks: list[int]  # tricks taken this hand
    last: list[tuple[int, int]]
    last_winner: int
    hand_pts: list[int]  # points scored this hand so far, for the score sheet
    outcome: tuple[Any, ...]  # how the last hand was scored (a saying: `words`), () before the first
    voids: list[int]  # per seat, the suits it showed it lacks in this hand's tricks (bit SUIT_IX), public


# -- the game --------------------------------------------------------------------------------------


class Chicago(Game):
    info = GameInfo(id="chicago", **INFO)
    Options = ChicagoOptions
    catalogue = FRENCH
    grammar = Grammar(
        {
            "discard": (CARDS,),
            "stand": (),
            "show": (),
            "declare": (),
            "pass": (),
            "play": (CARD,),
            "deal": (),
        },
        FRENCH,
        SUITS,
    )

    # -- starting and dealing ------------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        fd = options.first_dealer  # type: ignore[attr-defined]
        if fd is not None and fd >= players:
            raise BadOptions(f"first_dealer must be a seat from 0 to {players - 1}, not {fd}.")

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = ChicagoState(names, rng, options)
        n = len(names)
        fd = options.first_dealer  # type: ignore[attr-defined]
        if fd is not None:
            st.dealer = fd
        elif deck is not None:
            st.dealer = n - 1  # a stacked deal is the same for every seed: seat 0 gets the top card
        else:
            st.dealer = rng.below(n)
        st.outcome = ()
        st.hands = [[] for _ in range(n)]
        st.discards = []
        st.stock = []
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: ChicagoState, order: list[int], events: list[Event] | None) -> None:
        """Deal five each from `order` (index 0 = top), one at a time from the dealer's left; the
        rest is the stock."""
        n = st.players
        first = (st.dealer + 1) % n
        hands = deal(order, n, 5, first=first)
        for h in hands:
            h.sort(key=SORT_KEY.__getitem__)
        st.hands = hands
        st.stock = order
        st.discards = []
        st.shown = [[] for _ in range(n)]
        st.played = [[] for _ in range(n)]
        st.order = [(first + i) % n for i in range(n)]
        st.frozen = [sc >= FREEZE for sc in st.scores]
        st.drew = [[-1, -1, -1] for _ in range(n)]
        st.must_show = [False] * n
        st.best = []
        st.best_class = -1
        st.said = []
        st.declared = [-2] * n
        st.heard = [((), ())] * n
        st.trick = []
        st.leader = first
        st.tricks = [0] * n
        st.last = []
        st.last_winner = -1
        st.hand_pts = [0] * n
        st.voids = [0] * n
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals five cards each.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer},
                )
            )
            for s in st.order:
                if st.frozen[s]:
                    events.append(
                        Event(
                            f"{st.names[s]} starts the hand with {st.scores[s]} points and may not "
                            "change cards in it.",
                            "frozen",
                            s,
                        )
                    )
        self._start_draw(st, 1, events)

    def _start_draw(self, st: ChicagoState, r: int, events: list[Event] | None) -> None:
        st.phase = DRAW
        st.round = r
        st.pos = -1
        self._next_drawer(st, events)

    def _next_drawer(self, st: ChicagoState, events: list[Event] | None) -> None:
        """The next seat in order that may draw; after the last one, the showdown or the tricks."""
        n = st.players
        pos = st.pos + 1
        while pos < n and st.frozen[st.order[pos]]:
            pos += 1
        if pos < n:
            st.pos = pos
            st.turn = st.order[pos]
            return
        if st.round < 3:
            self._start_showdown(st, events)
        else:
            self._start_tricks(st, events)

    def _start_showdown(self, st: ChicagoState, events: list[Event] | None) -> None:
        st.phase = SHOW
        st.pos = 0
        st.turn = st.order[0]
        st.best = []
        st.best_class = -1
        st.said = []
        st.declared = [-2] * st.players
        st.heard = [((), ())] * st.players
        st.must_show = [False] * st.players
        if events is not None:
            events.append(
                Event(
                    f"The {ORDINAL[st.round]} showdown: from {st.names[st.turn]}, each player declares "
                    "their best hand or passes.",
                    "showdown",
                )
            )

    def _start_tricks(self, st: ChicagoState, events: list[Event] | None) -> None:
        st.phase = PLAY
        st.leader = st.order[0]
        st.turn = st.leader
        st.trick = []
        st.must_show = [False] * st.players
        if events is not None:
            events.append(Event(f"The draws are over. {st.names[st.turn]} leads to the first trick.", "tricks"))

    # -- whose turn, what is legal ---------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: ChicagoState = state  # type: ignore[assignment]
        if st.over:
            return ()
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "draw": "Drawing",
        "showdown": "Showdown",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def parse(self, text: str) -> Action:
        """As the grammar; the cards of `discard` are put in the hand's order (suit, then rank), so
        `discard 9h 2c` and `discard 2c 9h`... are one action."""
        a = self.grammar.parse(text)
        if a.verb == "discard" and len(a.args) > 1:
            ordered = tuple(sorted(a.args, key=lambda s: SORT_KEY[ID_OF[s]]))
            if ordered != a.args:
                a = Action(a.verb, ordered)
        return a

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: ChicagoState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        phase = st.phase
        if phase == PLAY:
            hand = st.hands[seat]
            if st.trick:
                ls = SUIT_IX[st.trick[0][1]]
                same = [c for c in hand if SUIT_IX[c] == ls]
                if same:
                    return [PLAY_ACTIONS[c] for c in same]
            return [PLAY_ACTIONS[c] for c in hand]
        if phase == DRAW:
            if st.shown[seat]:
                return [STAND, *self._discards(st.shown[seat], ())]
            hand = st.hands[seat]
            if st.must_show[seat]:
                keep = combination(hand)
                out = [STAND, *self._discards(hand, keep)]
                if keep:
                    out.append(EXPOSE)
                return out
            return [STAND, *self._discards(hand, ())]
        if phase == SHOW:
            if self._may_declare(st, seat):
                return [DECLARE, PASS]
            return [PASS]
        if phase == DONE:
            return [DEAL]
        return []

    @staticmethod
    def _discards(cards: list[int], keep: list[int] | tuple[int, ...]) -> tuple[Action, ...]:
        """Every non-empty set of `cards` that holds none of `keep`, smallest sets first."""
        return _discards_of(tuple(c for c in cards if c not in keep) if keep else tuple(cards))

    def _may_declare(self, st: ChicagoState, seat: int) -> bool:
        cls = evaluate(st.hands[seat])[0]
        return cls >= PAIR and cls >= st.best_class

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: ChicagoState = state  # type: ignore[assignment]
        if not st.over and seat == st.turn and st.phase == PLAY and action.verb == "play" and len(action.args) == 1:
            c = ID_OF.get(action.args[0], -1)
            hand = st.hands[seat]
            if c in hand:
                if not st.trick:
                    return None
                ls = SUIT_IX[st.trick[0][1]]
                if SUIT_IX[c] == ls or not any(SUIT_IX[x] == ls for x in hand):
                    return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: ChicagoState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if st.over:
            return "The game is over."
        if seat != st.turn:
            return f"It is {st.names[st.turn]}'s turn, not yours."
        misfit = self.grammar.misfit(action)
        if misfit is not None:
            return f"That is not a move of Chicago ({misfit})."
        phase = st.phase
        if phase == DONE:
            return None if verb == "deal" else f"Hand {st.hand_no} is over: deal the next hand."
        if verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        if phase == DRAW:
            return self._why_not_draw(st, seat, action)
        if phase == SHOW:
            if verb == "pass":
                return None
            if verb == "declare":
                cls = evaluate(st.hands[seat])[0]
                if cls < PAIR:
                    return "You have no pair: there is nothing to declare. Pass."
                if cls < st.best_class:
                    return (
                        f"Your best hand is {CLASS_NAME[cls]}, lower than the {CLASS_NAME[st.best_class]} "
                        "already declared. Pass."
                    )
                return None
            return f"This is the {ORDINAL[st.round]} showdown: declare your best hand or pass."
        # tricks
        if verb != "play":
            if verb in ("discard", "stand", "show"):
                return "The draws are over: play a card to the trick."
            return "Play a card to the trick."
        c = ID_OF[args[0]]
        hand = st.hands[seat]
        if c not in hand:
            return f"You do not hold {the(c)}."
        if st.trick:
            ls = SUIT_IX[st.trick[0][1]]
            if SUIT_IX[c] != ls and any(SUIT_IX[x] == ls for x in hand):
                return f"You must follow suit: you hold {SUIT_NAME[ls].lower()}."
        return None

    def _why_not_draw(self, st: ChicagoState, seat: int, action: Action) -> str | None:
        verb, args = action.verb, action.args
        r = ORDINAL[st.round]
        if verb in ("declare", "pass"):
            return f"This is the {r} draw: discard the cards you want to change, or keep all five."
        if verb == "play":
            return f"The tricks come after the third draw; this is the {r} draw."
        exposed = bool(st.shown[seat])
        hand = st.shown[seat] if exposed else st.hands[seat]
        if verb == "show":
            if exposed:
                return "Your hand is already shown: now discard, or keep all five."
            if not st.must_show[seat]:
                return "Only the holder of the best hand of the last showdown shows before discarding."
            return None
        if verb == "stand":
            return None
        # discard
        ids = [ID_OF[a] for a in args]
        if len(set(ids)) != len(ids):
            return "You named a card twice."
        for c in ids:
            if c not in hand:
                return f"You do not hold {the(c)}."
        if st.must_show[seat] and not exposed:
            keep = combination(hand)
            broken = [c for c in ids if c in keep]
            if broken:
                return (
                    f"{the(broken[0])[0].upper()}{the(broken[0])[1:]} belongs to the "
                    f"{CLASS_NAME[evaluate(hand)[0]]} that won the last showdown: show your hand "
                    "to everyone first."
                )
        return None

    # -- carrying out ------------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: ChicagoState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            self._play_card(st, seat, ID_OF[action.args[0]], events)
        elif verb == "discard":
            self._exchange(st, seat, [ID_OF[a] for a in action.args], events)
        elif verb == "stand":
            self._exchange(st, seat, [], events)
        elif verb == "show":
            self._show(st, seat, events)
        elif verb == "declare":
            self._declare(st, seat, events)
        elif verb == "pass":
            self._pass(st, seat, events)
        elif verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts declare at a showdown whenever the rules allow it (see
        `Game.playout_action`; `playout` writes it out): a declaration can only score, since the
        table compares the hands and nothing is lost by being beaten, yet random playouts passed
        with a declarable hand half the time, so the points a showdown gives (and the other
        seat's, to be beaten) counted for about half what they do. The draws and the cards are
        left to the search's random draw (None)."""
        st: ChicagoState = state  # type: ignore[assignment]
        if st.phase == SHOW and DECLARE in legal:
            return DECLARE
        return None

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): draws, showdowns and trick plays are
        drawn uniformly from what `legal_actions` would list, without building every discard (a
        draw has 32 of them) or an action; anything else goes through the generic step. Stops at
        the end of the hand. `trace` collects the moves as (seat, action)."""
        st: ChicagoState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        # the playout policy (`playout_action`), written out here (a subclass without it draws)
        policy = self.playout_action if type(self).playout_action is not Game.playout_action else None
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            seat = st.turn
            phase = st.phase
            if phase == PLAY:  # the tricks, to the end of the hand, in a loop of their own
                moves += self._random_tricks(st, rand, limit - moves, trace)
                continue
            if phase == SHOW:  # `legal_actions`: declare (where allowed), pass
                declare = self._may_declare(st, seat)
                if declare and policy is not None:  # the playout policy: declare where allowed
                    if trace is not None:
                        trace.append((seat, DECLARE))
                    self._declare(st, seat, None)
                elif declare and int(rand() * 2) == 0:
                    if trace is not None:
                        trace.append((seat, DECLARE))
                    self._declare(st, seat, None)
                else:
                    if not declare:
                        rand()  # the one legal move, drawn all the same
                    if trace is not None:
                        trace.append((seat, PASS))
                    self._pass(st, seat, None)
            elif phase == DRAW:
                out = self._random_draw(st, seat, rand)
                if out is None:
                    if trace is not None:
                        trace.append((seat, EXPOSE))
                    self._show(st, seat, None)
                else:
                    if trace is not None:
                        trace.append((seat, discard_action(tuple(out)) if out else STAND))
                    self._exchange(st, seat, out, None)
            else:
                if not self.random_step(st, seat, rand, trace):
                    break
            moves += 1
        return moves

    def _random_tricks(self, st: ChicagoState, rand: Any, limit: int, trace: list[tuple[int, Action]] | None) -> int:
        """The playout's cards, each drawn as from `legal_actions` (the suit led if the hand holds
        it, else any card), until the hand ends or `limit` cards; how many. Each card is played as
        `_play_card` plays it, in one loop (a hand's ten to twenty cards, every iteration of a
        search): the trick taken by `_take_trick`, the hand's end by `_end_hand`."""
        n = len(st.hands)
        hands, played, voids = st.hands, st.played, st.voids
        trick = st.trick
        seat = st.turn
        moves = 0
        while moves < limit:
            hand = hands[seat]
            cards = hand
            if trick:
                ls = SUIT_IX[trick[0][1]]
                cards = [c for c in hand if SUIT_IX[c] == ls] or hand
            c = cards[int(rand() * len(cards))]
            if trace is not None:
                trace.append((seat, PLAY_ACTIONS[c]))
            moves += 1
            hand.remove(c)
            voids[seat] |= shows_void(trick, c, SUIT_IX)
            played[seat].append(c)
            trick.append((seat, c))
            if len(trick) < n:
                seat = seat + 1 if seat + 1 < n else 0
                continue
            seat = self._take_trick(st)
            if st.phase != PLAY:
                return moves
            trick = st.trick
        st.turn = seat
        return moves

    def _random_draw(self, st: ChicagoState, seat: int, rand: Any) -> list[int] | None:
        """A draw of `seat` picked as from `legal_actions` (stand, each discard, show where
        allowed: one call to `rand`) without building the list: the cards to discard ([] to
        stand), or None to show the hand."""
        shown = st.shown[seat]
        keep: Any = ()
        base = shown if shown else st.hands[seat]
        may_show = False
        if not shown and st.must_show[seat]:
            keep = combination(base)
            may_show = bool(keep)
        free = [c for c in base if c not in keep] if keep else base
        sets = SUBSETS[len(free)]
        r = int(rand() * (1 + len(sets) + may_show))
        if r == 0:
            return []
        if r <= len(sets):
            return [free[i] for i in sets[r - 1]]
        return None

    def unseen_moves(self, state: State, seat: int, searcher: int) -> Callable[[Action], Any] | None:
        """Another player's draw: its discards go face down, so the table sees how many cards
        were changed (or that the hand stood or was shown), never which. A draw from a hand
        shown to all is the exception: the cards it keeps are seen going back (`_exchange`), so
        the cards it lets go are known too."""
        st: ChicagoState = state  # type: ignore[assignment]
        return _seen_draw if st.phase == DRAW and not st.shown[seat] else None

    def random_legal(self, state: State, seat: int, rand: Any) -> Action | None:
        st: ChicagoState = state  # type: ignore[assignment]
        if st.phase != DRAW or st.over or seat != st.turn:
            return super().random_legal(state, seat, rand)
        out = self._random_draw(st, seat, rand)
        if out is None:
            return EXPOSE
        return discard_action(tuple(out)) if out else STAND

    def _show(self, st: ChicagoState, seat: int, events: list[Event] | None) -> None:
        hand = st.hands[seat]
        cls = evaluate(hand)[0]
        st.shown[seat][:] = hand
        hand.clear()
        if events is not None:
            events.append(
                Event(
                    f"{st.names[seat]} shows their hand to break up {CLASS_NAME[cls]}: "
                    f"{cards_text(st.shown[seat])}.",
                    "show",
                    seat,
                    {"cards": [SLUG[c] for c in st.shown[seat]]},
                )
            )

    def _exchange(self, st: ChicagoState, seat: int, out: list[int], events: list[Event] | None) -> None:
        """Discard `out` face down and take as many from the stock, reshuffling the discards into
        a new stock the moment the stock runs out."""
        shown = st.shown[seat]
        hand = st.hands[seat]
        if shown:
            # the shown hand goes back into its owner's hand: what is kept of it, everyone knows
            self.reveal_into(st, shown, f"hand{seat}")
            hand.extend(shown)
            shown.clear()
        for c in out:
            hand.remove(c)
        st.discards.extend(out)
        n = len(out)
        reshuffled = False
        stock = st.stock
        if n < len(stock):  # most draws: the stock does not run out
            hand += stock[:n]
            del stock[:n]
        else:
            for _ in range(n):
                hand.append(stock.pop(0))
                if not stock:
                    self._reshuffle(st)  # the discards become the stock, in place
                    reshuffled = True
        hand.sort(key=SORT_KEY.__getitem__)
        st.drew[seat][st.round - 1] = n
        if events is not None:
            name = st.names[seat]
            if n == 0:
                text = f"{name} keeps all five cards."
            else:
                text = f"{name} discards {n} card{'s' if n != 1 else ''} and draws {n}."
            if reshuffled:
                text += " The stock ran out: the discards are shuffled to make a new stock."
            events.append(Event(text, "draw", seat, {"count": n, "round": st.round}))
        self._next_drawer(st, events)

    def _reshuffle(self, st: ChicagoState) -> None:
        st.stock.extend(st.discards)
        st.discards.clear()
        st.rng.shuffle(st.stock)

    def _declare(self, st: ChicagoState, seat: int, events: list[Event] | None) -> None:
        key = evaluate(st.hands[seat])
        cls = key[0]
        heard = st.heard
        saying: Saying
        if not st.best or cls > st.best_class:
            st.best = [seat]
            st.best_class = cls
            saying = (_declares, seat, cls)
            heard[seat] = ((cls,), ())
        else:
            # the same class: the holder states ranks first, the challenger answers or gives way
            holders = st.best
            held = evaluate(st.hands[holders[0]])
            d = deciding_depth(key, held)
            if held[0] != cls:  # only in a re-dealt (determinized) state: compare whole keys
                d = 0
            # what was said aloud: the ranks each phrase names are the first d + 2 items of a key
            said = len(held) if d is None else d + 2
            for h in holders:
                if len(heard[h][0]) < said:
                    heard[h] = (held[:said], ())
            if d is None:
                st.best = holders + [seat]
                saying = (_equals, seat, key, holders)
                heard[seat] = (key, ())
            elif key > held:
                st.best = [seat]
                saying = (_beats, seat, key, d, holders, held)
                heard[seat] = (key[:said], ())
            else:
                heard[seat] = (key[: d + 1], held[:said])  # matched so far, then lower
                saying = (_gives_way, seat, holders, held, d)
            st.best_class = max(st.best_class, cls)
        st.declared[seat] = cls
        st.said.append(saying)
        if events is not None:
            events.append(Event(words(st, saying), "declare", seat, {"class": CLASS_NAME[cls]}))
        self._next_speaker(st, events)

    def _pass(self, st: ChicagoState, seat: int, events: list[Event] | None) -> None:
        st.declared[seat] = -1
        saying = (_passes, seat)
        st.said.append(saying)
        if events is not None:
            events.append(Event(words(st, saying), "pass", seat))
        self._next_speaker(st, events)

    def _next_speaker(self, st: ChicagoState, events: list[Event] | None) -> None:
        st.pos += 1
        if st.pos < st.players:
            st.turn = st.order[st.pos]
            return
        # the showdown is settled
        best = st.best
        if len(best) == 1:
            w = best[0]
            pts = POINTS[st.best_class]
            st.scores[w] += pts
            st.hand_pts[w] += pts
        saying = (_settled, st.round, best, st.best_class)
        st.said.append(saying)
        if events is not None:
            events.append(Event(words(st, saying), "showdown", best[0] if len(best) == 1 else None, {"round": st.round}))
        must = [False] * st.players
        for s in best:
            must[s] = True
        st.must_show = must  # before the draw starts: a draw nobody may make goes straight on
        self._start_draw(st, st.round + 1, events)

    def _play_card(self, st: ChicagoState, seat: int, c: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(c)
        st.voids[seat] |= shows_void(st.trick, c, SUIT_IX)  # not following: none of the suit led
        st.played[seat].append(c)
        st.trick.append((seat, c))
        n = st.players
        if events is not None:
            verb = "leads" if len(st.trick) == 1 else "plays"
            events.append(Event(f"{st.names[seat]} {verb} {the(c)}.", "play", seat, {"card": SLUG[c]}))
        if len(st.trick) < n:
            st.turn = (seat + 1) % n
            return
        self._take_trick(st, events)

    def _take_trick(self, st: ChicagoState, events: list[Event] | None = None) -> int:
        """The full trick on the table goes to the highest card of the suit led, who leads next;
        after the fifth, the hand ends. Who took it."""
        trick = st.trick
        ls = SUIT_IX[trick[0][1]]
        w, wc = trick[0]
        for s, x in trick[1:]:
            if SUIT_IX[x] == ls and RANK[x] > RANK[wc]:
                w, wc = s, x
        tricks = st.tricks
        tricks[w] += 1
        st.last = trick
        st.last_winner = w
        st.trick = []
        st.turn = w
        st.leader = w
        number = sum(tricks)
        if events is not None:
            events.append(Event(f"{st.names[w]} wins trick {number} with {the(wc)}.", "trick", w, {"card": SLUG[wc]}))
        if number == TRICKS:
            self._end_hand(st, w, events)
        return w

    def _end_hand(self, st: ChicagoState, w: int, events: list[Event] | None) -> None:
        """The last trick scores first, then the best poker hand on the table; then the game-end
        check (RULES.md gap 8)."""
        st.scores[w] += LAST_TRICK
        st.hand_pts[w] += LAST_TRICK
        keys = list(map(evaluate, st.played))  # per seat
        top = max(keys)
        winners = [s for s, key in enumerate(keys) if key == top]
        if top[0] >= PAIR and len(winners) == 1:
            s = winners[0]
            pts = POINTS[top[0]]
            st.scores[s] += pts
            st.hand_pts[s] += pts
        st.sheet.append(list(st.hand_pts))
        st.outcome = (_scored, w, top, winners)
        if events is not None:
            events.append(Event(words(st, st.outcome), "score", None, {"hand": list(st.hand_pts)}))
        high = max(st.scores)
        leaders = [s for s, score in enumerate(st.scores) if score == high]
        limit = st.hand_no >= st.options.max_hands  # type: ignore[attr-defined]
        if (high >= TARGET and len(leaders) == 1) or limit:
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over", leaders[0] if len(leaders) == 1 else None))
            return
        if high >= TARGET and events is not None:
            events.append(
                Event(f"{listing([st.names[s] for s in leaders])} are level at {high}: play goes on.", "info")
            )
        st.phase = DONE
        st.turn = (st.dealer + 1) % st.players  # the deal passes to the left

    # -- what each seat sees -----------------------------------------------------------------------

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see: a player who declared in the last
        showdown and has changed no card since holds a hand that fits what was said of it (its
        class, the ranks spoken aloud, below the hand it gave way to: `_fit_heard`), and a player
        seen not to follow a suit in the tricks holds none of it (`voids`). The dealing kit's
        `keep_voids` trades such a card for one drawn from the other hidden cards that may take
        it, the stock and the face-down discards included, leaving the declared hands as they
        were fitted; a card everyone saw go into a hand (a shown hand's kept cards) stays. Last,
        each hand drawn is put in hand order, as the rules keep every real hand (`_deal`,
        `_exchange`): a discard is named by its cards in that order, so the search meets each
        discard under the one name the table gives it."""
        st: ChicagoState = other  # type: ignore[assignment]
        n = st.players
        bound = [s for s in range(n) if s != seat and self._heard_holds(st, s)]
        if any(st.voids) or bound:
            piles = st.hands + [st.stock, st.discards]
            hidden = [s for s in range(n) if s != seat] + [n, n + 1]
            for s in bound:
                hidden.remove(s)  # settled here, and left alone by `keep_voids`
                self._fit_heard(st, s, piles, hidden, rng)
            if any(st.voids):
                keep_voids(piles, hidden, st.voids + [0, 0], SUIT_IX, rng, known=st.known_in)
        for s in range(n):
            if s != seat:
                st.hands[s].sort(key=SORT_KEY.__getitem__)

    @staticmethod
    def _heard_holds(st: ChicagoState, s: int) -> bool:
        """Whether what the last showdown said of `s`'s hand (`heard`) still describes the cards
        it holds (with those it has played since): it has not changed a card since."""
        if not st.heard[s][0] or st.shown[s]:
            return False
        if st.phase == SHOW:
            return True
        if st.phase == DRAW:
            return st.drew[s][st.round - 1] <= 0
        if st.phase == PLAY:
            return st.drew[s][2] <= 0
        return False

    @staticmethod
    def _fit_heard(st: ChicagoState, s: int, piles: list[list[int]], donors: list[int], rng: Rng) -> None:
        """Make `s`'s sampled hand one that fits what the showdown said of it (`poker.fits`), with
        none of the suits it showed it lacks, trading cards with the `donors` (the other hidden
        places); cards everyone saw go into a hand stay. Left as dealt when no such hand is found."""
        hand = piles[s]
        played = st.played[s]
        heard = st.heard[s]
        lack = st.voids[s]
        known = st.known_in
        if fits(evaluate(hand + played), heard) and not any(lack >> SUIT_IX[c] & 1 for c in hand):
            return
        if known or lack:
            mine = f"hand{s}"
            stay = [c for c in hand if known.get(c) == mine]
            pool: Any = [c for c in hand if c not in stay and not lack >> SUIT_IX[c] & 1]
            for t in donors:
                zone = f"hand{t}"
                pool += [c for c in piles[t] if known.get(c) != zone and not lack >> SUIT_IX[c] & 1]
        else:  # most samples: nothing seen going into a hand, no void
            stay = []
            pool = frozenset().union(hand, *[piles[t] for t in donors])  # as `complete_to` keys it
        pick = complete_to(played + stay, pool, heard, rng)
        if pick is None:
            return
        new = stay + pick
        outgoing = [c for c in hand if c not in new]
        for c in pick:  # each card drawn from another place trades with one this hand lets go
            if c not in hand:
                for t in donors:
                    pile = piles[t]
                    try:
                        i = pile.index(c)
                    except ValueError:  # not in this place
                        continue
                    pile[i] = outgoing.pop()
                    break
        hand[:] = new

    def zones(self, state: State) -> list[Zone]:
        st: ChicagoState = state  # type: ignore[assignment]
        n = st.names
        out: list[Zone] = []
        for s in range(st.players):
            out.append(Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{n[s]}'s hand", "hand"))
        for s in range(st.players):
            out.append(Zone(f"shown{s}", st.shown[s], Vis.PUBLIC, s, f"{n[s]}'s hand, shown to all", "row"))
        for s in range(st.players):
            out.append(Zone(f"played{s}", st.played[s], Vis.PUBLIC, s, f"Played by {n[s]}", "row"))
        out.append(Zone("stock", st.stock, Vis.NOBODY, None, "Stock", "pile"))
        out.append(Zone("discards", st.discards, Vis.NOBODY, None, "Discards (face down)", "pile"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: ChicagoState = state  # type: ignore[assignment]
        names = st.names
        if st.phase == DRAW:
            stage = f"Draw {st.round} of 3"
        elif st.phase == SHOW:
            stage = f"Showdown {st.round} of 2"
        elif st.phase == PLAY:
            stage = f"Trick {min(sum(st.tricks) + 1, TRICKS)} of {TRICKS} (the last one scores {LAST_TRICK})"
        elif st.phase == DONE:
            stage = "Hand scored"
        else:
            stage = "Game over"
        status = {
            "Hand": str(st.hand_no),
            "Dealer": names[st.dealer],
            "Stage": stage,
            "Stock": f"{len(st.stock)} cards",
            "Discards": f"{len(st.discards)} face down",
            "Game": f"to {TARGET}; no draws from {FREEZE}",
        }
        if st.phase == SHOW:
            if st.best:
                status["Best declared"] = f"{CLASS_NAME[st.best_class]} ({listing([names[s] for s in st.best])})"
            else:
                status["Best declared"] = "nothing yet"
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(st.players):
            facts: dict[str, str] = {}
            if s == st.dealer:
                facts["Dealer"] = "yes"
            if st.frozen[s]:
                facts["Draws"] = f"none (started the hand with {FREEZE}+)"
            else:
                done = [str(x) for x in st.drew[s] if x >= 0]
                if done:
                    facts["Cards changed"] = ", ".join(done)
            if st.phase == SHOW and st.declared[s] != -2:
                facts["Showdown"] = "passed" if st.declared[s] == -1 else f"declared {CLASS_NAME[st.declared[s]]}"
            if st.must_show[s] and st.phase == DRAW:
                facts["Best hand"] = "of the last showdown: shows before breaking it up"
            if st.phase in (PLAY, DONE, OVER):
                facts["Tricks"] = str(st.tricks[s])
            if st.hand_pts[s]:
                facts["This hand"] = f"+{st.hand_pts[s]}"
            seat_facts[s] = facts
        plays = [TrickPlay(seat=p, card=SLUG[c]) for p, c in st.trick]
        # the previous trick, for a glance back (`t`), as at every other trick table
        last = [TrickPlay(seat=p, card=SLUG[c]) for p, c in st.last]
        note = "No trumps; follow suit"
        if st.phase in (DRAW, SHOW):
            note = f"{stage} · then five tricks, no trumps; follow suit"
        if st.phase == PLAY:
            note += f" · trick {sum(st.tricks) + 1} of {TRICKS}"
            if sum(st.tricks) == TRICKS - 1:
                note += f": the last trick scores {LAST_TRICK}"
        view = TrickView(
            leader=st.trick[0][0] if st.trick else (st.turn if st.phase == PLAY else None),
            plays=plays,
            note=note,
            last=last,
            last_winner=st.last_winner if last and st.last_winner >= 0 else None,
        )
        extra: dict[str, Any] = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "round": st.round,
            "said": [words(st, x) for x in st.said],
            "drew": [list(d) for d in st.drew],
        }
        if st.outcome and st.phase in (DONE, OVER):
            extra["outcome"] = words(st, st.outcome)
        return {
            "phase": st.phase,
            # declaring or passing in a showdown changes the score: with a hand to declare, no
            # answer is taken by reflex (Pass, the usual start, would give the points away)
            "no_default": seat is not None and st.phase == SHOW and self._may_declare(st, seat) and seat == st.turn,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: ChicagoState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        r = ORDINAL[st.round]
        if st.phase == DONE:
            if mine:
                return f"{words(st, st.outcome)} Deal the next hand when everyone is ready."
            return f"{words(st, st.outcome)} Waiting for {who} to deal the next hand."
        if st.phase == DRAW:
            if not mine:
                return f"The {r} draw: waiting for {who} to change cards."
            if st.shown[seat]:
                return f"The {r} draw: your hand is shown. Mark the cards to discard, or keep all five."
            if st.must_show[seat]:
                return (
                    f"The {r} draw: you won the last showdown. To discard a card of that hand, show your "
                    "hand first; other cards you may change freely."
                )
            return f"The {r} draw: mark the cards to discard (the same number is dealt to you), or keep all five."
        if st.phase == SHOW:
            if not mine:
                return f"The {r} showdown: waiting for {who} to declare or pass."
            cls = evaluate(st.hands[seat])[0]
            best = (
                f" Best so far: {CLASS_NAME[st.best_class]}." if st.best else " Nobody has declared yet."
            )
            return f"The {r} showdown: you hold {CLASS_NAME[cls]}.{best} Declare your best hand, or pass."
        if mine:
            if st.trick:
                return "Follow suit if you can; otherwise play any card."
            last = " It is the last trick: it scores 5." if sum(st.tricks) == TRICKS - 1 else ""
            return "Lead any card." + last
        return f"Waiting for {who} to play."

    def label(self, state: State, action: Action) -> str:
        st: ChicagoState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if verb == "play":
            c = ID_OF.get(args[0], -1)
            name = the(c) if c >= 0 else args[0]
            return f"Lead {name}" if not st.trick else f"Play {name}"
        if verb == "discard":
            ids = [ID_OF[a] for a in args if a in ID_OF]
            n = len(ids)
            return f"Discard {cards_text(ids)} (draw {n})"
        if verb == "stand":
            return "Keep all five cards (draw none)"
        if verb == "show":
            hand = st.hands[st.turn] if st.turn < len(st.hands) else []
            what = CLASS_NAME[evaluate(hand)[0]] if len(hand) == 5 else "your hand"
            return f"Show your hand to everyone (to break up {what})"
        if verb == "declare":
            hand = st.hands[st.turn] if st.turn < len(st.hands) else []
            if len(hand) != 5:
                return "Declare my best hand"
            cls = evaluate(hand)[0]
            return f"Declare my best hand: {CLASS_NAME[cls]} (scores {POINTS[cls]} if it is the best)"
        if verb == "pass":
            return "Pass (declare nothing)"
        if verb == "deal":
            return "Deal the next hand"
        return super().label(state, action)

    # -- the end -----------------------------------------------------------------------------------

    def _summary(self, st: ChicagoState) -> str:
        high = max(st.scores)
        leaders = [st.names[s] for s in range(st.players) if st.scores[s] == high]
        if len(leaders) == 1:
            rest = listing([f"{st.names[s]} {st.scores[s]}" for s in range(st.players) if st.names[s] != leaders[0]])
            return f"{leaders[0]} wins the game with {high} points ({rest})."
        return f"{listing(leaders)} share first place with {high} points (the hand limit was reached)."

    def final(self, state: State) -> ResultView:
        st: ChicagoState = state  # type: ignore[assignment]
        scores = st.scores
        placings = [1 + sum(1 for o in scores if o > s) for s in scores]
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} +{row[s]}" for s in range(st.players))
            for i, row in enumerate(st.sheet, 1)
        ]
        if st.outcome:
            details.append(words(st, st.outcome))
        return ResultView(scores=list(scores), placings=placings, summary=self._summary(st), details=details)


GAME = Chicago()
