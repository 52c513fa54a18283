"""Suitcases (David Van Slyke): rules of RULES.md section 5, a Cribbage variant for two players.

A hand: deal 6 each; both players secretly put 2 cards into the dealer's crib (`crib <card>`,
one card per action, in any order between the players); the starter is turned. Then suit
casing: the players lay cards in front of themselves (`case <card>`), never repeating a suit
within one attempt, and `pass` when they cannot. Then the show: the non-dealer's four cased
cards + starter, the dealer's four + starter, the crib + starter are counted, each followed by a
`continue` from the player whose count it was (the dealer for the crib), so the breakdown stays
on screen until it has been read. First to the target (121) wins at once.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import COURTS, DECKTET, EXCUSE, EXTENDED_IDS, PAWNS, SUITS
from decktable.cards.decktet import the, The, bare as short
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal
from decktable.engine.kits.melds import ALL_SUITS, SUIT_BITS
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.suitcases import INFO

# -- tables -------------------------------------------------------------------------------------

N = len(DECKTET)
SLUG: list[str] = [DECKTET[i].slug for i in range(N)]
SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
SB: tuple[int, ...] = SUIT_BITS  # suit bits per card
# ranked cards take part in sums and runs: Ace..Crown (1..10) and the Excuse (0)
RANKED: list[bool] = [DECKTET[i].rank is not None or i == EXCUSE for i in range(N)]
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]  # Excuse 0; Pawns/Courts 0 too (unused)
VAL: list[int] = [RANK[i] if RANKED[i] else 0 for i in range(N)]  # value in sums of 11
PAWN_KEY, COURT_KEY = 11, 12
# cards pair when their keys are equal: the rank (Excuse 0), or "a Pawn", or "a Court"
KEY: list[int] = [PAWN_KEY if i in PAWNS else COURT_KEY if i in COURTS else RANK[i] for i in range(N)]
IS_CROWN: list[bool] = [DECKTET[i].kind == "crown" for i in range(N)]
SUIT_NAME = [s.capitalize() for s in SUITS]

A_CRIB = [Action("crib", (SLUG[i],)) for i in range(N)]
A_CASE = [Action("case", (SLUG[i],)) for i in range(N)]
A_PASS = Action("pass")
A_CONTINUE = Action("continue")

CRIB, CASE, SHOW = "crib", "casing", "show"

# index subsets of a hand of up to 5 cards, by hand size
SUBSETS: dict[int, list[tuple[int, ...]]] = {
    n: [s for k in range(2, n + 1) for s in combinations(range(n), k)] for n in range(0, 7)
}


def rank_word(cid: int) -> str:
    if cid == EXCUSE:
        return "0"
    if cid in PAWNS:
        return "Pawn"
    if cid in COURTS:
        return "Court"
    r = RANK[cid]
    return "Ace" if r == 1 else "Crown" if r == 10 else str(r)


def kind_plural(cid: int) -> str:
    if cid in PAWNS:
        return "Pawns"
    if cid in COURTS:
        return "Courts"
    if cid == EXCUSE:
        return "Excuses"
    r = RANK[cid]
    return "Aces" if r == 1 else "Crowns" if r == 10 else f"{r}s"


def listing(parts: list[str]) -> str:
    return words.listing(parts, "nothing")


def suit_names(bits: int) -> list[str]:
    return [SUIT_NAME[s] for s in range(6) if bits >> s & 1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


OF_A_KIND = {2: "pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind", 6: "six of a kind"}


# -- scoring ------------------------------------------------------------------------------------


def case_points(attempt: list[int], before_total: int, before_suits: int) -> tuple[int, list[tuple[str, int]]]:
    """Points for the last card of `attempt` (just cased), with the reasons: (words, points).
    `before_total` and `before_suits` are the attempt's running total and suits before it."""
    c = attempt[-1]
    n = len(attempt)
    pts = 0
    why: list[tuple[str, int]] = []
    if before_total < 11 and before_total + VAL[c] == 11:
        pts += 1
        why.append(("eleven", 1))
    key = KEY[c]
    k = 1
    while k < n and KEY[attempt[n - 1 - k]] == key:
        k += 1
    if k >= 2:
        p = k * (k - 1)
        pts += p
        why.append((OF_A_KIND.get(k, f"{k} of a kind"), p))
    if RANKED[c] and n >= 3:
        best = 0
        seen = 1 << RANK[c]
        lo = hi = RANK[c]
        for j in range(2, n + 1):
            d = attempt[n - j]
            if not RANKED[d]:
                break
            r = RANK[d]
            if seen >> r & 1:
                break
            seen |= 1 << r
            if r < lo:
                lo = r
            elif r > hi:
                hi = r
            if j >= 3 and hi - lo == j - 1:
                best = j
        if best:
            pts += best
            why.append((f"run of {best}", best))
    if before_suits != ALL_SUITS and (before_suits | SB[c]) == ALL_SUITS:
        pts += 6
        why.append(("suit-meld", 6))
    return pts, why


