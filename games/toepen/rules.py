"""Toepen: four cards each, four tricks, and only the last trick counts. RULES.md section 12;
help.md lists every reading we chose.

Flow of one hand: deal 4 each -> the laundry round (from the dealer's left each player, privately:
`keep`, `exchange` the whole hand for four from the stock, or give a Tens signal `whistle` /
`stand`; every exchange is followed by a private `challenge` / `pass` question to each other
player in turn, and then by the exchanger's own keep/signal turn) -> signals revealed together ->
(poverty house rule: the poor player's automatic knock) -> tricks, where a player may `knock` on
their own turn before playing, and everyone else still in answers `fold` or `stay` one by one ->
settlement -> the winner `deal`s the next hand. Tokens (lives) are the scores.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, SUITS, cut, the
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import check_first_dealer, deal, first_dealer, keep_voids
from decktable.engine.kits.tricks import follow_options, shows_void, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.toepen import INFO

# -- per-card tables ----------------------------------------------------------------------------------

FULL: tuple[int, ...] = cut(range(7, 15))  # 32 cards, 7 to Ace
NCARDS = len(FRENCH)
ORDER = {10: 7, 9: 6, 8: 5, 7: 4, 14: 3, 13: 2, 12: 1, 11: 0}  # 10 high ... Jack low
RANK: list[int] = [c.rank or 0 for c in FRENCH]
POWER: list[int] = [ORDER.get(RANK[i], -1) for i in range(NCARDS)]
SUIT: list[int] = [SUITS.index(c.suits[0]) for c in FRENCH]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
IS_TEN: list[bool] = [RANK[i] == 10 for i in range(NCARDS)]
IS_JACK: list[bool] = [RANK[i] == 11 for i in range(NCARDS)]
IS_NUMBER: list[bool] = [7 <= RANK[i] <= 10 for i in range(NCARDS)]  # what a "dirty" hand may not hold
SORT_KEY: list[tuple[int, int]] = [(SUIT[i], -POWER[i]) for i in range(NCARDS)]
SUIT_WORD = [s.capitalize() for s in SUITS]
#: the cards of the pack above each card in its suit (the playouts' hand estimate)
ABOVE: list[tuple[int, ...]] = [
    tuple(u for u in FULL if SUIT[u] == SUIT[c] and POWER[u] > POWER[c]) if POWER[c] >= 0 else () for c in range(NCARDS)
]
ABOVE_SET: list[frozenset[int]] = [frozenset(a) for a in ABOVE]
#: `Toepen._rater`'s tables by what the rated seat has seen, for the many samples of one position
_RATERS: dict[tuple[Any, ...], tuple[list[int], list[float]]] = {}

A_PLAY: list[Action] = [Action("play", (SLUG[i],)) for i in range(NCARDS)]
A_KNOCK, A_FOLD, A_STAY = Action("knock"), Action("fold"), Action("stay")
A_KEEP, A_EXCHANGE = Action("keep"), Action("exchange")
A_WHISTLE, A_STAND = Action("whistle"), Action("stand")
A_CHALLENGE, A_PASS, A_DEAL = Action("challenge"), Action("pass"), Action("deal")

LAUNDRY, CHALLENGE, ANSWER, PLAY, SCORED, OVER = "laundry", "challenge", "answer", "play", "scored", "over"
SIGNAL_WORD = {3: "whistling", 4: "standing"}
SIGNAL_VERB = {3: "whistles", 4: "stands"}
TRICKS = 4


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def is_dirty(cards: list[int]) -> bool:
    """A thrown hand that holds a 7, 8, 9 or 10 was not a legal exchange (RULES 12, note 4)."""
    return any(IS_NUMBER[c] for c in cards)


def trick_winner(plays: list[tuple[int, int]], inhand: list[int]) -> int:
    """Index of the winning play: the highest card of the suit led among the players still in;
    if none of them followed, the earliest card played by a player still in (RULES 12, note 5)."""
    led = SUIT[plays[0][1]]
    return winner(plays, lambda c: POWER[c] if SUIT[c] == led else None, eligible=inhand.__getitem__)


# -- options and state ----------------------------------------------------------------------------------


class ToepenOptions(BaseModel):
    lives: int = Field(
        10,
        ge=1,
        le=30,
        description="Tokens (lives) each player starts with; a player with none left is out.",
    )
    last_standing: bool = Field(
        False,
        description="Variant ending: players drop out as they run out of tokens and the last "
        "one with tokens wins. Off: the game ends as soon as anyone is out, and that player loses.",
    )
    poverty: bool = Field(
        False,
        description="House rule: a player down to one token leads the first trick, the hand "
        "starts at 2, and the others may fold for 1 before any card is played.",
    )
    jack_bluff: bool = Field(
        True,
        description="Let a player holding three or four Jacks fake the Tens signal (whistle or "
        "stand). Off: only real Tens signal, and nobody is asked when no exchange is possible.",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=7,
        description="Seat (counted from 1: 1 = the first player) that deals the first hand; blank = at random.",
    )


class ToepenState(State):
    __slots__ = (
        "phase", "dealer", "turn", "leader", "hands", "stock", "thrown", "shown", "table",
        "trick", "trick_no", "last", "last_winner", "value", "last_knocker", "knocker", "asking",
        "exchanger", "laundered", "exchanged", "bluff", "signal", "revealed", "alive", "inhand",
        "change", "outs", "out_seq", "poor", "winner", "challenger", "voids", "knocked",
    )

    phase: str
    dealer: int
    turn: int  # who keeps/exchanges, plays or deals next
    leader: int
    hands: list[list[int]]
    stock: list[int]
    thrown: list[list[int]]  # each seat's thrown (exchanged) hand, face down
    shown: list[int]  # 1 when that thrown hand was challenged and turned up (public from then on)
    table: list[int]  # cards of the finished tricks of this hand, face up
    trick: list[tuple[int, int]]  # (seat, card) in the trick being played
    trick_no: int  # 1..4
    last: list[tuple[int, int]]
    last_winner: int
    value: int  # the stake
    last_knocker: int  # -1 none; may not knock again until someone else has
    knocker: int  # whose knock is being answered
    asking: int  # who answers (fold/stay, challenge/pass) now
    exchanger: int  # whose exchange may be challenged
    laundered: list[int]  # 1 when the seat's laundry turn is over
    exchanged: list[int]  # 1 when the seat has exchanged this hand
    bluff: list[int]  # SECRET until the reveal: 3 or 4 for a Jack bluff, else 0
    signal: list[int]  # public after the reveal: 3 whistling, 4 standing, 0 none
    revealed: bool
    alive: list[int]  # 1 while in the game
    inhand: list[int]  # 1 while in this hand
    change: list[int]  # tokens lost this hand (0 or negative), for the score sheet
    outs: list[int]  # 0 while in the game, else the order of going out (1 = first)
    out_seq: int
    poor: int  # the seat in poverty this hand, -1 none
    winner: int  # the winner of the hand once known, -1 before
    challenger: int  # who challenged the last exchange, -1 none
    voids: list[int]  # per seat, the suits it showed it lacks this hand (bit SUIT), public
    knocked: list[int]  # 1 when the seat knocked this hand (by choice: poverty's knock is not counted), public


# -- the game ---------------------------------------------------------------------------------------------


class Toepen(Game):
    info = GameInfo(id="toepen", **INFO)
    Options = ToepenOptions
    catalogue = FRENCH
    grammar = Grammar(
        {
            "play": (CARD,), "knock": (), "fold": (), "stay": (), "keep": (), "exchange": (),
            "whistle": (), "stand": (), "challenge": (), "pass": (), "deal": (),
        },
        FRENCH,
        SUITS,
    )
    rank_order = tuple(sorted(ORDER, key=ORDER.__getitem__, reverse=True))  # 10 9 8 7 A K Q J

    # -- starting and dealing -------------------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        check_first_dealer(self.info.name, options.first_dealer, players)  # type: ignore[attr-defined]

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = ToepenState(names, rng, options)
        n = len(names)
        st.dealer = first_dealer(n, rng, options.first_dealer, deck is not None)  # type: ignore[attr-defined]
        st.scores = [options.lives] * n  # type: ignore[attr-defined]
        st.alive = [1] * n
        st.outs = [0] * n
        st.out_seq = 0
        st.hands = [[] for _ in range(n)]
        st.thrown = [[] for _ in range(n)]
        st.stock = []
        st.table = []
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: ToepenState, order: list[int], events: list[Event] | None) -> None:
        """Deal four cards to each player still in the game, one at a time from the dealer's
        left; the rest is the stock (index 0 = top)."""
        n = st.players
        seats = [s for s in ((st.dealer + 1 + k) % n for k in range(n)) if st.alive[s]]
        order = list(order)
        dealt = deal(order, len(seats), TRICKS)
        for s in range(n):
            st.hands[s] = []
            st.thrown[s] = []
        for k, s in enumerate(seats):
            h = dealt[k]
            h.sort(key=SORT_KEY.__getitem__)
            st.hands[s] = h
        st.stock = order
        st.shown = [0] * n
        st.table = []
        st.trick = []
        st.trick_no = 1
        st.last = []
        st.last_winner = -1
        st.value = 1
        st.last_knocker = -1
        st.knocker = -1
        st.asking = -1
        st.exchanger = -1
        st.challenger = -1
        st.laundered = [0 if st.alive[s] else 1 for s in range(n)]
        st.exchanged = [0] * n
        st.bluff = [0] * n
        st.signal = [0] * n
        st.revealed = False
        st.inhand = list(st.alive)
        st.change = [0] * n
        st.poor = -1
        st.winner = -1
        st.voids = [0] * n
        st.knocked = [0] * n
        st.leader = seats[0]
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals four cards each; "
                    f"{plural(len(st.stock), 'card')} stay in the stock.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer},
                )
            )
        st.phase = LAUNDRY
        st.turn = st.dealer
        self._next_laundry(st, events)

    # -- helpers ---------------------------------------------------------------------------------------

    def _order_from(self, st: ToepenState, seat: int) -> list[int]:
        """Every seat, starting with the one to the left of `seat` and ending with `seat`."""
        n = st.players
        return [(seat + k) % n for k in range(1, n + 1)]

    def _gets_laundry_turn(self, st: ToepenState, s: int) -> bool:
        if st.options.jack_bluff:  # type: ignore[attr-defined]
            return True
        return not st.exchanged[s] and len(st.stock) >= TRICKS

    def _next_laundry(self, st: ToepenState, events: list[Event] | None) -> None:
        """The next player (from the dealer's left) still to keep or exchange; after the last
        one, the signals are revealed and play begins."""
        for s in self._order_from(st, st.dealer):
            if st.laundered[s]:
                continue
            if self._gets_laundry_turn(st, s):
                st.phase = LAUNDRY
                st.turn = s
                return
            st.laundered[s] = 1
        self._reveal(st, events)

    def _tens(self, hand: list[int]) -> int:
        return sum(1 for c in hand if IS_TEN[c])

    def _jacks(self, hand: list[int]) -> int:
        return sum(1 for c in hand if IS_JACK[c])

    def _reveal(self, st: ToepenState, events: list[Event] | None) -> None:
        st.revealed = True
        n = st.players
        for s in self._order_from(st, st.dealer):
            if not st.alive[s]:
                continue
            tens = self._tens(st.hands[s])
            sig = tens if tens >= 3 else st.bluff[s]
            st.signal[s] = sig
            if sig and events is not None:
                events.append(Event(f"{st.names[s]} {SIGNAL_VERB[sig]}.", "signal", s, {"signal": SIGNAL_WORD[sig]}))
        st.bluff = [0] * n
        self._start_play(st, events)

    def _start_play(self, st: ToepenState, events: list[Event] | None) -> None:
        first = next(s for s in self._order_from(st, st.dealer) if st.inhand[s])
        st.leader = first
        st.turn = first
        st.trick = []
        st.phase = PLAY
        if st.options.poverty:  # type: ignore[attr-defined]
            poor = [s for s in self._order_from(st, st.dealer) if st.inhand[s] and st.scores[s] == 1]
            if poor and self._count_in(st) > 1:
                p = poor[0]
                st.poor = p
                st.leader = p
                st.turn = p
                st.value = 2
                st.last_knocker = p
                if events is not None:
                    events.append(
                        Event(
                            f"Poverty: {st.names[p]} has one token left and leads; the hand is worth 2. "
                            f"The others may fold now for 1.",
                            "knock",
                            p,
                            {"value": 2, "poverty": True},
                        )
                    )
                self._open_answers(st, p)

    def _count_in(self, st: ToepenState) -> int:
        return sum(st.inhand)

    def _open_answers(self, st: ToepenState, knocker: int) -> None:
        st.knocker = knocker
        st.phase = ANSWER
        st.asking = self._next_in_after(st, knocker, knocker)

    def _next_in_after(self, st: ToepenState, seat: int, stop: int) -> int:
        """The next seat after `seat` (going left, not reaching `stop`) still in the hand; -1 if none."""
        n = st.players
        s = (seat + 1) % n
        while s != stop:
            if st.inhand[s]:
                return s
            s = (s + 1) % n
        return -1

    def _pay(self, st: ToepenState, seat: int, amount: int) -> int:
        paid = min(amount, st.scores[seat])
        st.scores[seat] -= paid
        st.change[seat] -= paid
        return paid

    def _settle_outs(self, st: ToepenState, events: list[Event] | None) -> bool:
        """After payments: take out everyone at 0 tokens. True when the game is over."""
        n = st.players
        gone = [s for s in range(n) if st.alive[s] and st.scores[s] <= 0]
        if not gone:
            return False
        st.out_seq += 1
        for s in gone:
            st.alive[s] = 0
            st.inhand[s] = 0
            st.laundered[s] = 1
            st.outs[s] = st.out_seq
            if events is not None:
                events.append(Event(f"{st.names[s]} has no tokens left.", "out", s))
        if not st.options.last_standing or sum(st.alive) <= 1:  # type: ignore[attr-defined]
            self._game_over(st, events)
            return True
        return False

    def _game_over(self, st: ToepenState, events: list[Event] | None) -> None:
        st.sheet.append(list(st.change))
        st.change = [0] * st.players
        st.over = True
        st.phase = OVER
        if events is not None:
            events.append(Event(self._summary(st), "over"))

    # -- whose turn, what is legal -------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: ToepenState = state  # type: ignore[assignment]
        if st.over:
            return ()
        if st.phase == ANSWER or st.phase == CHALLENGE:
            return (st.asking,)
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "laundry": "Laundry round",
        "challenge": "Challenge?",
        "answer": "Answering a knock",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def _can_knock(self, st: ToepenState, seat: int) -> bool:
        return seat != st.last_knocker and st.value + 1 <= st.scores[seat]

    def _playable(self, st: ToepenState, hand: list[int]) -> list[int]:
        if not st.trick:
            return hand
        led = SUIT[st.trick[0][1]]
        return follow_options(hand, lambda c: SUIT[c] == led)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: ToepenState = state  # type: ignore[assignment]
        if st.over or seat not in self.to_act(st):
            return []
        phase = st.phase
        if phase == PLAY:
            out = [A_PLAY[c] for c in self._playable(st, st.hands[seat])]
            if self._can_knock(st, seat):
                out.append(A_KNOCK)
            return out
        if phase == ANSWER:
            return [A_FOLD, A_STAY]
        if phase == CHALLENGE:
            return [A_CHALLENGE, A_PASS]
        if phase == SCORED:
            return [A_DEAL]
        # laundry
        hand = st.hands[seat]
        out = []
        tens = self._tens(hand)
        if tens >= 3:
            out.append(A_STAND if tens == 4 else A_WHISTLE)
        else:
            out.append(A_KEEP)
            if st.options.jack_bluff:  # type: ignore[attr-defined]
                jacks = self._jacks(hand)
                if jacks >= 3:
                    out.append(A_STAND if jacks == 4 else A_WHISTLE)
        if not st.exchanged[seat] and len(st.stock) >= TRICKS:
            out.append(A_EXCHANGE)
        return out

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: ToepenState = state  # type: ignore[assignment]
        # fast path: a legal card in play
        if st.phase == PLAY and not st.over and action.verb == "play" and seat == st.turn and len(action.args) == 1:
            c = ID_OF.get(action.args[0], -1)
            hand = st.hands[seat]
            if c in hand:
                if not st.trick:
                    return None
                led = SUIT[st.trick[0][1]]
                if SUIT[c] == led or all(SUIT[h] != led for h in hand):
                    return None
        if action in self.legal_actions(st, seat):
            return None
        return self._why(st, seat, action)

    def _why(self, st: ToepenState, seat: int, action: Action) -> str:
        verb = action.verb
        if st.over:
            return "The game is over."
        acting = self.to_act(st)
        if seat not in acting:
            return f"It is {st.names[acting[0]]}'s turn, not yours."
        if verb not in self.grammar.verbs or len(action.args) != len(self.grammar.verbs[verb]):
            return "That is not a move of Toepen."
        phase = st.phase
        if phase == SCORED:
            return f"Hand {st.hand_no} is over: deal the next hand first."
        if verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        if phase == ANSWER:
            return (f"{st.names[st.knocker]} knocked: answer first, fold (pay {st.value - 1}) "
                    f"or stay in for {st.value}.")
        if verb in ("fold", "stay"):
            return "Nobody has knocked: there is nothing to fold or stay in for."
        if phase == CHALLENGE:
            return f"Answer first: challenge {st.names[st.exchanger]}'s exchange, or pass."
        if verb in ("challenge", "pass"):
            return "There is no exchange to challenge now."
        hand = st.hands[seat]
        if phase == LAUNDRY:
            if verb == "play" or verb == "knock":
                return "Cards are not played yet: first keep your hand or exchange it."
            if verb == "exchange":
                if st.exchanged[seat]:
                    return "You have exchanged already this hand; keep your new hand."
                return (f"The stock has only {plural(len(st.stock), 'card')}: an exchange needs four, "
                        "so no more exchanges this hand.")
            tens, jacks = self._tens(hand), self._jacks(hand)
            if verb == "keep":
                return (f"You hold {plural(tens, 'Ten')}: you must "
                        f"{'stand' if tens == 4 else 'whistle'} (it comes with keeping your hand).")
            if tens >= 3:
                return f"With {plural(tens, 'Ten')} you must {'stand' if tens == 4 else 'whistle'}."
            if jacks >= 3 and st.options.jack_bluff:  # type: ignore[attr-defined]
                return (f"With {plural(jacks, 'Jack')} you may only "
                        f"{'stand' if jacks == 4 else 'whistle'} as a bluff.")
            if jacks >= 3:
                return "The Jack bluff is switched off at this table: signal only with real Tens."
            return f"Only four Tens stand and three Tens whistle (or, as a bluff, Jacks); you hold {plural(tens, 'Ten')}."
        # play
        if verb in ("keep", "exchange", "whistle", "stand"):
            return "The exchanges and signals are over: the cards are being played."
        if verb == "knock":
            if seat == st.last_knocker:
                return "You made the last knock: you may knock again only after someone else has."
            return (f"You have {plural(st.scores[seat], 'token')}: a knock would raise the stake to "
                    f"{st.value + 1}, more than you have.")
        c = ID_OF.get(action.args[0], -1)
        if c not in hand:
            return f"You do not hold {the(c)}." if c >= 0 else "There is no such card."
        led = SUIT[st.trick[0][1]]
        holding = [the(h) for h in hand if SUIT[h] == led]
        return f"You must follow suit: you hold {SUIT_WORD[led].lower()} ({listing(holding)})."

    # -- carrying out -----------------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: ToepenState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            self._play_card(st, seat, ID_OF[action.args[0]], events)
        elif verb == "knock":
            st.value += 1
            st.last_knocker = seat
            st.knocked[seat] = 1
            if events is not None:
                events.append(Event(f"{st.names[seat]} knocks: the hand is now worth {st.value}.",
                                    "knock", seat, {"value": st.value}))
            self._open_answers(st, seat)
        elif verb == "fold" or verb == "stay":
            self._answer(st, seat, verb == "fold", events)
        elif verb == "keep" or verb == "whistle" or verb == "stand":
            if verb != "keep" and self._tens(st.hands[seat]) < 3:
                st.bluff[seat] = 4 if verb == "stand" else 3
            st.laundered[seat] = 1
            if events is not None:
                words = "keeps the new hand" if st.exchanged[seat] else "keeps the hand"
                events.append(Event(f"{st.names[seat]} {words}.", "keep", seat))
            self._next_laundry(st, events)
        elif verb == "exchange":
            self._exchange(st, seat, events)
        elif verb == "challenge" or verb == "pass":
            self._challenge_answer(st, seat, verb == "challenge", events)
        elif verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def _exchange(self, st: ToepenState, seat: int, events: list[Event] | None) -> None:
        old = st.hands[seat]
        st.thrown[seat] = old  # face down: the owner still knows it
        new = st.stock[:TRICKS]
        del st.stock[:TRICKS]
        new.sort(key=SORT_KEY.__getitem__)
        st.hands[seat] = new
        st.exchanged[seat] = 1
        st.exchanger = seat
        st.challenger = -1
        if events is not None:
            events.append(
                Event(
                    f"{st.names[seat]} throws in the hand face down (claiming only Aces and court cards) "
                    f"and draws four new cards.",
                    "exchange",
                    seat,
                )
            )
        asking = self._next_in_after(st, seat, seat)
        if asking < 0:
            self._next_laundry(st, events)
            return
        st.phase = CHALLENGE
        st.asking = asking

    def _challenge_answer(self, st: ToepenState, seat: int, challenge: bool, events: list[Event] | None) -> None:
        ex = st.exchanger
        if not challenge:
            if events is not None:
                events.append(Event(f"{st.names[seat]} does not challenge.", "pass", seat))
            nxt = self._next_in_after(st, seat, ex)
            if nxt >= 0:
                st.asking = nxt
                return
            self._back_to_laundry(st, ex, events)
            return
        st.challenger = seat
        st.shown[ex] = 1
        thrown = st.thrown[ex]
        dirty = is_dirty(thrown)
        loser = ex if dirty else seat
        self._pay(st, loser, 1)
        if events is not None:
            events.append(
                Event(
                    self._challenge_words(st),
                    "challenge",
                    seat,
                    {"exchanger": ex, "cards": [SLUG[c] for c in thrown], "dirty": dirty, "loser": loser},
                )
            )
        if self._settle_outs(st, events):
            return
        self._back_to_laundry(st, ex, events)

    @staticmethod
    def _challenge_words(st: ToepenState) -> str:
        """The last challenge and what it cost, in words (its event, and the observation's
        outcome until the next exchange or deal)."""
        seat, ex = st.challenger, st.exchanger
        thrown = st.thrown[ex]
        names = listing([the(c) for c in thrown])
        if is_dirty(thrown):
            numbers = listing([the(c) for c in thrown if IS_NUMBER[c]])
            verdict = f"it held {numbers}, so {st.names[ex]} loses a token"
        else:
            verdict = f"it was clean, so {st.names[seat]} loses a token"
        return f"{st.names[seat]} challenges {st.names[ex]}'s exchange. The thrown hand was {names}: {verdict}."

    def _back_to_laundry(self, st: ToepenState, ex: int, events: list[Event] | None) -> None:
        st.asking = -1
        st.phase = LAUNDRY
        if not st.alive[ex] or not st.options.jack_bluff:  # type: ignore[attr-defined]
            st.laundered[ex] = 1
            self._next_laundry(st, events)
            return
        st.turn = ex

    def _answer(self, st: ToepenState, seat: int, fold: bool, events: list[Event] | None) -> None:
        k = st.knocker
        if fold:
            st.inhand[seat] = 0
            paid = self._pay(st, seat, st.value - 1)
            if events is not None:
                events.append(Event(f"{st.names[seat]} folds and pays {paid}.", "fold", seat, {"paid": paid}))
            if self._settle_outs(st, events):
                return
        elif events is not None:
            events.append(Event(f"{st.names[seat]} stays in.", "stay", seat))
        nxt = self._next_in_after(st, seat, k)
        if nxt >= 0:
            st.asking = nxt
            return
        st.asking = -1
        st.phase = PLAY
        st.turn = k
        if self._count_in(st) <= 1:
            if events is not None:
                events.append(Event(f"Everyone else has folded: {st.names[k]} wins the hand.", "win", k))
            self._end_hand(st, k, events)

    def _play_card(self, st: ToepenState, seat: int, c: int, events: list[Event] | None) -> None:
        st.hands[seat].remove(c)
        st.voids[seat] |= shows_void(st.trick, c, SUIT)  # not following: none of the suit led
        st.trick.append((seat, c))
        if events is not None:
            verb = "leads" if len(st.trick) == 1 else "plays"
            events.append(Event(f"{st.names[seat]} {verb} {the(c)}.", "play", seat, {"card": SLUG[c]}))
        played = {s for s, _ in st.trick}
        n = st.players
        s = (seat + 1) % n
        for _ in range(n):
            if st.inhand[s] and s not in played:
                st.turn = s
                return
            s = (s + 1) % n
        self._finish_trick(st, events)

    def _finish_trick(self, st: ToepenState, events: list[Event] | None) -> None:
        plays = st.trick
        w, card = plays[trick_winner(plays, st.inhand)]
        st.table.extend(c for _, c in plays)
        st.last = plays
        st.last_winner = w
        st.trick = []
        if events is not None:
            what = "the last trick" if st.trick_no == TRICKS else f"trick {st.trick_no}"
            events.append(Event(f"{st.names[w]} wins {what} with {the(card)}.", "trick", w, {"card": SLUG[card]}))
        if st.trick_no >= TRICKS:
            self._end_hand(st, w, events)
            return
        st.trick_no += 1
        st.leader = w
        st.turn = w

    def _end_hand(self, st: ToepenState, w: int, events: list[Event] | None) -> None:
        """Everyone still in but the winner loses the stake; then the game ends or the winner deals."""
        st.winner = w
        losers = [s for s in range(st.players) if st.inhand[s] and s != w]
        for s in losers:
            paid = self._pay(st, s, st.value)
            if events is not None:
                events.append(Event(f"{st.names[s]} loses {plural(paid, 'token')}.", "score", s, {"paid": paid}))
        if events is not None:
            events.append(Event(f"{st.names[w]} wins hand {st.hand_no} and deals the next.", "win", w))
        if self._settle_outs(st, events):
            return
        st.sheet.append(list(st.change))
        st.change = [0] * st.players
        st.phase = SCORED
        st.turn = w

    # -- the search's playouts ------------------------------------------------------------------------

    #: in playouts, knock only with at least this estimated chance of winning the hand
    KNOCK_AT = 0.5

    def win_estimate(self, st: ToepenState, seat: int) -> float:
        """A quick estimate of `seat`'s chance of taking the last trick, from what the seat knows:
        its hand, the cards played (this trick's and earlier ones), its own thrown hand and any
        shown one, and how many cards the others still in hold. A card of ours is taken to win
        when none of the unseen cards above it in its suit sits in another hand still in (each
        unseen card is there with the chance `cards they hold / cards unseen`).

        - The last trick with cards already played: our one card (in hand, or played already
          when a knock comes after it) must follow the suit led and beat what is on the table;
          then only the players still to play can beat it.
        - The last trick, leading: that chance for our card.
        - Earlier: each card's chance, scaled by the players still in (0.65 / players: with
          tricks to play before the last, a good card may be spent or the lead lost), and the
          hand wins unless every card fails. Fitted to random play of the cards, which is how
          playouts play them: over 1,500 random hands each at 3 and 4 players, each tenth of the
          estimate won within about 0.1 of its value (0.2 won 20% and 24%, 0.4 won 42% and 55%)."""
        hand = st.hands[seat]
        mine = [c for s, c in st.trick if s == seat]
        if not hand and not mine:
            return 0.0
        n = st.players
        known = set(hand)
        known.update(st.table)
        known.update(c for _, c in st.trick)
        known.update(st.thrown[seat])
        for s in range(n):
            if st.shown[s]:
                known.update(st.thrown[s])
        unseen = len(FULL) - len(known)
        ins = [s for s in range(n) if s != seat and st.inhand[s]]
        if st.trick_no == TRICKS and st.trick:
            led = SUIT[st.trick[0][1]]
            c = mine[0] if mine else hand[0]
            if SUIT[c] != led or any(st.inhand[s] and SUIT[x] == led and POWER[x] > POWER[c] for s, x in st.trick):
                return 0.0
            played = {s for s, _ in st.trick}
            later = sum(len(st.hands[s]) for s in ins if s not in played)
            if not later:
                return 1.0
            h = sum(1 for u in ABOVE[c] if u not in known)
            return (1 - later / unseen) ** h
        held = sum(len(st.hands[s]) for s in ins)
        if not held:
            return 1.0
        q = held / unseen
        k = 1.0 if st.trick_no == TRICKS else 0.65 / (len(ins) + 1)
        miss = 1.0
        for c in hand:
            h = sum(1 for u in ABOVE[c] if u not in known)
            miss *= 1 - k * (1 - q) ** h
        return 1 - miss

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts knock, fold and stay in as a player would (see
        `Game.playout_action`), by `win_estimate`, where random choice misled the search: a
        knock was drawn at about one move in four, and each knock answered by a coin, so a
        stake in a playout told little of what the hand was worth (issue 34).

        - Knock only with an estimate of `KNOCK_AT` or more; else a card, drawn among the
          playable ones as the search would draw.
        - After a knock to a stake of v: stay in when the estimate beats 1/v, else fold (a
          fold pays v - 1 for sure, staying in loses v when the hand is lost).
        - Everything else (the laundry, challenges, a card to play with no knock open, the
          deal) is left to the search's random draw (None)."""
        st: ToepenState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == PLAY:
            if legal[-1] != A_KNOCK:
                return None  # only cards: nothing to decide beyond a card
            if self.win_estimate(st, seat) >= self.KNOCK_AT:
                return A_KNOCK
            return legal[int(rand() * (len(legal) - 1))]
        if phase == ANSWER:
            return A_STAY if self.win_estimate(st, seat) * st.value > 1 else A_FOLD
        return None

    # -- what each seat sees --------------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: ToepenState = state  # type: ignore[assignment]
        n = st.players
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(n)]
        out.append(Zone("stock", st.stock, Vis.NOBODY, None, "Stock", "pile"))
        for s in range(n):
            if not st.thrown[s]:
                continue  # only exchangers have a thrown hand; empty piles would only clutter the table
            out.append(
                Zone(
                    f"thrown{s}",
                    st.thrown[s],
                    Vis.PUBLIC if st.shown[s] else Vis.OWNER,
                    s,
                    f"{st.names[s]}'s thrown hand" + (" (shown)" if st.shown[s] else ""),
                    "row" if st.shown[s] else "pile",
                )
            )
        out.append(Zone("trick", [c for _, c in st.trick], Vis.PUBLIC, None, "Trick", "row"))
        # in cards, not tricks: a folded player adds none to a trick, and a hand folded out
        # mid-trick leaves that trick on the table, so the pile's size does not count its tricks
        out.append(Zone("table", st.table, Vis.PUBLIC, None, "Cards of earlier tricks", "pile"))
        return out

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of what `seat` cannot see, forget the other seats' secret Jack
        bluffs: a re-dealt hand may hold no Jacks, and not bluffing is always possible. A player
        seen not to follow a suit holds none of it (`voids`): the dealing kit's `keep_voids`
        trades such a card for one drawn from the other hidden cards that may take it, the
        stock and the thrown hands nobody has seen included (a card missing from a hand is more
        often in the stock than in another hand). A player who knocked this hand and is still
        in holds a hand worth the knock (`_knockers_hands`), in a share `KNOCK_TRUST` of the
        samples (drawn first, in every sample)."""
        assert isinstance(other, ToepenState)
        read = rng.random() < self.KNOCK_TRUST
        other.bluff = [b if s == seat else 0 for s, b in enumerate(other.bluff)]
        n = other.players
        piles = other.hands + [other.stock] + other.thrown
        lacks = other.voids + [0] * (n + 1)
        hidden = [s for s in range(n) if s != seat] + [n]
        hidden += [n + 1 + s for s in range(n) if s != seat and other.thrown[s] and not other.shown[s]]
        if any(other.voids):
            keep_voids(piles, hidden, lacks, SUIT, rng)
        if read and self.SAMPLE_KNOCKS and any(other.knocked):
            self._knockers_hands(other, seat, piles, hidden, lacks, rng)

    #: in a sample, a knocker still in holds a hand its estimate rates at `KNOCK_AT` or more: the
    #: first of this many draws that does, else the re-deal's (issue 34)
    KNOCK_TRIES = 8
    #: False: samples deal knockers any hand, as before issue 34's fix (for head-to-head runs)
    SAMPLE_KNOCKS = True
    #: the share of samples that read knocks; the others deal a knocker any hand. Read in every
    #: sample, knocks made the strong search fold to our own bots' knocks, which are no such
    #: promise (medium's knocks lost 56% of their hands where strong did not read them): strong against medium
    #: fell to 43.8% of 60 games (issue 34), 63.7% (54-73%) with half the samples reading them,
    #: 61.7% with none; against random 71.7% of those 60, 90% with none. With half, the hint
    #: still folds against a knock on the last card (Cat's card beats the Ace in some 60% of the
    #: samples where a plain re-deal gives about 20%)
    KNOCK_TRUST = 0.5

    def _knockers_hands(
        self, other: ToepenState, seat: int | None, piles: list[list[int]], hidden: list[int],
        lacks: list[int], rng: Rng,
    ) -> None:
        """A knock says the knocker expects to win: the playout policy knocks only with an
        estimate (`win_estimate`) of `KNOCK_AT`, and people knock on good cards too. A plain
        re-deal gives a knocker any hand, so a search answering the knock met weak knockers and
        stayed in (issue 34: "Stay in (for 3) 77%" before losing 3). Here each other seat that
        knocked this hand and is still in draws its hand again, by rejection: up to
        `KNOCK_TRIES` draws (the re-deal's the first) of as many cards from its own and the
        other hidden places' cards (the other players', the stock, thrown hands nobody has
        seen; the seat's own voids kept), until one its estimate, read from its view in this
        sample, puts at `KNOCK_AT` or more. Where none does, the re-deal's hand stays: early in
        a hand at three or more players few hands reach it, and there our own strong bots knock
        on ordinary hands (estimates of 0.3 to 0.45, lost as often as won), so an early knock is
        read as a strong hand only where a draw finds one; late in the hand, or with one
        opponent left, most do. (Strong against strong with the plain re-deal, 54 games: this
        51%, 38-64%; the best of the eight draws kept everywhere, 46%, 33-59%.) A knocker with
        one card left has each card it may hold rated, and one drawn among those that reach the
        mark: at the last trick a knock says the card wins. The cards change places one for
        one, a card going to a hand that may hold it."""
        n = other.players
        done: list[int] = []
        for s in range(n):
            if s == seat or not other.knocked[s] or not other.inhand[s] or not other.hands[s]:
                continue
            rate = self._rater(other, s)
            if rate is None:
                continue
            hand = other.hands[s]
            k = len(hand)
            best = rate(hand)
            if best >= self.KNOCK_AT:
                done.append(s)
                continue
            lack = lacks[s]
            places = [t for t in hidden if t != s and t != n + 1 + s and t not in done]
            cards = list(hand)
            for t in places:
                if lack:
                    cards.extend(c for c in piles[t] if not lack >> SUIT[c] & 1)
                else:
                    cards.extend(piles[t])
            pick = None
            m = len(cards)
            rand = rng.random
            if k == 1:  # one card: each is rated, and one drawn among those that reach the mark
                fits = [c for c in cards if rate([c]) >= self.KNOCK_AT]
                if fits:
                    pick = [fits[int(rand() * len(fits))]]
            for _ in range(self.KNOCK_TRIES - 1 if k > 1 else 0):  # the re-deal's hand was the first draw
                for i in range(k):  # k cards at random to the front (a partial shuffle)
                    j = i + int(rand() * (m - i))
                    cards[i], cards[j] = cards[j], cards[i]
                if rate(cards[:k]) >= self.KNOCK_AT:
                    pick = cards[:k]
                    break
            done.append(s)
            if pick is None:
                continue
            gone = [o for o, c in enumerate(hand) if c not in pick]  # places of the cards given away
            swaps = []
            for c in pick:
                if c in hand:
                    continue
                t = next(t for t in places if c in piles[t])
                lt = lacks[t]
                o = next((o for o in gone if not lt >> SUIT[hand[o]] & 1), None)
                if o is None:
                    break  # no card of the hand may go there: keep the re-deal's hand
                gone.remove(o)
                swaps.append((t, piles[t].index(c), o))
            else:
                for t, j, o in swaps:
                    hand[o], piles[t][j] = piles[t][j], hand[o]

    def _rater(self, st: ToepenState, seat: int) -> Any:
        """`win_estimate(st, seat)` as a function of the seat's hand (the rest of `st` as it is),
        cheap enough to rate many hands: the cards each card of the hand must beat are counted
        once. None where the seat has nobody left to beat."""
        n = st.players
        ins = [s for s in range(n) if s != seat and st.inhand[s]]
        if st.trick_no == TRICKS and st.trick:  # the last trick under way: the plain estimate
            if any(s == seat for s, _ in st.trick):
                return None  # the seat's card is on the table: no hand to rate
            led = SUIT[st.trick[0][1]]
            top = max((POWER[x] for s, x in st.trick if st.inhand[s] and SUIT[x] == led), default=-1)
            played = {s for s, _ in st.trick}
            later = sum(len(st.hands[s]) for s in ins if s not in played)
            known = set(st.table)
            known.update(c for _, c in st.trick)
            known.update(st.thrown[seat])
            for s in range(n):
                if st.shown[s]:
                    known.update(st.thrown[s])
            unseen = len(FULL) - len(known) - len(st.hands[seat])

            def rate_last(hand: list[int]) -> float:
                c = hand[0]
                if SUIT[c] != led or POWER[c] <= top:
                    return 0.0
                if not later:
                    return 1.0
                return (1 - later / unseen) ** sum(1 for u in ABOVE[c] if u not in known)

            return rate_last
        held = sum(len(st.hands[s]) for s in ins)
        if not held:
            return None
        shown = tuple(c for s in range(n) if st.shown[s] for c in st.thrown[s])
        key = (tuple(st.table), tuple(st.trick), tuple(st.thrown[seat]), shown, len(st.hands[seat]), held,
               len(ins), st.trick_no)
        got = _RATERS.get(key)
        if got is None:
            known = set(st.table)
            known.update(c for _, c in st.trick)
            known.update(st.thrown[seat])
            known.update(shown)
            unseen = len(FULL) - len(known) - len(st.hands[seat])
            q = held / unseen
            k = 1.0 if st.trick_no == TRICKS else 0.65 / (len(ins) + 1)
            # per card, the cards above it the seat has not seen (its own hand's counted in `rate`)
            above = [sum(1 for u in ABOVE[c] if u not in known) for c in range(NCARDS)]
            fail = [1 - k * (1 - q) ** h for h in range(8)]  # a card with h unseen cards above it
            if len(_RATERS) >= 256:
                _RATERS.clear()
            got = _RATERS[key] = (above, fail)
        above, fail = got

        def rate(hand: list[int]) -> float:
            miss = 1.0
            for c in hand:
                miss *= fail[above[c] - len(ABOVE_SET[c].intersection(hand))]
            return 1 - miss

        return rate

    # -- the card inspector ----------------------------------------------------------------------

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        place = 8 - POWER[card.id] if POWER[card.id] >= 0 else 0
        out = [("Order", "10, 9, 8, 7, Ace, King, Queen, Jack (the Ten highest, the Jack lowest)"),
               ("This card", f"number {place} of 8 in its suit" if place else "not in this pack"),
               ("Trumps", "none: a trick goes to the highest card of the suit led")]
        if card.rank == 10:
            out.append(("Tens", "three Tens in a hand must whistle, four must stand"))
        if card.rank == 11:
            out.append(("Jacks", "three or four Jacks may fake the Tens signal (the jack_bluff option)"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: ToepenState = state  # type: ignore[assignment]
        n = st.players
        status = {
            "Hand": str(st.hand_no),
            "Dealer": st.names[st.dealer],
            "Stake": str(st.value),
            "Trick": f"{st.trick_no} of {TRICKS} (last one counts)",
        }
        if st.last_knocker >= 0:
            status["Last knock"] = st.names[st.last_knocker]
        if st.poor >= 0:
            status["Poverty"] = st.names[st.poor]
        status["Stock"] = plural(len(st.stock), "card")
        if seat is not None and not st.revealed and st.bluff[seat]:
            status["Your signal"] = f"{SIGNAL_WORD[st.bluff[seat]]} (a bluff, shown when the laundry is done)"
        facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            f: dict[str, str] = {}
            if not st.alive[s]:
                f["Status"] = "out of the game"
            elif not st.inhand[s]:
                f["Status"] = "folded"
            elif st.phase == LAUNDRY and not st.laundered[s]:
                f["Status"] = "deciding"
            else:
                f["Status"] = "in"
            if st.signal[s]:
                f["Signal"] = SIGNAL_WORD[st.signal[s]]
            if st.exchanged[s]:
                f["Exchanged"] = "yes, challenged" if st.shown[s] else "yes"
            if s == st.dealer:
                f["Dealer"] = "yes"
            facts[s] = f
        folded = [not st.inhand[s] for s in range(n)]
        plays = [TrickPlay(seat=s, card=SLUG[c], note="folded" if folded[s] else "") for s, c in st.trick]
        last = [TrickPlay(seat=s, card=SLUG[c], note="folded" if folded[s] else "") for s, c in st.last]
        note = f"Trick {st.trick_no} of {TRICKS} · stake {st.value}"
        if st.trick:
            note += f" · {SUIT_WORD[SUIT[st.trick[0][1]]]} led"
        trick = TrickView(
            leader=st.leader if st.phase in (PLAY, ANSWER) else None,
            plays=plays,
            note=note,
            last=last,
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        extra = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "stake": st.value,
            "trick_no": st.trick_no,
            "last_knocker": st.last_knocker if st.last_knocker >= 0 else None,
            "knocker": st.knocker if st.phase == ANSWER else None,
            "exchanger": st.exchanger if st.phase == CHALLENGE else None,
            "in_hand": [s for s in range(n) if st.inhand[s]],
            "winner": st.winner if st.winner >= 0 else None,
        }
        return {
            "phase": st.phase,
            # folding or staying in after a knock changes the score: no answer is taken by reflex
            "no_default": st.phase == ANSWER and seat in self.to_act(st),
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": trick,
            "seat_facts": facts,
            "extra": extra,
            # a challenge turned up is public: the challenger sees it before the table passes on
            "outcome": self._challenge_words(st) if st.challenger >= 0 and not st.over else "",
        }

    def _prompt(self, st: ToepenState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        acting = self.to_act(st)[0]
        who = st.names[acting]
        mine = seat == acting
        phase = st.phase
        if phase == SCORED:
            if mine:
                return f"You won hand {st.hand_no}. Deal the next hand when everyone has seen the scores."
            return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand."
        if phase == LAUNDRY:
            if not mine:
                return f"Waiting for {who} to keep or exchange."
            if st.exchanged[seat]:  # type: ignore[index]
                return "This is your new hand: keep it (with any signal you give)."
            text = "Keep your hand, or exchange it: throw it in face down and draw four from the stock."
            if len(st.stock) < TRICKS:
                text = "The stock is too small for an exchange: keep your hand."
            return text + " Four Tens must stand, three Tens must whistle; three or four Jacks may bluff."
        if phase == CHALLENGE:
            ex = st.names[st.exchanger]
            if mine:
                return (f"{ex} exchanged, claiming the thrown hand held only Aces, Kings, Queens and Jacks. "
                        "Challenge (turn it up: a 7–10 in it costs them a token, else it costs you one), or pass.")
            return f"Waiting for {who} to challenge {ex}'s exchange or pass."
        if phase == ANSWER:
            k = st.names[st.knocker]
            why = "Poverty" if st.poor == st.knocker else f"{k} knocked"
            if mine:
                return (f"{why}: the hand is worth {st.value}. Fold (pay {st.value - 1} and leave the hand) "
                        f"or stay in (lose {st.value} unless you win the last trick).")
            return f"{why}. Waiting for {who} to fold or stay."
        if mine:
            knock = ""
            if self._can_knock(st, seat):  # type: ignore[arg-type]
                knock = f" You may knock first (the stake goes to {st.value + 1})."
            if not st.trick:
                return f"Lead a card to trick {st.trick_no} of {TRICKS}.{knock}"
            led = SUIT_WORD[SUIT[st.trick[0][1]]].lower()
            return f"Play a card: follow {led} if you can.{knock}"
        return f"Waiting for {who} to play."

    def label(self, state: State, action: Action) -> str:
        st: ToepenState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            c = ID_OF.get(action.args[0], -1)
            return f"Play {the(c)}" if c >= 0 else f"Play {action.args[0]}"
        if verb == "knock":
            return f"Knock (raise the stake to {st.value + 1})"
        if verb == "fold":
            return f"Fold (pay {st.value - 1})"
        if verb == "stay":
            return f"Stay in (for {st.value})"
        if verb == "keep":
            return "Keep this hand"
        if verb == "exchange":
            return "Exchange (throw in, draw four)"
        if verb in ("whistle", "stand"):
            seat = st.turn
            real = 0 <= seat < st.players and self._tens(st.hands[seat]) >= 3
            word = "Whistle" if verb == "whistle" else "Stand"
            return f"Keep and {word.lower()}" + ("" if real else " (a Jack bluff)")
        if verb == "challenge":
            ex = st.exchanger
            return f"Challenge {st.names[ex]}'s exchange" if 0 <= ex < st.players else "Challenge"
        if verb == "pass":
            return "Pass (no challenge)"
        if verb == "deal":
            return "Deal the next hand"
        return super().label(state, action)

    # -- the end ------------------------------------------------------------------------------------------

    def _placings(self, st: ToepenState) -> list[int]:
        n = st.players
        if st.options.last_standing:  # type: ignore[attr-defined]
            # still in beats out; among the out, the later one placed higher
            key = [(1, st.scores[s]) if st.alive[s] else (0, st.outs[s]) for s in range(n)]
        else:
            key = [(st.scores[s], 0) for s in range(n)]
        return [1 + sum(1 for t in key if t > key[s]) for s in range(n)]

    def _summary(self, st: ToepenState) -> str:
        n = st.players
        out = [st.names[s] for s in range(n) if not st.alive[s]]
        if st.options.last_standing:  # type: ignore[attr-defined]
            left = [st.names[s] for s in range(n) if st.alive[s]]
            if len(left) == 1:
                return f"{left[0]} is the last player with tokens and wins."
            return f"{listing(left)} still have tokens."
        if out:
            top = max(st.scores)
            best = [st.names[s] for s in range(n) if st.scores[s] == top]
            verb = "runs" if len(out) == 1 else "run"
            lose = "loses" if len(out) == 1 else "lose"
            return (f"{listing(out)} {verb} out of tokens and {lose} the game; "
                    f"{listing(best)} kept the most ({top}).")
        return "Nobody is out of tokens yet."

    def final(self, state: State) -> ResultView:
        st: ToepenState = state  # type: ignore[assignment]
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]:+d}" for s in range(st.players))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(scores=list(st.scores), placings=self._placings(st), summary=self._summary(st), details=details)


GAME = Toepen()
