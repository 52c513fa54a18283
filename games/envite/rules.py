"""Envite: two teams seated alternately, three cards each, first team to two tricks takes the hand.
RULES.md section 20; help.md lists every reading we chose.

Seats and positions. The engine has one seat per player. The table has `m` positions: the seats,
plus one **dummy** position when the count is odd (so there are always as many positions on each
team). Position p belongs to team p % 2 (Team A: positions 0, 2, 4, ...; Team B: 1, 3, 5, ...).
With an odd count the dummy is the last position (number n, on Team B, the short team), and Team
B's captain's seat acts for it; its hand is a zone owned by that captain, so only that captain
sees it. Play goes "to the right", which at this table means to the next position number (the
columns of the trick run left to right in that order).

Flow of one hand: deal 3 each from the dealer's right and turn up the vira (trump) -> the signal
step: each non-captain, in playing order, sends one `signal WORD` seen only by their own captain
(with the careless option, the other captain may catch it) -> the stake negotiation between
captains (`raise` / `pass`, answered by `accept` / `decline` / `raise`), or, when a team is lying
down at 11, its captain's `stay` / `forfeit` -> tricks (`play CARD`), trawling checked as each
player's turn comes -> settlement -> the next dealer's controller `deal`s. Best of three games.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Callable, Literal, Sequence

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, SUITS, card, cut, the
from decktable.engine.actions import CARD, WORD, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids
from decktable.engine.kits.tricks import shows_void
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.envite import INFO

# -- per-card tables ----------------------------------------------------------------------------------

FULL: tuple[int, ...] = cut((2, 3, 4, 5, 6, 7, 11, 12, 13, 14))  # the French pack without 8, 9, 10
NCARDS = len(FRENCH)
RANK: list[int] = [c.rank or 0 for c in FRENCH]
SUIT: list[int] = [SUITS.index(c.suits[0]) for c in FRENCH]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
IN_PACK: list[bool] = [False] * NCARDS
for _c in FULL:
    IN_PACK[_c] = True
SUIT_WORD = [s.capitalize() for s in SUITS]
SUIT_GLYPH = ["♠", "♥", "♦", "♣"]
MARK = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 11: "J", 12: "Q", 13: "K", 14: "A"}

#: plain suits: King high, then Queen, Jack, Ace, 7 ... 2
PLAIN_POW = {13: 10, 12: 9, 11: 8, 14: 7, 7: 6, 6: 5, 5: 4, 4: 3, 3: 2, 2: 1}
#: the trump suit: the 2 goes on top of the King, and the 3 is the lowest
TRUMP_POW = {**PLAIN_POW, 2: 11}
#: the added top trumps, highest first; a table of m positions uses the last TOP_COUNT[m] of them
TOPS_ALL: tuple[int, ...] = tuple(card(s) for s in ("ad", "2d", "5d", "3c", "qc", "jd"))
TOP_COUNT = {4: 0, 6: 3, 8: 4, 10: 5, 12: 6}


def tops_for(m: int) -> tuple[int, ...]:
    """The added top trumps for a table of `m` positions (seats plus the dummy), highest first."""
    k = TOP_COUNT[m]
    return TOPS_ALL[len(TOPS_ALL) - k:]


def _table(m: int, trump: int) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """(effective suit, power, hand sort key) per card id for `m` positions and a trump suit.
    The added top trumps belong to the trump suit only; trumps beat every plain card."""
    tops = tops_for(m)
    esuit = [SUIT[c] for c in range(NCARDS)]
    power = [0] * NCARDS
    for c in range(NCARDS):
        if not IN_PACK[c]:
            power[c] = -1
        elif SUIT[c] == trump:
            power[c] = 50 + TRUMP_POW[RANK[c]]
        else:
            power[c] = PLAIN_POW[RANK[c]]
    for i, c in enumerate(tops):
        esuit[c] = trump
        power[c] = 100 + len(tops) - i
    key = [(0 if esuit[c] == trump else 1 + esuit[c], -power[c]) for c in range(NCARDS)]
    return esuit, power, key


TABLES: dict[tuple[int, int], tuple[list[int], list[int], list[tuple[int, int]]]] = {
    (m, t): _table(m, t) for m in TOP_COUNT for t in range(4)
}


def trump_order(m: int, trump: int) -> list[int]:
    """Every trump of this table, highest first (the rules tests check it against RULES.md)."""
    esuit, power, _ = TABLES[(m, trump)]
    return sorted((c for c in FULL if esuit[c] == trump), key=lambda c: -power[c])


@lru_cache(maxsize=None)
def trumps_in_play(m: int, trump: int, vira: int) -> tuple[int, ...]:
    """The trumps of `trump_order` that can be held, highest first: all but the vira. Kept per
    table, since the search asks for it at every stake decision of every sample."""
    return tuple(c for c in trump_order(m, trump) if c != vira)


def winning_index(plays: list[tuple[int, int]], m: int, trump: int) -> int:
    """Index of the winning play: the highest trump, else the highest card of the suit led."""
    esuit, power, _ = TABLES[(m, trump)]
    led = esuit[plays[0][1]]
    best, best_v = 0, -1
    for i, (_, c) in enumerate(plays):
        s = esuit[c]
        v = power[c] if (s == trump or s == led) else 0
        if v > best_v:
            best, best_v = i, v
    return best


# -- stakes and signals ---------------------------------------------------------------------------------

VALUES = (2, 4, 7, 9, 0)  # level 4 is "the game"
GAME_LEVEL = 4
STAKE_WORD = ("2", "4", "7", "9", "the game")

SIGNALS: dict[str, str] = {
    "top": "the top trump",
    "second": "the second trump",
    "trump": "a trump",
    "two": "two trumps",
    "suit": "three of one suit",
    "nothing": "nothing worth a sign",
}
SIGNAL_WORDS: tuple[str, ...] = tuple(SIGNALS)
SIGNAL_LISTS: dict[str, tuple[str, ...]] = {
    "full": SIGNAL_WORDS,
    "short": ("top", "trump", "nothing"),
    "off": (),
}
TEAM = ("A", "B")
#: what a signal's news is worth to a captain weighing a stake (`Envite.search_key`)
_WORTH: dict[str, int] = {"top": 3, "second": 2, "two": 2, "trump": 1, "suit": 0, "nothing": 0}
#: the news a signal carries, most telling first: the signal our bots send is the first of these,
#: on the list agreed at the table, that their hand makes true (help.md, "Rules notes")
SIGNAL_NEWS: tuple[str, ...] = ("top", "second", "two", "trump", "suit", "nothing")
#: the signals a hand's count of trumps makes true, by that count ("suit" also needs three cards
#: of one suit): one definition for the honest signal and for the draw that fits a hand to one
BY_TRUMPS: dict[str, Callable[[int], bool]] = {
    "two": lambda t: t >= 2,
    "trump": lambda t: t >= 1,
    "suit": lambda t: t == 0,
}


def honest_signal(dealt: list[int], m: int, trump: int, vira: int, words: tuple[str, ...]) -> str:
    """The signal that says truly what a dealt hand holds: the first of `SIGNAL_NEWS` on the
    agreed list `words` that holds. "The top trump" and "the second trump" are the highest two
    trumps in play (the vira is out of play); "three of one suit" is a hand of one plain suit."""
    order = trumps_in_play(m, trump, vira)
    return _honest(dealt, TABLES[(m, trump)][0], order, trump, words)


def signal_draw(pool: list[int], gone: list[int], k: int, word: str, lack: int, esuit: list[int],
                order: Sequence[int], trump: int, words: tuple[str, ...], rng: Rng) -> list[int] | None:
    """`k` cards of `pool` that, with the cards `gone` (played), make a hand whose true signal
    (`_honest`, on the agreed list `words`) is `word` and that holds no suit of `lack` (a bit
    per suit); every such hand as likely as any other; None when there is none (or, rarely, none
    is found in 300 tries). Drawn to fit rather than drawn blind and kept when it fits (a dozen
    tries for each hand kept, the most of a captain's sample): the card a signal names is put
    in, the trumps ranking above it left out, the count of trumps drawn by how many hands have
    each count, and a hand of one suit drawn from one suit."""
    news = [w for w in SIGNAL_NEWS if w in words]
    if word not in news:
        return None
    top, second = order[0], order[1]
    cands = [c for c in pool if not lack >> esuit[c] & 1]
    held: list[int] = []
    for w, c in (("top", top), ("second", second)):
        if w not in news:
            continue
        if w == word:
            if c not in gone:
                if c not in cands:
                    return None
                held.append(c)
                cands.remove(c)
            break
        if c in gone:
            return None  # the hand holds a card that a signal before this one names
        if c in cands:
            cands.remove(c)
    have = gone + held
    need = k - len(held)
    if need < 0:
        return None
    t0 = sum(esuit[c] == trump for c in have)
    rest_news = [w for w in news if w not in ("top", "second")]
    named = word in ("top", "second")

    def counts_fit(t: int) -> bool:
        """The trump count alone allows `word` (a hand of one suit is looked at after)."""
        if named:
            return True
        for w in rest_news:
            ok = BY_TRUMPS[w](t) if w in BY_TRUMPS else True
            if w == word:
                return ok
            if ok and w != "suit":  # an earlier count-made signal holds: `word` cannot
                return False
        return False

    def one_suit(hand: list[int]) -> bool:
        return len(hand) == 3 and len({esuit[c] for c in hand}) == 1

    trumps = [c for c in cands if esuit[c] == trump]
    plain = [c for c in cands if esuit[c] != trump]
    if word == "suit":  # no trump, and every card of one suit: the suit drawn by its hands
        if t0 or len(have) + need != 3:
            return None
        suits = {esuit[c] for c in have}
        if len(suits) > 1:
            return None
        by_suit: dict[int, list[int]] = {}
        for c in plain:
            by_suit.setdefault(esuit[c], []).append(c)
        options = [(su, cs) for su, cs in sorted(by_suit.items()) if (not suits or su in suits) and len(cs) >= need]
        weights = [comb(len(cs), need) for _, cs in options]
        if not weights:
            return None
        _, cs = options[rng.weighted_index(weights)]
        return held + [cs[i] for i in rng.distinct(len(cs), need)]
    weights = [comb(len(trumps), j) * comb(len(plain), need - j) if counts_fit(t0 + j) else 0
               for j in range(need + 1)]
    if not any(weights):
        return None
    suit_rules = "suit" in news and word != "suit"  # a hand of one suit signals "suit", not `word`
    for _ in range(300):
        j = rng.weighted_index(weights)
        hand = held + [trumps[i] for i in rng.distinct(len(trumps), j)]
        hand += [plain[i] for i in rng.distinct(len(plain), need - j)]
        if not (suit_rules and t0 + j == 0 and one_suit(gone + hand)):
            return hand
    return None


def _honest(dealt: list[int], esuit: list[int], order: list[int], trump: int, words: tuple[str, ...]) -> str:
    """`honest_signal` with the table's suits and the trumps in play worked out already."""
    trumps = sum(esuit[c] == trump for c in dealt)
    for w in SIGNAL_NEWS:
        if w not in words:
            continue
        if w == "top":
            ok = order[0] in dealt
        elif w == "second":
            ok = order[1] in dealt
        elif w in BY_TRUMPS:
            ok = BY_TRUMPS[w](trumps) and (w != "suit" or (len(dealt) == 3 and len({esuit[c] for c in dealt}) == 1))
        else:
            ok = True
        if ok:
            return w
    return "nothing"  # pragma: no cover - every agreed list with a signal step ends in "nothing"

A_PLAY: list[Action] = [Action("play", (SLUG[i],)) for i in range(NCARDS)]
A_SIGNAL: dict[str, Action] = {w: Action("signal", (w,)) for w in SIGNAL_WORDS}
A_RAISE, A_PASS, A_ACCEPT, A_DECLINE = Action("raise"), Action("pass"), Action("accept"), Action("decline")
A_STAY, A_FORFEIT, A_DEAL = Action("stay"), Action("forfeit"), Action("deal")

SIGNAL, LYING, BID, PLAY, SCORED, OVER = "signal", "lying", "stake", "play", "scored", "over"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def glyph(c: int) -> str:
    """A card in the compact form used for cards that may be hidden (never a name or a slug)."""
    return MARK[RANK[c]] + SUIT_GLYPH[SUIT[c]]


def rule_mark(c: int) -> str:
    """A card named in a rule reminder (the trump order), suit first: ♣3."""
    return SUIT_GLYPH[SUIT[c]] + MARK[RANK[c]]


# -- options and state ------------------------------------------------------------------------------------


class EnviteOptions(BaseModel):
    signals: Literal["full", "short", "off"] = Field(
        "full",
        description="The agreed list of signals a player may send their captain before the stakes: "
        "full (top trump, second trump, a trump, two trumps, three of a suit, nothing), short (top "
        "trump, a trump, nothing), or off (no signal step).",
    )
    careless_signals: bool = Field(
        False,
        description="Careless signals: each signal may also be caught by the other team's captain "
        "(with the chance set below), as when a wink is seen across the table.",
    )
    careless_chance: int = Field(
        25, ge=5, le=100, description="With careless signals: the chance, in percent, that a signal is caught."
    )
    trawl: Literal["literal", "standard"] = Field(
        "literal",
        description="Trawling (a trump led): literal = a player who then has no trump loses the hand for "
        "the team at once (the other team scores the stake + 2); standard = such a player just plays "
        "any card.",
    )
    top_trump_privilege: bool = Field(
        False,
        description="The top trump is not forced out by a trump lead: a player whose only trump is the "
        "top trump may play any card instead.",
    )
    raise_each_trick: bool = Field(
        False,
        description="Captains may raise before every trick, not only before the first (the team whose "
        "raise was accepted last may not raise next).",
    )
    games_to_win: int = Field(
        2, ge=1, le=3, description="Games a team must win to take the match (2 = best of three)."
    )
    start_stones: int = Field(
        0,
        ge=0,
        le=11,
        description="Stones both teams start each game with (0 is the standard game; more makes a "
        "short practice game).",
    )
    captain_a: int | None = Field(
        None, ge=0, le=10, description="Seat of Team A's captain, counted from 1 (Team A sits at seats 1, 3, 5, ...); blank = at random.",
        json_schema_extra={"seat": True},
    )
    captain_b: int | None = Field(
        None, ge=1, le=11, description="Seat of Team B's captain, counted from 1 (Team B sits at seats 2, 4, 6, ...); blank = at random.",
        json_schema_extra={"seat": True},
    )


class EnviteState(State):
    __slots__ = (
        "phase", "n", "m", "ctrl", "captain", "dealer", "leader", "turn", "hands", "stub", "vira",
        "trump", "trick", "played", "tricks", "trick_no", "last", "last_winner", "level", "pending",
        "raiser", "last_raiser", "queue", "asking", "lying", "stayed", "signal", "caught",
        "sig_queue", "stones", "games", "game_no", "hand_winner", "hand_note", "game_won",
        "trawler", "voids",
    )

    phase: str
    n: int  # seats (players)
    m: int  # positions (seats, plus the dummy when n is odd)
    ctrl: list[int]  # the seat that acts for each position
    captain: list[int]  # captain seat of team 0 (A) and team 1 (B)
    dealer: int  # position
    leader: int  # position leading this trick
    turn: int  # position to play, or -1
    hands: list[list[int]]  # per position
    stub: list[int]  # out of play, face down
    vira: list[int]  # the turned-up card (one)
    trump: int  # suit index
    trick: list[tuple[int, int]]  # (position, card)
    played: list[int]  # cards of the finished tricks of this hand
    tricks: list[int]  # per team
    trick_no: int
    last: list[tuple[int, int]]
    last_winner: int  # position, -1
    level: int  # accepted stake level 0..4
    pending: int  # level proposed by a raise waiting for an answer, -1 none
    raiser: int  # team whose raise is pending, -1
    last_raiser: int  # team whose raise was accepted last, -1
    queue: list[int]  # teams still to be asked "raise or pass" in this negotiation
    asking: int  # seat answering a stake question (or the lying captain), -1
    lying: int  # -1 none, 0 or 1 the team lying down at 11, 2 both
    stayed: bool  # the lying captain chose to play the hand
    signal: list[int]  # per seat: index into SIGNAL_WORDS, -1 none (SECRET: own captain only)
    caught: list[int]  # per seat: 1 when the other captain caught it (SECRET: that captain only)
    sig_queue: list[int]  # seats still to signal, in order
    stones: list[int]  # per team, this game
    games: list[int]  # per team, games won
    game_no: int
    hand_winner: int  # team, -1
    hand_note: str  # how the last hand ended, in words
    game_won: int  # team that won the game on the last hand, -1
    trawler: int  # position that led a trump to this trick, -1
    voids: list[int]  # per position, the suits it showed it lacks this hand (bit of the effective suit), public


# -- the game ---------------------------------------------------------------------------------------------


class Envite(Game):
    info = GameInfo(id="envite", **INFO)
    Options = EnviteOptions
    catalogue = FRENCH
    grammar = Grammar(
        {
            "play": (CARD,), "signal": (WORD,), "raise": (), "pass": (), "accept": (), "decline": (),
            "stay": (), "forfeit": (), "deal": (),
        },
        FRENCH,
        SUITS,
        {"signal": SIGNAL_WORDS},
    )
    #: the plain suits' order, K Q J A 7 ... 2, for sorting a hand by rank (a trump sorts with them)
    rank_order = tuple(sorted(PLAIN_POW, key=PLAIN_POW.__getitem__, reverse=True))

    # -- starting and dealing -------------------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        for key, parity, team in (("captain_a", 0, "A"), ("captain_b", 1, "B")):
            s = getattr(options, key)
            if s is None:
                continue
            if s >= players:
                raise BadOptions(f"Bad options for Envite: {key} is seat {s + 1}, but seats run 1 to {players} (counted from 1).")
            if s % 2 != parity:
                raise BadOptions(
                    f"Bad options for Envite: {key} is seat {s + 1}, which is not on Team {team} "
                    f"(Team {team} sits at seats {'1, 3, 5' if parity == 0 else '2, 4, 6'}, ... counted from 1)."
                )

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = EnviteState(names, rng, options)
        o: EnviteOptions = options  # type: ignore[assignment]
        n = len(names)
        m = n + (n % 2)
        st.n, st.m = n, m
        captain = []
        for team, key in ((0, "captain_a"), (1, "captain_b")):
            fixed = getattr(o, key)
            if fixed is not None:
                captain.append(fixed)
            elif deck is not None:
                captain.append(team)  # a stacked game is the same for every seed: seats 0 and 1
            else:
                members = list(range(team, n, 2))
                captain.append(members[rng.below(len(members))])
        st.captain = captain
        st.ctrl = [p if p < n else captain[1] for p in range(m)]
        st.dealer = m - 1 if deck is not None else rng.below(m)
        st.stones = [o.start_stones, o.start_stones]
        st.games = [0, 0]
        st.game_no = 1
        st.game_won = -1
        st.hands = [[] for _ in range(m)]
        st.stub = []
        st.vira = []
        st.played = []
        st.signal = [-1] * n
        st.caught = [0] * n
        self._sync_scores(st)
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _sync_scores(self, st: EnviteState) -> None:
        st.scores = [st.stones[s % 2] for s in range(st.n)]

    def _deal(self, st: EnviteState, order: list[int], events: list[Event] | None) -> None:
        """Deal three cards to each position one at a time, from the dealer's right (the next
        position), turn up the next card for trump; the rest is out of play."""
        m = st.m
        first = (st.dealer + 1) % m
        dealt = deal(order, m, 3, first=first)
        st.vira = [order.pop(0)]
        st.trump = SUIT[st.vira[0]]
        key = TABLES[(m, st.trump)][2]
        for p in range(m):
            h = dealt[p]
            h.sort(key=key.__getitem__)
            st.hands[p] = h
        st.stub = order
        st.played = []
        st.trick = []
        st.last = []
        st.last_winner = -1
        st.tricks = [0, 0]
        st.trick_no = 1
        st.level = 0
        st.pending = -1
        st.raiser = -1
        st.last_raiser = -1
        st.queue = []
        st.asking = -1
        st.stayed = False
        st.hand_winner = -1
        st.hand_note = ""
        st.game_won = -1
        st.trawler = -1
        st.voids = [0] * m
        st.leader = first
        st.turn = first
        a, b = st.stones[0] >= 11, st.stones[1] >= 11
        st.lying = 2 if a and b else (0 if a else (1 if b else -1))
        n = st.n
        st.signal = [-1] * n
        st.caught = [0] * n
        words = SIGNAL_LISTS[st.options.signals]  # type: ignore[attr-defined]
        order_seats = [(first + k) % m for k in range(m)]
        st.sig_queue = [p for p in order_seats if p < n and p not in st.captain] if words else []
        if events is not None:
            dealer = self._pname(st, st.dealer)
            events.append(
                Event(
                    f"Game {st.game_no}, hand {st.hand_no}: {dealer} deals three cards each and turns up "
                    f"{the(st.vira[0])}: {SUIT_WORD[st.trump]} are trumps.",
                    "deal",
                    st.ctrl[st.dealer],
                    {"hand": st.hand_no, "game": st.game_no, "dealer": st.dealer, "vira": SLUG[st.vira[0]]},
                )
            )
            if st.lying == 2:
                events.append(Event("Both teams are lying down at 11: this hand decides the game.", "lying"))
        self._after_signals(st, events)

    # -- helpers ---------------------------------------------------------------------------------------

    def _pname(self, st: EnviteState, p: int) -> str:
        """A position's name in sentences: the seat's name, or the dummy's with its captain."""
        if p < st.n:
            return st.names[p]
        return f"the dummy ({st.names[st.captain[1]]})"

    def _Pname(self, st: EnviteState, p: int) -> str:  # noqa: N802 - the capitalised form
        name = self._pname(st, p)
        return name[0].upper() + name[1:] if p >= st.n else name

    def _team_name(self, st: EnviteState, t: int) -> str:
        return f"Team {TEAM[t]}"

    def _after_signals(self, st: EnviteState, events: list[Event] | None) -> None:
        if st.sig_queue:
            st.phase = SIGNAL
            st.asking = st.sig_queue[0]
            return
        st.asking = -1
        if st.lying == 0 or st.lying == 1:
            st.phase = LYING
            st.asking = st.captain[st.lying]
            return
        self._open_stakes(st, events)

    def _open_stakes(self, st: EnviteState, events: list[Event] | None) -> None:
        """Before a trick: the captains (leading team first) may raise, or play starts."""
        st.pending = -1
        st.raiser = -1
        st.queue = []
        if st.lying < 0 and st.level < GAME_LEVEL:
            lead_team = st.leader % 2
            st.queue = [t for t in (lead_team, 1 - lead_team) if t != st.last_raiser]
        if st.queue:
            st.phase = BID
            st.asking = st.captain[st.queue[0]]
            return
        self._start_trick(st)

    def _start_trick(self, st: EnviteState) -> None:
        st.phase = PLAY
        st.asking = -1
        st.queue = []
        st.turn = st.leader
        st.trick = []
        st.trawler = -1

    # -- whose turn, what is legal -------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: EnviteState = state  # type: ignore[assignment]
        if st.over:
            return ()
        ph = st.phase
        if ph == PLAY:
            return (st.ctrl[st.turn],)
        if ph == SCORED:
            return (st.ctrl[(st.dealer + 1) % st.m],)
        return (st.asking,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "signal": "Signals",
        "lying": "Lying down",
        "stake": "Raising the stake",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def _playable(self, st: EnviteState, hand: list[int]) -> list[int]:
        if not st.trick:
            return hand
        esuit = TABLES[(st.m, st.trump)][0]
        led = esuit[st.trick[0][1]]
        ok = [c for c in hand if esuit[c] == led]
        if not ok:
            return hand
        if led == st.trump and len(ok) == 1 and st.options.top_trump_privilege:  # type: ignore[attr-defined]
            top = trump_order(st.m, st.trump)[0]
            if ok[0] == top:
                return hand  # the top trump alone is not forced out by a trump lead
        return ok

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: EnviteState = state  # type: ignore[assignment]
        if st.over or seat not in self.to_act(st):
            return []
        ph = st.phase
        if ph == PLAY:
            return [A_PLAY[c] for c in self._playable(st, st.hands[st.turn])]
        if ph == SIGNAL:
            return [A_SIGNAL[w] for w in SIGNAL_LISTS[st.options.signals]]  # type: ignore[attr-defined]
        if ph == BID:
            if st.pending < 0:
                return [A_RAISE, A_PASS] if st.level < GAME_LEVEL else [A_PASS]
            out = [A_ACCEPT, A_DECLINE]
            if st.pending < GAME_LEVEL:
                out.append(A_RAISE)
            return out
        if ph == LYING:
            return [A_STAY, A_FORFEIT]
        return [A_DEAL]

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: EnviteState = state  # type: ignore[assignment]
        if st.phase == PLAY and not st.over and action.verb == "play" and seat == st.ctrl[st.turn]:
            c = ID_OF.get(action.args[0], -1) if len(action.args) == 1 else -1
            hand = st.hands[st.turn]
            if c in hand and c in self._playable(st, hand):
                return None
        elif action in self.legal_actions(st, seat):
            return None
        return self._why(st, seat, action)

    def _why(self, st: EnviteState, seat: int, action: Action) -> str:
        verb = action.verb
        if st.over:
            return "The game is over."
        acting = self.to_act(st)
        if seat not in acting:
            return f"It is {st.names[acting[0]]}'s turn, not yours."
        if verb not in self.grammar.verbs or len(action.args) != len(self.grammar.verbs[verb]):
            return "That is not a move of Envite."
        ph = st.phase
        if ph == SCORED:
            return f"Hand {st.hand_no} is over: deal the next hand first."
        if verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        if ph == SIGNAL:
            if verb == "signal":
                agreed = ", ".join(SIGNAL_LISTS[st.options.signals])  # type: ignore[attr-defined]
                return f"That signal is not on the list agreed at this table ({agreed})."
            return "First send your captain one signal."
        if verb == "signal":
            if seat in st.captain:
                return "Captains do not signal: they receive their team's signals."
            return "You have already sent your signal for this hand."
        if ph == LYING:
            team = self._team_name(st, st.lying)
            return f"{team} is lying down at 11: its captain only decides to stay in or forfeit the hand."
        if verb in ("stay", "forfeit"):
            return "Only the captain of a team lying down at 11 stays in or forfeits, before the play."
        if ph == BID:
            if st.pending < 0:
                if verb in ("accept", "decline"):
                    return "There is no raise to answer: raise the stake, or pass."
                if verb == "raise":
                    return "The stake is already the whole game: it cannot go higher."
                return "The captains are settling the stake: raise, or pass."
            if verb == "pass":
                return f"{self._team_name(st, st.raiser)} raised to {STAKE_WORD[st.pending]}: accept, decline or raise."
            if verb == "raise":
                return "The stake is already the whole game: accept or decline."
            return f"{self._team_name(st, st.raiser)} raised to {STAKE_WORD[st.pending]}: answer first (accept, decline or raise)."
        # play
        if verb in ("raise", "pass", "accept", "decline"):
            if seat not in st.captain:
                return "Only the captains raise or answer raises."
            if st.options.raise_each_trick:  # type: ignore[attr-defined]
                return "Raises come before a trick, not in the middle of one."
            return "The stake was settled before the first trick; it cannot change now."
        c = ID_OF.get(action.args[0], -1)
        hand = st.hands[st.turn]
        whose = "the dummy" if st.turn >= st.n else "you"
        if c not in hand:
            if st.turn >= st.n:
                return f"It is the dummy's turn: play one of its cards. The dummy does not hold {the(c)}."
            return f"You do not hold {the(c)}."
        esuit = TABLES[(st.m, st.trump)][0]
        led = esuit[st.trick[0][1]]
        holding = [the(h) for h in hand if esuit[h] == led]
        if led == st.trump:
            return (f"A trump was led (trawling): {whose} must play a trump — "
                    f"{'it holds' if st.turn >= st.n else 'you hold'} {listing(holding)}.")
        return (f"You must follow suit: {'the dummy holds' if st.turn >= st.n else 'you hold'} "
                f"{SUIT_WORD[led].lower()} ({listing(holding)}).")

    # -- carrying out -----------------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: EnviteState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            self._play_card(st, ID_OF[action.args[0]], events)
        elif verb == "signal":
            self._signal(st, seat, action.args[0], events)
        elif verb == "raise":
            self._raise(st, seat, events)
        elif verb == "pass":
            team = seat % 2
            if events is not None:
                events.append(Event(f"{st.names[seat]} (captain of {self._team_name(st, team)}) does not raise.",
                                    "pass", seat))
            st.queue.pop(0)
            if st.queue:
                st.asking = st.captain[st.queue[0]]
            else:
                self._start_trick(st)
        elif verb == "accept":
            st.level = st.pending
            st.last_raiser = st.raiser
            st.pending = -1  # answered: the status no longer shows a raise waiting
            st.raiser = -1
            if events is not None:
                events.append(Event(f"{st.names[seat]} accepts: the hand is played for {STAKE_WORD[st.level]}.",
                                    "accept", seat, {"stake": STAKE_WORD[st.level]}))
            self._start_trick(st)
        elif verb == "decline":
            raiser, gives = st.raiser, VALUES[st.pending - 1]
            if events is not None:
                events.append(Event(f"{st.names[seat]} declines the raise to {STAKE_WORD[st.pending]}.",
                                    "decline", seat))
            self._end_hand(st, raiser, gives, f"the raise to {STAKE_WORD[st.pending]} was declined", events)
        elif verb == "stay":
            st.stayed = True
            if events is not None:
                events.append(Event(f"{st.names[seat]} stays in: {self._team_name(st, st.lying)}, lying down, "
                                    "plays the hand (win: the game; lose: the other team scores 3).",
                                    "stay", seat))
            self._start_trick(st)
        elif verb == "forfeit":
            if events is not None:
                events.append(Event(f"{st.names[seat]} forfeits the hand for {self._team_name(st, st.lying)}.",
                                    "forfeit", seat))
            self._end_hand(st, 1 - st.lying, 1, "the team lying down forfeited", events)
        elif verb == "deal":
            self._next_deal(st, events)

    def _signal(self, st: EnviteState, seat: int, word: str, events: list[Event] | None) -> None:
        st.signal[seat] = SIGNAL_WORDS.index(word)
        st.sig_queue.pop(0)
        o: EnviteOptions = st.options  # type: ignore[assignment]
        if o.careless_signals and st.rng.random() * 100 < o.careless_chance:
            st.caught[seat] = 1
        if events is not None:
            # public: that a sign was passed, never which (nor whether it was caught)
            events.append(Event(f"{st.names[seat]} signals to their captain.", "signal", seat))
        self._after_signals(st, events)

    def _raise(self, st: EnviteState, seat: int, events: list[Event] | None) -> None:
        team = seat % 2
        if st.pending >= 0:
            st.level = st.pending  # a re-raise takes the raise before it
            st.pending += 1
        else:
            st.pending = st.level + 1
        st.raiser = team
        st.queue = []
        st.asking = st.captain[1 - team]
        if events is not None:
            to = "play the hand for the whole game" if st.pending == GAME_LEVEL else f"raise to {STAKE_WORD[st.pending]}"
            events.append(Event(f"{st.names[seat]} ({self._team_name(st, team)}) challenges: {to}.",
                                "raise", seat, {"stake": STAKE_WORD[st.pending]}))

    def _has_trump(self, st: EnviteState, p: int) -> bool:
        esuit = TABLES[(st.m, st.trump)][0]
        t = st.trump
        for c in st.hands[p]:
            if esuit[c] == t:
                return True
        return False

    def _play_card(self, st: EnviteState, c: int, events: list[Event] | None) -> None:
        p = st.turn
        st.hands[p].remove(c)
        esuit = TABLES[(st.m, st.trump)][0]
        # not following shows none of the suit led; a trump lead shows nothing where the top
        # trump's privilege lets its lone holder keep it back
        if not (st.trick and esuit[st.trick[0][1]] == st.trump and st.options.top_trump_privilege):  # type: ignore[attr-defined]
            st.voids[p] |= shows_void(st.trick, c, esuit)
        st.trick.append((p, c))
        if len(st.trick) == 1 and esuit[c] == st.trump:
            st.trawler = p
        if events is not None:
            verb = "leads" if len(st.trick) == 1 else "plays"
            trawl = " (trawling: trumps must be played)" if len(st.trick) == 1 and st.trawler == p else ""
            events.append(Event(f"{self._Pname(st, p)} {verb} {the(c)}{trawl}.", "play", st.ctrl[p],
                                {"card": SLUG[c], "position": p}))
        if len(st.trick) == st.m:
            self._finish_trick(st, events)
            return
        nxt = (p + 1) % st.m
        st.turn = nxt
        if st.trawler >= 0 and st.options.trawl == "literal" and not self._has_trump(st, nxt):  # type: ignore[attr-defined]
            loser = nxt % 2
            if events is not None:
                events.append(Event(f"{self._Pname(st, nxt)} has no trump to answer the trawl: "
                                    f"{self._team_name(st, loser)} loses the hand at once.", "trawl", st.ctrl[nxt]))
            self._hand_played(st, 1 - loser, True, events)

    def _finish_trick(self, st: EnviteState, events: list[Event] | None) -> None:
        plays = st.trick
        w, c = plays[winning_index(plays, st.m, st.trump)]
        team = w % 2
        st.tricks[team] += 1
        st.played.extend(x for _, x in plays)
        st.last = plays
        st.last_winner = w
        st.trick = []
        if events is not None:
            events.append(Event(f"{self._Pname(st, w)} wins trick {st.trick_no} with {the(c)} for "
                                f"{self._team_name(st, team)} ({st.tricks[0]}–{st.tricks[1]}).", "trick",
                                st.ctrl[w], {"card": SLUG[c], "position": w}))
        if st.tricks[team] >= 2:
            self._hand_played(st, team, False, events)
            return
        st.trick_no += 1
        st.leader = w
        st.turn = w
        if st.options.raise_each_trick:  # type: ignore[attr-defined]
            self._open_stakes(st, events)
        else:
            self._start_trick(st)

    def _hand_played(self, st: EnviteState, w: int, trawl: bool, events: list[Event] | None) -> None:
        """The hand was decided in play (two tricks, or a failed trawl answer): settle it."""
        how = "a player of the other team had no trump for the trawl" if trawl else "it took two tricks"
        bonus = 2 if trawl else 0
        if st.lying == 2:
            self._end_hand(st, w, -1, f"{how}; both teams were lying down", events)
        elif st.lying >= 0:
            if w == st.lying:
                self._end_hand(st, w, -1, f"{how}, lying down", events)
            else:
                self._end_hand(st, w, 3 + bonus, f"{how} against the team lying down"
                               + (" (3 + 2 for the trawl)" if trawl else ""), events)
        elif st.level == GAME_LEVEL:
            self._end_hand(st, w, -1, f"{how}, playing for the whole game", events)
        else:
            value = VALUES[st.level] + bonus
            note = f"{how} at a stake of {VALUES[st.level]}" + (" + 2 for the trawl" if trawl else "")
            self._end_hand(st, w, value, note, events)

    def _end_hand(self, st: EnviteState, w: int, gain: int, note: str, events: list[Event] | None) -> None:
        """Team `w` takes the hand and `gain` stones (-1: the whole game). Scores stop at 11
        until a team wins the game; a game won counts towards the match."""
        st.phase = SCORED
        st.turn = -1
        st.asking = -1
        st.pending = -1
        st.queue = []
        st.hand_winner = w
        before = st.stones[w]
        if gain < 0:
            st.stones[w] = 12
            st.game_won = w
        else:
            st.stones[w] = min(11, before + gain)
        got = st.stones[w] - before
        st.hand_note = note
        self._sync_scores(st)
        st.sheet.append([got if s % 2 == w else 0 for s in range(st.n)])
        if events is not None:
            tail = "and wins the game" if gain < 0 else f"and scores {plural(got, 'stone')}"
            capped = " (11 is the most before the game is won)" if 0 <= gain and got < gain else ""
            events.append(Event(f"{self._team_name(st, w)} takes hand {st.hand_no} ({note}) {tail}{capped}. "
                                f"Stones: A {st.stones[0]}, B {st.stones[1]}.", "score", None,
                                {"team": TEAM[w], "gain": got, "game": gain < 0}))
        if gain < 0:
            st.games[w] += 1
            if events is not None:
                events.append(Event(f"{self._team_name(st, w)} wins game {st.game_no}. Games: A {st.games[0]}, "
                                    f"B {st.games[1]}.", "game", None, {"team": TEAM[w]}))
            if st.games[w] >= st.options.games_to_win:  # type: ignore[attr-defined]
                st.over = True
                st.phase = OVER
                st.scores = [st.games[s % 2] for s in range(st.n)]
                if events is not None:
                    events.append(Event(self._summary(st), "over"))

    def _next_deal(self, st: EnviteState, events: list[Event] | None) -> None:
        if st.game_won >= 0:
            st.game_no += 1
            start = st.options.start_stones  # type: ignore[attr-defined]
            st.stones = [start, start]
            self._sync_scores(st)
        st.hand_no += 1
        st.dealer = (st.dealer + 1) % st.m
        pool = st.stub + st.vira + st.played + [c for _, c in st.trick] + [c for h in st.hands for c in h]
        st.trick = []
        for h in st.hands:
            h.clear()
        st.vira = []
        st.played = []
        st.stub = []
        pool.sort()
        self._deal(st, st.rng.shuffled(pool), events)

    # -- what each seat sees --------------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: EnviteState = state  # type: ignore[assignment]
        n = st.n
        out = [Zone(f"hand{p}", st.hands[p], Vis.OWNER, p, f"{st.names[p]}'s hand", "hand") for p in range(n)]
        if st.m > n:
            cap = st.captain[1]
            out.append(Zone("dummy", st.hands[n], Vis.OWNER, cap, f"Dummy's hand (played by {st.names[cap]})", "row"))
        out.append(Zone("vira", st.vira, Vis.PUBLIC, None, "Vira (sets trumps)", "row"))
        out.append(Zone("stub", st.stub, Vis.NOBODY, None, "Out of play", "pile"))
        out.append(Zone("trick", [c for _, c in st.trick], Vis.PUBLIC, None, "Trick", "row"))
        out.append(Zone("played", st.played, Vis.PUBLIC, None, "Earlier tricks", "pile", tricks=sum(st.tricks)))
        return out

    def team(self, seat: int, players: int) -> int | None:
        """Partners sit alternately: the even seats against the odd ones."""
        return seat % 2

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see, forget the signals `seat` never saw:
        they become "nothing" (the fact that a signal was sent is public), and nobody was caught
        unless `seat` is the captain who caught them. A captain's sample then fits the hands
        to the signals it was shown (`_trust_signals`). A position seen not to follow holds none
        of the suit led (`_keep_voids`)."""
        assert isinstance(other, EnviteState)
        captain = seat is not None and seat in other.captain
        team = seat % 2 if seat is not None else -1
        nothing = SIGNAL_WORDS.index("nothing")
        for s in range(other.n):
            seen = s == seat or (captain and (s % 2 == team or other.caught[s]))
            if not seen:
                if other.signal[s] >= 0:
                    other.signal[s] = nothing
                other.caught[s] = 0
            elif captain and s % 2 != team:
                pass  # a caught signal of the other team: kept, with its caught mark
            elif s % 2 == team or s == seat:
                other.caught[s] = 0  # whether our own signal was seen is not known to us
        fixed: set[int] = set()
        if captain:
            fixed = self._trust_signals(other, seat, rng)
        if any(other.voids):
            self._keep_voids(other, seat, fixed, rng)

    def _keep_voids(self, st: EnviteState, seat: int | None, fixed: set[int], rng: Rng) -> None:
        """A position seen not to follow holds none of the suit led (`voids`): the dealing kit's
        `keep_voids` trades such a card with the other hidden hands or the cards out of play. A
        hand drawn to fit a signal (`fixed`) and a card seen going into a hand stay."""
        n, m = st.n, st.m
        sees_dummy = m > n and seat == st.captain[1]
        hidden = [p for p in range(m) if p != seat and not (p == n and sees_dummy)]
        keep_voids(st.hands + [st.stub], hidden + [m], st.voids + [0], TABLES[(m, st.trump)][0], rng,
                   stays=(lambda t, c: t in fixed) if fixed else None, known=st.known_in)

    def convention(self, state: State, seat: int) -> tuple[Action, str] | None:
        """A bot's signal says truly what its hand holds (`honest_signal`): random playouts
        cannot weigh a signal, whose worth is in what the captain reads from it, and a bot
        captain reads its partners' signals as true (`_trust_signals`)."""
        st: EnviteState = state  # type: ignore[assignment]
        if st.phase != SIGNAL or st.asking != seat:
            return None
        words = SIGNAL_LISTS[st.options.signals]  # type: ignore[attr-defined]
        word = honest_signal(st.hands[seat], st.m, st.trump, st.vira[0], words)
        return A_SIGNAL[word], "Bots signal truly what they hold, and a bot captain plays on it."

    def search_key(self, state: State, seat: int) -> Any:
        """At a stake or lying-down decision, how strong the captain knows its team to be
        (`Game.search_key`): the news of its own hand and of each partner's, as their true
        signals would give it (none without a signal step), worth 3 for the top trump, 2 for
        the second or two trumps, 1 for a trump, summed up to 4. Five classes: a searching bot
        then meets an opponent captain who raises and accepts on a strong team and declines on
        a weak one, as a captain does, rather than one answer for every hand."""
        st: EnviteState = state  # type: ignore[assignment]
        if st.phase != BID and st.phase != LYING:
            return None
        words = SIGNAL_LISTS[st.options.signals]  # type: ignore[attr-defined]
        if not st.vira:
            return None
        esuit = TABLES[(st.m, st.trump)][0]
        order = trumps_in_play(st.m, st.trump, st.vira[0])
        team = seat % 2
        total = 0
        for q in range(st.m):
            if q % 2 != team:
                continue
            if st.ctrl[q] == seat:
                total += _WORTH[_honest(st.hands[q], esuit, order, st.trump, SIGNAL_NEWS)]
            elif words:
                total += _WORTH[_honest(st.hands[q], esuit, order, st.trump, words)]
        return min(total, 4)

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts decide the stakes as a captain would (see `Game.playout_action`),
        where random answers misled the search (issue 34): a random captain accepted a raise to
        the whole game half the time on any hand, so a raise looked good, and a random answer to
        the search's own acceptance threw the hand away as often. Each answer is by a simple
        estimate of the team, what the captain may know: `search_key`'s worth of its own hand and
        its partners' signals (0..4), and 2 more a trick the team is ahead this hand (2 less a
        trick behind).

        - Raise (when no raise is pending) with an estimate of 3 or more, else pass.
        - Answer a raise: raise again with 4 or more; accept with 2 or more (3 or more where the
          whole game is at stake: declining only gives the other team stones), else decline.
        - Lying down at 11: stay in with 2 or more, else forfeit (1 stone against 3).
        - Everything else (cards, signals, the deal) is left to the search (None)."""
        st: EnviteState = state  # type: ignore[assignment]
        ph = st.phase
        if ph != BID and ph != LYING:
            return None
        key = self.search_key(st, seat)
        if key is None:
            return None
        team = seat % 2
        k = key + 2 * (st.tricks[team] - st.tricks[1 - team])
        if ph == LYING:
            return A_STAY if k >= 2 else A_FORFEIT
        if st.pending < 0:
            return A_RAISE if k >= 3 and A_RAISE in legal else A_PASS
        if k >= 4 and A_RAISE in legal:
            return A_RAISE
        return A_ACCEPT if k >= (3 if st.pending >= GAME_LEVEL else 2) else A_DECLINE

    def _trust_signals(self, st: EnviteState, seat: int, rng: Rng) -> set[int]:
        """In a sample for a captain: re-deal what the captain cannot see so that each signal it
        was shown (its partners', and the other team's it caught) says truly what that player
        was dealt, as a bot's does (`honest_signal`). The signaller's cards are drawn from the
        hidden ones among those that fit, every fitting hand as likely (`signal_draw`); the rest
        are dealt out again at random. A signal that no hand fits (a person may mislead their
        captain) is left out.
        Only while every card the signaller has played this hand is known to be theirs (the
        current trick and the one before it). A hand drawn holds no suit its player showed it
        lacks. Returns the positions whose hands were drawn so (they stay as drawn)."""
        words = SIGNAL_LISTS[st.options.signals]  # type: ignore[attr-defined]
        if not words or not st.vira:
            return set()
        team = seat % 2
        shown = [s for s in range(st.n) if s != seat and st.signal[s] >= 0 and (s % 2 == team or st.caught[s])]
        if not shown:
            return set()
        n, m = st.n, st.m
        sees_dummy = m > n and seat == st.captain[1]
        hidden = [p for p in range(m) if p != seat and not (p == n and sees_dummy)]
        known = st.known_in
        if known and any(known.get(c) for p in hidden for c in st.hands[p]):
            return set()  # cards known to lie in a hand: left to the generic re-deal
        esuit = TABLES[(m, st.trump)][0]
        order = trumps_in_play(m, st.trump, st.vira[0])
        trump = st.trump
        fixed: set[int] = set()
        for s in shown:
            gone = [c for p, c in st.trick if p == s]
            if st.trick_no == 2:
                gone += [c for p, c in st.last if p == s]
            k = len(st.hands[s])
            if k + len(gone) != 3 or not k:
                continue
            word = SIGNAL_WORDS[st.signal[s]]
            if word not in words:
                continue
            lack = st.voids[s]  # a suit it showed it lacks is no part of the hand drawn
            pool = sorted([c for p in hidden if p not in fixed for c in st.hands[p]] + st.stub)
            drawn = signal_draw(pool, gone, k, word, lack, esuit, order, trump, words, rng)
            if drawn is None:
                continue  # no hand fits: the signal cannot be true
            taken = set(drawn)
            rest = [c for c in pool if c not in taken]
            rest.sort()
            rng.shuffle(rest)
            key = TABLES[(m, trump)][2].__getitem__
            st.hands[s][:] = sorted(drawn, key=key)
            fixed.add(s)
            i = 0
            for p in hidden:
                if p in fixed:
                    continue
                h = st.hands[p]
                h[:] = sorted(rest[i : i + len(h)], key=key)
                i += len(h)
            st.stub[:] = rest[i:]
        return fixed

    def _signals_for(self, st: EnviteState, seat: int | None) -> tuple[str, str]:
        """(own team's signals, caught signals of the other team) as seat `seat` may see them:
        only a captain sees anything, and a non-captain sees only their own signal."""
        if seat is None or not 0 <= seat < st.n or seat not in st.captain:
            return "", ""
        team = seat % 2
        own, caught = [], []
        for s in range(st.n):
            k = st.signal[s]
            if k < 0:
                continue
            text = f"{st.names[s]}: {SIGNALS[SIGNAL_WORDS[k]]}"
            if s % 2 == team:
                own.append(text)
            elif st.caught[s]:
                caught.append(text)
        return "; ".join(own), "; ".join(caught)

    def _stake_text(self, st: EnviteState) -> str:
        if st.lying == 2:
            return "the game (both teams lying down)"
        if st.lying >= 0:
            return f"lying down: {self._team_name(st, st.lying)} wins the game or gives 3"
        return STAKE_WORD[st.level]

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        """Envite's orders, which few players know: a plain suit, and the trump suit with the
        cards the table's size adds above it (from the status, as the seat sees it)."""
        out = [("Plain suits", "K Q J A 7 6 5 4 3 2 (King high)")]
        for key in ("Trump", "Top trumps", "Trump order"):
            if obs.status.get(key):
                out.append((key, obs.status[key]))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: EnviteState = state  # type: ignore[assignment]
        n, m = st.n, st.m
        order = trump_order(m, st.trump)
        tops = tops_for(m)
        status = {
            "Game": f"{st.game_no} (games: A {st.games[0]}, B {st.games[1]})",
            "Stones": f"A {st.stones[0]}, B {st.stones[1]}",
            "Hand": str(st.hand_no),
            "Dealer": self._pname(st, st.dealer),
            "Trump": f"{SUIT_WORD[st.trump]} (vira {glyph(st.vira[0])})" if st.vira else SUIT_WORD[st.trump],
            "Stake": self._stake_text(st),
            "Tricks": f"A {st.tricks[0]}, B {st.tricks[1]}",
            "Captains": f"A {st.names[st.captain[0]]}, B {st.names[st.captain[1]]}",
        }
        # written suit first (♣3), so that a rule reminder never reads like a card on the table
        if tops:
            status["Top trumps"] = " ".join(rule_mark(c) for c in tops) + " (count only as trumps)"
        plain = " ".join(MARK[RANK[c]] for c in order if c not in tops and c not in st.vira)
        status["Trump order"] = " ".join([*(rule_mark(c) for c in tops if c not in st.vira),
                                          f"{SUIT_GLYPH[st.trump]} {plain}"])
        if st.pending >= 0:
            status["Raise"] = (f"{self._team_name(st, st.raiser)} asks {STAKE_WORD[st.pending]}; "
                               f"{st.names[st.captain[1 - st.raiser]]} answers")
        if m > n:
            status["Dummy"] = f"Team B, played by {st.names[st.captain[1]]}"
        own, caught = self._signals_for(st, seat)
        if own:
            status["Signals"] = own
        if caught:
            status["Caught signals"] = caught
        if seat is not None and 0 <= seat < n and seat not in st.captain and st.signal[seat] >= 0:
            status["Your signal"] = SIGNALS[SIGNAL_WORDS[st.signal[seat]]]
        if st.hand_note and st.phase in (SCORED, OVER):
            status["Last hand"] = f"{self._team_name(st, st.hand_winner)}: {st.hand_note}"
        facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            f = {"Team": TEAM[s % 2]}
            if s in st.captain:
                f["Captain"] = "yes, and plays the dummy" if (m > n and s == st.captain[1]) else "yes"
            elif st.phase == SIGNAL:
                f["Signal"] = "sent" if st.signal[s] >= 0 else "to send"
            if s == st.dealer:
                f["Dealer"] = "yes"
            facts[s] = f
        if m > n and st.dealer == n:
            facts[st.captain[1]]["Dealer"] = "the dummy deals"
        # the dummy's card shares its captain's column: the note names which card it is
        plays = [TrickPlay(seat=st.ctrl[p], card=SLUG[c], note=f"dummy {glyph(c)}" if p >= n else "")
                 for p, c in st.trick]
        last = [TrickPlay(seat=st.ctrl[p], card=SLUG[c], note=f"dummy {glyph(c)}" if p >= n else "")
                for p, c in st.last]
        note = f"Trick {st.trick_no} · stake {self._stake_text(st)} · {SUIT_WORD[st.trump]} trumps"
        if st.trick:
            note += " · trawl: trumps led" if st.trawler >= 0 else f" · {SUIT_WORD[TABLES[(m, st.trump)][0][st.trick[0][1]]]} led"
        trick = TrickView(
            leader=st.ctrl[st.leader] if st.phase == PLAY else None,
            plays=plays,
            note=note,
            last=last,
            last_winner=st.ctrl[st.last_winner] if st.last_winner >= 0 else None,
        )
        extra = {
            "game_no": st.game_no,
            "games": list(st.games),
            "stones": list(st.stones),
            "stake": VALUES[st.level] if st.level < GAME_LEVEL else "game",
            "tricks": list(st.tricks),
            "trump": SUITS[st.trump],
            "captains": list(st.captain),
            "teams": [s % 2 for s in range(n)],
            "positions": m,
            "dummy": st.captain[1] if m > n else None,
            "turn_position": st.turn if st.phase == PLAY else None,
            "lying": st.lying if st.lying >= 0 else None,
            "hand_winner": TEAM[st.hand_winner] if st.hand_winner >= 0 else None,
        }
        true_signal = self.convention(st, seat) if seat is not None else None
        return {
            "phase": st.phase,
            # the keyboard starts on the signal that is true of the hand (never on a false one), and
            # an answer to a raise (accept, decline, raise again) is never taken by reflex
            "start_on": str(true_signal[0]) if true_signal is not None else None,
            "no_default": st.phase == BID and st.pending >= 0 and seat in self.to_act(st),
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": trick,
            "seat_facts": facts,
            "extra": extra,
        }

    def _prompt(self, st: EnviteState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        acting = self.to_act(st)[0]
        who = st.names[acting]
        mine = seat == acting
        ph = st.phase
        if ph == SCORED:
            head = f"{self._team_name(st, st.hand_winner)} took hand {st.hand_no}."
            if st.game_won >= 0:
                head += f" {self._team_name(st, st.game_won)} wins game {st.game_no}."
            if mine:
                return f"{head} Deal the next hand when everyone has seen the scores."
            return f"{head} Waiting for {who} to deal the next hand."
        if ph == SIGNAL:
            if mine:
                cap = st.names[st.captain[seat % 2]]  # type: ignore[operator]
                words = SIGNAL_LISTS[st.options.signals]  # type: ignore[attr-defined]
                true = SIGNALS[honest_signal(st.hands[seat], st.m, st.trump, st.vira[0], words)]
                return (f"Send {cap}, your captain, one signal about your hand. Only {cap} will see it"
                        + (" — unless the other captain catches it." if st.options.careless_signals else ".")  # type: ignore[attr-defined]
                        + f" True of your hand: {true}.")
            return f"Waiting for {who} to signal to their captain."
        own, caught = self._signals_for(st, seat)
        heard = ""
        if mine and own:
            heard = f" Your team's signals: {own}."
        if mine and caught:
            heard += f" You caught: {caught}."
        if ph == LYING:
            if mine:
                return (f"Your team is lying down at 11. Stay in and play (win: the game; lose: the other "
                        f"team scores 3), or forfeit (they score 1).{heard}")
            return f"{self._team_name(st, st.lying)} is lying down. Waiting for {who} to stay in or forfeit."
        if ph == BID:
            if st.pending >= 0:
                if mine:
                    prev = VALUES[st.pending - 1]
                    up = ("" if st.pending == GAME_LEVEL else
                          f", or raise to {STAKE_WORD[st.pending + 1]}")
                    return (f"{self._team_name(st, st.raiser)} raises to {STAKE_WORD[st.pending]}. Accept, decline "
                            f"(they score {prev}){up}.{heard}")
                return f"Waiting for {who} to answer the raise to {STAKE_WORD[st.pending]}."
            if mine:
                return (f"The hand is worth {STAKE_WORD[st.level]}. Raise to {STAKE_WORD[st.level + 1]}, or pass."
                        f"{heard}")
            return f"Waiting for {who} (captain) to raise or pass."
        # play
        p = st.turn
        if mine:
            whose = "the dummy's cards" if p >= st.n else "your hand"
            if not st.trick:
                return f"Lead to trick {st.trick_no} from {whose}.{heard}"
            if st.trawler >= 0:
                return f"Trumps were led (a trawl): play a trump from {whose} if you can.{heard}"
            led = SUIT_WORD[TABLES[(st.m, st.trump)][0][st.trick[0][1]]].lower()
            return f"Play from {whose}: follow {led} if you can.{heard}"
        if p >= st.n:
            return f"Waiting for {who} to play for the dummy."
        return f"Waiting for {who} to play."

    def label(self, state: State, action: Action) -> str:
        st: EnviteState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            c = ID_OF.get(action.args[0], -1)
            if c < 0:
                return f"Play {action.args[0]}"
            dummy = " from the dummy" if 0 <= st.turn and st.turn >= st.n and st.phase == PLAY else ""
            return f"Play {the(c)}{dummy}"
        if verb == "signal":
            return f"Signal: {SIGNALS.get(action.args[0], action.args[0])}"
        if verb == "raise":
            nxt = (st.pending if st.pending >= 0 else st.level) + 1
            if nxt > GAME_LEVEL:
                return "Raise"
            return "Raise to the whole game" if nxt == GAME_LEVEL else f"Raise the stake to {STAKE_WORD[nxt]}"
        if verb == "pass":
            return f"Pass (play for {STAKE_WORD[st.level]})"
        if verb == "accept":
            return f"Accept (play for {STAKE_WORD[st.pending]})" if st.pending >= 0 else "Accept"
        if verb == "decline":
            if st.pending >= 1:
                return f"Decline (they score {VALUES[st.pending - 1]})"
            return "Decline"
        if verb == "stay":
            return "Stay in and play the hand"
        if verb == "forfeit":
            return "Forfeit the hand (they score 1)"
        if verb == "deal":
            return "Deal the next hand"
        return super().label(state, action)

    # -- the end ------------------------------------------------------------------------------------------

    def _summary(self, st: EnviteState) -> str:
        a, b = st.games
        if a == b:
            return f"The match stands at {a}–{b}."
        w = 0 if a > b else 1
        members = listing([st.names[s] for s in range(st.n) if s % 2 == w])
        return f"{self._team_name(st, w)} ({members}) wins the match, {max(a, b)} games to {min(a, b)}."

    def final(self, state: State) -> ResultView:
        st: EnviteState = state  # type: ignore[assignment]
        a, b = st.games
        placings = [1 if (a >= b if s % 2 == 0 else b >= a) else 2 for s in range(st.n)]
        details = [
            f"Hand {i}: " + ", ".join(f"Team {TEAM[t]} +{row[t]}" for t in (0, 1) if row[t])
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)


GAME = Envite()