def case_total(attempt: list[int], before_total: int, before_suits: int) -> int:
    return case_points(attempt, before_total, before_suits)[0]


def show_items(cards: list[int]) -> list[tuple[str, tuple[int, ...], int]]:
    """Every scoring combination of a counted hand (four cards + starter): (kind, cards, points)
    with kind "eleven", "pair", "run" or "meld", in that order."""
    n = len(cards)
    items: list[tuple[str, tuple[int, ...], int]] = []
    subs = SUBSETS[n]
    # sums of 11 (ranked cards only; the Excuse counts 0)
    for s in subs:
        tot = 0
        ok = True
        for i in s:
            c = cards[i]
            if not RANKED[c]:
                ok = False
                break
            tot += VAL[c]
        if ok and tot == 11:
            items.append(("eleven", tuple(cards[i] for i in s), 1))
    # pairs
    for i in range(n):
        for j in range(i + 1, n):
            if KEY[cards[i]] == KEY[cards[j]]:
                items.append(("pair", (cards[i], cards[j]), 2))
    # runs: maximal stretches of consecutive ranks (0..10), length >= 3, once per combination
    by_rank: list[list[int]] = [[] for _ in range(11)]
    for c in cards:
        if RANKED[c]:
            by_rank[RANK[c]].append(c)
    r = 0
    while r <= 10:
        if not by_rank[r]:
            r += 1
            continue
        e = r
        while e + 1 <= 10 and by_rank[e + 1]:
            e += 1
        length = e - r + 1
        if length >= 3:
            for combo in product(*by_rank[r : e + 1]):
                items.append(("run", tuple(combo), length))
        r = e + 1
    # suit-melds: the suits of the subset are the six suits, each exactly once (no Excuse)
    for s in subs:
        seen = 0
        ok = True
        for i in s:
            b = SB[cards[i]]
            if not b or b & seen:
                ok = False
                break
            seen |= b
        if ok and seen == ALL_SUITS:
            items.append(("meld", tuple(cards[i] for i in s), 6))
    return items


def _covers(left: int, bits: list[int]) -> int:
    """How many sets of cards with these suit bits cover the suit bits `left` exactly (each
    cover found once: the card taking the lowest uncovered suit is chosen first)."""
    if not left:
        return 1
    low = left & -left
    n = 0
    for b in bits:
        if b & low and not b & ~left:
            n += _covers(left ^ b, bits)
    return n


def show_total(cards: list[int]) -> int:
    """The points of a counted hand, fast (the same total as `show_items`)."""
    ways = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    count = [0] * 13
    bits = []
    for c in cards:
        count[KEY[c]] += 1
        if RANKED[c]:
            v = VAL[c]
            for s in range(11, v - 1, -1):
                ways[s] += ways[s - v]
        b = SB[c]
        if b:
            bits.append(b)
    pts = ways[11]
    for k in count:
        if k > 1:
            pts += k * (k - 1)
    r = 0
    while r <= 10:
        if not count[r]:
            r += 1
            continue
        e = r
        mult = count[r]
        while e < 10 and count[e + 1]:
            e += 1
            mult *= count[e]
        if e - r >= 2:
            pts += (e - r + 1) * mult
        r = e + 1
    if len(bits) >= 2:
        pts += 6 * _covers(ALL_SUITS, bits)
    return pts


