"""Mattis (Norway): RULES.md section 21; help.md has every reading we chose.

Phase 1 ("collect"): three cards each, tricks with no duty to follow, the highest rank wins
whatever the suit, ties are broken by the tied players playing again; a card may be played blind
from the stock while it holds two cards or more; everyone draws back to three, winner first; the
last stock card goes face up into its drawer's won pile and makes trump. The phase ends after the
trick in which someone is left with no cards.

Phase 2 ("shed"): won piles become hands. A play is one card or a sequence (two or more
consecutive cards of one suit) and must beat the last play on the table (tricks kit:
`beats_play`); who cannot must pick up the lowest play. A trick is complete when the table holds
as many plays as there were players in the game at its start; pick-ups that empty the table end
it, and the next lead begins a new one. The last player in is the mattis.

Cards are ids 0..51 (suit * 13 + rank - 2), so within one suit consecutive ids are consecutive
ranks; phase-2 hands are kept sorted by id, which makes finding sequences a single pass.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, RANK_NAME, SUITS, The, the
from decktable.engine.actions import CARDS, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import check_first_dealer, deal, first_dealer, left_of
from decktable.engine.kits.tricks import beats_play
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.mattis import INFO
from decktable.rulesets.mattis.estimate import worths

# -- tables, per card id --------------------------------------------------------------------------

FULL: tuple[int, ...] = tuple(range(52))
RANK: tuple[int, ...] = tuple(c % 13 + 2 for c in FULL)
SUIT: tuple[int, ...] = tuple(c // 13 for c in FULL)
SLUG: tuple[str, ...] = tuple(FRENCH[c].slug for c in FULL)
ID_OF: dict[str, int] = {s: i for i, s in enumerate(SLUG)}
SUIT_WORD: tuple[str, ...] = tuple(s.capitalize() for s in SUITS)  # "Hearts"
SUIT_ONE: tuple[str, ...] = tuple(s.capitalize()[:-1] for s in SUITS)  # "Heart"
RANK_WORD: dict[int, str] = dict(RANK_NAME)
RANK_PLURAL: dict[int, str] = {r: f"{w}s" for r, w in RANK_NAME.items()}

SINGLE: tuple[Action, ...] = tuple(Action("play", (SLUG[c],)) for c in FULL)
# RUN[lo][hi]: the action playing every card from id lo to id hi (same suit, hi > lo)
RUN: tuple[dict[int, Action], ...] = tuple(
    {hi: Action("play", tuple(SLUG[c] for c in range(lo, hi + 1))) for hi in range(lo + 1, (lo // 13) * 13 + 13)}
    for lo in FULL
)
BLIND = Action("blind")
PICKUP = Action("pickup")
BEGIN = Action("begin")

COLLECT, PAUSE, SHED, OVER = "collect", "piles", "shed", "over"
HAND = 3  # cards in hand in phase 1


def run_name(cards: list[int]) -> str:
    """A play in words: 'the 7 of Hearts', or 'the 7–9 of Hearts' for a sequence."""
    if len(cards) == 1:
        return the(cards[0])
    lo, hi = cards[0], cards[-1]
    return f"the {RANK_WORD[RANK[lo]]}–{RANK_WORD[RANK[hi]]} of {SUIT_WORD[SUIT[lo]]}"


def run_note(cards: list[int]) -> str:
    """The note under a sequence on the trick row, whose cards are all drawn there: 'run of 3'
    (its notation, '7-9h', read as a code to a player)."""
    return f"run of {len(cards)}"


def ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"


def runs_in(hand: list[int]) -> list[tuple[int, int]]:
    """The sequences of a sorted hand, longest possible, as (index of the first card, length): a
    run of m cards allows m(m+1)/2 plays (each card alone, and each stretch of two or more)."""
    out: list[tuple[int, int]] = []
    n = len(hand)
    i = 0
    while i < n:
        j = i
        while j + 1 < n and hand[j + 1] == hand[j] + 1 and hand[j + 1] % 13 != 0:
            j += 1
        out.append((i, j - i + 1))
        i = j + 1
    return out


def plays_in(hand: list[int]) -> list[tuple[int, int]]:
    """Every play a sorted hand allows, as (lowest id, highest id): singles and sequences."""
    out: list[tuple[int, int]] = []
    for i, m in runs_in(hand):
        for a in range(i, i + m):
            lo = hand[a]
            for b in range(a, i + m):
                out.append((lo, hand[b]))
    return out



def play_actions(hand: list[int]) -> list[Action]:
    """The actions of `plays_in(hand)`, in its order, listed straight from the hand's runs (the
    public `legal_actions` at every second-phase move: no (low, high) pairs in between)."""
    out: list[Action] = []
    app = out.append
    for i, m in runs_in(hand):
        j = i + m - 1
        if i == j:
            app(SINGLE[hand[i]])
        else:
            for a in range(i, j + 1):
                lo = hand[a]
                app(SINGLE[lo])
                row = RUN[lo]
                for b in range(a + 1, j + 1):
                    app(row[hand[b]])
    return out

# -- the playout's tables (see `Mattis._shed_fast`) ---------------------------------------------------

#: BIT[c]: card c's bit in a mask of cards; SUIT_BITS[s]: suit s's cards; ABOVE[c]: the cards of
#: c's suit above c (those that beat it in its suit)
BIT: tuple[int, ...] = tuple(1 << c for c in FULL)
BIT_ID: dict[int, int] = {1 << c: c for c in FULL}  # a bit's card
SUIT_BITS: tuple[int, ...] = tuple(8191 << 13 * s for s in range(4))
ABOVE: tuple[int, ...] = tuple(SUIT_BITS[SUIT[c]] & ~((2 << c) - 1) for c in FULL)
#: RUN_PLAYS[a][b]: the plays of a run of one suit's cards from rank offset a to b (the Two is
#: 0), in `plays_in` order: (lowest, highest) offsets, each pair one shared tuple
_PAIR = tuple(tuple((a, b) for b in range(13)) for a in range(13))
RUN_PLAYS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple(_PAIR[x][y] for x in range(a, b + 1) for y in range(x, b + 1)) for b in range(13))
    for a in range(13)
)
#: NEXT[n][s]: the seat left of s at n players; SEAT_ORDER[n][w]: the seats from w round to the left
NEXT: tuple[tuple[int, ...], ...] = tuple(tuple((s + 1) % n for s in range(n)) for n in range(9))
SEAT_ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((w + k) % n for k in range(n)) for w in range(n)) for n in range(9)
)
HAND_ZONE: tuple[str, ...] = tuple(f"hand{s}" for s in range(8))  # the zone names `reveal_into` is given


class _SuitPlays(dict):  # type: ignore[type-arg]
    """The plays of a set of one suit's cards, as `plays_in` lists them, by the set's 13-bit
    mask (bit r for rank offset r): (lowest, highest) offsets. A set's plays are those of the
    cards below its top run, then the top run's (`RUN_PLAYS`); filled as the playout meets
    masks, at most 8192 of them."""

    def __missing__(self, mask: int) -> tuple[tuple[int, int], ...]:
        top = low = mask.bit_length() - 1
        while low and mask >> (low - 1) & 1:
            low -= 1
        plays = self[mask & ((1 << low) - 1)] + RUN_PLAYS[low][top]
        self[mask] = plays
        return plays


class _Cards(dict):  # type: ignore[type-arg]
    """The cards of a mask of cards (`BIT`), by id: a sorted hand. Filled as the playout meets
    masks (each suit's part apart: at most 8192 a suit)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        cards = (BIT_ID[mask & -mask],) + self[mask & (mask - 1)]
        self[mask] = cards
        return cards


SUIT_PLAYS = _SuitPlays({0: ()})
MASK_CARDS = _Cards({0: ()})


# -- options and state -------------------------------------------------------------------------------


class MattisOptions(BaseModel):
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=7,
        description="Seat (counted from 1: 1 = the first player) that deals; the player on the dealer's left "
        "leads. Blank = chosen at random.",
    )
    max_turns: int = Field(
        5000,
        ge=1,
        le=100_000,
        description="A stop rule for the second phase, which could in principle go round for "
        "ever: after this many turns, whoever holds the most cards is the mattis.",
    )
    trick_count: Literal["start", "still_in"] = Field(
        "start",
        description="When a second-phase trick is complete: 'start' = when it holds as many plays "
        "as there were players when it began (the rules); 'still_in' = as many as there are "
        "players still in, so that a player going out during a trick shortens it (a house rule).",
    )


