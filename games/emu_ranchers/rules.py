"""Emu Ranchers (P.D. Magnus): rules of RULES.md section 7.

A turn is two actions: first `hatch <card>` (start a new bird), `grow <card> <bird>` (put a card
on one of your birds, numbered from 1) or `discard <card>`; then `draw deck` or `draw discard`
(only `draw deck` after a discard). Drawing the last card of the draw pile ends the year at once:
each player in turn (the one who did not draw that card first) may `grow` birds from the hand and
then `finish`; a player who holds the Excuse then may `excuse <bird>` (throw away one losing bird)
or `keep`. Then the birds are scored; they stay on the table until the next year's first player
chooses `next`, which shuffles every card and deals a new year (until the set number of years).

A bird is legal when all its cards share a suit and some choice of direction (and of distinct
ranks 2..9 for its wild Pawns/Courts) makes the ranks strictly monotone from the bottom card up.
Each bird keeps three numbers so that a play is checked in O(1): the common suit mask, the lowest
possible top rank if the bird rises (`up`; NO_UP if it cannot rise) and the highest possible top
rank if it falls (`down`; NO_DOWN if it cannot fall). Giving each wild the nearest free rank is
the best choice for what may follow, so these greedy values decide legality exactly.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, COURTS, DECKTET, EXCUSE, PAWNS, SUITS
from decktable.cards.decktet import the, The, bare as short
from decktable.engine.actions import CARD, INT, WORD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.emu_ranchers import INFO

# -- per-card tables ------------------------------------------------------------------------------

N = len(DECKTET)
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]  # 0: Pawn, Court, Excuse
MASK: list[int] = [sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N)]
KIND: list[str] = [DECKTET[i].kind for i in range(N)]
WILD: list[bool] = [KIND[i] in ("pawn", "court") for i in range(N)]
CAN_HATCH: list[bool] = [RANK[i] > 0 for i in range(N)]
SLUG: list[str] = [DECKTET[i].slug for i in range(N)]
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
SUIT_NAME = [s.capitalize() for s in SUITS]

HAND = 6
UPKEEP = 18
NO_UP = 99  # `up` of a bird that can no longer be read as rising
NO_DOWN = -99  # `down` of a bird that can no longer be read as falling
MAX_BIRDS = 45  # more birds than cards: the action tables never run out

A_HATCH = [Action("hatch", (SLUG[i],)) for i in range(N)]
A_DISCARD = [Action("discard", (SLUG[i],)) for i in range(N)]
A_GROW = [[Action("grow", (SLUG[i], str(b + 1))) for b in range(MAX_BIRDS)] for i in range(N)]
A_EXCUSE = [Action("excuse", (str(b + 1),)) for b in range(MAX_BIRDS)]
A_DRAW_DECK = Action("draw", ("deck",))
A_DRAW_DISCARD = Action("draw", ("discard",))
A_FINISH = Action("finish")
A_KEEP = Action("keep")
A_NEXT = Action("next")

PLAY, DRAW, OUT, EXC, SCORED = "play", "draw", "year end", "excuse", "scored"


def deck_ids(extended: str) -> list[int]:
    if extended == "pawns":
        return list(BASIC_IDS) + [EXCUSE, *PAWNS]
    if extended == "courts":
        return list(BASIC_IDS) + [EXCUSE, *COURTS]
    return list(BASIC_IDS)


IN_DECK: dict[str, frozenset[int]] = {e: frozenset(deck_ids(e)) for e in ("none", "pawns", "courts")}


def rank_word(r: int) -> str:
    return "the Ace" if r == 1 else "the Crown" if r == 10 else str(r)


def card_words(cid: int) -> str:
    """'the Savage (3)', 'the Ace of Moons', 'the Harvest (Pawn)'."""
    k = KIND[cid]
    if k == "ace":
        return the(cid)
    if k == "crown":
        return f"{the(cid)} (Crown)"
    if k in ("pawn", "court"):
        return f"{the(cid)} ({k.capitalize()})"
    if k == "excuse":
        return the(cid)
    return f"{the(cid)} ({RANK[cid]})"


def suit_words(mask: int, joiner: str = " or ") -> str:
    return joiner.join(SUIT_NAME[s] for s in range(len(SUITS)) if mask >> s & 1) or "no suit"


def pts(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def listing(parts: list[str]) -> str:
    return words.listing(parts, "nothing")


# -- birds ------------------------------------------------------------------------------------------


def summary_of(cards: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """(common suit mask, up, down) of a stack, bottom card first (see the module docstring)."""
    m, up, down = -1, 0, 11
    for c in cards:
        m &= MASK[c]
        up, down = step(up, down, c)
    return (m if cards else 0), up, down


def step(up: int, down: int, c: int) -> tuple[int, int]:
    """The bird's (up, down) after `c` is put on top."""
    r = RANK[c]
    if r:
        return (r if r > up else NO_UP), (r if r < down else NO_DOWN)
    if WILD[c]:
        nu = max(up + 1, 2) if up <= 8 else NO_UP
        nd = min(down - 1, 9) if down >= 3 else NO_DOWN
        return nu, nd
    return NO_UP, NO_DOWN  # the Excuse fits nothing