KIND_WORDS = {"eleven": "sums of 11", "pair": "pairs", "run": "runs", "meld": "suit-melds"}


def item_text(kind: str, cards: tuple[int, ...], pts: int) -> str:
    names = [short(c) for c in cards]
    if kind == "eleven":
        vals = " + ".join(str(VAL[c]) for c in cards)
        return f"11: {' + '.join(names)} ({vals}) — {pts}"
    if kind == "pair":
        return f"pair of {kind_plural(cards[0])}: {' + '.join(names)} — {pts}"
    if kind == "run":
        ordered = sorted(cards, key=lambda c: RANK[c])
        return f"run of {len(cards)}: {'-'.join(short(c) for c in ordered)} — {pts}"
    return f"suit-meld: {' + '.join(names)} — {pts}"


def summary_of(items: list[tuple[str, tuple[int, ...], int]]) -> str:
    """"sums of 11 3, pairs 6, runs 9, suit-melds 6 = 24" (kinds with points only)."""
    by: dict[str, int] = {}
    for k, _, p in items:
        by[k] = by.get(k, 0) + p
    total = sum(by.values())
    if not total:
        return "nothing = 0"
    parts = [f"{KIND_WORDS[k]} {by[k]}" for k in ("eleven", "pair", "run", "meld") if k in by]
    return ", ".join(parts) + f" = {total}"


# -- options and state ----------------------------------------------------------------------------


class SuitcasesOptions(BaseModel):
    target: int = Field(
        121, ge=11, le=1000,
        description="Points needed to win (121 as on a Cribbage board); the first player to reach it wins at once.",
    )
    skunks: bool = Field(
        True,
        description="Name skunks in the result: the loser had 61-90 points (skunk) or 60 or fewer (double skunk); the lines scale with the target.",
    )
    events: bool = Field(
        False,
        description="Starter events: the dealer scores 2 for Sky High (starter is the Excuse), So Low (starter is a Pawn) and Royal Clique (a Crown is the starter this hand and last hand).",
    )
    first_dealer: Literal["random", "first", "second"] = Field(
        "random",
        description="Who deals the first hand: drawn at random (the rules; with a stacked deck the first seat), or the first or second seat; then the deal alternates.",
    )


class SuitcasesState(State):
    __slots__ = (
        "deck", "hands", "picks", "crib", "starter", "cased", "dealer", "step", "turn",
        "attempt", "attempt_by", "total", "suits", "passed", "last", "attempts",
        "show_step", "last_starter", "hand_pts", "prev", "note", "bonus", "winner",
    )

    deck: list[int]
    hands: list[list[int]]
    picks: list[list[int]]  # crib choices, hidden from the other seat until both have chosen
    crib: list[int]
    starter: list[int]  # 0 or 1 card
    cased: list[list[int]]  # cards cased this hand, per seat, in play order
    dealer: int
    step: str  # CRIB / CASE / SHOW
    turn: int  # who acts in casing and in the show
    attempt: list[int]  # cards of the current attempt, in play order
    attempt_by: list[int]  # who played each of them
    total: int  # running total of the current attempt
    suits: int  # suit bits of the current attempt
    passed: list[bool]
    last: int  # seat that played last in the current attempt, -1 none
    attempts: list[list[int]]  # finished attempts of this hand: [seat, card, seat, card, ...]
    show_step: int  # -1 before the show; 0 non-dealer's hand, 1 dealer's hand, 2 crib
    last_starter: int  # starter of the previous hand (-1 none), for Royal Clique
    hand_pts: list[int]
    prev: list[int]  # the back pegs: each score before its latest gain
    note: str  # the latest scoring in words (public)
    bonus: list[str]  # starter events scored this hand (names)
    winner: int