class MattisState(State):
    __slots__ = (
        "phase",
        "dealer",
        "turn",
        "hands",
        "stock",
        "won",
        "trump_zone",
        "trump",
        "maker",
        "table",
        "table_seats",
        "blind",
        "pending",
        "round_start",
        "tied",
        "leader",
        "last",
        "last_seats",
        "last_winner",
        "discard",
        "out",
        "out_order",
        "blue",
        "trick_size",
        "turns",
        "mattis",
        "stopped",
    )

    phase: str
    dealer: int
    turn: int  # phase 2: who acts; phase 1 uses pending[0]
    hands: list[list[int]]
    stock: list[int]  # index 0 is the top card
    won: list[list[int]]  # phase 1 won piles (face down, but every card in them was seen)
    trump_zone: list[int]  # the last stock card, face up on its drawer's won pile during phase 1
    trump: int  # suit index, -1 until made
    maker: int  # the trump maker, -1 until made
    table: list[list[int]]  # plays on the table, oldest first (phase 1: one card each)
    table_seats: list[int]  # who made each play
    blind: list[int]  # phase 1: 1 where the play was turned up from the stock
    pending: list[int]  # phase 1: seats still to play in this round, in order
    round_start: int  # phase 1: index in `table` of this round's first play
    tied: list[int]  # phase 1: the seats in the tie being broken (empty in the first round)
    leader: int  # who led this trick
    last: list[list[int]]  # the previous trick's plays
    last_seats: list[int]
    last_winner: int
    discard: list[int]  # phase 2: finished tricks
    out: list[int]  # phase 2: 1 when the seat has gone out
    out_order: list[int]
    blue: list[int]  # 1 for a blåmattis
    trick_size: int  # phase 2: the plays that complete this trick (players in at its start; `trick_count`)
    turns: int  # phase 2 turns so far (the stop rule)
    mattis: list[int]  # the loser(s) once the game is over
    stopped: bool  # ended by the stop rule


# -- the game -------------------------------------------------------------------------------------------