def fits(mask: int, up: int, down: int, c: int) -> bool:
    """Whether card `c` may grow a bird with this summary."""
    if not mask & MASK[c]:
        return False
    r = RANK[c]
    if r:
        return r > up or r < down
    return up <= 8 or down >= 3  # a wild needs a free rank 2..9 on one side


_ACCEPT: dict[tuple[int, int, int], int] = {}


def accept(mask: int, up: int, down: int) -> int:
    """Bit set of the card ids that may grow a bird with this summary (cached)."""
    key = (mask, up, down)
    acc = _ACCEPT.get(key)
    if acc is None:
        acc = 0
        for c in range(N):
            if fits(mask, up, down, c):
                acc |= 1 << c
        _ACCEPT[key] = acc
    return acc


def is_legal_stack(cards: list[int] | tuple[int, ...]) -> bool:
    """A whole bird: a card that can hatch at the bottom, one common suit, and monotone ranks."""
    if not cards or not CAN_HATCH[cards[0]]:
        return False
    m, up, down = summary_of(cards)
    return bool(m) and (up != NO_UP or down != NO_DOWN)


def direction(cards: list[int], up: int, down: int) -> str:
    """'rising', 'falling' or 'open' (either way is still possible)."""
    can_up, can_down = up != NO_UP, down != NO_DOWN
    if can_up and can_down:
        if up >= 10:
            return "falling"
        if down <= 1:
            return "rising"
        return "open"
    return "rising" if can_up else "falling"


def upkeep(nums: list[int]) -> tuple[int, int]:
    """(smallest sum >= 18 of some of `nums`, bit mask of the cards in it): fewest cards on ties."""
    best_sum, best_mask, best_n = 10**6, 0, 99
    n = len(nums)
    for mask in range(1, 1 << n):
        s = 0
        k = 0
        for i in range(n):
            if mask >> i & 1:
                s += nums[i]
                k += 1
        if s >= UPKEEP and (s < best_sum or (s == best_sum and k < best_n)):
            best_sum, best_mask, best_n = s, mask, k
    return best_sum, best_mask


def value_of(nums: list[int], bonus: int) -> int:
    """Score of a bird whose number cards are `nums` and whose Ace/Crown bonus is `bonus`."""
    t = sum(nums)
    if t < UPKEEP:
        return -(UPKEEP - t) - bonus
    return t - upkeep(nums)[0] + bonus


_SCORES: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}