class Suitcases(Game):
    info = GameInfo(id="suitcases", **INFO)
    Options = SuitcasesOptions
    catalogue = DECKTET
    grammar = Grammar({"crib": (CARD,), "case": (CARD,), "pass": (), "continue": ()}, DECKTET, SUITS)

    # -- setup ----------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> SuitcasesState:
        st = SuitcasesState(names, rng, options)
        if options.first_dealer == "second":
            st.dealer = 1
        elif options.first_dealer == "first" or deck is not None:
            st.dealer = 0  # a stacked deck deals the same whatever the seed: the first seat deals
        else:
            st.dealer = rng.below(2)
        st.last_starter = -1
        st.prev = [0, 0]
        st.winner = -1
        d = self.stacked(EXTENDED_IDS, deck, rng)
        self._deal(st, d)
        return st

    def _deal(self, st: SuitcasesState, d: list[int]) -> None:
        pone = 1 - st.dealer
        hands = deal(d, 2, 6, first=pone)
        st.hands = hands
        st.deck = d
        st.picks = [[], []]
        st.crib = []
        st.starter = []
        st.cased = [[], []]
        st.step = CRIB
        st.turn = pone
        st.attempt = []
        st.attempt_by = []
        st.total = 0
        st.suits = 0
        st.passed = [False, False]
        st.last = -1
        st.attempts = []
        st.show_step = -1
        st.hand_pts = [0, 0]
        st.note = ""
        st.bonus = []

    def _new_hand(self, st: SuitcasesState, events: list[Event] | None) -> None:
        st.sheet.append(list(st.hand_pts))
        st.last_starter = st.starter[0] if st.starter else -1
        d = list(EXTENDED_IDS)
        st.rng.shuffle(d)
        st.dealer = 1 - st.dealer
        st.hand_no += 1
        self._deal(st, d)
        if events is not None:
            events.append(Event(
                f"Hand {st.hand_no}: {st.names[st.dealer]} deals six cards each.", "deal", st.dealer,
                {"hand": st.hand_no, "dealer": st.dealer},
            ))

    # -- scoring helper -------------------------------------------------------------------------

    def _score(self, st: SuitcasesState, seat: int, pts: int) -> bool:
        """Add points (capped at the target); True when this wins the game at once."""
        if pts <= 0:
            return False
        target = st.options.target
        st.prev[seat] = st.scores[seat]
        new = min(st.scores[seat] + pts, target)
        st.hand_pts[seat] += new - st.scores[seat]
        st.scores[seat] = new
        if new >= target:
            st.over = True
            st.winner = seat
            st.sheet.append(list(st.hand_pts))
            return True
        return False

    def _won(self, st: SuitcasesState, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event(self._summary(st), "win", st.winner, {"scores": list(st.scores)}))

    # -- who acts, what is legal ----------------------------------------------------------------

    def to_act(self, state: SuitcasesState) -> tuple[int, ...]:
        st = state
        if st.over:
            return ()
        if st.step == CRIB:
            p = st.picks
            return tuple(s for s in (0, 1) if len(p[s]) < 2)
        return (st.turn,)

    def legal_actions(self, state: SuitcasesState, seat: int) -> list[Action]:
        st = state
        if st.over:
            return []
        step = st.step
        if step == CRIB:
            if len(st.picks[seat]) >= 2:
                return []
            return [A_CRIB[c] for c in st.hands[seat]]
        if seat != st.turn:
            return []
        if step == CASE:
            used = st.suits
            out = [A_CASE[c] for c in st.hands[seat] if not SB[c] & used]
            return out or [A_PASS]
        return [A_CONTINUE]

    def why_not(self, state: SuitcasesState, seat: int, action: Action) -> str | None:
        return self._why(state, seat, action)

    def _why(self, st: SuitcasesState, seat: int, action: Action) -> str | None:
        verb = action.verb
        kinds = self.grammar.verbs.get(verb)
        if kinds is None or len(action.args) != len(kinds):
            return "That is not a move of Suitcases: crib a card, case a card, pass or continue."
        if st.over:
            return "The game is over."
        cid = -1
        if kinds:
            cid = SLUG_ID.get(action.args[0], -1)
            if cid < 0:
                return "There is no such card."
        step = st.step
        if verb == "crib":
            if step != CRIB:
                return "The crib is already complete; cards go into it only right after the deal."
            if len(st.picks[seat]) >= 2:
                return "You have already put two cards in the crib; wait for the other player."
            if cid not in st.hands[seat]:
                if cid in st.picks[seat]:
                    return f"{The(cid)} is already in the crib."
                return f"{The(cid)} is not in your hand."
            return None
        if verb == "case":
            if step == CRIB:
                return "First each player puts two cards in the crib; casing starts after that."
            if step == SHOW:
                return "Casing is over; the hands are being counted."
            if seat != st.turn:
                return f"It is {st.names[st.turn]}'s turn to case a card."
            if cid not in st.hands[seat]:
                if cid in st.cased[seat]:
                    return f"You have already cased {the(cid)}."
                return f"{The(cid)} is not in your hand."
            clash = SB[cid] & st.suits
            if clash:
                names = suit_names(clash)
                holders = [c for c in st.attempt if SB[c] & clash]
                who = "a card" if len(holders) == 1 else "cards"
                return f"{The(cid)} shares {listing(names)} with {who} already in this attempt."
            return None
        if verb == "pass":
            if step == CRIB:
                return "You cannot pass now: put two cards in the crib."
            if step == SHOW:
                return "The hands are being counted: continue when you have read the count."
            if seat != st.turn:
                return f"It is {st.names[st.turn]}'s turn."
            if any(not SB[c] & st.suits for c in st.hands[seat]):
                return "You can still play, so you cannot pass."
            return None
        # continue
        if step != SHOW:
            return "There is nothing to continue: " + (
                "put two cards in the crib." if step == CRIB else "case a card, or pass if you cannot."
            )
        if seat != st.turn:
            return f"{st.names[st.turn]} continues past this count."
        return None

    # -- carrying out ---------------------------------------------------------------------------

    def play(self, state: SuitcasesState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        if verb == "crib":
            self._crib(st, seat, SLUG_ID[action.args[0]], events)
        elif verb == "case":
            self._case(st, seat, SLUG_ID[action.args[0]], events)
        elif verb == "pass":
            self._pass(st, seat, events)
        else:
            self._continue(st, seat, events)

    def _crib(self, st: SuitcasesState, seat: int, cid: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(cid)
        st.picks[seat].append(cid)
        if events is not None:
            events.append(Event(f"{st.names[seat]} puts a card in the crib.", "crib", seat))
        if len(st.picks[0]) < 2 or len(st.picks[1]) < 2:
            return
        pone = 1 - st.dealer
        st.crib.extend(st.picks[pone])
        st.crib.extend(st.picks[st.dealer])
        st.picks[0].clear()
        st.picks[1].clear()
        starter = st.deck.pop(0)
        st.starter.append(starter)
        dn = st.names[st.dealer]
        if events is not None:
            events.append(Event(
                f"The crib is complete. {st.names[pone]} cuts and {dn} turns the starter: {the(starter)}.",
                "starter", st.dealer, {"starter": SLUG[starter]},
            ))
        if st.options.events:
            found = []
            if starter == EXCUSE:
                found.append("Sky High")
            if starter in PAWNS:
                found.append("So Low")
            if IS_CROWN[starter] and st.last_starter >= 0 and IS_CROWN[st.last_starter]:
                found.append("Royal Clique")
            for name in found:
                st.bonus.append(name)
                st.note = f"{dn}: {name}, 2"
                won = self._score(st, st.dealer, 2)
                if events is not None:
                    events.append(Event(f"{name}! {dn} (the dealer) scores 2.", "score", st.dealer,
                                        {"event": name, "points": 2}))
                if won:
                    self._won(st, events)
                    return
        st.step = CASE
        st.turn = pone
        if events is not None:
            events.append(Event(f"{st.names[pone]} starts the first suit attempt.", "attempt", pone))

    def _case(self, st: SuitcasesState, seat: int, cid: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(cid)
        st.cased[seat].append(cid)
        st.attempt.append(cid)
        st.attempt_by.append(seat)
        before_total, before_suits = st.total, st.suits
        st.total = before_total + VAL[cid]
        st.suits = before_suits | SB[cid]
        st.last = seat
        pts, why = case_points(st.attempt, before_total, before_suits)
        name = st.names[seat]
        if pts:
            st.note = f"{name}, {short(cid)}: " + ", ".join(f"{w} {p}" for w, p in why)
        if events is not None:
            text = f"{name} cases {the(cid)} (total {st.total})"
            if pts:
                text += ": " + ", ".join(f"{w} {p}" for w, p in why) + f" — {plural(pts, 'point')}."
            else:
                text += "."
            events.append(Event(text, "case", seat, {"card": SLUG[cid], "points": pts, "total": st.total,
                                                     "why": [[w, p] for w, p in why]}))
        if pts and self._score(st, seat, pts):
            self._won(st, events)
            return
        other = 1 - seat
        if not st.passed[other] and st.hands[other]:
            st.turn = other
        elif st.hands[seat]:
            st.turn = seat
        else:
            self._end_attempt(st, events)

    def _pass(self, st: SuitcasesState, seat: int, events: list[Event] | None) -> None:
        st.passed[seat] = True
        if events is not None:
            events.append(Event(f"{st.names[seat]} passes.", "pass", seat))
        other = 1 - seat
        if not st.passed[other] and st.hands[other]:
            st.turn = other
        else:
            self._end_attempt(st, events)

    def _end_attempt(self, st: SuitcasesState, events: list[Event] | None) -> None:
        last = st.last
        flat: list[int] = []
        for s, c in zip(st.attempt_by, st.attempt):
            flat.append(s)
            flat.append(c)
        st.attempts.append(flat)
        st.attempt = []
        st.attempt_by = []
        st.total = 0
        st.suits = 0
        st.passed = [False, False]
        st.last = -1
        st.note = f"{st.names[last]}: last card, 1"
        if events is not None:
            events.append(Event(f"{st.names[last]} played the last card of the attempt: 1 point.", "score", last,
                                {"points": 1, "why": [["last card", 1]]}))
        if self._score(st, last, 1):
            self._won(st, events)
            return
        other = 1 - last
        if st.hands[other]:
            st.turn = other
        elif st.hands[last]:
            st.turn = last
        else:
            st.step = SHOW
            st.show_step = -1
            if events is not None:
                events.append(Event("All cards are cased. The show: the hands are counted.", "show", None))
            self._next_count(st, events)
            return
        if events is not None:
            events.append(Event(f"{st.names[st.turn]} starts a new suit attempt.", "attempt", st.turn))

    def count_cards(self, st: SuitcasesState, step: int) -> tuple[int, list[int], str]:
        """(seat scoring, cards counted with the starter last, title) for a show step."""
        pone = 1 - st.dealer
        starter = st.starter[:1]
        if step == 0:
            return pone, st.cased[pone] + starter, f"{st.names[pone]}'s hand"
        if step == 1:
            return st.dealer, st.cased[st.dealer] + starter, f"{st.names[st.dealer]}'s hand"
        return st.dealer, st.crib + starter, f"{st.names[st.dealer]}'s crib"

    def _next_count(self, st: SuitcasesState, events: list[Event] | None) -> None:
        st.show_step += 1
        seat, cards, title = self.count_cards(st, st.show_step)
        st.turn = seat
        items = show_items(cards) if events is not None else []
        pts = sum(p for _, _, p in items) if events is not None else show_total(cards)
        st.note = f"{title}: {plural(pts, 'point')}"
        if events is not None:
            shown = ", ".join(short(c) for c in cards[:-1])
            lines = "; ".join(item_text(*it) for it in items) or "no scoring combination"
            events.append(Event(
                f"{title} — {shown} + starter {short(cards[-1])}: {summary_of(items)}. ({lines})",
                "count", seat,
                {"title": title, "cards": [SLUG[c] for c in cards], "points": pts,
                 "items": [{"kind": k, "cards": [SLUG[c] for c in cs], "points": p} for k, cs, p in items]},
            ))
        if self._score(st, seat, pts):
            self._won(st, events)

    def _continue(self, st: SuitcasesState, seat: int, events: list[Event] | None) -> None:
        if st.show_step < 2:
            self._next_count(st, events)
        else:
            self._new_hand(st, events)

    # -- results ----------------------------------------------------------------------------------

    def skunk(self, st: SuitcasesState) -> str:
        """'', 'skunk' or 'double skunk' for the loser of a finished game."""
        if st.winner < 0:
            return ""
        target = st.options.target
        lost = st.scores[1 - st.winner]
        if lost <= target // 2:
            return "double skunk"
        if lost <= target * 3 // 4:
            return "skunk"
        return ""

    def _summary(self, st: SuitcasesState) -> str:
        w = st.winner
        if w < 0:
            return "The game is not finished."
        text = f"{st.names[w]} wins {st.scores[w]} to {st.scores[1 - w]}."
        if st.options.skunks:
            sk = self.skunk(st)
            if sk:
                text += f" {st.names[1 - w]} is {'double skunked' if sk == 'double skunk' else 'skunked'}!"
        return text

    def final(self, state: SuitcasesState) -> ResultView:
        st = state
        w = st.winner if st.winner >= 0 else (0 if st.scores[0] >= st.scores[1] else 1)
        placings = [1 if p == w else 2 for p in (0, 1)]
        target = st.options.target
        details = [f"{st.names[p]}: {st.scores[p]} of {target} points." for p in (0, 1)]
        details.append(f"Hands dealt: {st.hand_no}.")
        if st.options.skunks:
            sk = self.skunk(st)
            lines = f"skunk at {target * 3 // 4} or less, double skunk at {target // 2} or less"
            if sk:
                details.append(f"{st.names[1 - w]}: {sk} ({lines}).")
            else:
                details.append(f"No skunk ({lines}).")
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)

    # -- what is shown ------------------------------------------------------------------------------

    def zones(self, state: SuitcasesState) -> list[Zone]:
        st = state
        crib_vis = Vis.PUBLIC if st.step == SHOW and st.show_step >= 2 else Vis.NOBODY
        out = []
        for p, name in enumerate(st.names):
            role = "dealer" if p == st.dealer else "non-dealer"
            out.append(Zone(f"hand{p}", st.hands[p], Vis.OWNER, p, f"{name}'s hand", "hand"))
            if st.step == CRIB or st.picks[p]:
                out.append(Zone(f"crib_choice{p}", st.picks[p], Vis.OWNER, p, f"{name}'s cards for the crib", "row"))
            out.append(Zone(f"cased{p}", st.cased[p], Vis.PUBLIC, p, f"{name}'s cased cards ({role})", "row"))
        out.append(Zone("starter", st.starter, Vis.PUBLIC, None, "Starter", "row"))
        out.append(Zone("crib", st.crib, crib_vis, st.dealer, f"{st.names[st.dealer]}'s crib", "row"))
        out.append(Zone("deck", st.deck, Vis.NOBODY, None, "Deck", "pile"))
        return out

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "crib": "Laying the crib",
        "casing": "Suit casing",
        "show": "Counting hands",
    }

    def phase(self, state: SuitcasesState) -> str:
        return "over" if state.over else state.step

    def show_view(self, st: SuitcasesState) -> list[dict[str, Any]]:
        out = []
        if st.step != SHOW:
            return out
        for k in range(st.show_step + 1):
            seat, cards, title = self.count_cards(st, k)
            items = show_items(cards)
            out.append({
                "title": title,
                "seat": seat,
                "cards": [SLUG[c] for c in cards[:-1]],
                "starter": SLUG[cards[-1]] if cards else None,
                "items": [{"kind": kd, "cards": [SLUG[c] for c in cs], "points": p, "text": item_text(kd, cs, p)}
                          for kd, cs, p in items],
                "summary": summary_of(items),
                "total": sum(p for _, _, p in items),
            })
        return out

    def describe(self, state: SuitcasesState, seat: int | None) -> dict[str, Any]:
        st = state
        target = st.options.target
        dealer, pone = st.dealer, 1 - st.dealer
        status: dict[str, str] = {"Deal": str(st.hand_no), "Dealer": st.names[dealer]}
        status["Starter"] = short(st.starter[0]) if st.starter else "not turned yet"
        seat_facts: dict[int, dict[str, str]] = {}
        for p in (0, 1):
            f = {
                "Score": f"{st.scores[p]} / {target}",
                "Role": "dealer" if p == dealer else "non-dealer",
            }
            if st.step == CRIB and not st.over:
                f["Crib"] = f"{len(st.picks[p])} of 2 chosen"
            if st.step == CASE and st.passed[p]:
                f["Passed"] = "yes"
            seat_facts[p] = f
        if st.step == CASE:
            status["Attempt"] = (
                f"total {st.total}" + (" (past 11)" if st.total > 11 else "")
                + " · suits " + (", ".join(suit_names(st.suits)) or "none")
            )
        shows = self.show_view(st)
        if st.note and not (shows and st.note.startswith(f"{shows[-1]['title']}:")):
            status["Last score"] = st.note  # not when it is the show's own total, said just below
        if shows:
            status["Show"] = f"{shows[-1]['title']}: {shows[-1]['summary']}"
            status["Breakdown"] = "; ".join(i["text"] for i in shows[-1]["items"]) or "no scoring combination"
        prompt = self._prompt(st, seat)
        extra: dict[str, Any] = {
            "target": target,
            "pegs": [[st.prev[p], st.scores[p]] for p in (0, 1)],
            "track": {"target": target, "scores": list(st.scores), "back": list(st.prev)},
            "dealer": dealer,
            "attempt": [{"seat": s, "card": SLUG[c]} for s, c in zip(st.attempt_by, st.attempt)],
            "attempt_total": st.total,
            "attempt_suits": suit_names(st.suits),
            "attempts": [[{"seat": a[i], "card": SLUG[a[i + 1]]} for i in range(0, len(a), 2)] for a in st.attempts],
            "show": shows,
            "starter_events": list(st.bonus),
        }
        if st.over and st.options.skunks:
            extra["skunk"] = self.skunk(st)
        return {
            "phase": self.phase(st),
            "prompt": prompt,
            "status": status,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: SuitcasesState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        if st.step == CRIB:
            waiting = [st.names[p] for p in (0, 1) if len(st.picks[p]) < 2]
            if seat is not None and len(st.picks[seat]) < 2:
                left = 2 - len(st.picks[seat])
                whose = "your own" if seat == st.dealer else f"{st.names[st.dealer]}'s"
                return (f"Put {left} more card{'s' if left > 1 else ''} into {whose} crib "
                        f"(the other player does not see which).")
            return f"Waiting for {listing(waiting)} to put cards in the crib."
        if st.step == CASE:
            p = st.turn
            if seat != p:
                return f"{st.names[p]} is casing."
            if self.legal_actions(st, seat) == [A_PASS]:
                return "None of your cards fits this attempt: pass."
            if not st.attempt:
                return "Start a new suit attempt: case any card."
            return "Case a card whose suits are not yet in this attempt."
        p = st.turn
        title = self.count_cards(st, st.show_step)[2]
        if seat != p:
            return f"{title} has been counted; {st.names[p]} continues."
        return f"{title} has been counted. Continue when you have read the breakdown."

    def label(self, state: SuitcasesState, action: Action) -> str:
        st = state
        if action.verb == "pass":
            return "Pass"
        if action.verb == "continue":
            return "Continue" if st.show_step < 2 else "Continue: next hand"
        cid = SLUG_ID.get(action.args[0]) if action.args else None
        if cid is None:
            return super().label(state, action)
        name = f"{short(cid)} ({rank_word(cid)})"
        if action.verb == "crib":
            return f"Crib {name}"
        if st.step == CASE and not SB[cid] & st.suits:
            pts = case_total(st.attempt + [cid], st.total, st.suits)
            return f"Case {name}: +{pts}" if pts else f"Case {name}"
        return f"Case {name}"


GAME = Suitcases()
