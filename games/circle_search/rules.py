"""Circle Search (David Van Slyke): a Decktet memory game, rules of RULES.md section 2.

The six Aces lie face up in the middle; the other cards form a ring of 4 × players face-down
cards. A turn is two actions: `search <suit>` (the suit of an Ace still in the middle) moves the
token one card clockwise (or by a drawn card's rank in the draw-pile variant), turns the card
there up for everyone and resolves it; then the searcher, having seen it, ends the turn with
`done`, which turns it face down before the next player acts. Nothing in the state, the events or
the observation remembers it afterwards: no event carries a ring position or the card.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import ACES, BASIC_IDS, DECKTET, EXCUSE, EXTENDED_IDS, SUITS
from decktable.cards.decktet import the
from decktable.engine.actions import SUIT, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.models import BoardView, CellView, GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.rulesets.circle_search import INFO

N = len(DECKTET)
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]
MASK: list[int] = [sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N)]
IS_CROWN: list[bool] = [DECKTET[i].kind == "crown" for i in range(N)]
IS_ACE: list[bool] = [DECKTET[i].kind == "ace" for i in range(N)]
NO_RANK: list[bool] = [DECKTET[i].rank is None for i in range(N)]  # Excuse, Pawns, Courts
# suits a card can claim: every suit it carries, except for Crowns (which never claim)
CLAIM_MASK: list[int] = [0 if IS_CROWN[i] else MASK[i] for i in range(N)]
ACE_IDS: tuple[int, ...] = tuple(ACES[s] for s in SUITS)
SUIT_NAME = [s.capitalize() for s in SUITS]
TURN_CAP = 200
A_SEARCH = [Action("search", (s,)) for s in SUITS]
A_DONE = Action("done")
ACE_SEARCH: dict[int, Action] = {ACES[s]: A_SEARCH[i] for i, s in enumerate(SUITS)}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def ring_cells(side: int) -> list[tuple[int, int]]:
    """The perimeter of a side × side square, clockwise from the top-left corner, as (col, row)."""
    cells = [(c, 0) for c in range(side)]
    cells += [(side - 1, r) for r in range(1, side)]
    cells += [(c, side - 1) for c in range(side - 2, -1, -1)]
    cells += [(0, r) for r in range(side - 2, 0, -1)]
    return cells


class CircleSearchOptions(BaseModel):
    extended: bool = Field(
        True,
        description="Use the extended deck (Excuse, Pawns, Courts) for the ring, as is usual; off: the basic deck.",
    )
    excuse_tiebreak: bool = Field(
        False,
        description=(
            "The first player to turn up the Excuse keeps it (a new card replaces it in the ring); "
            "it breaks a tie in the number of Aces. Needs the extended deck."
        ),
    )
    draw_movement: bool = Field(
        False,
        description=(
            "Draw-pile movement: draw a card from the rest of the deck and move that many cards "
            "(Excuse, Pawns and Courts are drawn again) instead of always one."
        ),
    )
    first: Literal["random", "1", "2", "3", "4"] = Field(
        "1",
        description="Who searches first: the rules say the youngest player (seat them as Player 1), or pick at random.",
    )


class CircleSearchState(State):
    __slots__ = (
        "ring", "middle", "finds", "stock", "drawn", "pos", "turn", "turns",
        "revealed", "revealed_by", "searched", "outcome", "stop", "excuse_holder", "moved",
        "looking", "first",
    )

    ring: list[list[int]]  # one single-card list per position, clockwise from the top-left corner
    middle: list[int]  # Aces still unclaimed
    finds: list[list[int]]  # per seat: claimed Aces (and the Excuse in the tie-break variant)
    stock: list[int]  # the rest of the deck, face down (index 0 = top)
    drawn: list[int]  # draw-pile variant: cards drawn for movement, face up
    pos: list[int]  # token position per seat
    turn: int
    turns: int
    revealed: int  # position turned up by the last action, or -1
    revealed_by: int
    searched: int  # suit named by the last action, or -1
    outcome: str  # what the last turn did: claim / return / nothing / excuse
    stop: str  # "" while playing, then: all / stuck / cap
    excuse_holder: int
    moved: int  # steps of the last move
    looking: bool  # the searcher sees the card turned up and has still to end the turn (`done`)
    first: int  # the seat that searched first


class CircleSearch(Game):
    info = GameInfo(id="circle_search", **INFO)
    Options = CircleSearchOptions
    catalogue = DECKTET
    grammar = Grammar({"search": (SUIT,), "done": ()}, DECKTET, SUITS)

    def check_players(self, players: int, options: BaseModel) -> None:
        if options.first != "random" and int(options.first) > players:
            raise BadOptions(f"Player {options.first} cannot go first in a {players}-player game.")
        if options.excuse_tiebreak and not options.extended:
            raise BadOptions("The Excuse tie-breaker needs the extended deck (the basic deck has no Excuse).")

    # -- setup ---------------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> CircleSearchState:
        n = len(names)
        st = CircleSearchState(names, rng, options)
        full = EXTENDED_IDS if options.extended else BASIC_IDS
        cards = self.stacked(full, deck, rng)
        rest = [c for c in cards if not IS_ACE[c]]
        size = 4 * n
        st.ring = [[c] for c in rest[:size]]
        st.stock = rest[size:]
        st.middle = list(ACE_IDS)
        st.finds = [[] for _ in range(n)]
        st.drawn = []
        st.pos = [4 * s for s in range(n)]
        st.turn = rng.below(n) if options.first == "random" else int(options.first) - 1
        st.first = st.turn
        st.looking = False
        st.turns = 0
        st.revealed = -1
        st.revealed_by = -1
        st.searched = -1
        st.outcome = ""
        st.stop = ""
        st.excuse_holder = -1
        st.moved = 0
        self._check_end(st, None)
        return st

    # -- turn ------------------------------------------------------------------------------------------

    def to_act(self, state: CircleSearchState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: CircleSearchState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.looking:
            return [A_DONE]
        return [ACE_SEARCH[a] for a in state.middle]

    def check(self, state: CircleSearchState, seat: int, action: Action) -> str | None:
        if state.looking:
            return None if action == A_DONE else self.explain(state, seat, action)
        if action.verb == "search" and len(action.args) == 1 and action.args[0] in SUITS:
            if ACES[action.args[0]] in state.middle:
                return None
        return self.explain(state, seat, action)

    def explain(self, state: CircleSearchState, seat: int, action: Action) -> str:
        if state.looking:
            return "Look at the card you turned up, then end your turn (done): it goes face down again."
        if action.verb == "done":
            return "Search first: name the suit of an Ace in the middle (search <suit>)."
        if action.verb != "search" or len(action.args) != 1 or action.args[0] not in SUITS:
            return "That is not a move of Circle Search; name a suit: search <suit>."
        suit = action.args[0]
        ace = ACES[suit]
        if ace in state.middle:
            return f"You may search for {suit.capitalize()} now."
        for s, f in enumerate(state.finds):
            if ace in f:
                return f"The Ace of {suit.capitalize()} is already claimed."
        return f"The Ace of {suit.capitalize()} is not in the middle."

    def _steps(self, st: CircleSearchState, events: list[Event] | None, seat: int) -> int:
        if not st.options.draw_movement:
            return 1
        while True:
            if not st.stock:
                st.stock = st.drawn
                st.drawn = []
                st.rng.shuffle(st.stock)
                if events is not None:
                    events.append(Event("The drawn cards are shuffled into a new draw pile.", "shuffle"))
            c = st.stock.pop(0)
            st.drawn.append(c)
            if not NO_RANK[c]:
                if events is not None:
                    events.append(Event(
                        f"{st.names[seat]} draws {the(c)} and moves {RANK[c]}.", "draw", seat, {"card": DECKTET[c].slug}
                    ))
                return RANK[c]
            if events is not None:
                events.append(Event(f"{st.names[seat]} draws {the(c)}, which has no rank, and draws again.", "draw", seat,
                                    {"card": DECKTET[c].slug}))

    def play(self, state: CircleSearchState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        n = len(st.names)
        if action.verb == "done":
            # the searcher has seen the card: face down again before the next player acts, and
            # nothing about it is kept (no event: the log never says where anything lies)
            st.looking = False
            st.revealed = -1
            st.revealed_by = -1
            st.searched = -1
            st.outcome = ""
            st.turn = (seat + 1) % n
            return
        suit = SUIT_INDEX[action.args[0]]
        st.revealed = -1
        steps = self._steps(st, events, seat)
        size = len(st.ring)
        p = (st.pos[seat] + steps) % size
        st.pos[seat] = p
        st.moved = steps
        card = st.ring[p][0]
        who = st.names[seat]
        text = ""  # never a ring position: the log must not become a map of the ring
        if IS_CROWN[card]:
            cs = MASK[card].bit_length() - 1
            ace = ACE_IDS[cs]
            if ace in st.finds[seat]:
                st.finds[seat].remove(ace)
                st.middle.append(ace)
                st.middle.sort()
                st.outcome = "return"
                text = (f"{who} searches for {SUIT_NAME[suit]} and must give back "
                        f"the Ace of {SUIT_NAME[cs]}: it goes back to the middle.")
            else:
                st.outcome = "nothing"
        elif card == EXCUSE and st.options.excuse_tiebreak and st.excuse_holder < 0:
            st.excuse_holder = seat
            st.finds[seat].append(card)
            if not st.stock and st.drawn:
                st.stock = st.drawn
                st.drawn = []
                st.rng.shuffle(st.stock)
            st.ring[p][0] = st.stock.pop(0)
            st.outcome = "excuse"
            text = (f"{who} searches for {SUIT_NAME[suit]} and turns up the Excuse: "
                    f"{who} keeps it as a tie-breaker. A new card takes its place and is shown to everyone.")
        elif CLAIM_MASK[card] >> suit & 1:
            ace = ACE_IDS[suit]
            st.middle.remove(ace)
            st.finds[seat].append(ace)
            st.finds[seat].sort()
            st.outcome = "claim"
            text = f"{who} searches for {SUIT_NAME[suit]} and claims the Ace of {SUIT_NAME[suit]}."
        else:
            st.outcome = "nothing"
        if st.outcome != "nothing":
            for s in range(n):
                st.scores[s] = self._aces(st, s)
        if events is not None:
            if not text:
                text = f"{who} searches for {SUIT_NAME[suit]} and finds nothing."
            events.append(Event(text, st.outcome, seat, {"suit": SUITS[suit]}))
        st.revealed = p
        st.revealed_by = seat
        st.searched = suit
        st.turns += 1
        st.looking = True  # the searcher sees the card, then ends the turn with `done`
        self._check_end(st, events)

    @staticmethod
    def _aces(st: CircleSearchState, seat: int) -> int:
        return sum(1 for c in st.finds[seat] if IS_ACE[c])

    def claimable(self, st: CircleSearchState) -> list[int]:
        """The Aces in the middle that some non-Crown card in the ring could still claim."""
        m = 0
        for cell in st.ring:
            m |= CLAIM_MASK[cell[0]]
        return [a for a in st.middle if MASK[a] & m]

    def _check_end(self, st: CircleSearchState, events: list[Event] | None) -> None:
        if not st.middle:
            st.stop = "all"
        elif not self.claimable(st) and not (
            st.options.excuse_tiebreak and st.excuse_holder < 0 and any(cell[0] == EXCUSE for cell in st.ring)
        ):
            st.stop = "stuck"
        elif st.turns >= TURN_CAP:
            st.stop = "cap"
        else:
            return
        st.over = True
        st.looking = False
        st.sheet.append([self._aces(st, s) for s in range(st.players)])
        if events is not None:
            if st.stop == "stuck":
                left = ", ".join(SUIT_NAME[MASK[a].bit_length() - 1] for a in st.middle)
                events.append(Event(
                    f"No card left in the circle can claim the Aces still in the middle ({left}); the game ends.", "gameover"
                ))
            elif st.stop == "cap":
                events.append(Event(f"The game stops after {TURN_CAP} turns.", "gameover"))
            else:
                events.append(Event("All six Aces are claimed.", "gameover"))
            events.append(Event(self._summary(st), "gameover"))

    # -- results ------------------------------------------------------------------------------------------

    def _keys(self, st: CircleSearchState) -> list[tuple[int, int]]:
        tb = st.options.excuse_tiebreak
        return [(self._aces(st, s), 1 if tb and st.excuse_holder == s else 0) for s in range(st.players)]

    def _summary(self, st: CircleSearchState) -> str:
        keys = self._keys(st)
        best = max(keys)
        top = [s for s in range(st.players) if keys[s] == best]
        aces = best[0]
        word = "Ace" if aces == 1 else "Aces"
        if len(top) > 1:
            if st.players == 2:
                return f"A draw: {aces} {word} each."
            return f"{' and '.join(st.names[s] for s in top)} tie for first with {aces} {word} each."
        w = top[0]
        tied = [s for s in range(st.players) if s != w and keys[s][0] == aces]
        if tied:
            return f"{st.names[w]} wins with {aces} {word} and the Excuse as tie-breaker."
        if st.players == 2:
            other = keys[1 - w][0]
            return f"{st.names[w]} wins with {aces} {word} to {other}."
        return f"{st.names[w]} wins with {aces} {word}."

    def final(self, state: CircleSearchState) -> ResultView:
        st = state
        keys = self._keys(st)
        order = sorted(set(keys), reverse=True)
        placings = [order.index(k) + 1 for k in keys]
        details = []
        for s in range(st.players):
            aces = [SUIT_NAME[MASK[c].bit_length() - 1] for c in st.finds[s] if IS_ACE[c]]
            line = f"{st.names[s]}: {len(aces)} Ace{'s' if len(aces) != 1 else ''}"
            line += f" ({', '.join(aces)})" if aces else ""
            if st.excuse_holder == s:
                line += ", holding the Excuse"
            details.append(line + ".")
        if st.stop == "stuck":
            details.append("The game ended early: no card in the circle could claim the Aces left in the middle.")
        elif st.stop == "cap":
            details.append(f"The game ended at the {TURN_CAP}-turn limit.")
        details.append(f"Turns played: {st.turns}.")
        return ResultView(scores=[self._aces(st, s) for s in range(st.players)], placings=placings,
                          summary=self._summary(st), details=details)

    # -- what is shown -----------------------------------------------------------------------------------------

    def zones(self, state: CircleSearchState) -> list[Zone]:
        st = state
        out = [Zone("middle", st.middle, Vis.PUBLIC, None, "Aces in the middle", "row")]
        for p, cell in enumerate(st.ring):
            vis = Vis.PUBLIC if (p == st.revealed or st.over) else Vis.NOBODY
            out.append(Zone(f"ring-{p + 1}", cell, vis, None, f"Card {p + 1}", "pile"))
        for s in range(st.players):
            out.append(Zone(f"finds-{s}", st.finds[s], Vis.PUBLIC, s, f"{st.names[s]}'s Aces", "row"))
        out.append(Zone("stock", st.stock, Vis.NOBODY, None, "Rest of the deck", "pile"))
        out.append(Zone("drawn", st.drawn, Vis.PUBLIC, None, "Drawn for movement", "pile"))
        return out

    # -- bots: memory is the whole skill --------------------------------------------------------------------

    remembers = True

    def remember(self, memory: dict[str, Any], obs: Any) -> None:
        """A bot notes every ring card its seat is shown (a searcher's card is turned up for all):
        `memory["ring"]` maps a position to the card last seen there. Fed only observations."""
        ring: dict[int, str] = memory.setdefault("ring", {})
        for z in obs.zones:
            if z.visible and z.cards and z.name.startswith("ring-"):
                ring[int(z.name[5:]) - 1] = z.cards[0]

    def recalled(self, memory: dict[str, Any], share: float, rng: Rng) -> dict[str, Any]:
        """Each ring card seen, recalled with the chance `share` at this decision, as a person
        who has lost some of the ring and may have the next card in mind or not."""
        ring: dict[int, str] = memory.get("ring") or {}
        return {**memory, "ring": {p: c for p, c in ring.items() if rng.random() < share}}

    def determinize_known(
        self, state: CircleSearchState, seat: int | None, rng: Rng, memory: dict[str, Any] | None
    ) -> CircleSearchState:
        """As `determinize`, with every remembered ring card back where it was seen; the other
        hidden cards (ring and stock) re-dealt at random."""
        other: CircleSearchState = self.determinize(state, seat, rng)  # type: ignore[assignment]
        seen = (memory or {}).get("ring") or {}
        if not seen or other.over:
            return other
        hidden = [p for p in range(len(other.ring)) if p != other.revealed]
        where = {other.ring[p][0]: p for p in hidden}
        for p, slug in seen.items():
            c = DECKTET.find(slug)
            if c is None or p not in where.values() or c.id not in where and c.id not in other.stock:
                continue
            here = other.ring[p][0]
            if here == c.id:
                continue
            if c.id in where:  # swap the two ring cells
                q = where[c.id]
                other.ring[q][0] = here
                where[here] = q
            else:  # the remembered card was dealt to the stock: trade places
                other.stock[other.stock.index(c.id)] = here
                del where[here]
            other.ring[p][0] = c.id
            where[c.id] = p
        return other

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "search": "",
    }

    def describe(self, state: CircleSearchState, seat: int | None) -> dict[str, Any]:
        st = state
        n = st.players
        size = len(st.ring)
        side = size // 4 + 1
        cells = ring_cells(side)
        names = [f"{chr(97 + c)}{r + 1}" for c, r in cells]
        board_cells: dict[str, CellView] = {}
        for p, (key) in enumerate(names):
            shown = p == st.revealed or st.over
            board_cells[key] = CellView(
                card=DECKTET[st.ring[p][0]].slug if shown else None,
                tokens=[s for s in range(n) if st.pos[s] == p],
                note=str(p + 1),
            )
        board = BoardView(
            cols=[chr(97 + c) for c in range(side)],
            rows=[str(r + 1) for r in range(side)],
            cells=board_cells,
            note="Clockwise from the top-left corner",
        )
        status = {
            "Turn": f"{st.turns + (0 if st.over else 1)}",
            "Aces left": ", ".join(SUIT_NAME[MASK[a].bit_length() - 1] for a in st.middle) or "none",
        }
        if st.options.draw_movement:
            status["Draw pile"] = f"{len(st.stock)} cards"
        revealed = None
        if st.revealed >= 0:
            c = st.ring[st.revealed][0]
            revealed = {
                "position": st.revealed + 1,
                "cell": names[st.revealed],
                "card": DECKTET[c].slug,
                "by": st.revealed_by,
                "searched": SUITS[st.searched],
                "outcome": st.outcome,
                "moved": st.moved,
            }
            status["Last search"] = f"{st.names[st.revealed_by]} looked for {SUIT_NAME[st.searched]}"
        facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            f = {"Aces": str(self._aces(st, s)), "Position": str(st.pos[s] + 1)}
            if st.excuse_holder == s:
                f["Tie-breaker"] = "Excuse"
            facts[s] = f
        if st.over:
            prompt = self._summary(st)
        elif seat == st.turn and st.looking:
            prompt = "Remember the card you turned up, then end your turn: it goes face down again."
        elif st.looking:
            prompt = f"Waiting for {st.names[st.turn]} to end the turn."
        elif seat == st.turn:
            step = "draw a card and move" if st.options.draw_movement else "move one card clockwise"
            prompt = f"Name the suit of an Ace in the middle to search for; then {step} and turn up the card."
        else:
            prompt = f"Waiting for {st.names[st.turn]} to search."
        return {
            "phase": "over" if st.over else "search",
            "prompt": prompt,
            "status": status,
            "board": board,
            "seat_facts": facts,
            "extra": {
                "revealed": revealed,
                "tokens": [p + 1 for p in st.pos],
                "ring_size": size,
                "ring_cells": names,
                "stop": st.stop,
            },
        }

    def label(self, state: CircleSearchState, action: Action) -> str:
        if action.verb == "done":
            return "Done: turn it face down"
        return f"Search for {action.args[0].capitalize()}"

    def rematch_options(self, result: ResultView, options: dict[str, Any], state: State | None = None) -> dict[str, Any]:
        """RULES.md §2: after a decided game the loser goes first (with more players, the first
        seat in last place); after a draw the first player moves on to the next seat."""
        out = dict(options)
        placings = list(result.placings)
        if not placings:
            return out
        if len(set(placings)) > 1:
            worst = max(placings)
            out["first"] = str(placings.index(worst) + 1)
        elif state is not None:
            out["first"] = str((state.first + 1) % len(placings) + 1)
        elif str(options.get("first", "1")) != "random":
            out["first"] = str(int(options.get("first", "1")) % len(placings) + 1)
        return out


GAME = CircleSearch()
