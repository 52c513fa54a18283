"""Bura (RULES.md section 14): two players, 36 cards, tokens and a pot.

Flow of one hand: both ante 1 -> deal 3 each, turn up trump, stock on it -> before every lead both
players holding three cards are asked, privately and at once, whether to announce a special lead
(Bura, three Aces, Molodka) -> the announced lead with the highest priority is played, else the
normal leader leads 1-3 cards of one suit -> the other answers with as many cards -> the answer
wins only if its cards beat the led cards one to one -> the winner draws first back to three
(nobody draws when the stock cannot fill both hands) -> ... A claim of 31 may be made by the
player about to act; a right claim takes the pot, a wrong one doubles it and ends the hand.
When the cards run out with no claim the hand is a draw. The game ends when a player's tokens
run out (or at the `max_hands` stop). help.md lists every reading.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, SUITS, cut, the
from decktable.engine.actions import CARDS, WORD, Action, Grammar
from decktable.engine.errors import MalformedAction
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.tricks import beating_assignment
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.bura import INFO

# -- tables, per card id (French catalogue ids 0..51) --------------------------------------------

FULL: tuple[int, ...] = cut(range(6, 15))  # 36 cards, 6 to Ace
ORDER: tuple[int, ...] = (6, 7, 8, 9, 11, 12, 13, 10, 14)  # low to high: 10 ranks below the Ace
SUIT_OF: list[int] = [c.id // 13 for c in FRENCH]
RANK: list[int] = [c.rank or 0 for c in FRENCH]
STRENGTH: list[int] = [ORDER.index(r) if r in ORDER else -1 for r in RANK]
POINTS_BY_RANK: dict[int, int] = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
POINTS: list[int] = [POINTS_BY_RANK.get(r, 0) for r in RANK]
KEY: list[int] = [SUIT_OF[c] * 20 + (STRENGTH[c] + 4 if STRENGTH[c] >= 0 else RANK[c] - 2) for c in range(52)]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
IN_PACK: frozenset[int] = frozenset(FULL)
ACE = 14
CLAIM_AT = 31


def _beat_table(trump: int) -> list[list[bool]]:
    """BEAT[trump][a][l]: card `a` played against card `l` alone would take the trick."""
    out = [[False] * 52 for _ in range(52)]
    for a in FULL:
        for led in FULL:
            if SUIT_OF[a] == SUIT_OF[led]:
                out[a][led] = STRENGTH[a] > STRENGTH[led]
            else:
                out[a][led] = SUIT_OF[a] == trump
    return out


BEAT: list[list[list[bool]]] = [_beat_table(t) for t in range(4)]


def answer_wins(led: list[int], answer: list[int], trump: int) -> bool:
    """Whether the answering cards take the trick: each must beat a different led card."""
    table = BEAT[trump]
    return beating_assignment(led, answer, lambda a, b: table[a][b]) is not None


def card_points(cards: list[int]) -> int:
    return sum(POINTS[c] for c in cards)


# special leads, in rising priority
NONE, MOLODKA, ACES, BURA = 0, 1, 2, 3
KIND_WORD: dict[int, str] = {MOLODKA: "molodka", ACES: "aces", BURA: "bura"}
WORD_KIND: dict[str, int] = {w: k for k, w in KIND_WORD.items()}
KIND_NAME: dict[int, str] = {MOLODKA: "a Molodka", ACES: "three Aces", BURA: "a Bura"}
WAITING, NOT_ASKED = -1, -2


def special_kind(hand: list[int], trump: int) -> int:
    """Which special lead a hand of three is (a hand is at most one of them)."""
    if len(hand) != 3:
        return NONE
    a, b, c = hand
    s = SUIT_OF[a]
    if SUIT_OF[b] == s and SUIT_OF[c] == s:
        return BURA if s == trump else MOLODKA
    if RANK[a] == ACE and RANK[b] == ACE and RANK[c] == ACE:
        return ACES
    return NONE


# phases
ASK, LEAD, ANSWER, FINAL, DONE, OVER = "ask", "lead", "answer", "final", "scored", "over"

PASS = Action("pass")
CLAIM = Action("claim")
DEAL = Action("deal")
ANNOUNCE: dict[int, Action] = {k: Action("announce", (w,)) for k, w in KIND_WORD.items()}
_CARD_ACTIONS: dict[tuple[str, tuple[int, ...]], Action] = {}


def _cards_action(verb: str, ids: tuple[int, ...]) -> Action:
    key = (verb, ids)
    a = _CARD_ACTIONS.get(key)
    if a is None:
        a = _CARD_ACTIONS[key] = Action(verb, tuple(SLUG[c] for c in ids))
    return a


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _left_words(st: BuraState) -> str:
    """What is left to draw, as the table names it: the stock (face down) and the trump card
    under it, drawn last."""
    n = len(st.stock)
    if not st.up_zone:
        return "the stock is used up"
    if not n:
        return "only the trump card is left"
    return f"{plural(n, 'card')} left in the stock, then the trump card"


# -- options and state ------------------------------------------------------------------------------


class BuraOptions(BaseModel):
    tokens: int = Field(
        20,
        ge=1,
        le=1000,
        description="Tokens each player starts with. The game ends when a player cannot pay an "
        "ante or a penalty in full.",
    )
    max_hands: int = Field(
        200,
        ge=1,
        le=10000,
        description="Stop after this many hands at the latest (set it low to play a fixed number "
        "of hands); then the player with more tokens wins. Also a safety stop.",
    )
    training: bool = Field(
        False,
        description="Training: show each player their own card points in tricks (never the "
        "other player's). Off in the real game, where you count in your head.",
    )


class BuraState(State):
    __slots__ = (
        "phase",
        "dealer",
        "leader",
        "turn",
        "hands",
        "stock",
        "up",
        "up_zone",
        "up_holder",
        "trump",
        "led",
        "answered",
        "special",
        "last",
        "last_leader",
        "last_led",
        "last_winner",
        "won",
        "points",
        "tricks",
        "asks",
        "pot",
        "start_tokens",
    )

    phase: str
    dealer: int
    leader: int  # who leads (or led) the current trick; the normal leader while asking
    turn: int  # who acts in LEAD / ANSWER / FINAL / DONE
    hands: list[list[int]]
    stock: list[int]  # face down, the top card LAST (drawn by pop)
    up: int  # the turned-up trump card of this hand
    up_zone: list[int]  # the up card while it lies under the stock
    up_holder: int  # who drew the up card, -1 while it lies
    trump: int  # suit index
    led: list[int]
    answered: list[int]
    special: int  # NONE or the kind of special lead of the current trick
    last: list[int]  # the previous trick, face up until the next lead (led cards first)
    last_leader: int
    last_led: int  # how many of `last` were led
    last_winner: int
    won: list[list[int]]  # face down, even to their owner
    points: list[int]  # card points in each pile (shown only in training, to its owner)
    tricks: list[int]
    asks: list[int]  # special-lead question: NOT_ASKED, WAITING, or NONE / MOLODKA / ACES / BURA
    pot: int
    start_tokens: list[int]  # tokens before this hand's antes, for the score sheet


# -- the game -----------------------------------------------------------------------------------------


class Bura(Game):
    info = GameInfo(id="bura", **INFO)
    Options = BuraOptions
    catalogue = FRENCH
    grammar = Grammar(
        {
            "lead": (CARDS,),
            "answer": (CARDS,),
            "announce": (WORD,),
            "pass": (),
            "claim": (),
            "deal": (),
        },
        FRENCH,
        SUITS,
        words={"announce": tuple(KIND_WORD[k] for k in (BURA, ACES, MOLODKA))},
    )
    rank_order = ORDER[::-1]  # A 10 K Q J 9 8 7 6

    # -- starting and dealing ----------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = BuraState(names, rng, options)
        tokens = options.tokens  # type: ignore[attr-defined]
        st.scores = [tokens, tokens]
        # a stacked deal is the same for every seed: seat 1 deals, so seat 0 gets the top card
        st.dealer = 1 if deck is not None else rng.below(2)
        st.pot = 0
        st.won = [[], []]
        st.hands = [[], []]
        st.stock = []
        st.up_zone = []
        st.last = []
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: BuraState, order: list[int], events: list[Event] | None) -> None:
        """Antes, then deal from `order` (index 0 = top): one card at a time from the non-dealer,
        three each; the seventh card is turned up for trump and the rest is the stock on it."""
        st.start_tokens = list(st.scores)
        for s in (0, 1):
            st.scores[s] -= 1
        st.pot += 2
        first = 1 - st.dealer
        st.hands[first][:] = sorted(order[0:6:2], key=KEY.__getitem__)
        st.hands[st.dealer][:] = sorted(order[1:6:2], key=KEY.__getitem__)
        st.up = order[6]
        st.up_zone[:] = [st.up]
        st.up_holder = -1
        st.trump = SUIT_OF[st.up]
        st.stock[:] = order[:6:-1]  # order[7] is the top card, last in the list
        for w in st.won:
            w.clear()
        st.points = [0, 0]
        st.tricks = [0, 0]
        st.led = []
        st.answered = []
        st.special = NONE
        st.last = []
        st.last_leader = -1
        st.last_led = 0
        st.last_winner = -1
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: both players ante 1 (the pot holds {st.pot}). "
                    f"{st.names[st.dealer]} deals and turns up {the(st.up)}: "
                    f"{SUITS[st.trump].capitalize()} are trump.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer, "up": SLUG[st.up], "pot": st.pot},
                )
            )
        self._before_lead(st, first)

    def _before_lead(self, st: BuraState, leader: int) -> None:
        """Ask both players the special-lead question when they hold three cards (hand sizes
        are public, so whether the question is asked gives nothing away); else the leader leads."""
        st.leader = leader
        st.turn = leader
        st.led = []
        st.answered = []
        st.special = NONE
        if len(st.hands[0]) == 3:
            st.phase = ASK
            st.asks = [WAITING, WAITING]
        else:
            st.phase = LEAD
            st.asks = [NOT_ASKED, NOT_ASKED]

    # -- whose turn, what is legal -----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: BuraState = state  # type: ignore[assignment]
        if st.over:
            return ()
        if st.phase == ASK:  # the seats still to answer (named: a generator was a tenth of a game)
            a0, a1 = st.asks
            if a0 == WAITING:
                return (0, 1) if a1 == WAITING else (0,)
            return (1,) if a1 == WAITING else ()
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "ask": "Special lead?",
        "lead": "Leading",
        "answer": "Answering",
        "final": "Claim 31?",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: BuraState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == ASK:
            if st.asks[seat] != WAITING:
                return []
            kind = special_kind(st.hands[seat], st.trump)
            return [PASS, ANNOUNCE[kind], CLAIM] if kind else [PASS, CLAIM]
        if seat != st.turn or st.over:
            return []
        if phase == LEAD:
            hand = st.hands[seat]
            out: list[Action] = []
            for k in (1, 2, 3):
                for combo in combinations(hand, k):
                    s = SUIT_OF[combo[0]]
                    if all(SUIT_OF[c] == s for c in combo):
                        out.append(_cards_action("lead", combo))
            out.append(CLAIM)
            return out
        if phase == ANSWER:
            out = [_cards_action("answer", combo) for combo in combinations(st.hands[seat], len(st.led))]
            out.append(CLAIM)
            return out
        if phase == FINAL:
            return [CLAIM, PASS]
        if phase == DONE:
            return [DEAL]
        return []

    def parse(self, text: str) -> Action:
        """As the grammar; the cards of `lead` and `answer` are put in the hand's order, so that
        `lead 9h 7h` and `lead 7h 9h` are the same action."""
        a = self.grammar.parse(text)
        if a.verb in ("lead", "answer") and len(a.args) > 1:
            ordered = tuple(sorted(a.args, key=lambda s: KEY[ID_OF[s]]))
            if ordered != a.args:
                a = Action(a.verb, ordered)
        return a

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        """None when `action` is legal for `seat` now, else the reason in a sentence."""
        st: BuraState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if st.over:
            return "The game is over."
        acting = self.to_act(st)
        if seat not in acting:
            return f"It is {listing([st.names[s] for s in acting])}'s turn, not yours."
        misfit = self.grammar.misfit(action) if hasattr(self.grammar, "misfit") else None
        if misfit is not None or verb not in self.grammar.verbs:
            return f"That is not a move of Bura ({misfit or 'unknown verb'})."
        phase = st.phase
        if phase == DONE:
            return None if verb == "deal" else f"Hand {st.hand_no} is over: deal the next hand first."
        if verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        if verb == "claim":
            return None  # the player about to act may always claim
        if phase == ASK:
            if verb == "pass":
                return None
            if verb != "announce":
                return "First answer the question: announce a special lead, or choose no special lead."
            kind = WORD_KIND.get(args[0], NONE)
            have = special_kind(st.hands[seat], st.trump)
            if kind == NONE:
                return "Announce bura, aces or molodka."
            if have != kind:
                return {
                    BURA: "You do not hold a Bura: that needs three trumps.",
                    ACES: "You do not hold three Aces.",
                    MOLODKA: "You do not hold a Molodka: that needs three cards of one suit other than trump.",
                }[kind]
            return None
        if verb == "announce":
            return "Special leads are announced only when both players are asked, before a lead."
        if phase == FINAL:
            if verb == "pass":
                return None
            return "The cards have run out: claim 31, or end the hand without a claim."
        if verb == "pass":
            return "There is nothing to pass now: lead, answer or claim 31."
        ids = [ID_OF[a] for a in args if a in ID_OF]
        if len(ids) != len(args) or not ids:
            return "There is no such card."
        if len(set(ids)) != len(ids):
            dup = next(c for c in ids if ids.count(c) > 1)
            return f"You named {the(dup)} twice."
        hand = st.hands[seat]
        missing = [c for c in ids if c not in hand]
        if missing:
            return f"You do not hold {listing([the(c) for c in missing])}."
        if phase == LEAD:
            if verb != "lead":
                return "You lead this trick: lead one, two or three cards of one suit."
            if len(ids) > 3:
                return "You may lead at most three cards."
            if any(SUIT_OF[c] != SUIT_OF[ids[0]] for c in ids):
                return "Cards led together must all be of one suit (three Aces only as an announced special lead)."
            if tuple(ids) != tuple(sorted(ids, key=KEY.__getitem__)):
                return f"Name the cards in the order of your hand: {self.format(self.parse(str(action)))}."
            return None
        if phase == ANSWER:
            if verb != "answer":
                return f"{st.names[st.leader]} has led: answer with {plural(len(st.led), 'card')}."
            if len(ids) != len(st.led):
                return f"Answer with exactly {plural(len(st.led), 'card')}, as many as were led."
            if tuple(ids) != tuple(sorted(ids, key=KEY.__getitem__)):
                return f"Name the cards in the order of your hand: {self.format(self.parse(str(action)))}."
            return None
        return "That move is not possible now."

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: BuraState = state  # type: ignore[assignment]
        # fast path: a listed action (the common case for bots)
        if not st.over and st.phase != ASK and seat == st.turn and action in self.legal_actions(st, seat):
            return None
        return self.why_not(st, seat, action)

    # -- carrying out ---------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: BuraState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "answer":
            ids = [ID_OF[a] for a in action.args]
            hand = st.hands[seat]
            for c in ids:
                hand.remove(c)
            st.answered = ids
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} answers with {listing([the(c) for c in ids])}.",
                        "play",
                        seat,
                        {"cards": [SLUG[c] for c in ids]},
                    )
                )
            self._finish_trick(st, events)
            return
        if verb == "lead":
            ids = [ID_OF[a] for a in action.args]
            self._lead(st, seat, ids, NONE, events)
            return
        if verb == "announce" or (verb == "pass" and st.phase == ASK):
            st.asks[seat] = WORD_KIND[action.args[0]] if verb == "announce" else NONE
            if WAITING not in st.asks:
                self._reveal(st, events)
            return
        if verb == "claim":
            self._claim(st, seat, events)
            return
        if verb == "pass":  # FINAL: no claim, the hand is a draw
            if events is not None:
                events.append(Event(f"{st.names[seat]} makes no claim: the hand is a draw.", "info", seat))
            self._end_hand(st, None, events)
            return
        if verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def _lead(self, st: BuraState, seat: int, ids: list[int], kind: int, events: list[Event] | None) -> None:
        if st.last:
            st.won[st.last_winner].extend(st.last)  # the previous trick goes face down now
            st.last = []
        hand = st.hands[seat]
        for c in ids:
            hand.remove(c)
        st.led = ids
        st.leader = seat
        st.special = kind
        st.phase = ANSWER
        st.turn = 1 - seat
        if events is not None:
            what = f" ({KIND_NAME[kind]})" if kind else ""
            events.append(
                Event(
                    f"{st.names[seat]} leads {listing([the(c) for c in ids])}{what}.",
                    "lead",
                    seat,
                    {"cards": [SLUG[c] for c in ids], "special": KIND_WORD.get(kind, "")},
                )
            )

    def _reveal(self, st: BuraState, events: list[Event] | None) -> None:
        """Both have answered the question: show the announcements together, settle priority."""
        a = st.asks
        normal = st.leader
        best = max(a)
        if events is not None and best > NONE:
            said = [
                f"{st.names[s]} announces {KIND_NAME[a[s]]}" if a[s] > NONE else f"{st.names[s]} announces nothing"
                for s in (0, 1)
            ]
            events.append(
                Event("; ".join(said) + ".", "reveal", None, {"announced": [KIND_WORD.get(x, "") for x in a]})
            )
        if best == NONE:
            st.phase = LEAD
            st.turn = normal
            return
        who = normal if a[normal] == best else 1 - normal
        if events is not None and a[0] == a[1]:
            events.append(
                Event(f"Both announce {KIND_NAME[best]}: {st.names[normal]}, who has the lead, keeps it.", "info", who)
            )
        self._lead(st, who, list(st.hands[who]), best, events)

    def _finish_trick(self, st: BuraState, events: list[Event] | None) -> None:
        leader = st.leader
        other = 1 - leader
        w = other if answer_wins(st.led, st.answered, st.trump) else leader
        cards = st.led + st.answered
        st.tricks[w] += 1
        st.points[w] += card_points(cards)
        st.last = cards
        st.last_leader = leader
        st.last_led = len(st.led)
        st.last_winner = w
        if events is not None:
            how = "every led card is beaten" if w == other else "not every led card is beaten"
            events.append(
                Event(
                    f"{st.names[w]} wins the trick ({how}) and will lead.",
                    "trick",
                    w,
                    {"winner": w},
                )
            )
        if st.special == BURA:
            if events is not None:
                events.append(
                    Event(f"{st.names[w]} wins the Bura trick, and with it the hand and the pot.", "info", w)
                )
            self._end_hand(st, w, events)
            return
        self._draw(st, w, events)
        if not st.hands[0]:
            st.phase = FINAL
            st.turn = w
            st.led = []
            st.answered = []
            st.special = NONE
            st.asks = [NOT_ASKED, NOT_ASKED]
            return
        self._before_lead(st, w)

    def _draw(self, st: BuraState, w: int, events: list[Event] | None) -> None:
        """Back to three, the winner first, alternating; nobody draws when the stock and the trump
        card under it (drawn last) cannot fill both hands."""
        need = 3 - len(st.hands[w])
        if need <= 0:
            return
        left = len(st.stock) + len(st.up_zone)
        if left < 2 * need:
            if events is not None and left:
                events.append(
                    Event(
                        f"The stock and the trump card cannot fill both hands ({_left_words(st)}): "
                        "nobody draws, and the hands are played out.",
                        "info",
                    )
                )
            return
        took_up = -1
        for _ in range(need):
            for s in (w, 1 - w):
                if st.stock:
                    c = st.stock.pop()
                else:
                    c = st.up_zone.pop()
                    st.up_holder = s
                    took_up = s
                hand = st.hands[s]
                hand.append(c)
        for s in (0, 1):
            st.hands[s].sort(key=KEY.__getitem__)
        if events is not None:
            text = f"Both draw back to three, {st.names[w]} first"
            if took_up >= 0:
                text += f"; {st.names[took_up]} takes the trump card, {the(st.up)}"
            text += f" ({_left_words(st)})."
            events.append(Event(text, "draw", w, {"left": len(st.stock) + len(st.up_zone)}))

    def _claim(self, st: BuraState, seat: int, events: list[Event] | None) -> None:
        pts = st.points[seat]
        name = st.names[seat]
        if pts >= CLAIM_AT:
            if events is not None:
                events.append(
                    Event(
                        f"{name} claims 31 and turns the tricks over: {pts} points. {name} wins the hand.",
                        "claim",
                        seat,
                        {"points": pts, "right": True},
                    )
                )
            self._end_hand(st, seat, events)
            return
        fine = st.pot
        paid = min(fine, st.scores[seat])
        st.scores[seat] -= paid
        st.pot += paid
        if events is not None:
            short = "" if paid == fine else f" (all {name} has left)"
            events.append(
                Event(
                    f"{name} claims 31 and turns the tricks over: only {pts} points. "
                    f"{name} pays {plural(paid, 'token')}{short} into the pot, which now holds {st.pot}; "
                    "the hand ends.",
                    "claim",
                    seat,
                    {"points": pts, "right": False, "paid": paid},
                )
            )
        if paid < fine:
            self._game_over(st, 1 - seat, events)
            return
        self._end_hand(st, None, events)

    def _end_hand(self, st: BuraState, w: int | None, events: list[Event] | None) -> None:
        """Pay the pot to the hand's winner (None: a draw or a wrong claim), write the score
        sheet row, then end the game or wait for the next deal."""
        if w is not None:
            if events is not None:
                events.append(Event(f"{st.names[w]} takes the pot of {plural(st.pot, 'token')}.", "score", w))
            st.scores[w] += st.pot
            st.pot = 0
        st.sheet.append([st.scores[s] - st.start_tokens[s] for s in (0, 1)])
        # cards on the table (a trick cut short by a claim) stay there until the next deal
        st.asks = [NOT_ASKED, NOT_ASKED]
        nxt = w if w is not None else 1 - st.dealer
        broke = [s for s in (0, 1) if st.scores[s] <= 0]
        if len(broke) == 1:
            self._game_over(st, 1 - broke[0], events)
            return
        if len(broke) == 2:
            self._game_over(st, None, events)
            return
        if st.hand_no >= st.options.max_hands:  # type: ignore[attr-defined]
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(f"The last hand ({st.hand_no}) is over. " + self._summary(st), "over"))
            return
        st.phase = DONE
        st.turn = nxt

    def _game_over(self, st: BuraState, winner: int | None, events: list[Event] | None) -> None:
        """A player cannot pay: the other wins the game and takes the pot (both broke: shared)."""
        if winner is not None:
            st.scores[winner] += st.pot
        else:
            half = st.pot // 2
            st.scores[0] += half
            st.scores[1] += half
        st.pot = 0
        if st.sheet and len(st.sheet) == st.hand_no:
            st.sheet[-1] = [st.scores[s] - st.start_tokens[s] for s in (0, 1)]
        else:
            st.sheet.append([st.scores[s] - st.start_tokens[s] for s in (0, 1)])
        st.over = True
        st.phase = OVER
        if events is not None:
            if winner is not None:
                text = f"{st.names[1 - winner]} has no tokens left to pay. {st.names[winner]} takes the pot and wins the game."
            else:
                text = "Neither player has a token left for the next ante: the game is drawn."
            events.append(Event(text + " " + self._summary(st), "over", winner))

    # -- the search's playouts ----------------------------------------------------------------------

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts claim 31 as a player would (see `Game.playout_action`): a claim is
        legal at every move, so random playouts made it about once in every few moves, mostly
        with too few points, and the hand ended in a doubled pot at random (issue 34).

        - Claim whenever the seat's own points reach 31, and only then. A player counts the
          tricks they took (every card in them was seen face up), and a sample keeps the won
          piles as they are, so the points are the seat's own knowledge.
        - After the last trick below 31: end the hand without a claim.
        - Otherwise any other legal move, drawn as the search would draw (a lead, an answer, a
          special lead or not); after the hand, the deal is left to the rules (None)."""
        st: BuraState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == DONE:
            return None
        if st.points[seat] >= CLAIM_AT:
            return CLAIM
        if phase == FINAL:
            return PASS
        n = len(legal) - 1  # the claim is listed last (`legal_actions`)
        if n < 1 or legal[n] != CLAIM:
            return None
        return legal[int(rand() * n)]

    # -- what each seat sees ------------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: BuraState = state  # type: ignore[assignment]
        return [
            Zone("hand0", st.hands[0], Vis.OWNER, 0, f"{st.names[0]}'s hand", "hand"),
            Zone("hand1", st.hands[1], Vis.OWNER, 1, f"{st.names[1]}'s hand", "hand"),
            Zone("stock", st.stock, Vis.NOBODY, None, "Stock", "pile"),
            Zone("up", st.up_zone, Vis.PUBLIC, None, "Trump card (drawn last)", "row"),
            Zone("trick", st.led + st.answered, Vis.PUBLIC, None, "Trick", "row"),
            Zone("last_trick", st.last, Vis.PUBLIC, None, "Last trick", "row"),
            Zone("won0", st.won[0], Vis.NOBODY, 0, f"{st.names[0]}'s tricks (face down)", "pile", tricks=st.tricks[0]),
            Zone("won1", st.won[1], Vis.NOBODY, 1, f"{st.names[1]}'s tricks (face down)", "pile", tricks=st.tricks[1]),
        ]

    def determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what `seat` cannot know: the other hand and the stock (the drawn up card stays
        with its drawer). Won piles are face down but every card in them was seen face up in its
        trick, so they stay. A hidden, committed
        answer to the special-lead question stays only if the new hand still allows it."""
        other: BuraState = state.clone()  # type: ignore[assignment]
        hidden = [h for s, h in enumerate(other.hands) if s != seat] + [other.stock]
        # the up card, once drawn, is known to be in its drawer's hand until it is played
        up = other.up if other.up_holder >= 0 and other.up_holder != seat else -1
        pool = sorted(c for z in hidden for c in z if c != up)  # sorted: never where they really lie
        rng.shuffle(pool)
        i = 0
        for z in hidden:
            kept = [up] if up in z and z is other.hands[other.up_holder] else []
            n = len(z) - len(kept)
            z[:] = kept + pool[i : i + n]
            i += n
        other.rng = Rng.lazy(int(rng.random() * 2**53))  # the real generator knows the next deal
        for s in (0, 1):
            other.hands[s].sort(key=KEY.__getitem__)
            if s != seat and other.asks[s] > NONE and special_kind(other.hands[s], other.trump) != other.asks[s]:
                other.asks[s] = NONE
        return other

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: BuraState = state  # type: ignore[assignment]
        return "trump" if SUIT_OF[card] == st.trump else ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        out = [("Card points", f"{POINTS[card.id]} (Ace 11, Ten 10, King 4, Queen 3, Jack 2)"),
               ("Order", "Ace, Ten, King, Queen, Jack, 9, 8, 7, 6 (high to low)")]
        trump = obs.status.get("Trump", "")
        if trump:
            out.append(("Trump", f"{'yes' if card.suits[0].capitalize() == trump else 'no'}: {trump} are trump"))
        out.append(("Goal", f"{CLAIM_AT} card points in your tricks"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: BuraState = state  # type: ignore[assignment]
        trump = SUITS[st.trump].capitalize()
        if st.up_zone:
            up = FRENCH[st.up].name  # the zone says it is drawn last
        else:
            up = f"drawn by {st.names[st.up_holder]}"
        left = len(st.stock) + len(st.up_zone)
        status = {
            "Hand": str(st.hand_no),
            "Dealer": st.names[st.dealer],
            "Trump": trump,
            "Trump card": up,
            # the face-down cards only, as the table's top line counts the stock zone
            "Stock": plural(len(st.stock), "card") if st.stock else "none left",
            "Pot": plural(st.pot, "token"),
        }
        if st.options.training and seat is not None:  # type: ignore[attr-defined]
            status["Your points (training)"] = str(st.points[seat])
        seat_facts: dict[int, dict[str, str]] = {}
        for s in (0, 1):
            facts = {"Tokens": str(st.scores[s]), "Tricks": str(st.tricks[s])}
            if st.phase == ASK:
                facts["Special lead?"] = "answered" if st.asks[s] != WAITING else "deciding"
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts
        led = [TrickPlay(seat=st.leader, card=SLUG[c], note="led") for c in st.led]
        ans = [TrickPlay(seat=1 - st.leader, card=SLUG[c], note="") for c in st.answered]
        last = [
            TrickPlay(seat=st.last_leader if i < st.last_led else 1 - st.last_leader, card=SLUG[c],
                      note="led" if i < st.last_led else "")
            for i, c in enumerate(st.last)
        ]
        note = [f"Trump: {trump}"]
        if st.special:
            note.append(f"{KIND_NAME[st.special][0].upper()}{KIND_NAME[st.special][1:]} led")
        view = TrickView(
            leader=st.leader if st.phase in (LEAD, ANSWER) else None,
            plays=led + ans,
            note=" · ".join(note),
            last=last,
            last_winner=st.last_winner if st.last else None,
            last_hidden=not st.last and sum(st.tricks) > 0,  # won piles are face down to all
        )
        extra = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "trump": SUITS[st.trump],
            "pot": st.pot,
            "special": KIND_WORD.get(st.special, ""),
            "stock": left,
        }
        return {
            "phase": st.phase,
            # claim 31 or not when the cards have run out wins the pot or draws: no reflex answer
            "no_default": not st.over and seat is not None and (
                (st.phase == FINAL and seat == st.turn)
                # a special lead to announce (a Bura's trick takes the pot): no reflex "No special lead"
                or (st.phase == ASK and st.asks[seat] == WAITING and special_kind(st.hands[seat], st.trump) != 0)
            ),
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: BuraState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        acting = self.to_act(st)
        mine = seat is not None and seat in acting
        who = listing([st.names[s] for s in acting])
        phase = st.phase
        if phase == ASK:
            if mine:
                return (
                    "Before the lead, both players are asked: announce a special lead (Bura, three "
                    "Aces or Molodka) if you hold one and want to, or choose no special lead. "
                    "You may also claim 31."
                )
            return f"Waiting for {who} to answer the special-lead question."
        if phase == LEAD:
            if mine:
                return "Lead one, two or three cards of one suit, or claim 31."
            return f"Waiting for {who} to lead."
        if phase == ANSWER:
            k = len(st.led)
            if mine:
                return (
                    f"Answer with {plural(k, 'card')}, any you like. You take the trick only if "
                    + ("your card beats the led card." if k == 1 else "each of your cards beats a different led card.")
                    + " Or claim 31."
                )
            return f"Waiting for {who} to answer."
        if phase == FINAL:
            if mine:
                return "The cards have run out. Claim 31 if you think you have it; otherwise the hand is a draw."
            return f"The cards have run out: waiting for {who} to claim 31 or not."
        if mine:
            return f"Hand {st.hand_no} is over. Deal the next hand when you are both ready."
        return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand."

    def label(self, state: State, action: Action) -> str:
        st: BuraState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        if verb == "claim":
            if st.phase != FINAL:
                return "Claim 31"
            fine = min(st.pot, st.scores[st.turn])
            return f"Claim 31: right, you take the pot ({st.pot}); wrong, you pay {fine} into it"
        if verb == "deal":
            return "Deal the next hand"
        if verb == "pass":
            if st.phase == ASK:
                return "No special lead"
            return f"End the hand without a claim: a draw, the pot ({st.pot}) stays"
        if verb == "announce":
            return {
                "bura": f"Announce a Bura (three trumps): its trick takes the pot ({st.pot})",
                "aces": "Announce three Aces",
                "molodka": "Announce a Molodka (three of one plain suit)",
            }.get(args[0], f"Announce {args[0]}")
        names = listing([the(ID_OF[a]) if a in ID_OF else a for a in args])
        if verb == "lead":
            return f"Lead {names}"
        return f"Answer with {names}"

    # -- the end ---------------------------------------------------------------------------------------

    def _summary(self, st: BuraState) -> str:
        a, b = st.scores
        if a == b:
            return f"{st.names[0]} and {st.names[1]} finish level with {plural(a, 'token')}."
        w = 0 if a > b else 1
        return f"{st.names[w]} wins with {plural(st.scores[w], 'token')} to {st.scores[1 - w]}."

    def final(self, state: State) -> ResultView:
        st: BuraState = state  # type: ignore[assignment]
        a, b = st.scores
        placings = [1, 1] if a == b else ([1, 2] if a > b else [2, 1])
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]:+d}" for s in (0, 1))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(scores=list(st.scores), placings=placings, summary=self._summary(st), details=details)


GAME = Bura()
