"""Jacynth (P.D. Magnus): a city of Decktet cards on a 6 × 6 grid, claimed with influence tokens.

A turn is two or three decisions: `place <card> <cell>`, then `influence <cell>` or `pass` (the
influence step is skipped when the player has no token left or no card may take one), then an
automatic draw. The game ends when the 36th cell is filled.

Districts only ever merge (cards are never removed), so they are kept incrementally: for every
suit and cell, `lab` holds the index of the district's root cell (-1: no card of that suit there);
at a root, `size` holds the district's card count and `best` its strongest token, encoded as
rank * 4 + seat (-1: no token). Cells are indexed r * 6 + c with (c, r) as in the grid kit, so
index 0 is a1 and 35 is f6. The scores and `front` (the empty cells next to a card, in index
order) are kept up to date move by move too; `recount` recomputes all of it from the board and
tokens, for tests.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, COURTS, DECKTET, EXCUSE, PAWNS, SUITS
from decktable.engine.actions import CARD, CELL, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits import dealing, grid
from decktable.engine.models import BoardView, CellView, GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.rulesets.jacynth import INFO

SIZE = 6
NCELLS = SIZE * SIZE
HAND = 3
TOKENS = 4
NSUITS = len(SUITS)

LAYOUTS: dict[str, tuple[str, ...]] = {
    "razeway": ("a6", "b5", "c4", "d3", "e2", "f1"),
    "towers": ("b5", "b2", "e2", "e5"),
    "old_city": ("c6", "e5", "f3", "d1", "b2", "a4"),
}
LAYOUT_NAMES = {"razeway": "Razeway", "towers": "Towers", "old_city": "Old City"}

PLACE, INFLUENCE = 0, 1  # the steps of a turn

# -- tables per cell and per card ------------------------------------------------------------

CELL_NAMES: tuple[str, ...] = tuple(grid.name((i % SIZE, i // SIZE)) for i in range(NCELLS))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c + r * SIZE for c, r in grid.neighbours((i % SIZE, i // SIZE), SIZE, SIZE))
    for i in range(NCELLS)
)
COLS = [chr(ord("a") + c) for c in range(SIZE)]
ROWS = [str(r) for r in range(SIZE, 0, -1)]  # top to bottom: row 6 at the top, row 1 at the bottom

NCARDS = len(DECKTET)
SUIT_IDX: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUITS.index(s) for s in DECKTET[c].suits) for c in range(NCARDS)
)
RANK: tuple[int, ...] = tuple(DECKTET[c].rank or 0 for c in range(NCARDS))
TOKENABLE: tuple[bool, ...] = tuple(DECKTET[c].kind in ("ace", "number", "crown") for c in range(NCARDS))
SLUG: tuple[str, ...] = tuple(DECKTET[c].slug for c in range(NCARDS))
BY_SLUG: dict[str, int] = {s: i for i, s in enumerate(SLUG)}
SUIT_NAME = tuple(s.capitalize() for s in SUITS)

# Actions are immutable: build each one once.
PLACE_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action("place", (SLUG[c], CELL_NAMES[i])) for i in range(NCELLS)) for c in range(NCARDS)
)
INFLUENCE_ACTIONS: tuple[Action, ...] = tuple(Action("influence", (CELL_NAMES[i],)) for i in range(NCELLS))
PASS = Action("pass")


def card_name(c: int, start: bool = False) -> str:
    """'the Savage' inside a sentence, 'The Savage' at its start; 'Ace of Moons' either way."""
    n = DECKTET[c].name
    if not start and n.startswith("The "):
        return "the " + n[4:]
    return n


def _cell(text: str) -> int | None:
    return CELL_INDEX.get(text)


class JacynthOptions(BaseModel):
    layout: Literal["razeway", "towers", "old_city"] = Field(
        "razeway",
        description="Starting cards laid face up: Razeway (a diagonal of six, the simplest), "
        "Towers (four cards at b5, b2, e2, e5) or Old City (six scattered cards).",
    )
    excuse: bool = Field(False, description="Add the Excuse: a card of no suit that blocks districts.")
    pawns: bool = Field(False, description="Add the four Pawns (three suits each; they take no tokens).")
    courts: bool = Field(False, description="Add the four Courts (three suits each; they take no tokens).")


class JacynthState(State):
    __slots__ = (
        "dealer",
        "turn",
        "step",
        "hands",
        "deck",
        "board",
        "token",
        "tokens_left",
        "lab",
        "size",
        "best",
        "adj",
        "front",
        "placed",
        "last",
    )

    dealer: int
    turn: int
    step: int
    hands: list[list[int]]
    deck: list[int]
    board: list[int]  # card id per cell, -1 empty
    token: list[int]  # seat per cell, -1 none
    tokens_left: list[int]
    lab: list[int]  # suit * 36 + cell -> root cell of that suit's district, -1 none
    size: list[int]  # at roots: cards in the district
    best: list[int]  # at roots: strongest token, rank * 4 + seat, -1 none
    adj: list[int]  # per cell: how many neighbours hold a card
    front: list[int]  # empty cells next to a card, in index order
    placed: int
    last: int  # the cell of the latest card placed by a player, -1 none


class Jacynth(Game):
    info = GameInfo(id="jacynth", **INFO)
    Options = JacynthOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"place": (CARD, CELL), "influence": (CELL,), "pass": ()},
        DECKTET,
        SUITS,
    )

    # -- setup -----------------------------------------------------------------------------

    def full_deck(self, options: JacynthOptions) -> list[int]:
        ids = list(BASIC_IDS)
        if options.excuse:
            ids.append(EXCUSE)
        if options.pawns:
            ids.extend(PAWNS)
        if options.courts:
            ids.extend(COURTS)
        return ids

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        assert isinstance(options, JacynthOptions)
        n = len(names)
        st = JacynthState(names, rng, options)
        # a stacked deal is the same for every seed: the last seat deals, so seat 0 gets the top card
        st.dealer = n - 1 if deck is not None else rng.below(n)
        cards = self.stacked(self.full_deck(options), deck, rng)
        st.hands = dealing.deal(cards, n, HAND, first=dealing.left_of(st.dealer, n))
        st.board = [-1] * NCELLS
        st.token = [-1] * NCELLS
        st.tokens_left = [TOKENS] * n
        st.lab = [-1] * (NSUITS * NCELLS)
        st.size = [0] * (NSUITS * NCELLS)
        st.best = [-1] * (NSUITS * NCELLS)
        st.adj = [0] * NCELLS
        st.front = []
        st.placed = 0
        st.last = -1
        for name in LAYOUTS[options.layout]:
            self._put(st, CELL_INDEX[name], cards.pop(0), None)
        st.deck = cards
        st.turn = dealing.left_of(st.dealer, n)
        st.step = PLACE
        return st

    # -- the districts -----------------------------------------------------------------------

    def _put(self, st: JacynthState, i: int, c: int, events: list[Event] | None) -> None:
        """Lay card `c` on empty cell `i`, merge districts and keep the scores up to date."""
        board, adj, front = st.board, st.adj, st.front
        board[i] = c
        st.placed += 1
        if adj[i]:
            front.remove(i)
        for nb in NEIGHBOURS[i]:
            if not adj[nb] and board[nb] < 0:
                insort(front, nb)
            adj[nb] += 1
        lab, size, best, scores = st.lab, st.size, st.best, st.scores
        for s in SUIT_IDX[c]:
            base = s * NCELLS
            roots: list[int] = []
            for nb in NEIGHBOURS[i]:
                r = lab[base + nb]
                if r >= 0 and r not in roots:
                    roots.append(r)
            if not roots:
                lab[base + i] = i
                size[base + i] = 1
                best[base + i] = -1
                continue
            if len(roots) == 1:
                r = roots[0]
                lab[base + i] = r
                size[base + r] += 1
                if best[base + r] >= 0:
                    scores[best[base + r] & 3] += 1
                continue
            root = roots[0]
            total = 1
            top = -1
            for r in roots:
                total += size[base + r]
                if size[base + r] > size[base + root]:
                    root = r
                b = best[base + r]
                if b >= 0:
                    scores[b & 3] -= size[base + r]  # each old district stops scoring for itself
                    if b > top:
                        top = b
            if top >= 0:
                scores[top & 3] += total
            if events is not None:
                before = {best[base + r] & 3 for r in roots if best[base + r] >= 0}
            end = base + NCELLS
            lab[base:end] = [root if x in roots else x for x in lab[base:end]]
            lab[base + i] = root
            size[base + root] = total
            best[base + root] = top
            if events is not None and len(before) > 1:
                winner = top & 3
                holder = next(x for x in range(NCELLS) if lab[base + x] == root and st.token[x] == winner
                              and RANK[st.board[x]] == top >> 2)
                losers = ", ".join(st.names[p] for p in sorted(before - {winner}))
                events.append(
                    Event(
                        f"Two {SUIT_NAME[s]} districts join: {st.names[winner]}'s token on "
                        f"{card_name(st.board[holder])} ({CELL_NAMES[holder]}) outranks {losers}, so "
                        f"{st.names[winner]} controls the {total}-card district.",
                        "control",
                        winner,
                        {"suit": SUITS[s], "cells": self._district(st, s, i), "seat": winner},
                    )
                )

    def _district(self, st: JacynthState, s: int, i: int) -> list[str]:
        """The cells of suit `s`'s district through cell `i` (empty if the card lacks the suit)."""
        base = s * NCELLS
        r = st.lab[base + i]
        if r < 0:
            return []
        return [CELL_NAMES[j] for j in range(NCELLS) if st.lab[base + j] == r]

    def controller(self, st: JacynthState, s: int, i: int) -> int | None:
        """Who controls suit `s`'s district through cell `i` (None: nobody, or no such district)."""
        base = s * NCELLS
        r = st.lab[base + i]
        if r < 0 or st.best[base + r] < 0:
            return None
        return st.best[base + r] & 3

    def _blocker(self, st: JacynthState, seat: int, i: int) -> tuple[int, int] | None:
        """(suit, seat) of another player's district that the card on `i` belongs to, else None."""
        lab, best = st.lab, st.best
        for s in SUIT_IDX[st.board[i]]:
            base = s * NCELLS
            b = best[base + lab[base + i]]
            if b >= 0 and b & 3 != seat:
                return s, b & 3
        return None

    def _targets(self, st: JacynthState, seat: int) -> list[int]:
        """Cells whose card `seat` may put a token on now."""
        if st.tokens_left[seat] <= 0:
            return []
        board, token, lab, best = st.board, st.token, st.lab, st.best
        out = []
        for i in range(NCELLS):
            c = board[i]
            if c < 0 or token[i] >= 0 or not TOKENABLE[c]:
                continue
            for s in SUIT_IDX[c]:
                base = s * NCELLS
                b = best[base + lab[base + i]]
                if b >= 0 and b & 3 != seat:
                    break
            else:
                out.append(i)
        return out

    def _may_influence(self, st: JacynthState, seat: int, last: int) -> bool:
        """Whether `_targets(st, seat)` is not empty (trying `last`, the card just placed, first)."""
        if st.tokens_left[seat] <= 0:
            return False
        board, token, lab, best = st.board, st.token, st.lab, st.best
        for i in (last, *range(NCELLS)):
            c = board[i]
            if c < 0 or token[i] >= 0 or not TOKENABLE[c]:
                continue
            for s in SUIT_IDX[c]:
                base = s * NCELLS
                b = best[base + lab[base + i]]
                if b >= 0 and b & 3 != seat:
                    break
            else:
                return True
        return False

    @staticmethod
    def recount(st: JacynthState) -> tuple[list[int], list[int]]:
        """(scores, front) worked out from scratch from the board and the tokens alone, without
        the bookkeeping that `_put` and `play` keep move by move (tests compare the two)."""
        board, token = st.board, st.token
        scores = [0] * len(st.names)
        for s in range(NSUITS):
            seen: set[int] = set()
            for start in range(NCELLS):
                if start in seen or board[start] < 0 or s not in SUIT_IDX[board[start]]:
                    continue
                district, todo = [], [start]
                seen.add(start)
                while todo:
                    j = todo.pop()
                    district.append(j)
                    for nb in NEIGHBOURS[j]:
                        if nb not in seen and board[nb] >= 0 and s in SUIT_IDX[board[nb]]:
                            seen.add(nb)
                            todo.append(nb)
                top = max((RANK[board[j]] * 4 + token[j] for j in district if token[j] >= 0), default=-1)
                if top >= 0:
                    scores[top & 3] += len(district)
        front = [i for i in range(NCELLS) if board[i] < 0 and any(board[nb] >= 0 for nb in NEIGHBOURS[i])]
        return scores, front

    def holdings(self, st: JacynthState) -> list[list[tuple[int, int, int]]]:
        """Per seat: the districts it controls as (suit, size, root cell), largest first."""
        # every controlled district holds a token: visit the districts of the token-bearing cards
        out: list[list[tuple[int, int, int]]] = [[] for _ in range(len(st.names))]
        lab, best, size, board = st.lab, st.best, st.size, st.board
        seen = set()
        for i, t in enumerate(st.token):
            if t < 0:
                continue
            for s in SUIT_IDX[board[i]]:
                k = s * NCELLS + lab[s * NCELLS + i]
                if k not in seen:
                    seen.add(k)
                    out[best[k] & 3].append((s, size[k], k % NCELLS))
        for h in out:
            h.sort(key=lambda t: (-t[1], t[0], t[2]))
        return out

    # -- turns -------------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.turn,)  # type: ignore[attr-defined]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: JacynthState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        if st.step == INFLUENCE:
            out = [INFLUENCE_ACTIONS[i] for i in self._targets(st, seat)]
            out.append(PASS)
            return out
        front = st.front
        out: list[Action] = []
        for c in st.hands[seat]:
            row = PLACE_ACTIONS[c]
            out += [row[i] for i in front]
        return out

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: JacynthState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return "The game is over." if st.over else f"It is {st.names[st.turn]}'s turn, not yours."
        v, args = action.verb, action.args
        if v == "place" and st.step == PLACE and len(args) == 2:
            c = BY_SLUG.get(args[0])
            i = _cell(args[1])
            if c is not None and i is not None and c in st.hands[seat] and st.board[i] < 0 and st.adj[i]:
                return None
        elif v == "influence" and st.step == INFLUENCE and len(args) == 1:
            i = _cell(args[0])
            if i is not None and st.tokens_left[seat] > 0:
                c = st.board[i]
                if c >= 0 and TOKENABLE[c] and st.token[i] < 0 and self._blocker(st, seat, i) is None:
                    return None
        elif v == "pass" and st.step == INFLUENCE and not args:
            return None
        return self.explain(state, seat, action)

    def explain(self, state: State, seat: int, action: Action) -> str:
        st: JacynthState = state  # type: ignore[assignment]
        v, args = action.verb, action.args
        if v == "place":
            if st.step == INFLUENCE:
                return "You have already placed a card this turn: put an influence token on a card, or pass."
            if len(args) != 2:
                return "Say which card to place and where, such as: place savage c4."
            c = BY_SLUG.get(args[0])
            i = _cell(args[1])
            if c is None:
                return f"There is no card called {args[0]!r}."
            if c not in st.hands[seat]:
                return f"{card_name(c, True)} is not in your hand."
            if i is None:
                return f"{args[1]} is not on the board: columns run a–f and rows 1–6."
            if st.board[i] >= 0:
                return f"{args[1]} already holds a card."
            if not st.adj[i]:
                return f"{args[1]} is not next to any card."
            return "That card cannot be placed there now."
        if v == "influence":
            if len(args) != 1:
                return "Say which card to put a token on by its cell, such as: influence c4."
            if st.tokens_left[seat] <= 0:
                return "You have no tokens left."
            if st.step == PLACE:
                return "First place a card from your hand; influence comes after."
            i = _cell(args[0])
            if i is None:
                return f"{args[0]} is not on the board: columns run a–f and rows 1–6."
            c = st.board[i]
            if c < 0:
                return f"{args[0]} holds no card to put a token on."
            if st.token[i] >= 0:
                who = "your" if st.token[i] == seat else st.names[st.token[i]] + "'s"
                return f"{card_name(c, True)} on {args[0]} already carries {who} token."
            kind = DECKTET[c].kind
            if kind == "excuse":
                return "No token may go on the Excuse."
            if kind in ("pawn", "court"):
                return f"No token may go on a {kind.capitalize()}, and {card_name(c)} is one."
            blocked = self._blocker(st, seat, i)
            if blocked is not None:
                s, other = blocked
                return f"{card_name(c, True)} is in a {SUIT_NAME[s]} district that {st.names[other]} controls."
            return "No token may go there now."
        if v == "pass":
            if st.step == PLACE:
                return "You must place a card first; pass only skips putting out a token."
            return "You cannot pass now."
        return "That is not a move in Jacynth."

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: JacynthState = state  # type: ignore[assignment]
        v = action.verb
        if v == "place":
            self._place(st, seat, BY_SLUG[action.args[0]], CELL_INDEX[action.args[1]], events)
        elif v == "influence":
            self._influence(st, seat, CELL_INDEX[action.args[0]], events)
        else:  # pass
            if events is not None:
                events.append(Event(f"{st.names[seat]} puts out no token this turn.", "pass", seat))
            self._end_turn(st, seat, events)

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout without actions or events (see `Game.playout`), uniform
        over `legal_actions` as the generic loop: a random card of the hand on a random free cell,
        then a random one of the token targets and passing. `trace` collects the moves as (seat, action)."""
        st: JacynthState = state  # type: ignore[assignment]
        moves = 0
        while not st.over and moves < limit:
            seat = st.turn
            if st.step == INFLUENCE:
                targets = self._targets(st, seat)
                k = int(rand() * (len(targets) + 1))
                if k < len(targets):
                    if trace is not None:
                        trace.append((seat, INFLUENCE_ACTIONS[targets[k]]))
                    self._influence(st, seat, targets[k], None)
                else:
                    if trace is not None:
                        trace.append((seat, PASS))
                    self._end_turn(st, seat, None)
            else:
                hand, front = st.hands[seat], st.front
                if not hand or not front:
                    break
                k = int(rand() * (len(hand) * len(front)))
                c, i = hand[k // len(front)], front[k % len(front)]
                if trace is not None:
                    trace.append((seat, PLACE_ACTIONS[c][i]))
                self._place(st, seat, c, i, None)
            moves += 1
        return moves

    def _place(self, st: JacynthState, seat: int, c: int, i: int, events: list[Event] | None) -> None:
        who = st.names[seat]
        st.hands[seat].remove(c)
        if events is not None:
            events.append(
                Event(f"{who} places {card_name(c)} on {CELL_NAMES[i]}.", "place", seat,
                      {"card": SLUG[c], "cell": CELL_NAMES[i]})
            )
        self._put(st, i, c, events)
        st.last = i
        if self._may_influence(st, seat, i):
            st.step = INFLUENCE
        else:
            if events is not None:
                why = "has no token left" if st.tokens_left[seat] <= 0 else "has no card to put a token on"
                events.append(Event(f"{who} {why}.", "info", seat))
            self._end_turn(st, seat, events)

    def _influence(self, st: JacynthState, seat: int, i: int, events: list[Event] | None) -> None:
        who = st.names[seat]
        c = st.board[i]
        st.token[i] = seat
        st.tokens_left[seat] -= 1
        value = RANK[c] * 4 + seat
        lab, best, size, scores = st.lab, st.best, st.size, st.scores
        for s in SUIT_IDX[c]:
            k = s * NCELLS + lab[s * NCELLS + i]
            b = best[k]
            if value > b:  # the district passes to (or stays with) this seat
                if b >= 0:
                    scores[b & 3] -= size[k]
                scores[seat] += size[k]
                best[k] = value
        if events is not None:
            events.append(
                Event(f"{who} puts an influence token on {card_name(c)} ({CELL_NAMES[i]}).", "influence",
                      seat, {"card": SLUG[c], "cell": CELL_NAMES[i]})
            )
        self._end_turn(st, seat, events)

    def _end_turn(self, st: JacynthState, seat: int, events: list[Event] | None) -> None:
        if st.deck and st.placed < NCELLS:
            st.hands[seat].append(st.deck.pop(0))
            if events is not None:
                events.append(Event(f"{st.names[seat]} draws a card.", "draw", seat))
        st.step = PLACE
        n = len(st.names)
        if st.placed < NCELLS:
            for k in range(1, n + 1):
                nxt = (seat + k) % n
                if st.hands[nxt]:
                    st.turn = nxt
                    return
        # the city is full (or, which cannot happen with these decks, nobody holds a card)
        st.over = True
        st.sheet.append(list(st.scores))
        if events is not None:
            res = self.final(st)
            events.append(Event("The game is over. " + res.summary, "over", None, {"scores": list(st.scores)}))

    # -- what players see ----------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: JacynthState = state  # type: ignore[assignment]
        out = [
            Zone("board", [c for c in st.board if c >= 0], Vis.PUBLIC, None, "The city", "board"),
            Zone("deck", st.deck, Vis.NOBODY, None, "Deck", "pile"),
        ]
        for p, name in enumerate(st.names):
            out.append(Zone(f"hand{p}", st.hands[p], Vis.OWNER, p, f"{name}'s hand", "hand"))
        return out

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "place": "Placing a card",
        "influence": "Placing influence",
    }

    def phase(self, state: State) -> str:
        st: JacynthState = state  # type: ignore[assignment]
        if st.over:
            return "over"
        return "influence" if st.step == INFLUENCE else "place"

    def board_view(self, st: JacynthState) -> tuple[BoardView, dict[str, list[int | None]]]:
        cells = {
            CELL_NAMES[i]: CellView(
                card=SLUG[st.board[i]] if st.board[i] >= 0 else None,
                tokens=[st.token[i]] if st.token[i] >= 0 else [],
            )
            for i in range(NCELLS)
        }
        groups: dict[str, list[list[str]]] = {}
        controllers: dict[str, list[int | None]] = {}
        for s, suit in enumerate(SUITS):
            base = s * NCELLS
            by_root: dict[int, list[str]] = {}
            for j in range(NCELLS):
                r = st.lab[base + j]
                if r >= 0:
                    by_root.setdefault(r, []).append(CELL_NAMES[j])
            roots = sorted(by_root, key=lambda r: (-len(by_root[r]), by_root[r]))
            groups[suit] = [by_root[r] for r in roots]
            controllers[suit] = [st.best[base + r] & 3 if st.best[base + r] >= 0 else None for r in roots]
        note = f"{LAYOUT_NAMES[st.options.layout]} layout; {st.placed} of {NCELLS} cells filled."
        return BoardView(cols=COLS, rows=ROWS, cells=cells, groups=groups, note=note), controllers

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: JacynthState = state  # type: ignore[assignment]
        board, controllers = self.board_view(st)
        held = self.holdings(st)
        seat_facts: dict[int, dict[str, str]] = {}
        for p in range(st.players):
            ds = ", ".join(f"{SUIT_NAME[s]} {n}" for s, n, _ in held[p]) or "none"
            facts = {"Tokens": f"{st.tokens_left[p]} left", "Districts": ds}
            if p == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[p] = facts
        turn_name = st.names[st.turn]
        if st.over:
            prompt = "The game is over."
        elif seat == st.turn:
            if st.step == PLACE:
                prompt = "Place a card from your hand on an empty cell next to a card in the city."
            else:
                prompt = (f"Put one of your {st.tokens_left[seat]} influence tokens on a card, "
                          "or pass to keep it.")
        else:
            what = "place a card" if st.step == PLACE else "put out an influence token or pass"
            prompt = f"Waiting for {turn_name} to {what}."
        status = {
            "Layout": LAYOUT_NAMES[st.options.layout],
            "Deck": f"{len(st.deck)} cards",
            "City": f"{st.placed} of {NCELLS} cells",
            "Score": " · ".join(f"{n} {sc}" for n, sc in zip(st.names, st.scores)),
        }
        if not st.over:
            status["Turn"] = f"{turn_name}: {'place a card' if st.step == PLACE else 'influence'}"
        return {
            "phase": self.phase(st),
            "prompt": prompt,
            "status": status,
            "board": board,
            "seat_facts": seat_facts,
            "extra": {
                "controllers": controllers,
                "last": CELL_NAMES[st.last] if st.last >= 0 else None,
                "layout": list(LAYOUTS[st.options.layout]),
                "tokens_left": list(st.tokens_left),
                "dealer": st.dealer,
            },
        }

    def label(self, state: State, action: Action) -> str:
        st: JacynthState = state  # type: ignore[assignment]
        if action.verb == "place" and len(action.args) == 2:
            c = BY_SLUG.get(action.args[0])
            if c is not None:
                return f"Place {card_name(c)} on {action.args[1]}"
        if action.verb == "influence" and action.args:
            i = _cell(action.args[0])
            if i is not None and st.board[i] >= 0:
                return f"Token on {card_name(st.board[i])} ({action.args[0]})"
        if action.verb == "pass":
            return "No token this turn"
        return super().label(state, action)

    def placings(self, state: State) -> list[int]:
        scores = state.scores
        return [1 + sum(1 for o in scores if o > s) for s in scores]

    def final(self, state: State) -> ResultView:
        st: JacynthState = state  # type: ignore[assignment]
        scores = list(st.scores)
        placings = [1 + sum(1 for o in scores if o > s) for s in scores]
        top = max(scores)
        winners = [st.names[p] for p in range(st.players) if scores[p] == top]
        if len(winners) == 1:
            summary = f"{winners[0]} wins with {top} points."
        else:
            summary = f"{' and '.join(winners)} share the win with {top} points each."
        details = []
        held = self.holdings(st)
        for p in range(st.players):
            ds = ", ".join(f"{SUIT_NAME[s]} {n} (district at {CELL_NAMES[r]})" for s, n, r in held[p])
            details.append(f"{st.names[p]}: {scores[p]} points" + (f" from {ds}." if ds else ", no district."))
        unplayed = len(st.deck) + sum(len(h) for h in st.hands)
        if unplayed:
            details.append(f"{unplayed} card{'s' if unplayed != 1 else ''} never reached the city.")
        return ResultView(scores=scores, placings=placings, summary=summary, details=details)


GAME = Jacynth()