def score_bird(cards: list[int] | tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(points, rank used for each card) of a bird, each wild taking the rank that scores best
    among those that keep the stack strictly monotone (ranks 2..9, all different)."""
    key = tuple(cards)
    hit = _SCORES.get(key)
    if hit is not None:
        return hit
    ranks = [RANK[c] for c in key]
    has_ace = any(r == 1 for r in ranks)
    has_crown = any(r == 10 for r in ranks)
    bonus = 5 * (has_ace + has_crown)
    best: list[Any] = [None, ()]
    n = len(key)

    def rec(i: int, prev: int, d: int, vals: list[int]) -> None:
        if i == n:
            v = value_of([x for x in vals if 2 <= x <= 9], bonus)
            if best[0] is None or v > best[0]:
                best[0], best[1] = v, tuple(vals)
            return
        r = ranks[i]
        if r:
            if (r - prev) * d > 0:
                vals.append(r)
                rec(i + 1, r, d, vals)
                vals.pop()
            return
        if not WILD[key[i]]:
            return
        for v in range(2, 10):
            if (v - prev) * d > 0:
                vals.append(v)
                rec(i + 1, v, d, vals)
                vals.pop()

    rec(0, 0, 1, [])
    rec(0, 11, -1, [])
    if best[0] is None:  # not a legal stack (never happens in play): count the fixed ranks only
        best = [value_of([r for r in ranks if 2 <= r <= 9], bonus), tuple(ranks)]
    out = (best[0], best[1])
    if len(_SCORES) > 200_000:
        _SCORES.clear()
    _SCORES[key] = out
    return out


def score_text(cards: list[int]) -> str:
    """How a bird scores, in words: 'Ace, 3, 6, Harvest as 9: total 18; upkeep 3 + 6 + 9; left
    the Ace: 0 + 5 = 5'."""
    score, vals = score_bird(cards)
    parts = []
    for c, v in zip(cards, vals):
        if WILD[c]:
            parts.append(f"{short(c)} as {v}")
        else:
            parts.append("Ace" if v == 1 else "Crown" if v == 10 else str(v))
    nums = [v for v in vals if 2 <= v <= 9]
    t = sum(nums)
    ace = any(v == 1 for v in vals)
    crown = any(v == 10 for v in vals)
    bonus = 5 * (ace + crown)
    what = "Ace and Crown" if ace and crown else "Ace" if ace else "Crown" if crown else ""
    head = ", ".join(parts) + f": total {t}"
    if t < UPKEEP:
        tail = f"{UPKEEP - t} short of the upkeep of {UPKEEP}"
        if bonus:
            tail += f", {bonus} more lost for the {what}"
        return f"{head}; {tail} = {score}"
    s, mask = upkeep(nums)
    paid = [nums[i] for i in range(len(nums)) if mask >> i & 1]
    left = [nums[i] for i in range(len(nums)) if not mask >> i & 1]
    tail = f"upkeep {' + '.join(map(str, paid))}" + (f" = {s}" if len(paid) > 1 else "")
    if bonus:
        tail += f"; {sum(left)} left + {bonus} for the {what} = {score}"
    else:
        tail += f"; {sum(left)} left = {score}"
    return f"{head}; {tail}"


# -- options and state -------------------------------------------------------------------------------


class EmuRanchersOptions(BaseModel):
    years: int = Field(
        4,
        ge=1,
        le=20,
        description="Years (rounds) to play; scores add up over the years. An even number is fairest.",
    )
    extended: Literal["none", "pawns", "courts"] = Field(
        "none",
        description=(
            "Extra cards: 'pawns' or 'courts' adds the Excuse and those four cards. Pawns and Courts "
            "are wild ranks 2-9 for growing a bird of one of their suits; the Excuse held at year end "
            "lets you throw away one losing bird."
        ),
    )


class EmuRanchersState(State):
    __slots__ = (
        "deck", "discard", "hands", "birds", "bmask", "bup", "bdown", "bacc", "first", "turn", "step",
        "just_discarded", "queue", "excused", "last_birds", "last_excused", "turns",
    )

    deck: list[int]  # draw pile, index 0 on top
    discard: list[int]  # discard pile, index 0 on top
    hands: list[list[int]]
    birds: list[list[list[int]]]  # per seat, per bird, bottom card first
    bmask: list[list[int]]  # per seat, per bird: common suit mask
    bup: list[list[int]]  # per seat, per bird: lowest possible top rank when rising (NO_UP: cannot rise)
    bdown: list[list[int]]  # per seat, per bird: highest possible top rank when falling (NO_DOWN)
    bacc: list[list[int]]  # per seat, per bird: bit set of the card ids that may grow it now
    first: int  # seat that plays first this year
    turn: int  # seat to act in PLAY / DRAW
    step: str  # PLAY / DRAW / OUT / EXC
    just_discarded: int  # card discarded this turn (-1: the turn's card went to a bird)
    queue: list[int]  # year end: seats still to play out, the first one acting
    excused: list[int]  # per seat: bird thrown away with the Excuse this year (-1 none)
    last_birds: list[list[list[int]]]  # the birds of the latest year scored (for its details)
    last_excused: list[int]  # the birds thrown away that year
    turns: int  # turns completed this year


class EmuRanchers(Game):
    info = GameInfo(id="emu_ranchers", **INFO)
    Options = EmuRanchersOptions
    catalogue = DECKTET
    grammar = Grammar(
        {
            "hatch": (CARD,),
            "grow": (CARD, INT),
            "discard": (CARD,),
            "draw": (WORD,),
            "finish": (),
            "excuse": (INT,),
            "keep": (),
            "next": (),
        },
        DECKTET,
        SUITS,
        words={"draw": ("deck", "discard")},
    )

    # -- setup ------------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> EmuRanchersState:
        st = EmuRanchersState(names, rng, options)
        st.first = rng.below(2)
        d = self.stacked(deck_ids(options.extended), deck, rng)
        st.discard = []
        st.last_birds = []
        st.last_excused = [-1, -1]
        self._deal(st, d)
        return st

    def _deal(self, st: EmuRanchersState, d: list[int]) -> None:
        st.hands = deal(d, 2, HAND)
        st.deck = d
        st.birds = [[], []]
        st.bmask = [[], []]
        st.bup = [[], []]
        st.bdown = [[], []]
        st.bacc = [[], []]
        st.turn = st.first
        st.step = PLAY
        st.just_discarded = -1
        st.queue = []
        st.excused = [-1, -1]
        st.turns = 0

    @staticmethod
    def rebuild(st: EmuRanchersState) -> None:
        """Recompute the bird summaries from `st.birds` (for positions built by hand in tests)."""
        for p in range(2):
            st.bmask[p], st.bup[p], st.bdown[p], st.bacc[p] = [], [], [], []
            for b in st.birds[p]:
                m, up, down = summary_of(b)
                st.bmask[p].append(m)
                st.bup[p].append(up)
                st.bdown[p].append(down)
                st.bacc[p].append(accept(m, up, down))

    # -- who acts, what is legal ----------------------------------------------------------------

    def to_act(self, state: EmuRanchersState) -> tuple[int, ...]:
        st = state
        if st.over:
            return ()
        if st.step in (PLAY, DRAW):
            return (st.turn,)
        if st.step == SCORED:
            return (1 - st.first,)
        return (st.queue[0],) if st.queue else ()

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "draw": "Drawing",
        "year end": "Year end",
        "excuse": "The Excuse",
        "scored": "Year over",
    }

    def phase(self, state: EmuRanchersState) -> str:
        return "over" if state.over else state.step

    def _grows(self, st: EmuRanchersState, seat: int) -> list[Action]:
        """Every legal growth, bird by bird, cards in id order."""
        out: list[Action] = []
        accs = st.bacc[seat]
        if not accs:
            return out
        hand = 0
        for c in st.hands[seat]:
            hand |= 1 << c
        app = out.append
        b = 0
        for acc in accs:
            x = acc & hand
            while x:
                low = x & -x
                app(A_GROW[low.bit_length() - 1][b])
                x ^= low
            b += 1
        return out

    def _losing(self, st: EmuRanchersState, seat: int) -> list[int]:
        return [b for b, cards in enumerate(st.birds[seat]) if score_bird(cards)[0] < 0]

    def legal_actions(self, state: EmuRanchersState, seat: int) -> list[Action]:
        st = state
        if st.over or seat not in self.to_act(st):
            return []
        step_ = st.step
        hand = st.hands[seat]
        if step_ == PLAY:
            out = [A_HATCH[c] for c in hand if CAN_HATCH[c]]
            out.extend(self._grows(st, seat))
            out.extend(A_DISCARD[c] for c in hand)
            return out
        if step_ == DRAW:
            if st.just_discarded < 0 and st.discard:
                return [A_DRAW_DECK, A_DRAW_DISCARD]
            return [A_DRAW_DECK]
        if step_ == OUT:
            out = self._grows(st, seat)
            out.append(A_FINISH)
            return out
        if step_ == SCORED:
            return [A_NEXT]
        out = [A_EXCUSE[b] for b in self._losing(st, seat)]
        out.append(A_KEEP)
        return out

    def why_not(self, state: EmuRanchersState, seat: int, action: Action) -> str | None:
        return self._why(state, seat, action)

    def _bird_no(self, st: EmuRanchersState, seat: int, text: str) -> tuple[int, str | None]:
        try:
            b = int(text) - 1
        except ValueError:
            return -1, "Give the bird's number."
        n = len(st.birds[seat])
        if 0 <= b < n:
            return b, None
        if n == 0:
            return -1, "You have no birds yet; hatch one first."
        return -1, f"You have no bird {text}: your birds are numbered 1 to {n}." if n > 1 else f"You have no bird {text}: you have only bird 1."

    def _why(self, st: EmuRanchersState, seat: int, action: Action) -> str | None:
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Emu Ranchers."
        if st.over:
            return "The game is over."
        cid = -1
        if kinds and kinds[0] == CARD:
            cid = SLUG_ID.get(action.args[0], -1)
            if cid < 0:
                return "There is no such card."
            if cid not in IN_DECK[st.options.extended]:
                return f"{The(cid)} is not used in this game (extended cards: {st.options.extended})."
        step_ = st.step
        hand = st.hands[seat]
        if step_ == SCORED:
            if verb == "next":
                return None
            return f"Year {st.hand_no} has been scored: start year {st.hand_no + 1} first."
        if verb == "next":
            return "The year is not over yet: there is no next year to start."
        if verb in ("hatch", "grow", "discard"):
            if step_ == DRAW:
                return "Draw a card first: your turn ends with a draw."
            if step_ == EXC:
                return "Decide first whether to throw away a losing bird with the Excuse, or keep them all."
            if step_ == OUT:
                if verb == "hatch":
                    return "The year has ended: no new birds may be hatched; you may only grow your birds, then finish."
                if verb == "discard":
                    return "The year has ended: play cards onto your birds, then finish; the cards left are discarded then."
            if cid not in hand:
                return f"{The(cid)} is not in your hand."
            if verb == "discard":
                return None
            if verb == "hatch":
                if KIND[cid] == "pawn":
                    return "Pawns cannot hatch a bird: a wild card may only grow a bird of one of its suits."
                if KIND[cid] == "court":
                    return "Courts cannot hatch a bird: a wild card may only grow a bird of one of its suits."
                if KIND[cid] == "excuse":
                    return "The Excuse cannot hatch a bird: it has no suit and no rank."
                return None
            # grow
            if KIND[cid] == "excuse":
                return "The Excuse can never join a bird (it has no suit and no rank); you may only hold it or discard it."
            b, why = self._bird_no(st, seat, action.args[1])
            if why:
                return why
            return self._grow_why(st, seat, b, cid)
        if verb == "draw":
            if step_ == PLAY:
                return "Play a card first: hatch a bird, grow a bird or discard, then draw."
            if step_ in (OUT, EXC):
                return "The year has ended: nobody draws any more this year."
            if action.args[0] == "deck":
                return None
            if action.args[0] != "discard":
                return "Draw from the deck or from the discard pile."
            if st.just_discarded >= 0:
                return "You discarded this turn, so you must draw from the draw pile."
            if not st.discard:
                return "The discard pile is empty: draw from the draw pile."
            return None
        if verb == "finish":
            if step_ == OUT:
                return None
            if step_ == EXC:
                return "Decide first whether to throw away a losing bird with the Excuse, or keep them all."
            return "You can finish only at the end of the year, after the last card of the draw pile is drawn."
        # excuse / keep
        if step_ != EXC:
            if EXCUSE not in IN_DECK[st.options.extended]:
                return "The Excuse is not in this game (the extended cards are off)."
            if step_ == OUT:
                if EXCUSE in hand:
                    return "First grow your birds as you like and finish; then you may use the Excuse."
                return "You may throw away a bird only if you hold the Excuse at the end of the year."
            return "The Excuse is used only at the end of the year."
        if verb == "keep":
            return None
        b, why = self._bird_no(st, seat, action.args[0])
        if why:
            return why
        v = score_bird(st.birds[seat][b])[0]
        if v >= 0:
            return f"Bird {b + 1} would not lose points ({pts(v)}): only a losing bird may be thrown away."
        return None

    def _grow_why(self, st: EmuRanchersState, seat: int, b: int, c: int) -> str | None:
        m, up, down = st.bmask[seat][b], st.bup[seat][b], st.bdown[seat][b]
        if fits(m, up, down, c):
            return None
        if not m & MASK[c]:
            return f"{The(c)} shares no suit with this bird ({suit_words(m)})."
        can_up, can_down = up != NO_UP, down != NO_DOWN
        if RANK[c]:
            if can_up and can_down:
                if up >= 10:
                    can_up = False
                elif down <= 1:
                    can_down = False
            if can_up and can_down:
                if up == down:
                    return f"This bird can still rise or fall: play any rank but {rank_word(up)}."
                return f"This bird can still rise or fall: play a rank above {rank_word(up)} or below {rank_word(down)}."
            if can_up:
                if up >= 10:
                    return "This bird is rising and has reached the Crown: nothing can go above it."
                return f"This bird is rising: play a rank above {rank_word(up)}."
            if down <= 1:
                return "This bird is falling and has reached the Ace: nothing can go below it."
            return f"This bird is falling: play a rank below {rank_word(down)}."
        # a wild with no free rank
        if can_up and not can_down:
            where = f"rising and already at {rank_word(up)}"
        elif can_down and not can_up:
            where = f"falling and already at {rank_word(down)}"
        else:
            where = f"at {rank_word(up)}"
        return f"{The(c)} is wild (any rank 2 to 9), but this bird is {where}: no free rank is left for it."

    # -- carrying out ------------------------------------------------------------------------------

    def play(self, state: EmuRanchersState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        who = st.names[seat]
        if verb == "hatch":
            c = SLUG_ID[action.args[0]]
            st.hands[seat].remove(c)
            st.birds[seat].append([c])
            st.bmask[seat].append(MASK[c])
            st.bup[seat].append(RANK[c])
            st.bdown[seat].append(RANK[c])
            st.bacc[seat].append(accept(MASK[c], RANK[c], RANK[c]))
            st.just_discarded = -1
            st.step = DRAW
            if events is not None:
                n = len(st.birds[seat])
                events.append(Event(f"{who} hatches bird {n} with {card_words(c)}.", "hatch", seat, {"card": SLUG[c], "bird": n}))
            return
        if verb == "grow":
            c = SLUG_ID[action.args[0]]
            b = int(action.args[1]) - 1
            st.hands[seat].remove(c)
            self._grow(st, seat, b, c)
            if events is not None:
                v = score_bird(st.birds[seat][b])[0]
                events.append(Event(
                    f"{who} grows bird {b + 1} with {card_words(c)}: now worth {pts(v)}.",
                    "grow", seat, {"card": SLUG[c], "bird": b + 1},
                ))
            if st.step == PLAY:
                st.just_discarded = -1
                st.step = DRAW
            else:
                self._advance_out(st, events)
            return
        if verb == "discard":
            c = SLUG_ID[action.args[0]]
            st.hands[seat].remove(c)
            st.discard.insert(0, c)
            st.just_discarded = c
            st.step = DRAW
            if events is not None:
                events.append(Event(f"{who} discards {card_words(c)}.", "discard", seat, {"card": SLUG[c]}))
            return
        if verb == "draw":
            if action.args[0] == "discard":
                c = st.discard.pop(0)
                self.reveal_into(st, (c,), f"hand-{seat}")  # taken from the face-up pile
                st.hands[seat].append(c)
                if events is not None:
                    events.append(Event(f"{who} takes {card_words(c)} from the discard pile.", "draw", seat, {"card": SLUG[c], "from": "discard"}))
            else:
                st.hands[seat].append(st.deck.pop(0))
                if events is not None:
                    left = len(st.deck)
                    tail = f"; {left} left" if left else " — the last one"
                    events.append(Event(f"{who} draws a card from the draw pile{tail}.", "draw", seat, {"from": "deck", "left": left}))
            st.just_discarded = -1
            st.turns += 1
            if not st.deck:
                other = 1 - seat
                st.step = OUT
                st.queue = [other, seat]
                if events is not None:
                    events.append(Event(
                        f"The draw pile is empty: year {st.hand_no} is over. {st.names[other]}, then {who}, "
                        "may still grow their birds from their hands.", "year", None, {"year": st.hand_no},
                    ))
                self._advance_out(st, events)
            else:
                st.turn = 1 - seat
                st.step = PLAY
            return
        if verb == "finish":
            if events is not None:
                events.append(Event(f"{who} is done growing birds this year.", "finish", seat))
            self._finish(st, seat, events)
            self._advance_out(st, events)
            return
        if verb == "excuse":
            b = int(action.args[0]) - 1
            st.excused[seat] = b
            if events is not None:
                v = score_bird(st.birds[seat][b])[0]
                events.append(Event(
                    f"{who} plays the Excuse and throws away bird {b + 1} (it would have scored {v}).",
                    "excuse", seat, {"bird": b + 1},
                ))
            self._done_out(st, seat, events)
            self._advance_out(st, events)
            return
        if verb == "next":
            self._new_year(st, events)
            return
        # keep
        if events is not None:
            events.append(Event(f"{who} keeps every bird.", "keep", seat))
        self._done_out(st, seat, events)
        self._advance_out(st, events)

    @staticmethod
    def _grow(st: EmuRanchersState, seat: int, b: int, c: int) -> None:
        st.birds[seat][b].append(c)
        st.bmask[seat][b] &= MASK[c]
        up, down = st.bup[seat][b], st.bdown[seat][b] = step(st.bup[seat][b], st.bdown[seat][b], c)
        st.bacc[seat][b] = accept(st.bmask[seat][b], up, down)

    def _finish(self, st: EmuRanchersState, seat: int, events: list[Event] | None) -> None:
        """A player stops growing: the Excuse decision if it applies, else the hand is discarded."""
        if EXCUSE in st.hands[seat] and st.excused[seat] < 0 and self._losing(st, seat):
            st.step = EXC
            return
        self._done_out(st, seat, events)

    def _done_out(self, st: EmuRanchersState, seat: int, events: list[Event] | None) -> None:
        hand = st.hands[seat]
        if hand:
            if events is not None:
                events.append(Event(
                    f"{st.names[seat]} discards the rest of the hand: {listing([the(c) for c in hand])}.",
                    "discard", seat, {"cards": [SLUG[c] for c in hand]},
                ))
            st.discard[0:0] = hand[::-1]
            hand.clear()
        st.queue.remove(seat)
        st.step = OUT

    def _advance_out(self, st: EmuRanchersState, events: list[Event] | None) -> None:
        """Skip players with nothing to grow at year end; score the year when all are done."""
        while st.step == OUT and st.queue:
            p = st.queue[0]
            if self._grows(st, p):
                return
            self._finish(st, p, events)
        if st.step == OUT and not st.queue:
            self._score_year(st, events)

    def _score_year(self, st: EmuRanchersState, events: list[Event] | None) -> None:
        year = st.hand_no
        points = [0, 0]
        for p in range(2):
            ex = st.excused[p]
            for b, cards in enumerate(st.birds[p]):
                if b != ex:
                    points[p] += score_bird(cards)[0]
        for p in range(2):
            st.scores[p] += points[p]
        st.sheet.append(points)
        st.last_birds = [[b[:] for b in st.birds[p]] for p in range(2)]
        st.last_excused = st.excused[:]
        if events is not None:
            for line in self.year_details(st)[1:]:
                events.append(Event(line, "score", None))
            events.append(Event(
                f"Year {year} scored: {st.names[0]} {points[0]:+d}, {st.names[1]} {points[1]:+d} "
                f"(totals {st.scores[0]} and {st.scores[1]}).", "score", None, {"year": year, "points": points},
            ))
        if year >= st.options.years:
            st.over = True
            st.queue = []
            if events is not None:
                events.append(Event(self._summary(st), "end", None))
            return
        st.step = SCORED  # the birds stay on the table until someone starts the next year
        st.queue = []

    def _new_year(self, st: EmuRanchersState, events: list[Event] | None) -> None:
        """Every card back, shuffled; six new cards each; the other player starts."""
        year = st.hand_no
        full = deck_ids(st.options.extended)
        d = st.rng.shuffled(full)
        st.hand_no = year + 1
        st.first = 1 - st.first
        self._deal(st, d)
        st.discard = []
        if events is not None:
            events.append(Event(
                f"Year {st.hand_no} begins: six new cards each; {st.names[st.first]} plays first.",
                "year", None, {"year": st.hand_no},
            ))

    def year_details(self, st: EmuRanchersState) -> list[str]:
        """The latest scored year, bird by bird, in words."""
        if not st.sheet:
            return []
        year = len(st.sheet)
        details: list[str] = [f"Year {year}:"]
        for p in range(2):
            name = st.names[p]
            birds = st.last_birds[p] if p < len(st.last_birds) else []
            if not birds:
                details.append(f"{name} had no birds: 0 points.")
            for b, cards in enumerate(birds):
                if st.last_excused[p] == b:
                    details.append(f"{name}, bird {b + 1}: thrown away (Excuse played): 0 points.")
                    continue
                m = summary_of(cards)[0]
                details.append(f"{name}, bird {b + 1} ({suit_words(m, '/')}): {score_text(cards)}.")
            details.append(f"{name} scores {st.sheet[-1][p]} for year {year}.")
        return details

    # -- results ---------------------------------------------------------------------------------------

    @staticmethod
    def _placings(scores: list[int]) -> list[int]:
        return [1 + sum(1 for t in scores if t > s) for s in scores]

    def _summary(self, st: EmuRanchersState) -> str:
        a, b = st.scores
        if a == b:
            return f"A draw: {st.names[0]} and {st.names[1]} both have {pts(a)}."
        w = 0 if a > b else 1
        return f"{st.names[w]} wins with {pts(st.scores[w])} to {st.scores[1 - w]}."

    def final(self, state: EmuRanchersState) -> ResultView:
        st = state
        details = []
        for y, row in enumerate(st.sheet, 1):
            details.append(f"Year {y}: {st.names[0]} {row[0]:+d}, {st.names[1]} {row[1]:+d}.")
        details.extend(self.year_details(st))
        return ResultView(scores=list(st.scores), placings=self._placings(st.scores), summary=self._summary(st), details=details)

    # -- what is shown ---------------------------------------------------------------------------------

    def bird_label(self, st: EmuRanchersState, p: int, b: int) -> str:
        cards = st.birds[p][b]
        m, up, down = st.bmask[p][b], st.bup[p][b], st.bdown[p][b]
        head = f"{st.names[p]}'s bird {b + 1} ({suit_words(m, '/')}, {direction(cards, up, down)})"
        if st.excused[p] == b:
            return head + ": thrown away (Excuse played), 0 points"
        v, vals = score_bird(cards)
        wilds = [f"{short(c)} as {x}" for c, x in zip(cards, vals) if WILD[c]]
        return head + f": {pts(v)}" + (f" ({', '.join(wilds)})" if wilds else "")  # not "— -6 points"

    def zones(self, state: EmuRanchersState) -> list[Zone]:
        st = state
        top = f" (top: {short(st.discard[0])})" if st.discard else ""
        out = [
            Zone("deck", st.deck, Vis.NOBODY, None, "Draw pile", "pile"),
            Zone("discard", st.discard, Vis.PUBLIC, None, "Discard pile" + top, "pile"),
        ]
        for p, name in enumerate(st.names):
            out.append(Zone(f"hand-{p}", st.hands[p], Vis.OWNER, p, f"{name}'s hand", "hand"))
            for b, cards in enumerate(st.birds[p]):
                out.append(Zone(f"bird-{p}-{b + 1}", cards, Vis.PUBLIC, p, self.bird_label(st, p, b), "row"))
        return out

    def describe(self, state: EmuRanchersState, seat: int | None) -> dict[str, Any]:
        st = state
        status = {
            "Year": f"{st.hand_no} of {st.options.years}",
            "Draw pile": f"{len(st.deck)} card{'s' if len(st.deck) != 1 else ''}",
            "Discard": DECKTET[st.discard[0]].name if st.discard else "empty",
            "First player": st.names[st.first],
        }
        seat_facts: dict[int, dict[str, str]] = {}
        birds_extra = []
        for p in range(2):
            values = []
            total = 0
            for b, cards in enumerate(st.birds[p]):
                v = 0 if st.excused[p] == b else score_bird(cards)[0]
                total += v
                values.append({
                    "bird": b + 1,
                    "zone": f"bird-{p}-{b + 1}",
                    "cards": [SLUG[c] for c in cards],
                    "suits": suit_words(st.bmask[p][b], "/"),
                    "direction": direction(cards, st.bup[p][b], st.bdown[p][b]),
                    "value": v,
                    "excused": st.excused[p] == b,
                })
            birds_extra.append(values)
            seat_facts[p] = {
                "Hand": str(len(st.hands[p])),
                "Birds": str(len(st.birds[p])),
                "Birds worth": f"{total:+d}",
            }
        acting = self.to_act(st)
        prompt = self._prompt(st, seat, acting)
        extra = {"birds": birds_extra, "last_year": self.year_details(st), "years": st.options.years, "year": st.hand_no}
        return {"phase": self.phase(st), "prompt": prompt, "status": status, "seat_facts": seat_facts, "extra": extra}

    def _prompt(self, st: EmuRanchersState, seat: int | None, acting: tuple[int, ...]) -> str:
        if st.over:
            return self._summary(st)
        p = acting[0] if acting else None
        if p is None:
            return ""
        name = st.names[p]
        mine = seat == p
        if st.step == PLAY:
            if mine:
                return "Hatch a new bird, grow one of your birds, or discard a card; then you draw."
            return f"{name} is hatching, growing or discarding."
        if st.step == DRAW:
            if mine:
                if st.just_discarded >= 0 or not st.discard:
                    return "Draw the top card of the draw pile."
                return f"Draw: the top of the draw pile, or {the(st.discard[0])} from the discard pile."
            return f"{name} is drawing a card."
        if st.step == OUT:
            if mine:
                return "The year is over: grow your birds from your hand if you like (no hatching), then finish; the rest of your hand is discarded."
            return f"The year is over: {name} may grow birds from the hand."
        if st.step == SCORED:
            nxt = st.names[1 - st.first]
            if mine:
                return f"Year {st.hand_no} is scored (see the birds and the log). Start year {st.hand_no + 1}; you play first."
            return f"Year {st.hand_no} is scored; {nxt} starts year {st.hand_no + 1}."
        if mine:
            return "You hold the Excuse: throw away one losing bird (it scores 0 instead), or keep them all."
        return f"{name} decides whether to use an Excuse on a losing bird."

    def label(self, state: EmuRanchersState, action: Action) -> str:
        st = state
        verb = action.verb
        if verb == "draw":
            if action.args and action.args[0] == "discard" and st.discard:
                return f"Draw {the(st.discard[0])} from the discard pile"
            return "Draw from the draw pile"
        if verb == "finish":
            return "Finish the year"
        if verb == "keep":
            return "Keep all birds"
        if verb == "next":
            return f"Start year {st.hand_no + 1}"
        seat = self.to_act(st)[0] if self.to_act(st) else 0
        if verb == "excuse":
            try:
                b = int(action.args[0]) - 1
                v = score_bird(st.birds[seat][b])[0]
                return f"Throw away bird {b + 1} ({v:+d}) with the Excuse"
            except (ValueError, IndexError):
                return super().label(st, action)
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(st, action)
        name = the(cid)  # inside a sentence: "Hatch a bird with the Origin"
        if verb == "hatch":
            return f"Hatch a bird with {name}"
        if verb == "discard":
            return f"Discard {name}"
        try:
            b = int(action.args[1]) - 1
            cards = st.birds[seat][b]
        except (ValueError, IndexError):
            return super().label(st, action)
        now = score_bird(cards)[0]
        after = score_bird(cards + [cid])[0]
        return f"Grow bird {b + 1} with {name} ({now:+d} → {after:+d})"


GAME = EmuRanchers()
