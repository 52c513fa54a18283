"""Thricewise (P.D. Magnus): rules of RULES.md section 10.

Each turn every player with cards secretly commits one (`choose <card>`); when the last one has
chosen, all are revealed. Cards whose rank was revealed by two or more players are deferred;
the other players then place, in increasing rank order, their new card and all their deferred
cards (`place <card> <cell>`, one action per card, in any order they like). Each placement scores
every full line of three through it. Then everybody draws one card if the deck has one for each.

The grid lives in a fixed 11 × 11 frame (columns a..k, rows 1..11) with the starting cards in the
middle (e5 f5 / e6 f6, plus g5 g6 for the 2 × 3 start), so cell names never change as it grows.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, SUITS
from decktable.cards.decktet import the, The, bare as short_name
from decktable.engine.actions import CARD, CELL, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits import grid
from decktable.engine.models import BoardView, CellView, GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.thricewise import INFO

# -- tables -------------------------------------------------------------------------------------

N = len(DECKTET)
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]
MASK: list[int] = [sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N)]
# value of a card as the lowest number card of a trio: 2..9, else "no number" (NONUM)
NONUM = 100
NUMVAL: list[int] = [RANK[i] if 2 <= RANK[i] <= 9 else NONUM for i in range(N)]
IN_GAME: list[bool] = [i in BASIC_IDS for i in range(N)]
SLUG: list[str] = [DECKTET[i].slug for i in range(N)]
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
SUIT_NAME = [s.capitalize() for s in SUITS]

FRAME = 11  # columns a..k, rows 1..11
LIMIT = 6  # the grid may be at most 6 wide and 6 tall
NCELLS = FRAME * FRAME
CELL_NAME: list[str] = [grid.name((i % FRAME, i // FRAME)) for i in range(NCELLS)]
CELL_ID: dict[str, int] = {n: i for i, n in enumerate(CELL_NAME)}
COL: list[int] = [i % FRAME for i in range(NCELLS)]
ROW: list[int] = [i // FRAME for i in range(NCELLS)]
COL_NAME = [chr(ord("a") + c) for c in range(FRAME)]
ROW_NAME = [str(r + 1) for r in range(FRAME)]

START_CELLS = {  # cells of the starting grid, in the order the stacked deck fills them
    "2x2": [(4, 4), (5, 4), (4, 5), (5, 5)],
    "2x3": [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5), (6, 5)],
}


def _idx(c: int, r: int) -> int:
    return r * FRAME + c


# king neighbours of each frame cell
NEIGH: list[tuple[int, ...]] = [
    tuple(_idx(c, r) for c, r in grid.neighbours((i % FRAME, i // FRAME), FRAME, FRAME, grid.KING))
    for i in range(NCELLS)
]
# every line of three inside the frame through each cell, cells in line order
LINES: list[tuple[tuple[int, int, int], ...]] = []
for _i in range(NCELLS):
    _lines = []
    for _line in grid.lines_through((_i % FRAME, _i // FRAME), 3):
        if all(0 <= c < FRAME and 0 <= r < FRAME for c, r in _line):
            _lines.append(tuple(_idx(c, r) for c, r in _line))
    LINES.append(tuple(_lines))

A_CHOOSE = [Action("choose", (SLUG[i],)) for i in range(N)]
A_PLACE = [[Action("place", (SLUG[i], CELL_NAME[j])) for j in range(NCELLS)] for i in range(N)]

CHOOSE, PLACE = "choose", "place"


def rank_word(cid: int) -> str:
    r = RANK[cid]
    return "Ace" if r == 1 else "Crown" if r == 10 else str(r)


def rank_plural(r: int) -> str:
    return "Aces" if r == 1 else "Crowns" if r == 10 else f"{r}s"


def listing(parts: list[str]) -> str:
    return words.listing(parts, "nothing")


def trios(board: list[int], idx: int, card: int) -> tuple[int, list[tuple[str, str, tuple[int, int, int], int]]]:
    """Points for `card` put at `idx` (board[idx] may already hold it) and the trios scored:
    (kind, words, cells, points) for every flush (one per shared suit), set and straight."""
    total = 0
    found: list[tuple[str, str, tuple[int, int, int], int]] = []
    for line in LINES[idx]:
        a, b, c = line
        x = card if a == idx else board[a]
        y = card if b == idx else board[b]
        z = card if c == idx else board[c]
        if x < 0 or y < 0 or z < 0:
            continue
        val = min(NUMVAL[x], NUMVAL[y], NUMVAL[z])
        if val == NONUM:
            val = 0
        m = MASK[x] & MASK[y] & MASK[z]
        if m:
            for s in range(6):
                if m >> s & 1:
                    found.append(("flush", f"{SUIT_NAME[s]} flush", line, val))
                    total += val
        rx, ry, rz = RANK[x], RANK[y], RANK[z]
        if rx == ry == rz:
            found.append(("set", f"set of {rank_plural(rx)}", line, val))
            total += val
        elif (ry == rx + 1 and rz == ry + 1) or (ry == rx - 1 and rz == ry - 1):
            lo = min(x, y, z, key=lambda k: RANK[k])
            r0 = RANK[lo]
            words = "-".join("Ace" if r == 1 else "Crown" if r == 10 else str(r) for r in (r0, r0 + 1, r0 + 2))
            found.append(("straight", f"straight {words}", line, val))
            total += val
    return total, found


def points(board: list[int], idx: int, card: int) -> int:
    """Points only (fast path)."""
    total = 0
    for a, b, c in LINES[idx]:
        x = card if a == idx else board[a]
        y = card if b == idx else board[b]
        z = card if c == idx else board[c]
        if x < 0 or y < 0 or z < 0:
            continue
        val = min(NUMVAL[x], NUMVAL[y], NUMVAL[z])
        if val == NONUM:
            continue
        m = MASK[x] & MASK[y] & MASK[z]
        while m:
            total += val
            m &= m - 1
        rx, ry, rz = RANK[x], RANK[y], RANK[z]
        if rx == ry == rz or (ry == rx + 1 and rz == ry + 1) or (ry == rx - 1 and rz == ry - 1):
            total += val
    return total


def _open(box: list[int], i: int) -> bool:
    """Whether the grid may grow to cell `i` (next to it): inside the box along every direction
    in which the grid has reached its limit (it only ever grows, so a cell closed stays closed)."""
    c0, r0, c1, r1 = box
    return (c1 - c0 + 1 < LIMIT or c0 <= COL[i] <= c1) and (r1 - r0 + 1 < LIMIT or r0 <= ROW[i] <= r1)


# the same lines for the play path, as the two other cells: (middle, far end, 0) when the cell is
# at an end of the line, (one end, the other end, 1) when it is the middle one
PAIRS: list[tuple[tuple[int, int, int], ...]] = [
    tuple((b, c, 0) if a == i else (b, a, 0) if c == i else (a, c, 1) for a, b, c in LINES[i])
    for i in range(NCELLS)
]
POP = [bin(m).count("1") for m in range(64)]  # shared suits per suit mask


def _gain(board: list[int], idx: int, NUMVAL: list[int] = NUMVAL, MASK: list[int] = MASK,  # noqa: N803
          RANK: list[int] = RANK, POP: list[int] = POP, NONUM: int = NONUM) -> int:  # (locals: faster)
    """`points(board, idx, board[idx])` for a card already on the board (the play path). A
    straight reads the same both ways along its line, so only which card is the middle matters."""
    x = board[idx]
    vx, mx, rx = NUMVAL[x], MASK[x], RANK[x]
    total = 0
    for p, q, mid in PAIRS[idx]:
        y = board[p]
        if y < 0:
            continue
        z = board[q]
        if z < 0:
            continue
        val = vx
        if NUMVAL[y] < val:
            val = NUMVAL[y]
        if NUMVAL[z] < val:
            val = NUMVAL[z]
        if val == NONUM:
            continue
        total += val * POP[mx & MASK[y] & MASK[z]]
        ry, rz = RANK[y], RANK[z]
        if mid:  # y, x, z along the line
            if (ry == rx == rz) or (rx == ry + 1 and rz == rx + 1) or (rx == ry - 1 and rz == rx - 1):
                total += val
        elif (rx == ry == rz) or (ry == rx + 1 and rz == ry + 1) or (ry == rx - 1 and rz == ry - 1):
            total += val  # x, y, z along the line
    return total


def breakdown_text(found: list[tuple[str, str, tuple[int, int, int], int]], total: int) -> str:
    if not found:
        return "no line of three scores"  # there may be lines of three, worth nothing
    return ", ".join(f"{words} {pts}" for _, words, _, pts in found) + f" = {total}"


class ThricewiseOptions(BaseModel):
    start: Literal["auto", "2x2", "2x3"] = Field(
        "auto",
        description=(
            "Starting grid dealt face up: auto follows the rules (2 × 2 for 2 or 4 players, "
            "2 rows × 3 columns for 3 or 5 players); 2x2 or 2x3 forces that shape for any count."
        ),
    )


class ThricewiseState(State):
    __slots__ = (
        "deck", "hands", "chosen", "deferred", "board", "adj", "front", "placed", "set_aside", "box",
        "step", "queue", "turn", "revealed", "deferred_now", "last_place", "start",
    )

    deck: list[int]
    hands: list[list[int]]
    chosen: list[list[int]]  # 0 or 1 card per seat; hidden until the reveal
    deferred: list[list[int]]
    board: list[int]  # NCELLS cells, -1 empty
    adj: list[int]  # number of filled king neighbours per cell
    front: list[int]  # the free cells: empty, next to a card, where the grid may grow (`_open`); sorted
    placed: list[int]  # cards on the grid, in the order they were put there (the board zone)
    set_aside: list[int]
    box: list[int]  # [min col, min row, max col, max row] of the grid
    step: str  # CHOOSE / PLACE
    queue: list[int]  # seats still to place this turn, in rank order
    turn: int
    revealed: list[int]  # card revealed by each seat at the last reveal (-1 none)
    deferred_now: list[int]  # cards deferred at the last reveal
    last_place: list[int]  # [seat, card, cell, points] of the latest placement, or []
    start: str  # "2x2" / "2x3"


class Thricewise(Game):
    info = GameInfo(id="thricewise", **INFO)
    Options = ThricewiseOptions
    catalogue = DECKTET
    grammar = Grammar({"choose": (CARD,), "place": (CARD, CELL)}, DECKTET, SUITS)

    # -- setup ------------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> ThricewiseState:
        st = ThricewiseState(names, rng, options)
        n = len(names)
        shape = options.start if options.start != "auto" else ("2x2" if n % 2 == 0 else "2x3")
        st.start = shape
        d = self.stacked(BASIC_IDS, deck, rng)
        st.hands = [[] for _ in range(n)]
        for _ in range(3):
            for p in range(n):
                st.hands[p].append(d.pop(0))
        st.board = [-1] * NCELLS
        st.adj = [0] * NCELLS
        st.placed = []
        for c, r in START_CELLS[shape]:
            cid = d.pop(0)
            st.board[_idx(c, r)] = cid
            st.placed.append(cid)
        st.deck = d
        st.chosen = [[] for _ in range(n)]
        st.deferred = [[] for _ in range(n)]
        st.set_aside = []
        st.step = CHOOSE
        st.queue = []
        st.turn = 1
        st.revealed = [-1] * n
        st.deferred_now = []
        st.last_place = []
        self.rebuild(st)
        return st

    @staticmethod
    def rebuild(st: ThricewiseState) -> None:
        """Recompute the neighbour counts, bounding box and placed list from `st.board` (for
        positions built by hand in tests; keeps the placement order of cards already listed)."""
        board = st.board
        adj = [0] * NCELLS
        filled = [i for i in range(NCELLS) if board[i] >= 0]
        for i in filled:
            for j in NEIGH[i]:
                adj[j] += 1
        st.adj = adj
        box = grid.bbox((i % FRAME, i // FRAME) for i in filled)
        st.box = list(box) if box is not None else [5, 5, 5, 5]
        st.front = [i for i in range(NCELLS) if board[i] < 0 and adj[i] and _open(st.box, i)]
        on = set(board[i] for i in filled)
        st.placed = [c for c in st.placed if c in on] + [board[i] for i in filled if board[i] not in st.placed]

    # -- who acts, what is legal ----------------------------------------------------------------

    def to_act(self, state: ThricewiseState) -> tuple[int, ...]:
        st = state
        if st.over:
            return ()
        if st.step == PLACE:
            return (st.queue[0],) if st.queue else ()
        ch = st.chosen
        return tuple([p for p, h in enumerate(st.hands) if h and not ch[p]])

    def free_cells(self, st: ThricewiseState) -> list[int]:
        """Empty cells touching a card where the grid may still grow, in reading order."""
        return st.front[:]  # kept up to date by `play` (and `rebuild`)

    def to_place(self, st: ThricewiseState, seat: int) -> list[int]:
        """The cards `seat` still has to place this turn (new card first, then deferred)."""
        if st.step != PLACE or not st.queue or st.queue[0] != seat:
            return []
        return st.chosen[seat] + st.deferred[seat]

    def legal_actions(self, state: ThricewiseState, seat: int) -> list[Action]:
        st = state
        if st.over:
            return []
        if st.step == CHOOSE:
            if st.chosen[seat] or not st.hands[seat]:
                return []
            return [A_CHOOSE[c] for c in st.hands[seat]]
        cards = self.to_place(st, seat)
        if not cards:
            return []
        cells = st.front  # the free cells, as `free_cells` (not copied: only read here)
        out: list[Action] = []
        for c in cards:
            row = A_PLACE[c]
            out += [row[j] for j in cells]
        return out

    def why_not(self, state: ThricewiseState, seat: int, action: Action) -> str | None:
        return self._why(state, seat, action)

    def _why(self, st: ThricewiseState, seat: int, action: Action) -> str | None:
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Thricewise: choose a card, or place a card on a cell."
        cid = SLUG_ID.get(action.args[0], -1)
        if cid < 0:
            return "There is no such card."
        if not IN_GAME[cid]:
            return f"{The(cid)} is not used in Thricewise (basic deck only)."
        if st.over:
            return "The game is over."
        if verb == "choose":
            if st.step == PLACE:
                return "Everyone has chosen; now the revealed cards are placed in rank order."
            if st.chosen[seat]:
                return "You have already chosen a card this turn."
            if cid not in st.hands[seat]:
                if cid in st.deferred[seat]:
                    return f"{The(cid)} is deferred: it is placed along with your next card that is not deferred."
                return f"{The(cid)} is not in your hand."
            return None
        # place
        if st.step == CHOOSE:
            return "Cards are placed only after everyone has chosen and the cards are revealed."
        if not st.queue or st.queue[0] != seat:
            return self._not_yet(st, seat)
        if cid not in st.chosen[seat] and cid not in st.deferred[seat]:
            if cid in st.hands[seat]:
                return f"{The(cid)} is in your hand; this turn you place your revealed card and your deferred cards."
            return f"{The(cid)} is not one of the cards you have to place."
        return self._cell_why(st, action.args[1])

    def _not_yet(self, st: ThricewiseState, seat: int) -> str:
        mine = st.revealed[seat] if 0 <= seat < len(st.revealed) else -1
        if mine >= 0 and mine in st.deferred[seat]:
            return (
                f"Your {short_name(mine)} was deferred (another player revealed a "
                f"{rank_word(mine)} too); your deferred cards wait for a turn in which your new card is not deferred."
            )
        if seat in st.queue and st.queue:
            now = st.chosen[st.queue[0]][0] if st.chosen[st.queue[0]] else st.revealed[st.queue[0]]
            return f"Place your {rank_word(mine)} after the {rank_word(now)} (cards go in rank order)."
        return "You have placed all your cards this turn."

    def _cell_why(self, st: ThricewiseState, text: str) -> str | None:
        i = CELL_ID.get(text, -1)
        if i >= 0 and st.board[i] < 0 and st.adj[i]:
            box = st.box
            c, r = COL[i], ROW[i]
            if (max(box[2], c) - min(box[0], c) < LIMIT) and (max(box[3], r) - min(box[1], r) < LIMIT):
                return None
        cell = grid.parse_free(text)
        if cell is None:
            return f"{text} is not a cell."
        c, r = cell
        inside = 0 <= c < FRAME and 0 <= r < FRAME
        i = _idx(c, r) if inside else -1
        if inside and st.board[i] >= 0:
            return f"{text} already holds {the(st.board[i])}."
        if inside:
            touches = st.adj[i] > 0
        else:
            touches = any(
                0 <= c + dc < FRAME and 0 <= r + dr < FRAME and st.board[_idx(c + dc, r + dr)] >= 0
                for dc, dr in grid.KING
            )
        if not touches:
            return f"{text} does not touch any card."
        c0, r0, c1, r1 = grid.grow_box(tuple(st.box), cell)
        if c1 - c0 + 1 > LIMIT:
            return f"The grid may not grow wider than {LIMIT} columns."
        if r1 - r0 + 1 > LIMIT:
            return f"The grid may not grow taller than {LIMIT} rows."
        return None

    # -- carrying out ------------------------------------------------------------------------------

    def play(self, state: ThricewiseState, seat: int, action: Action, events: list[Event] | None) -> None:
        cid = SLUG_ID[action.args[0]]
        if action.verb == "choose":
            self._choose(state, seat, cid, events)
        else:
            self._place(state, seat, cid, CELL_ID[action.args[1]], events)

    def playout(self, state: ThricewiseState, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout without actions or events (see `Game.playout`): every seat
        still to choose picks a random card (all at once: the choices are secret and independent,
        so their order changes nothing), then the seat to place picks a random card of those it has
        to place and a random free cell, uniform over `legal_actions` as the generic loop.
        `trace` collects the moves as (seat, action) (for the test that replays them)."""
        st = state
        hands, chosen, deferred = st.hands, st.chosen, st.deferred
        moves = 0
        while not st.over and moves < limit:
            if st.step == CHOOSE:
                acting = [p for p, h in enumerate(hands) if h and not chosen[p]]
                if not acting:
                    break
                if len(acting) <= limit - moves:  # everyone's secret choice at once, then the reveal
                    for p in acting:
                        h = hands[p]
                        cid = h.pop(int(rand() * len(h)))
                        chosen[p].append(cid)
                        if trace is not None:
                            trace.append((p, A_CHOOSE[cid]))
                    moves += len(acting)
                    self._reveal(st, None)
                    continue
                p = acting[0] if len(acting) == 1 else acting[int(rand() * len(acting))]
                h = hands[p]
                cid = h[int(rand() * len(h))]
                if trace is not None:
                    trace.append((p, A_CHOOSE[cid]))
                self._choose(st, p, cid, None)
            else:
                if not st.queue:
                    break
                p = st.queue[0]
                cards = chosen[p] + deferred[p] if deferred[p] else chosen[p]
                front = st.front
                if not cards or not front:
                    break
                k = int(rand() * (len(cards) * len(front)))
                cid, i = cards[k // len(front)], front[k % len(front)]
                if trace is not None:
                    trace.append((p, A_PLACE[cid][i]))
                self._place(st, p, cid, i, None)
            moves += 1
        return moves

    def _choose(self, st: ThricewiseState, seat: int, cid: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(cid)
        st.chosen[seat].append(cid)
        if events is not None:
            events.append(Event(f"{st.names[seat]} has chosen a card.", "choose", seat))
        for h, ch in zip(st.hands, st.chosen):
            if h and not ch:
                return
        self._reveal(st, events)

    def _place(self, st: ThricewiseState, seat: int, cid: int, i: int, events: list[Event] | None,
               COL: list[int] = COL, ROW: list[int] = ROW, NEIGH: list[tuple[int, ...]] = NEIGH,  # noqa: N803
               LIMIT: int = LIMIT, insort: Any = insort, _gain: Any = _gain) -> None:  # (locals: faster)
        mine = st.chosen[seat]
        if mine and mine[0] == cid:
            mine.pop()
            new = True
        else:
            st.deferred[seat].remove(cid)
            new = False
        board = st.board
        board[i] = cid
        total = _gain(board, i)
        st.placed.append(cid)
        box = st.box
        c0, r0, c1, r1 = box
        was_wide, was_tall = c1 - c0 >= LIMIT - 1, r1 - r0 >= LIMIT - 1
        c, r = COL[i], ROW[i]
        if c < c0:
            c0 = box[0] = c
        elif c > c1:
            c1 = box[2] = c
        if r < r0:
            r0 = box[1] = r
        elif r > r1:
            r1 = box[3] = r
        wide, tall = c1 - c0 >= LIMIT - 1, r1 - r0 >= LIMIT - 1
        front = st.front
        front.remove(i)
        if wide != was_wide or tall != was_tall:
            front[:] = [j for j in front if _open(box, j)]  # the grid reached its limit one way
        adj = st.adj
        for j in NEIGH[i]:
            if not adj[j] and board[j] < 0 and (not wide or c0 <= COL[j] <= c1) and (not tall or r0 <= ROW[j] <= r1):
                insort(front, j)  # as `_open(box, j)`
            adj[j] += 1
        st.scores[seat] += total
        st.last_place = [seat, cid, i, total]
        if events is not None:
            _, found = trios(board, i, cid)
            text = f"{st.names[seat]} places {the(cid)} at {CELL_NAME[i]}: {breakdown_text(found, total)}"
            if not new:
                text = f"{st.names[seat]} places the deferred {short_name(cid)} at {CELL_NAME[i]}: {breakdown_text(found, total)}"
            events.append(Event(
                text, "place", seat,
                {"card": SLUG[cid], "cell": CELL_NAME[i], "points": total, "deferred": not new,
                 "trios": [{"kind": k, "what": w, "cells": [CELL_NAME[x] for x in cells], "points": p}
                           for k, w, cells, p in found]},
            ))
        if not mine and not st.deferred[seat]:
            st.queue.pop(0)
            if not st.queue:
                self._end_turn(st, events)

    def _reveal(self, st: ThricewiseState, events: list[Event] | None) -> None:
        n = len(st.names)
        chosen = st.chosen
        rev = [ch[0] if ch else -1 for ch in chosen]
        ranks = [RANK[c] for c in rev if c >= 0]
        st.revealed = rev
        st.deferred_now = deferred_now = []
        if len(set(ranks)) < len(ranks):  # a rank revealed more than once: those cards wait
            count = [0] * 11
            for r in ranks:
                count[r] += 1
            for p in range(n):
                c = rev[p]
                if c >= 0 and count[RANK[c]] >= 2:
                    chosen[p].pop()
                    st.deferred[p].append(c)
                    deferred_now.append(c)
        # by rank, then seat (the ranks left are all different: equal ones were deferred)
        st.queue = [p for _, p in sorted([(RANK[ch[0]], p) for p, ch in enumerate(chosen) if ch])]
        st.step = PLACE
        if events is not None:
            shown = [f"{st.names[p]}: {the(rev[p])} ({rank_word(rev[p])})" for p in range(n) if rev[p] >= 0]
            events.append(Event(
                f"Cards revealed — {'; '.join(shown)}.", "reveal", None,
                {"revealed": {p: SLUG[rev[p]] for p in range(n) if rev[p] >= 0}},
            ))
            if st.deferred_now:
                by_rank: dict[int, list[int]] = {}
                for p in range(n):
                    if rev[p] >= 0 and rev[p] in st.deferred_now:
                        by_rank.setdefault(RANK[rev[p]], []).append(p)
                parts = [
                    f"{listing([st.names[p] for p in ps])} revealed {rank_plural(r)}"
                    for r, ps in sorted(by_rank.items())
                ]
                events.append(Event(
                    f"Deferred: {'; '.join(parts)}. Those cards wait in front of their owners.", "defer", None,
                    {"deferred": [SLUG[c] for c in st.deferred_now]},
                ))
            if st.queue:
                order = [f"{st.names[p]} ({rank_word(st.chosen[p][0])})" for p in st.queue]
                events.append(Event(f"Placing order: {', '.join(order)}.", "order", None, {"order": list(st.queue)}))
        if not st.queue:
            self._end_turn(st, events)

    def _end_turn(self, st: ThricewiseState, events: list[Event] | None) -> None:
        n = len(st.names)
        deck = st.deck
        if len(deck) >= n:
            for p in range(n):
                st.hands[p].append(deck.pop(0))
            if events is not None:
                events.append(Event("Everyone draws a card.", "draw", None))
        elif events is not None and any(st.hands):
            left = len(deck)
            events.append(Event(
                f"The deck has {left} card{'s' if left != 1 else ''} for {n} players: nobody draws.", "draw", None
            ))
        st.step = CHOOSE
        st.queue = []
        if any(st.hands):
            st.turn += 1
            return
        # the hands have run out: the game ends after this turn
        aside = []
        for p in range(n):
            aside.extend(st.deferred[p])
            st.deferred[p].clear()
        st.set_aside.extend(aside)
        st.over = True
        st.sheet.append(list(st.scores))
        if events is not None:
            if aside:
                events.append(Event(
                    f"Deferred cards never placed are set aside: {listing([the(c) for c in aside])}.", "aside", None,
                    {"cards": [SLUG[c] for c in aside]},
                ))
            events.append(Event(self._summary(st), "end", None, {"scores": list(st.scores)}))

    # -- results ----------------------------------------------------------------------------------

    @staticmethod
    def _placings(scores: list[int]) -> list[int]:
        return [1 + sum(1 for t in scores if t > s) for s in scores]

    def _summary(self, st: ThricewiseState) -> str:
        best = max(st.scores)
        win = [st.names[p] for p in range(len(st.names)) if st.scores[p] == best]
        pts = f"{best} point{'s' if best != 1 else ''}"
        if len(win) == 1:
            return f"{win[0]} wins with {pts}."
        return f"{listing(win)} share the win with {pts} each."

    def placings(self, state: ThricewiseState) -> list[int]:
        return self._placings(state.scores)

    def final(self, state: ThricewiseState) -> ResultView:
        st = state
        details = [f"{st.names[p]}: {st.scores[p]} points." for p in range(len(st.names))]
        details.append(f"Cards on the grid: {len(st.placed)}; turns played: {st.turn}.")
        if st.set_aside:
            details.append(f"Set aside (deferred, never placed): {listing([the(c) for c in st.set_aside])}.")
        return ResultView(scores=list(st.scores), placings=self._placings(st.scores), summary=self._summary(st), details=details)

    # -- what is shown --------------------------------------------------------------------------------

    def zones(self, state: ThricewiseState) -> list[Zone]:
        st = state
        chosen_vis = Vis.OWNER if st.step == CHOOSE else Vis.PUBLIC
        out = [Zone("deck", st.deck, Vis.NOBODY, None, "Deck", "pile")]
        for p, name in enumerate(st.names):
            out.append(Zone(f"hand{p}", st.hands[p], Vis.OWNER, p, f"{name}'s hand", "hand"))
            out.append(Zone(f"chosen{p}", st.chosen[p], chosen_vis, p, f"{name}'s card", "row"))
            out.append(Zone(f"deferred{p}", st.deferred[p], Vis.PUBLIC, p, f"{name}'s deferred cards", "row"))
        out.append(Zone("board", st.placed, Vis.PUBLIC, None, "Grid", "pile"))
        out.append(Zone("set_aside", st.set_aside, Vis.PUBLIC, None, "Set aside", "pile"))
        return out

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "choose": "Choosing a card",
        "place": "Placing the card",
    }

    def phase(self, state: ThricewiseState) -> str:
        return "over" if state.over else state.step

    def board_view(self, st: ThricewiseState) -> BoardView:
        c0, r0, c1, r1 = st.box
        w, h = c1 - c0 + 1, r1 - r0 + 1
        lo_c = max(c0 - 1, 0) if w < LIMIT else c0
        hi_c = min(c1 + 1, FRAME - 1) if w < LIMIT else c1
        lo_r = max(r0 - 1, 0) if h < LIMIT else r0
        hi_r = min(r1 + 1, FRAME - 1) if h < LIMIT else r1
        if st.over:
            lo_c, hi_c, lo_r, hi_r = c0, c1, r0, r1
        cells = {}
        for r in range(lo_r, hi_r + 1):
            for c in range(lo_c, hi_c + 1):
                i = _idx(c, r)
                cells[CELL_NAME[i]] = CellView(card=SLUG[st.board[i]] if st.board[i] >= 0 else None)
        note = f"Grid {w} wide × {h} tall (at most {LIMIT} × {LIMIT}); {len(st.placed)} cards."
        return BoardView(
            cols=COL_NAME[lo_c : hi_c + 1], rows=ROW_NAME[lo_r : hi_r + 1], cells=cells, note=note
        )

    def describe(self, state: ThricewiseState, seat: int | None) -> dict[str, Any]:
        st = state
        n = len(st.names)
        c0, r0, c1, r1 = st.box
        status = {
            "Turn": str(st.turn),
            "Deck": f"{len(st.deck)} card{'s' if len(st.deck) != 1 else ''}",
            "Grid": f"{c1 - c0 + 1} × {r1 - r0 + 1} of {LIMIT} × {LIMIT}",
        }
        seat_facts: dict[int, dict[str, str]] = {}
        for p in range(n):
            facts = {"Hand": str(len(st.hands[p]))}
            if st.step == CHOOSE and not st.over and st.hands[p]:
                facts["Choice"] = "chosen" if st.chosen[p] else "choosing"
            if st.deferred[p]:
                facts["Deferred"] = ", ".join(short_name(c) for c in st.deferred[p])
            seat_facts[p] = facts
        if st.over:
            prompt = self._summary(st)
        elif st.step == CHOOSE:
            waiting = [st.names[p] for p in range(n) if st.hands[p] and not st.chosen[p]]
            if seat is not None and st.hands[seat] and not st.chosen[seat]:
                prompt = "Choose a card from your hand for this turn; it stays hidden until everyone has chosen."
                if st.deferred[seat]:
                    prompt += " If it is not deferred, your deferred cards are placed with it."
            else:
                prompt = f"Waiting for {listing(waiting)} to choose a card."
        else:
            p = st.queue[0]
            status["Placing"] = st.names[p]
            cards = st.chosen[p] + st.deferred[p]
            if seat == p:
                parts = [f"{the(c)} ({'new' if c in st.chosen[p] else 'deferred'})" for c in cards]
                prompt = (
                    f"Place {listing(parts)} on a highlighted cell"
                    + (", in any order you like." if len(cards) > 1 else ".")
                )
            else:
                prompt = f"{st.names[p]} is placing {listing([the(c) for c in cards])}."
        extra: dict[str, Any] = {
            "start": st.start,
            "reveal": {
                "cards": [SLUG[c] if c >= 0 else None for c in st.revealed],
                "deferred": [SLUG[c] for c in st.deferred_now],
                "order": list(st.queue),
            },
            "last_placement": None,
            "last_scoring": [],
        }
        if st.last_place:
            p, cid, i, total = st.last_place
            found = trios(st.board, i, cid)[1]
            extra["last_placement"] = {"seat": p, "card": SLUG[cid], "cell": CELL_NAME[i], "points": total}
            extra["last_scoring"] = [
                {"kind": k, "what": w, "cells": [CELL_NAME[x] for x in cells], "points": pts}
                for k, w, cells, pts in found
            ]
            status["Last scoring"] = (
                f"{st.names[p]}, {short_name(cid)} at {CELL_NAME[i]}: {breakdown_text(found, total)}"
            )
        return {
            "phase": self.phase(st),
            "prompt": prompt,
            "status": status,
            "board": self.board_view(st),
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def label(self, state: ThricewiseState, action: Action) -> str:
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(state, action)
        name = f"{short_name(cid)} ({rank_word(cid)})"
        if action.verb == "choose":
            return f"Choose {name}"
        i = CELL_ID.get(action.args[1]) if len(action.args) > 1 else None
        if i is None:
            return super().label(state, action)
        pts = points(state.board, i, cid) if state.board[i] < 0 else 0
        return f"Place {name} at {action.args[1]}: +{pts}"


GAME = Thricewise()