class Mattis(Game):
    info = GameInfo(id="mattis", **INFO)
    Options = MattisOptions
    catalogue = FRENCH
    grammar = Grammar({"play": (CARDS,), "blind": (), "pickup": (), "begin": ()}, FRENCH, SUITS)

    # -- starting --------------------------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        check_first_dealer(self.info.name, options.first_dealer, players)  # type: ignore[attr-defined]

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = MattisState(names, rng, options)
        n = len(names)
        st.dealer = first_dealer(n, rng, options.first_dealer, deck is not None)  # type: ignore[attr-defined]
        order = self.stacked(FULL, deck, rng)
        first = left_of(st.dealer, n)
        st.hands = deal(order, n, HAND, first=first)
        for h in st.hands:
            h.sort()
        st.stock = order
        st.won = [[] for _ in range(n)]
        st.trump_zone = []
        st.trump = -1
        st.maker = -1
        st.table = []
        st.table_seats = []
        st.blind = []
        st.tied = []
        st.last = []
        st.last_seats = []
        st.last_winner = -1
        st.discard = []
        st.out = [0] * n
        st.out_order = []
        st.blue = [0] * n
        st.trick_size = n
        st.turns = 0
        st.mattis = []
        st.stopped = False
        st.phase = COLLECT
        self._start_collect_trick(st, first)
        return st

    def _start_collect_trick(self, st: MattisState, leader: int) -> None:
        n = st.players
        st.leader = leader
        st.turn = leader
        st.pending = [(leader + k) % n for k in range(n)]
        st.round_start = 0
        st.tied = []

    # -- whose turn, what is legal -------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: MattisState = state  # type: ignore[assignment]
        if st.over:
            return ()
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "collect": "First half",
        "piles": "Between halves",
        "shed": "Second half",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: MattisState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        hand = st.hands[seat]
        if st.phase == PAUSE:
            return [BEGIN]
        if st.phase == COLLECT:
            out = [SINGLE[c] for c in hand]
            if len(st.stock) >= 2:
                out.append(BLIND)
            return out
        table = st.table
        if not table:
            return play_actions(hand)
        target = table[-1]
        tsuit = SUIT[target[0]]
        thigh = target[-1]  # within one suit, ids order as ranks
        trump = st.trump
        # only cards that can start a beating play: higher in the suit led, or trumps over a
        # plain suit; a sequence lies within one suit and runs upwards, so the plays of these
        # cards are exactly the beating plays of the whole hand, in the same order
        if tsuit == trump:
            able = [c for c in hand if SUIT[c] == tsuit and c > thigh]
        else:
            able = [c for c in hand if (SUIT[c] == tsuit and c > thigh) or SUIT[c] == trump]
        out = play_actions(able)
        if not out:
            out.append(PICKUP)
        return out

    def parse(self, text: str) -> Action:
        """As the grammar; the cards of a sequence may be typed in any order (kept low to high)."""
        a = self.grammar.parse(text)
        if a.verb == "play" and len(a.args) > 1:
            ids = [ID_OF[s] for s in a.args]
            return Action("play", tuple(SLUG[c] for c in sorted(ids)))
        return a

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        """None when `action` is legal for `seat` now, else the reason in a sentence."""
        st: MattisState = state  # type: ignore[assignment]
        if st.over:
            return "The game is over."
        if seat != st.turn:
            return f"It is {st.names[st.turn]}'s turn, not yours."
        verb, args = action.verb, action.args
        hand = st.hands[seat]
        if st.phase == PAUSE:
            if verb == "begin":
                return None
            return "The first phase is over: begin the second phase (the won piles become hands) first."
        if verb == "begin":
            if st.phase == COLLECT:
                return "The first phase is still going: the second begins when someone runs out of cards."
            return "The second phase has already begun."
        if st.phase == COLLECT:
            if verb == "pickup":
                return "There is nothing to pick up in the first phase: play a card, or play blind."
            if verb == "blind":
                if len(st.stock) >= 2:
                    return None
                if st.stock:
                    return "Only the last stock card is left, and it is not played: it will make trump."
                return "The stock is used up: play a card from your hand."
            if verb != "play" or not args:
                return "Play a card from your hand, or play blind."
            if len(args) != 1:
                return "In the first phase you play one card at a time; sequences come in the second phase."
            c = ID_OF.get(args[0], -1)
            if c < 0:
                return "There is no such card."
            if c not in hand:
                return f"You do not hold {the(c)}."
            return None
        # phase 2
        if verb == "blind":
            return "There is no stock in the second phase: play from your hand or pick up."
        table = st.table
        if verb == "pickup":
            if not table:
                return "The table is empty, so there is nothing to pick up: lead a card or a sequence."
            target = table[-1]
            better = self._beaters(st, hand, target)
            if better:
                return (
                    f"You can beat {run_name(target)} (for instance with {run_name(better[0])}), "
                    "so you must: picking up is only for a player who cannot."
                )
            return None
        if verb != "play" or not args:
            return "Play a card or a sequence, or pick up."
        cards = [ID_OF.get(a, -1) for a in args]
        if any(c < 0 for c in cards):
            return "There is no such card."
        if len(set(cards)) != len(cards):
            return "You named a card twice."
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"You do not hold {listing([the(c) for c in missing])}."
        if len(cards) > 1:
            if any(SUIT[c] != SUIT[cards[0]] for c in cards):
                return "A sequence is of one suit: those cards are of different suits."
            if cards != sorted(cards):
                return "List the cards of a sequence from low to high."
            if cards[-1] - cards[0] != len(cards) - 1:
                return (
                    "Those cards are not a sequence: a sequence is two or more cards of one suit "
                    "with no gap in rank (the Ace is high only)."
                )
        if not table:
            return None
        target = table[-1]
        if beats_play(cards, target, SUIT.__getitem__, RANK.__getitem__, st.trump if st.trump >= 0 else None):
            return None
        what = "That sequence does not" if len(cards) > 1 else f"{The(cards[0])} does not"
        return f"{what} beat {run_name(target)}; what beats it: {self._beaten_by(st, target)}."

    def _beaters(self, st: MattisState, hand: list[int], target: list[int]) -> list[list[int]]:
        trump = st.trump if st.trump >= 0 else None
        out = []
        for lo, hi in plays_in(hand):
            play = list(range(lo, hi + 1))
            if beats_play(play, target, SUIT.__getitem__, RANK.__getitem__, trump):
                out.append(play)
        return out

    def _beaten_by(self, st: MattisState, target: list[int]) -> str:
        """What beats a play, in words (the table shows it beside the play to beat)."""
        s = SUIT[target[0]]
        top = RANK[target[-1]]
        trump = st.trump
        if s == trump:
            if top == 14:
                return "nothing: it is the Ace of trumps"
            return f"a higher trump: a {SUIT_ONE[s]} above the {RANK_WORD[top]} (a card or a sequence)"
        if trump < 0:
            if top == 14:
                return "nothing"
            return f"a {SUIT_ONE[s]} above the {RANK_WORD[top]} (a card or a sequence)"
        if top == 14:
            return f"only a trump (any {SUIT_ONE[trump]})"
        return (f"a {SUIT_ONE[s]} above the {RANK_WORD[top]} (a card or a sequence), "
                f"or any trump ({SUIT_WORD[trump]})")

    # -- the search ------------------------------------------------------------------------------------

    def horizon(self, state: State) -> Any:
        """A search in the first phase looks no further than its end (see `estimate.py`)."""
        return COLLECT if state.phase == COLLECT else None  # type: ignore[attr-defined]

    def estimate(self, state: State) -> list[float]:
        return worths(state)

    # -- carrying out --------------------------------------------------------------------------------

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): the moves the generic loop makes
        with the same generator (the same calls to `rand`, the one for a forced pick-up or
        `begin` included), events off, leaving the very state `play` would leave. It exists
        because a Mattis playout runs the whole game (some 120 moves at three players, 300 at
        eight), which made it the search's bottleneck: each phase has a loop of its own that
        mirrors the slow path (`_collect_fast`, `_shed_fast`; the slow path, with events for the
        table, stays as it is), and the pause is the generic step. `trace` collects
        (seat, action). Begun in the first phase, it stops at its end (`horizon`)."""
        st: MattisState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        first = st.phase == COLLECT
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            phase = st.phase
            if phase == COLLECT:
                moves, going = self._collect_fast(st, rand, limit, moves, trace)
                if first and going and st.phase != COLLECT:
                    break
            elif phase == SHED:
                moves, going = self._shed_fast(st, rand, limit, moves, trace)
            else:  # the pause: `begin`, the one legal move, drawn all the same
                going = self.random_step(st, st.turn, rand, trace)
                moves += going
            if not going:
                break
        return moves

    def _collect_fast(
        self, st: MattisState, rand: Any, limit: int, moves: int, trace: list[tuple[int, Action]] | None
    ) -> tuple[int, bool]:
        """The first phase of `playout` until it ends or `limit` moves are made: `_collect_play`,
        `_next_in_round`, `_win_collect_trick` and `_start_collect_trick` written out for events
        None (the rare steps, making trump and ending the phase, are the slow path's own). Each
        move draws `int(rand() * count)` over the hand in its order, then the blind play, as
        `legal_actions` lists them; the round's highest rank and the seats holding it are kept
        as the cards fall, where `_next_in_round` looks at the round once it is complete.
        Returns (moves, False when the seat to act has no move)."""
        n = st.players
        order = SEAT_ORDER[n]
        rank = RANK
        hands, stock, won = st.hands, st.stock, st.won
        table, seats, blind, pending = st.table, st.table_seats, st.blind, st.pending
        turn = st.turn
        spare = len(stock) >= 2  # a blind play is allowed
        start = st.round_start
        top, best = -1, []  # the round's highest rank so far, and who played it, in turn
        for p, s in zip(table[start:], seats[start:]):
            r = rank[p[0]]
            if r > top:
                top, best = r, [s]
            elif r == top:
                best.append(s)
        while moves < limit:
            hand = hands[turn]
            size = len(hand)
            count = size + spare
            if not count:
                st.turn = turn
                return moves, False
            moves += 1
            k = int(rand() * count)
            if k < size:
                c = hand[k]
                del hand[k]  # cards are unique: the one `remove(c)` takes
                blind.append(0)
                if trace is not None:
                    trace.append((turn, SINGLE[c]))
            else:
                c = stock.pop(0)
                spare = len(stock) >= 2
                blind.append(1)
                if trace is not None:
                    trace.append((turn, BLIND))
            table.append([c])
            seats.append(turn)
            r = rank[c]
            if r > top:
                top, best = r, [turn]
            elif r == top:
                best.append(turn)
            pending.pop(0)
            if not spare:
                while pending and not hands[pending[0]]:  # a tied seat that cannot play drops out
                    pending.pop(0)
            if pending:
                turn = pending[0]
                continue
            # the round is complete: its highest rank takes the trick, or the tie plays again
            w = best[0]
            if len(best) > 1:
                able = [s for s in best if hands[s] or spare]
                if len(able) > 1:
                    st.tied = able
                    pending = st.pending = list(able)
                    st.round_start = len(table)
                    turn = able[0]
                    top, best = -1, []
                    continue
                if able:
                    w = able[0]
            pile = won[w]
            for p in table:
                pile.extend(p)
            st.last, st.last_seats, st.last_winner = table, seats, w
            table = st.table = []
            seats = st.table_seats = []
            blind = st.blind = []
            if stock:
                self._draw_back(st, w, None)
                spare = len(stock) >= 2
            if not all(hands):
                self._end_collect(st, None)
                return moves, True
            st.leader = turn = w
            pending = st.pending = list(order[w])
            st.round_start = 0
            st.tied = []
            top, best = -1, []
        st.turn = turn
        return moves, True

    def _shed_fast(
        self, st: MattisState, rand: Any, limit: int, moves: int, trace: list[tuple[int, Action]] | None
    ) -> tuple[int, bool]:
        """The second phase of `playout` until the game ends or `limit` moves are made:
        `_shed_turn`, `_pass_turn` and `_finish_shed_trick` written out for events None (going
        out and the stop rule, a few times a game, are the slow path's own). The k-th play of
        the list `legal_actions` would build is found without building it.

        A sorted hand's plays are its suits' plays, suit by suit (a sequence lies in one suit),
        and a suit's are `SUIT_PLAYS` of its 13-bit mask; so a sorted hand is kept as a mask of
        its cards (`BIT`) and written back, sorted, when the loop ends (`_go_out` and `_end` do
        not read it; `_stop` is called after). The plays that beat are those of the led suit's
        cards above the card to beat (`ABOVE`), and of the trumps. Every hand at the table and in
        the search's samples is sorted (`adjust_sample`); should one not be, `legal_actions`
        reads its runs in hand order, so such a hand stays a list, its mask kept in step,
        scanned as `plays_in` scans it until a pick-up sorts it. Every move is a turn: the
        count is `turns0 + moves` until it is written back. Returns (moves, False when the seat
        to act has no move)."""
        n = st.players
        nxt = NEXT[n]
        hands, out, out_order, discard = st.hands, st.out, st.out_order, st.discard
        trump = st.trump
        tlo = 13 * trump  # the lowest trump's id
        turns0 = st.turns - moves
        stop_at = st.options.max_turns - turns0  # type: ignore[attr-defined]  # the stop rule
        plays_of, above, bit = SUIT_PLAYS, ABOVE, BIT
        s0, s1, s2, s3 = SUIT_BITS
        tidy = [h == sorted(h) for h in hands]  # sorted: the mask is the hand until written back
        bits = [sum(map(bit.__getitem__, h)) for h in hands]
        start_bits = list(bits)
        table, seats = st.table, st.table_seats
        size, seat = st.trick_size, st.turn
        going = True  # False: the seat to act has no move
        stop = False  # the stop rule ends the game
        while moves < limit:
            mask = bits[seat]
            lo = hi = -1  # the play drawn, lo..hi; -1 for a pick-up
            if tidy[seat]:
                if table:  # the led suit's cards above the play to beat, and the trumps, by suit
                    target = table[-1]
                    tsuit = SUIT[target[0]]
                    base = 13 * tsuit
                    first = plays_of[(mask & above[target[-1]]) >> base]
                    if tsuit == trump or trump < 0:
                        if first:
                            a, b = first[int(rand() * len(first))]
                            lo, hi = base + a, base + b
                    else:
                        second = plays_of[mask >> tlo & 8191]
                        if trump < tsuit:
                            first, second, base, base2 = second, first, tlo, base
                        else:
                            base2 = tlo
                        k = len(first)
                        total = k + len(second)
                        if total:
                            k = int(rand() * total) - k
                            if k < 0:  # in the first group, counted from its end
                                a, b = first[k]
                            else:
                                a, b = second[k]
                                base = base2
                            lo, hi = base + a, base + b
                elif mask:  # a lead: every play of the hand, suit by suit
                    p0, p1 = plays_of[mask & 8191], plays_of[mask >> 13 & 8191]
                    p2, p3 = plays_of[mask >> 26 & 8191], plays_of[mask >> 39]
                    k = int(rand() * (len(p0) + len(p1) + len(p2) + len(p3)))
                    if k < len(p0):
                        lo, hi = p0[k]
                    elif (k := k - len(p0)) < len(p1):
                        a, b = p1[k]
                        lo, hi = a + 13, b + 13
                    elif (k := k - len(p1)) < len(p2):
                        a, b = p2[k]
                        lo, hi = a + 26, b + 26
                    else:
                        a, b = p3[k - len(p2)]
                        lo, hi = a + 39, b + 39
                else:  # nothing to lead and nothing to pick up: no legal move
                    going = False
                    break
            else:  # as `legal_actions` and `plays_in` read an unsorted hand
                hand = hands[seat]
                if table:
                    target = table[-1]
                    tsuit, thigh = SUIT[target[0]], target[-1]
                    if tsuit == trump:
                        able = [c for c in hand if c > thigh and SUIT[c] == tsuit]
                    else:
                        able = [c for c in hand if (c > thigh and SUIT[c] == tsuit) or SUIT[c] == trump]
                elif hand:
                    able = hand
                else:
                    going = False
                    break
                if able:
                    runs = runs_in(able)
                    k = int(rand() * sum(m * (m + 1) >> 1 for _, m in runs))
                    for i, m in runs:  # the k-th play in `plays_in` order
                        count = m * (m + 1) >> 1
                        if k >= count:
                            k -= count
                            continue
                        while k >= m:  # m plays start at the run's first card, m - 1 at the next...
                            k -= m
                            m -= 1
                            i += 1
                        lo, hi = able[i], able[i + k]
                        break
            moves += 1
            if lo >= 0:
                if lo == hi:
                    cards = [lo]
                    mask ^= bit[lo]
                    if trace is not None:
                        trace.append((seat, SINGLE[lo]))
                else:
                    cards = list(range(lo, hi + 1))
                    mask ^= ((2 << hi - lo) - 1) << lo
                    if trace is not None:
                        trace.append((seat, RUN[lo][hi]))
                bits[seat] = mask
                if not tidy[seat]:
                    hand = hands[seat]
                    for c in cards:
                        hand.remove(c)
                if not table:  # a lead: a trick begins, to be as long as the players now in
                    size = st.trick_size = n - len(out_order)
                table.append(cards)
                seats.append(seat)
                if not mask:
                    self._go_out(st, seat, None)
                    if st.over:
                        break
                    size = st.trick_size
                if len(table) >= size:  # the trick is complete: discarded, its last player leads
                    for p in table:
                        discard.extend(p)
                    st.last, st.last_seats, st.last_winner = table, seats, seat
                    table = st.table = []
                    seats = st.table_seats = []
                    if moves >= stop_at:
                        stop = True
                        break
                    size = st.trick_size = n - len(out_order)
                    if out[seat] or not mask:  # the next player on the left who still has cards
                        lead = -1
                        for j in range(1, n + 1):
                            s = (seat + j) % n
                            if not out[s] and bits[s]:
                                lead = s
                                break
                        if lead < 0:  # pragma: no cover - as in `_finish_shed_trick`
                            lead = next(s for s in range(n) if not out[s])
                        seat = lead
                    st.leader = seat
                    continue
            else:  # no play beats the last: pick up the lowest play, the oldest
                rand()  # the one legal move, drawn all the same
                if trace is not None:
                    trace.append((seat, PICKUP))
                p = table.pop(0)
                seats.pop(0)
                self.reveal_into(st, p, HAND_ZONE[seat])  # picked up from the table, in plain sight
                for c in p:
                    mask |= bit[c]
                bits[seat] = mask
                if not tidy[seat]:  # sorted now
                    hand = hands[seat]
                    hand.extend(p)
                    hand.sort()
                    tidy[seat] = True
                    start_bits[seat] = -1  # written back at the end
            if moves >= stop_at:
                stop = True
                break
            # the turn goes left to the next player still in (`_pass_turn`)
            s = nxt[seat]
            while out[s]:  # someone is still in: the mover, or two others if the mover went out
                s = nxt[s]
            if table or bits[s]:
                seat = s
                continue
            s = seat  # a blåmattis facing an empty table: as `_pass_turn` goes
            for _ in range(2 * n):
                s = nxt[s]
                if out[s]:
                    continue
                if not bits[s] and not table:  # a blåmattis facing an empty table is out at once
                    self._go_out(st, s, None)
                    if st.over:
                        break
                    size = st.trick_size
                    continue
                seat = s
                break
            else:  # pragma: no cover - the game ends first
                raise AssertionError("no player left to act")
            if st.over:
                break
        st.turns, st.turn = turns0 + moves, seat
        cards_of = MASK_CARDS
        for s in range(n):
            mask = bits[s]
            if tidy[s] and mask != start_bits[s]:
                hands[s][:] = cards_of[mask & s0] + cards_of[mask & s1] + cards_of[mask & s2] + cards_of[mask & s3]
        if stop:
            self._stop(st, None)
        return moves, going

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: MattisState = state  # type: ignore[assignment]
        if st.phase == COLLECT:
            self._collect_play(st, seat, action, events)
        elif st.phase == PAUSE:
            self._begin_shed(st, events)
        else:
            self._shed_turn(st, seat, action, events)

    # phase 1 ---------------------------------------------------------------------------------------

    def _collect_play(self, st: MattisState, seat: int, action: Action, events: list[Event] | None) -> None:
        if action.verb == "blind":
            c = st.stock.pop(0)
            st.blind.append(1)
        else:
            c = ID_OF[action.args[0]]
            st.hands[seat].remove(c)
            st.blind.append(0)
        st.table.append([c])
        st.table_seats.append(seat)
        if events is not None:
            how = "plays blind from the stock and turns up" if action.verb == "blind" else "plays"
            tie = " to break the tie" if st.tied else ""
            events.append(Event(f"{st.names[seat]} {how} {the(c)}{tie}.", "play", seat,
                                {"card": SLUG[c], "blind": action.verb == "blind"}))
        st.pending.pop(0)
        self._next_in_round(st, events)

    def _can_play(self, st: MattisState, seat: int) -> bool:
        return bool(st.hands[seat]) or len(st.stock) >= 2

    def _next_in_round(self, st: MattisState, events: list[Event] | None) -> None:
        """Give the turn to the next seat of this round that can play (a tied player with no card
        and no blind play drops out), or settle the round."""
        while st.pending and not self._can_play(st, st.pending[0]):
            s = st.pending.pop(0)
            if events is not None:
                events.append(Event(f"{st.names[s]} has no card to play and drops out of the tie.", "info", s))
        if st.pending:
            st.turn = st.pending[0]
            return
        plays = st.table[st.round_start:]
        seats = st.table_seats[st.round_start:]
        top = max(RANK[p[0]] for p in plays)
        best = [s for s, p in zip(seats, plays) if RANK[p[0]] == top]
        if len(best) == 1:
            self._win_collect_trick(st, best[0], events)
            return
        able = [s for s in best if self._can_play(st, s)]
        if events is not None:
            events.append(Event(f"{listing([st.names[s] for s in best])} tie with "
                                f"{RANK_PLURAL[top]}: the tie is broken by playing again.", "tie", None,
                                {"seats": best, "rank": top}))
        if len(able) <= 1:
            w = able[0] if able else best[0]
            if events is not None:
                why = "is the only one of them who can play" if able else "played first, and no one of them can play"
                events.append(Event(f"{st.names[w]} {why}.", "info", w))
            self._win_collect_trick(st, w, events)
            return
        st.tied = able
        st.pending = list(able)
        st.round_start = len(st.table)
        st.turn = able[0]

    def _win_collect_trick(self, st: MattisState, w: int, events: list[Event] | None) -> None:
        won = st.won[w]
        count = 0
        for p in st.table:
            won.extend(p)
            count += len(p)
        st.last = st.table
        st.last_seats = st.table_seats
        st.last_winner = w
        st.table = []
        st.table_seats = []
        st.blind = []
        if events is not None:
            best = max((p[0] for p in st.last), key=RANK.__getitem__)
            mine = [p[0] for s, p in zip(st.last_seats, st.last) if s == w]
            top = max(mine, key=RANK.__getitem__)
            events.append(Event(f"{st.names[w]} takes the trick ({count} cards) with {the(top)}.", "trick", w,
                                {"card": SLUG[top], "cards": count, "rank": RANK[best]}))
        stock = st.stock
        hands = st.hands
        if stock:
            self._draw_back(st, w, events)  # the winner first (RULES 21 gap 5)
            if events is not None and stock:
                events.append(Event(f"Everyone draws back to three; the stock holds {len(stock)} cards.", "draw"))
        if any(not h for h in hands):
            self._end_collect(st, events)
            return
        self._start_collect_trick(st, w)

    def _draw_back(self, st: MattisState, w: int, events: list[Event] | None) -> None:
        """Everyone draws back up to three, the trick's winner `w` first and then round to the
        left, until the stock runs out; its last card is not drawn but makes trump."""
        stock, hands = st.stock, st.hands
        for s in SEAT_ORDER[st.players][w]:
            hand = hands[s]
            while len(hand) < HAND and stock:
                c = stock.pop(0)
                if not stock:
                    self._make_trump(st, s, c, events)
                    break
                hand.append(c)
            hand.sort()
            if not stock:
                break

    def _make_trump(self, st: MattisState, s: int, c: int, events: list[Event] | None) -> None:
        st.trump_zone.append(c)
        st.trump = SUIT[c]
        st.maker = s
        if events is not None:
            events.append(Event(
                f"{st.names[s]} draws the last card of the stock and shows it: {the(c)}. "
                f"{SUIT_WORD[SUIT[c]]} are trump for the second phase, and {st.names[s]} is the trump maker; "
                "the card goes onto their won pile. From now on nobody draws.",
                "trump", s, {"card": SLUG[c], "trump": SUITS[SUIT[c]]}))

    def _end_collect(self, st: MattisState, events: list[Event] | None) -> None:
        """Phase 1 is over. The table pauses with the won piles face up (everyone saw those cards
        played) until the trump maker begins phase 2, when the piles become hands."""
        n = st.players
        empty = [s for s in range(n) if not st.hands[s]]
        for s in range(n):
            st.blue[s] = 0 if (st.hands[s] or st.won[s] or s == st.maker) else 1
        if st.maker < 0:  # cannot happen (the stock always ends on a draw); a safe fallback
            st.maker = left_of(st.dealer, n)
        st.phase = PAUSE
        st.turn = st.maker
        st.leader = st.maker
        if events is not None:
            events.append(Event(
                f"{listing([st.names[s] for s in empty])} {'has' if len(empty) == 1 else 'have'} no cards left: "
                "the first phase is over.", "phase", None, {"phase": PAUSE}))
            for s in range(n):
                if st.blue[s]:
                    events.append(Event(f"{st.names[s]} won no cards and is blåmattis: still in the game, "
                                        "with nothing to play.", "blue", s))

    def _begin_shed(self, st: MattisState, events: list[Event] | None) -> None:
        n = st.players
        for s in range(n):
            hand = st.hands[s]
            # the won piles and the trump card lay face up: everyone knows where they go
            self.reveal_into(st, st.won[s], f"hand{s}")
            hand.extend(st.won[s])
            st.won[s].clear()
            if s == st.maker:
                self.reveal_into(st, st.trump_zone, f"hand{s}")
                hand.extend(st.trump_zone)
                st.trump_zone.clear()
            hand.sort()
        st.last = []  # those cards are in hands now
        st.last_seats = []
        st.last_winner = -1
        st.phase = SHED
        st.trick_size = n
        st.leader = st.maker
        st.turn = st.maker
        if events is not None:
            counts = ", ".join(f"{st.names[s]} {len(st.hands[s])}" for s in range(n))
            events.append(Event(
                "The second phase begins: everyone's won pile, with any cards left in hand, becomes their "
                f"hand. Cards: {counts}. {st.names[st.maker]}, the trump maker, leads.", "phase", st.maker,
                {"phase": SHED}))

    # phase 2 ---------------------------------------------------------------------------------------

    def _shed_turn(self, st: MattisState, seat: int, action: Action, events: list[Event] | None) -> None:
        st.turns += 1
        hand = st.hands[seat]
        n = st.players
        if action.verb == "pickup":
            p = st.table.pop(0)  # every play beats the one before it, so the oldest is the lowest
            who = st.table_seats.pop(0)
            self.reveal_into(st, p, f"hand{seat}")  # picked up from the table, in plain sight
            hand.extend(p)
            hand.sort()
            if events is not None:
                events.append(Event(f"{st.names[seat]} cannot beat it and picks up {run_name(p)} "
                                    f"(played by {st.names[who]}).", "pickup", seat,
                                    {"cards": [SLUG[c] for c in p]}))
            if self._stop(st, events):
                return
            self._pass_turn(st, seat, events)
            return
        if len(action.args) == 1:
            cards = [ID_OF[action.args[0]]]
            hand.remove(cards[0])
        else:
            cards = [ID_OF[a] for a in action.args]
            for c in cards:
                hand.remove(c)
        if not st.table and events is not None:
            events.append(Event(f"{st.names[seat]} leads {run_name(cards)}.", "lead", seat,
                                {"cards": [SLUG[c] for c in cards]}))
        elif events is not None:
            beaten = st.table[-1]
            trump = " with a trump" if SUIT[cards[0]] == st.trump and SUIT[beaten[0]] != st.trump else ""
            events.append(Event(f"{st.names[seat]} beats {run_name(beaten)}{trump}: {run_name(cards)}.", "play",
                                seat, {"cards": [SLUG[c] for c in cards]}))
        if not st.table:
            # a lead begins a trick, also after pick-ups emptied the table: it needs as many
            # plays as there are players in now (else a trick left by someone who went out
            # could go round for ever between two who pick up in turn)
            st.trick_size = n - len(st.out_order)
        st.table.append(cards)
        st.table_seats.append(seat)
        if not hand:
            self._go_out(st, seat, events)
            if st.over:
                return
        if len(st.table) >= st.trick_size:
            self._finish_shed_trick(st, seat, events)
            return
        if self._stop(st, events):
            return
        self._pass_turn(st, seat, events)

    def _go_out(self, st: MattisState, seat: int, events: list[Event] | None) -> None:
        st.out[seat] = 1
        st.out_order.append(seat)
        if st.options.trick_count == "still_in":  # type: ignore[attr-defined]
            # the house rule: a trick needs as many plays as there are players still in, so it
            # shrinks when someone goes out during it; the rules count those at its start
            st.trick_size = st.players - len(st.out_order)
        if events is not None:
            events.append(Event(f"{st.names[seat]} has no cards left and is out ({ordinal(len(st.out_order))}).",
                                "out", seat))
        left = [s for s in range(st.players) if not st.out[s]]
        if len(left) <= 1:
            self._end(st, left, events)

    def _pass_turn(self, st: MattisState, seat: int, events: list[Event] | None) -> None:
        """The turn goes left to the next player still in. One with no cards (a blåmattis before
        their first turn) facing an empty table has nothing to do and is out at once."""
        n = st.players
        s = seat
        for _ in range(2 * n):
            s = (s + 1) % n
            if st.out[s]:
                continue
            if not st.hands[s] and not st.table:
                if events is not None:
                    events.append(Event(f"{st.names[s]} has no cards and the table is empty: nothing to pick up.",
                                        "info", s))
                self._go_out(st, s, events)
                if st.over:
                    return
                continue
            st.turn = s
            return
        raise AssertionError("no player left to act")  # pragma: no cover - the game ends first

    def _finish_shed_trick(self, st: MattisState, seat: int, events: list[Event] | None) -> None:
        for p in st.table:
            st.discard.extend(p)
        st.last = st.table
        st.last_seats = st.table_seats
        st.last_winner = seat
        st.table = []
        st.table_seats = []
        if events is not None:
            events.append(Event(f"The trick is complete ({len(st.last)} plays) and is discarded; "
                                f"{st.names[seat]} made the last play.", "trick", seat))
        if self._stop(st, events):
            return
        n = st.players
        st.trick_size = n - len(st.out_order)
        lead = seat
        if st.out[seat] or not st.hands[seat]:
            # RULES 21 gap 8: the next player on the left who still has cards
            lead = -1
            for k in range(1, n + 1):
                s = (seat + k) % n
                if not st.out[s] and st.hands[s]:
                    lead = s
                    break
            if lead < 0:  # pragma: no cover - someone in the game always holds cards here
                lead = next(s for s in range(n) if not st.out[s])
            if events is not None:
                events.append(Event(f"{st.names[lead]} leads the next trick.", "info", lead))
        st.leader = lead
        st.turn = lead

    def _stop(self, st: MattisState, events: list[Event] | None) -> bool:
        """The stop rule: after `max_turns` second-phase turns the most cards lose."""
        if st.turns < st.options.max_turns:  # type: ignore[attr-defined]
            return False
        left = [s for s in range(st.players) if not st.out[s]]
        most = max(len(st.hands[s]) for s in left)
        st.stopped = True
        if events is not None:
            events.append(Event(f"The stop rule ends the game after {st.turns} turns of the second phase.", "info"))
        self._end(st, [s for s in left if len(st.hands[s]) == most], events)
        return True

    def _end(self, st: MattisState, losers: list[int], events: list[Event] | None) -> None:
        st.mattis = losers
        st.over = True
        st.phase = OVER
        st.scores = [-1 if s in losers else 0 for s in range(st.players)]
        st.sheet.append(list(st.scores))
        if events is not None:
            events.append(Event(self._summary(st), "over", losers[0] if losers else None))

    # -- what each seat sees -----------------------------------------------------------------------

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """A re-dealt hand is sorted, as every hand at the table is: the generic re-deal puts the
        cards known to be in it first and the drawn ones after, and the second phase reads its
        sequences in hand order, so a sampled hand would hide most of its sequences from the
        search (the other seats then seemed to hold only single cards)."""
        for hand in other.hands:  # type: ignore[attr-defined]
            hand.sort()

    def zones(self, state: State) -> list[Zone]:
        st: MattisState = state  # type: ignore[assignment]
        n = st.players
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(n)]
        out.append(Zone("stock", st.stock, Vis.NOBODY, None, "Stock", "pile"))
        out.append(Zone("trumpcard", st.trump_zone, Vis.PUBLIC, st.maker if st.maker >= 0 else None,
                        "Trump card", "row"))
        out.append(Zone("table", [c for p in st.table for c in p], Vis.PUBLIC, None, "On the table", "row"))
        out.extend(Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{st.names[s]}'s won cards", "pile") for s in range(n))
        out.append(Zone("discard", st.discard, Vis.PUBLIC, None, "Discarded tricks", "pile"))
        return out

    def _trump_status(self, st: MattisState) -> str:
        if st.trump < 0:
            return "not yet (the last card of the stock will make it)"
        return f"{SUIT_WORD[st.trump]} (made by {st.names[st.maker]})"

    def _collect_note(self, st: MattisState) -> str:
        if st.tied:
            return (f"Tie: {listing([st.names[s] for s in st.tied])} play again; the highest rank of "
                    "this round takes everything")
        if st.table:
            top = max(RANK[p[0]] for p in st.table)
            return f"Highest so far: {RANK_WORD[top]} — a higher rank of any suit wins; an equal rank ties"
        return "The highest rank wins, whatever the suit"

    def _trick_size(self, st: MattisState) -> int:
        """The plays that complete the trick on the table; on an empty table, the trick the next
        lead begins (as many as the players in)."""
        return st.trick_size if st.table else st.players - len(st.out_order)

    def _shed_note(self, st: MattisState) -> str:
        if not st.table:
            return f"Lead any card or sequence · trump {SUIT_WORD[st.trump] if st.trump >= 0 else 'none'}"
        target = st.table[-1]
        who = st.names[st.table_seats[-1]]
        return (f"To beat: {run_name(target)} ({who}) — beaten by {self._beaten_by(st, target)} · "
                f"play {len(st.table)} of {st.trick_size}")

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: MattisState = state  # type: ignore[assignment]
        return "trump" if st.trump >= 0 and SUIT[card] == st.trump else ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        out = [("Order", "Ace high, 2 low")]
        trump = obs.status.get("Trump", "")
        if trump:
            out.append(("Trump", trump))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: MattisState = state  # type: ignore[assignment]
        n = st.players
        status: dict[str, str] = {}
        if st.phase == COLLECT:
            status["Phase"] = "1 of 2: winning cards"
            status["Stock"] = f"{len(st.stock)} cards" + (" (blind play allowed)" if len(st.stock) >= 2 else "")
        elif st.phase == PAUSE:
            status["Phase"] = "1 of 2 is over: the won piles are about to become hands"
        elif st.phase == SHED:
            status["Phase"] = "2 of 2: getting rid of cards"
        else:
            status["Phase"] = "over"
        status["Trump"] = self._trump_status(st)
        if st.phase == SHED and st.table:
            target = st.table[-1]
            status["To beat"] = f"{run_name(target)} ({st.names[st.table_seats[-1]]})"
            status["Beaten by"] = self._beaten_by(st, target)
            status["Picking up takes"] = run_name(st.table[0])
        if st.phase == SHED:
            status["Trick"] = f"{len(st.table)} of {self._trick_size(st)} plays"
            status["Turn limit"] = f"{st.turns} of {st.options.max_turns}"  # type: ignore[attr-defined]

        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            facts = {"Cards": str(len(st.hands[s]))}
            if st.phase in (COLLECT, PAUSE):
                # the trump card lies on its maker's pile, drawn beside it: counted apart, so the
                # count agrees with the pile shown ("Won 21 + trump")
                facts["Won"] = str(len(st.won[s])) + (" + trump" if s == st.maker and st.trump_zone else "")
            if s == st.maker:
                facts["Trump maker"] = "yes"
            if st.blue[s]:
                facts["Blåmattis"] = "yes"
            if st.out[s]:
                facts["Out"] = ordinal(st.out_order.index(s) + 1)
            if s in st.mattis:
                facts["Mattis"] = "yes"
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts

        plays: list[TrickPlay] = []
        for i, (s, p) in enumerate(zip(st.table_seats, st.table)):
            note = ""
            if st.phase == COLLECT:
                if st.blind[i]:
                    note = "blind"
                if i >= n:  # everyone plays once in the first round; later plays break a tie
                    note = (note + " tie").strip()
            elif len(p) > 1:
                note = run_note(p)
            # every card of a play of several (a sequence), the note on its first: the trick row
            # shows the whole run, not its top card
            plays += [TrickPlay(seat=s, card=SLUG[c], note=note if k == 0 else "") for k, c in enumerate(p)]
        # every card of a sequence, so that a look back names the whole run, not its top card
        last = [TrickPlay(seat=s, card=SLUG[c], note=run_note(p) if len(p) > 1 and k == 0 else "")
                for s, p in zip(st.last_seats, st.last) for k, c in enumerate(p)]
        if st.phase == COLLECT:
            note = self._collect_note(st)
        elif st.phase == SHED:
            note = self._shed_note(st)
        elif st.phase == PAUSE:
            note = f"Phase 1 is over · trump {SUIT_WORD[st.trump]}" if st.trump >= 0 else "Phase 1 is over"
        else:
            note = ""
        view = TrickView(
            # in phase 2 a pick-up takes the lead off the table, and the first play left would be
            # tagged "led": the status says what is to beat, the log who picked up
            leader=st.leader if not st.over and st.phase != SHED else None,
            plays=plays,
            note=note,
            last=last,
            last_gone="The first phase's tricks are in the hands now." if st.phase == SHED and not last else "",
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        extra = {
            "trump": SUITS[st.trump] if st.trump >= 0 else None,
            "trump_maker": st.maker if st.maker >= 0 else None,
            "dealer": st.dealer,
            "stock": len(st.stock),
            "to_beat": [SLUG[c] for c in st.table[-1]] if st.phase == SHED and st.table else [],
            "lowest": [SLUG[c] for c in st.table[0]] if st.phase == SHED and st.table else [],
            "trick_size": self._trick_size(st),
            "blamattis": [s for s in range(n) if st.blue[s]],
            "out": list(st.out_order),
            "mattis": list(st.mattis),
        }
        return {
            "phase": st.phase,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: MattisState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        if st.phase == PAUSE:
            if mine:
                return ("The first phase is over. Begin the second phase: everyone's won pile becomes "
                        "their hand, and you lead as the trump maker.")
            return f"The first phase is over. Waiting for {who}, the trump maker, to begin the second phase."
        if st.phase == COLLECT:
            if not mine:
                return f"Waiting for {who} to play."
            blind = " or play blind from the stock" if len(st.stock) >= 2 else ""
            if st.tied:
                return f"Break the tie: play another card{blind}. The highest rank of this round wins."
            return f"Play any card{blind}: the highest rank takes the trick, whatever the suit."
        if not st.table:
            return "Lead any card or sequence of your hand." if mine else f"Waiting for {who} to lead."
        target = st.table[-1]
        if not mine:
            return f"Waiting for {who} to beat {run_name(target)} or pick up."
        if not st.hands[st.turn] or self.legal_actions(st, st.turn) == [PICKUP]:
            return (f"You cannot beat {run_name(target)}: pick up the lowest play, "
                    f"{run_name(st.table[0])}.")
        return (f"Beat {run_name(target)} with {self._beaten_by(st, target)}; "
                "you must beat it if you can.")

    def label(self, state: State, action: Action) -> str:
        st: MattisState = state  # type: ignore[assignment]
        if action.verb == "blind":
            return "Play blind (turn up the top card of the stock)"
        if action.verb == "begin":
            return "Begin the second phase (won piles become hands)"
        if action.verb == "pickup":
            if st.table:
                return f"Pick up {run_name(st.table[0])} (the lowest play)"
            return "Pick up the lowest play"
        cards = [ID_OF.get(a, -1) for a in action.args]
        if any(c < 0 for c in cards):
            return "Play " + " ".join(action.args)
        if len(cards) == 1:
            return f"Play {the(cards[0])}"
        return f"Play {run_name(cards)} ({len(cards)} cards)"

    # -- the end ------------------------------------------------------------------------------------

    def _summary(self, st: MattisState) -> str:
        if not st.mattis:
            return "The game is over."
        names = listing([st.names[s] for s in st.mattis])
        if st.stopped:
            verb = "hold" if len(st.mattis) > 1 else "holds"
            return f"Stopped by the turn limit: {names} {verb} the most cards and {'are' if len(st.mattis) > 1 else 'is'} the mattis."
        return f"{names} is the last one holding cards: {names} is the mattis."

    def final(self, state: State) -> ResultView:
        st: MattisState = state  # type: ignore[assignment]
        n = st.players
        place = [0] * n
        for i, s in enumerate(st.out_order):
            place[s] = i + 1
        rest = [s for s in range(n) if not st.out[s]]
        # players still in (only under the stop rule can there be several): fewer cards is better
        for s in rest:
            fewer = sum(1 for t in rest if len(st.hands[t]) < len(st.hands[s]))
            place[s] = len(st.out_order) + 1 + fewer
        details = []
        if st.out_order:
            details.append("Went out: " + ", ".join(f"{ordinal(i + 1)} {st.names[s]}" for i, s in enumerate(st.out_order)))
        blue = [st.names[s] for s in range(n) if st.blue[s]]
        if blue:
            details.append("Blåmattis: " + listing(blue))
        if st.maker >= 0:
            details.append(f"Trump: {SUIT_WORD[st.trump]}, made by {st.names[st.maker]}")
        return ResultView(scores=list(st.scores), placings=place, summary=self._summary(st), details=details)


GAME = Mattis()
