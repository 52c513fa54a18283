"""Nonesuch (P.D. Magnus): bid SOME, MOST or NONE, then play tricks in which the leader names
one suit of the led card for the others to follow. RULES.md section 9; help.md has our readings.

Flow of one hand: deal (the last card is the up card) -> one bid each from the dealer's left ->
the Excuse holder shows and sets aside the Excuse, chooses trump when the up card is a number
card, and takes the up card -> tricks -> scoring. Hands continue until someone is alone at the
top with `target` points or more.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, EXCUSE, SUITS
from decktable.cards.decktet import the, The
from decktable.engine.actions import CARD, SUIT, WORD, Action, Grammar
from decktable.engine.errors import MalformedAction
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import check_first_dealer, deal, first_dealer, keep_voids, left_of
from decktable.engine.kits.tricks import Trick, follow_options, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.nonesuch import INFO

# -- tables, per card id ------------------------------------------------------------------------

FULL: tuple[int, ...] = tuple(BASIC_IDS) + (EXCUSE,)  # 37 cards
SUIT_BIT: dict[str, int] = {s: 1 << i for i, s in enumerate(SUITS)}
MASK: list[int] = [sum(SUIT_BIT[s] for s in c.suits) for c in DECKTET]
NAME: list[str] = [c.name for c in DECKTET]
SLUG: list[str] = [c.slug for c in DECKTET]
CARD_SUITS: list[tuple[str, ...]] = [c.suits for c in DECKTET]
SORT_KEY: list[tuple[int, int]] = [
    (SUITS.index(c.suits[0]) if c.suits else 9, c.rank or 0) for c in DECKTET
]
ID_OF: dict[str, int] = {c.slug: c.id for c in DECKTET}
CARRIES: dict[str, frozenset[int]] = {s: frozenset(c.id for c in DECKTET if s in c.suits) for s in SUITS}


def _strengths(trump: str | None, named: str) -> list[tuple[int, int] | None]:
    """Per card: its strength in a trick (trump > named suit), or None if it cannot win."""
    out: list[tuple[int, int] | None] = []
    for c in DECKTET:
        if trump is not None and trump in c.suits:
            out.append((2, c.rank or 0))
        elif named in c.suits:
            out.append((1, c.rank or 0))
        else:
            out.append(None)
    return out


STRENGTH: dict[tuple[str | None, str], list[tuple[int, int] | None]] = {
    (t, s): _strengths(t, s) for t in (None, *SUITS) for s in SUITS
}

BIDS: tuple[str, ...] = ("some", "most", "none")
SOME, MOST, NONE = 0, 1, 2
BID_ACTIONS: list[Action] = [Action("bid", (b,)) for b in BIDS]
TRUMP_ACTIONS: dict[str, Action] = {s: Action("trump", (s,)) for s in SUITS}
PLAY_ACTIONS: list[Action] = [Action("play", (SLUG[c],)) for c in range(len(DECKTET))]
LEAD_ACTIONS: list[list[Action]] = [
    [Action("lead", (SLUG[c], s)) for s in CARD_SUITS[c]] for c in range(len(DECKTET))
]

BID, CHOOSE, PLAY, DONE, OVER = "bid", "trump", "play", "scored", "over"
DEAL_ACTION = Action("deal")


def suit_name(suit: str) -> str:
    return suit.capitalize()


def most_needed(players: int) -> int:
    """Tricks a MOST bid needs: 6 with three players, 5 with four."""
    return 6 if players == 3 else 5


def tricks_per_hand(players: int) -> int:
    return 36 // players


def hand_points(bid: int, tricks: int, players: int) -> int:
    """Points for one seat's hand (RULES 9 scoring; notes 2 and 3 in help.md)."""
    if bid == SOME:
        return tricks
    if bid == MOST:
        need = most_needed(players)
        return 2 * tricks if tricks >= need else tricks - need
    return tricks_per_hand(players) if tricks == 0 else -tricks


def placings(scores: list[int]) -> list[int]:
    return [1 + sum(1 for t in scores if t > s) for s in scores]


# -- options and state ---------------------------------------------------------------------------


class NonesuchOptions(BaseModel):
    target: int = Field(
        31,
        ge=1,
        le=500,
        description="Play hands until someone ends a hand with at least this many points "
        "and alone at the top.",
    )
    max_hands: int = Field(
        40,
        ge=1,
        le=1000,
        description="A stop rule: after this many hands the highest total wins even if nobody "
        "has reached the target (a tie at the top still plays on).",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=3,
        description="Seat (counted from 1: 1 = the first player) that deals the first hand; "
        "blank = chosen at random.",
    )


class NonesuchState(State):
    __slots__ = (
        "phase",
        "dealer",
        "turn",
        "hands",
        "up",
        "up_zone",
        "aside",
        "bids",
        "holder",
        "trump",
        "trump_played",
        "trick",
        "won",
        "tricks",
        "last",
        "last_winner",
        "voids",
    )

    phase: str
    dealer: int
    turn: int  # who bids, leads or plays next
    hands: list[list[int]]
    up: int  # this hand's up card (a fact that stays public after it is taken)
    up_zone: list[int]  # the up card while it lies on the table
    aside: list[int]  # the Excuse once shown (or turned up)
    bids: list[int]  # -1 = not yet, else SOME / MOST / NONE
    holder: int  # seat that showed the Excuse, -1 until bidding ends (or the Excuse was the up card)
    trump: str | None  # None: not known yet, or no trump this hand (see trump_known)
    trump_played: bool
    trick: Trick
    won: list[list[int]]  # cards of the tricks each seat took this hand
    tricks: list[int]
    last: list[tuple[int, int]]  # the previous trick's plays
    last_winner: int
    voids: list[int]  # per seat, the suits it showed it lacks this hand (SUIT_BIT), public


# -- the game ---------------------------------------------------------------------------------------


class Nonesuch(Game):
    info = GameInfo(id="nonesuch", **INFO)
    Options = NonesuchOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"bid": (WORD,), "trump": (SUIT,), "lead": (CARD, SUIT), "play": (CARD,), "deal": ()},
        DECKTET,
        SUITS,
        words={"bid": BIDS},
    )

    # -- starting and dealing ------------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        check_first_dealer(self.info.name, options.first_dealer, players)  # type: ignore[attr-defined]

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = NonesuchState(names, rng, options)
        n = len(names)
        st.dealer = first_dealer(n, rng, options.first_dealer, deck is not None)  # type: ignore[attr-defined]
        st.won = [[] for _ in range(n)]
        st.tricks = [0] * n
        st.last = []
        st.last_winner = -1
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: NonesuchState, order: list[int], events: list[Event] | None) -> None:
        """Deal one hand from `order` (index 0 = top): one card at a time from the dealer's
        left; the one card left over is the up card."""
        n = st.players
        order = list(order)
        first = left_of(st.dealer, n)
        hands = deal(order, n, tricks_per_hand(n), first=first)
        st.hands = [[] for _ in range(n)]
        for seat in range(n):
            h = hands[seat]
            h.sort(key=SORT_KEY.__getitem__)
            st.hands[seat] = h
        st.up = order[0]
        st.up_zone = [st.up]
        st.aside = []
        st.bids = [-1] * n
        st.holder = -1
        st.trump = CARD_SUITS[st.up][0] if len(CARD_SUITS[st.up]) == 1 else None
        st.trump_played = False
        st.trick = Trick(first)
        for w in st.won:
            w.clear()
        st.last = []  # its cards are back in the hands
        st.last_winner = -1
        st.tricks = [0] * n
        st.voids = [0] * n
        st.phase = BID
        st.turn = first
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals. "
                    f"The up card is {the(st.up)}; {self._trump_words(st)}.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer, "up": SLUG[st.up]},
                )
            )

    def _trump_words(self, st: NonesuchState) -> str:
        up = st.up
        if up == EXCUSE:
            return "there is no trump this hand"
        if st.trump is not None:
            return f"{suit_name(st.trump)} are trump"
        a, b = CARD_SUITS[up]
        return f"the holder of the Excuse will make {suit_name(a)} or {suit_name(b)} trump after bidding"

    # -- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: NonesuchState = state  # type: ignore[assignment]
        if st.over:
            return ()
        if st.phase == CHOOSE:
            return (st.holder,)
        return (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "bid": "Bidding",
        "trump": "Choosing trump",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def _leadable(self, st: NonesuchState, hand: list[int]) -> list[int]:
        if st.trump is None or st.trump_played:
            return hand
        tb = SUIT_BIT[st.trump]
        plain = [c for c in hand if not MASK[c] & tb]
        return plain if plain else hand

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: NonesuchState = state  # type: ignore[assignment]
        if st.over or seat != (st.holder if st.phase == CHOOSE else st.turn):
            return []
        if st.phase == BID:
            return list(BID_ACTIONS)
        if st.phase == DONE:
            return [DEAL_ACTION]
        if st.phase == CHOOSE:
            return [TRUMP_ACTIONS[s] for s in CARD_SUITS[st.up]]
        hand = st.hands[seat]
        if not st.trick.plays:
            out: list[Action] = []
            for c in self._leadable(st, hand):
                out.extend(LEAD_ACTIONS[c])
            return out
        return [PLAY_ACTIONS[c] for c in follow_options(hand, CARRIES[st.trick.named].__contains__)]  # type: ignore[index]

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: NonesuchState = state  # type: ignore[assignment]
        # fast path for the common case, a legal card play; anything else goes to _why
        if st.phase == PLAY and seat == st.turn and not st.over:
            trick = st.trick
            args = action.args
            if trick.plays:
                if action.verb == "play" and len(args) == 1:
                    c = ID_OF.get(args[0], -1)
                    hand = st.hands[seat]
                    if c in hand:
                        carries = CARRIES[trick.named]  # type: ignore[index]
                        if c in carries or carries.isdisjoint(hand):
                            return None
            elif action.verb == "lead" and len(args) == 2:
                c = ID_OF.get(args[0], -1)
                hand = st.hands[seat]
                if c in hand and args[1] in CARD_SUITS[c]:
                    if st.trump is None or st.trump_played or c not in CARRIES[st.trump]:
                        return None
        return self._why(st, seat, action)

    def explain(self, state: State, seat: int, action: Action) -> str:
        why = self._why(state, seat, action)  # type: ignore[arg-type]
        return why or "That move is allowed now."

    def _why(self, st: NonesuchState, seat: int, action: Action) -> str | None:
        """None when `action` is legal for `seat`, else the reason in a sentence."""
        verb, args = action.verb, action.args
        if st.over:
            return "The game is over."
        acting = st.holder if st.phase == CHOOSE else st.turn
        if seat != acting:
            return f"It is {st.names[acting]}'s turn, not yours."
        if verb not in self.grammar.verbs or len(args) != len(self.grammar.verbs[verb]):
            return "That is not a move of Nonesuch."
        phase = st.phase
        if phase == DONE:
            if verb != "deal":
                return f"Hand {st.hand_no} is over: deal the next hand first."
            return None
        if verb == "deal":
            return f"Hand {st.hand_no} is still being played."
        if phase == BID:
            if verb != "bid":
                return "Bid first."
            if args[0] not in BIDS:
                return "Bid SOME, MOST or NONE."
            return None
        if verb == "bid":
            return "Bidding is over for this hand."
        if phase == CHOOSE:
            up = st.up
            a, b = CARD_SUITS[up]
            if verb != "trump":
                return f"Choose trump first: {suit_name(a)} or {suit_name(b)}."
            s = args[0]
            if s not in (a, b):
                return (
                    f"{The(up)} does not carry {suit_name(s)}; "
                    f"choose {suit_name(a)} or {suit_name(b)}."
                )
            return None
        if verb == "trump":
            if st.up == EXCUSE:
                return "There is no trump this hand: the Excuse was the up card."
            return f"Trump is already {suit_name(st.trump or '')}."
        c = ID_OF.get(args[0], -1)
        if c < 0:
            return "There is no such card."
        trick = st.trick
        hand = st.hands[seat]
        if not trick.plays:
            if verb != "lead":
                return f"You lead this trick: lead a card and name one of its suits (lead {args[0]} <suit>)."
            s = args[1]
            if c not in hand:
                return f"You do not hold {the(c)}."
            if s not in CARD_SUITS[c]:
                return f"{The(c)} does not carry {suit_name(s)}."
            if st.trump is not None and not st.trump_played and MASK[c] & SUIT_BIT[st.trump]:
                if any(not MASK[h] & SUIT_BIT[st.trump] for h in hand):
                    return "You may not lead a trump until a trump has been played this hand."
            return None
        if verb != "play":
            return f"{st.names[trick.leader]} has already led this trick: play a card."
        if c not in hand:
            return f"You do not hold {the(c)}."
        named = trick.named or ""
        nb = SUIT_BIT[named]
        if not MASK[c] & nb:
            holding = [h for h in hand if MASK[h] & nb]
            if holding:
                return (
                    f"You must play a card carrying {suit_name(named)} "
                    f"(you hold {listing([the(h) for h in holding])})."
                )
        return None

    # -- parsing ------------------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """As the grammar, and `lead <card>` for a card with one suit (an Ace or a Crown)."""
        try:
            return self.grammar.parse(text)
        except MalformedAction:
            parts = text.strip().lower().split() if isinstance(text, str) else []
            if len(parts) < 2 or parts[0] != "lead":
                raise
            card = DECKTET.find(" ".join(parts[1:]))
            if card is None:
                raise
            if len(card.suits) == 1:
                return Action("lead", (card.slug, card.suits[0]))
            if len(card.suits) == 2:
                a, b = card.suits
                raise MalformedAction(
                    text,
                    f"name the suit to follow: lead {card.slug} {a} or lead {card.slug} {b}",
                ) from None
            raise

    # -- carrying out ---------------------------------------------------------------------------

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: NonesuchState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play" or verb == "lead":
            c = ID_OF[action.args[0]]
            st.hands[seat].remove(c)
            trick = st.trick
            plays = trick.plays
            if plays and c not in CARRIES[trick.named]:  # type: ignore[index]
                st.voids[seat] |= SUIT_BIT[trick.named]  # type: ignore[index]  # none of the named suit
            plays.append((seat, c))
            trump = st.trump
            is_trump = trump is not None and c in CARRIES[trump]
            if is_trump:
                st.trump_played = True
            if verb == "lead":
                trick.named = action.args[1]
            if events is not None:
                t = " (a trump)" if is_trump else ""
                if verb == "lead":
                    text = f"{st.names[seat]} leads {the(c)}{t}, naming {suit_name(action.args[1])}."
                    data = {"card": SLUG[c], "named": action.args[1], "trump": is_trump}
                else:
                    text = f"{st.names[seat]} plays {the(c)}{t}."
                    data = {"card": SLUG[c], "trump": is_trump}
                events.append(Event(text, verb, seat, data))
            n = len(st.names)
            if len(plays) < n:
                st.turn = (seat + 1) % n
            else:
                self._finish_trick(st, events)
            return
        n = len(st.names)
        if verb == "bid":
            b = BIDS.index(action.args[0])
            st.bids[seat] = b
            if events is not None:
                events.append(Event(f"{st.names[seat]} bids {BIDS[b].upper()}.", "bid", seat, {"bid": BIDS[b]}))
            st.turn = left_of(seat, n)
            if st.turn == left_of(st.dealer, n):
                self._after_bidding(st, events)
            return
        if verb == "trump":
            s = action.args[0]
            st.trump = s
            up = st.up
            st.up_zone.clear()
            hand = st.hands[seat]
            hand.append(up)
            hand.sort(key=SORT_KEY.__getitem__)
            self.reveal_into(st, [up], f"hand{seat}")  # everyone saw it go there
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} makes {suit_name(s)} trump and takes {the(up)} into hand.",
                        "trump",
                        seat,
                        {"trump": s, "up": SLUG[up]},
                    )
                )
            self._start_play(st)
            return
        if verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): the tricks are played without
        actions or events, each card drawn uniformly from those `legal_actions` would list (a
        lead: uniformly over its card and named suit); bids, the trump choice and anything else
        go through the generic step. Stops at the end of the hand. `trace` collects the moves as (seat, action)."""
        st: NonesuchState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no, n = len(st.sheet), st.hand_no, st.players
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            if st.phase != PLAY:
                p = st.holder if st.phase == CHOOSE else st.turn
                if not self.random_step(st, p, rand, trace):
                    break
                moves += 1
                continue
            seat = st.turn
            hand = st.hands[seat]
            trick = st.trick
            plays = trick.plays
            if plays:  # follow the named suit if possible
                carries = CARRIES[trick.named]  # type: ignore[index]
                ok = [c for c in hand if c in carries] or hand
                c = ok[int(rand() * len(ok))]
                if c not in carries:  # as `play`: none of the named suit
                    st.voids[seat] |= SUIT_BIT[trick.named]  # type: ignore[index]
                if trace is not None:
                    trace.append((seat, PLAY_ACTIONS[c]))
            else:
                opts = [(c, s) for c in self._leadable(st, hand) for s in CARD_SUITS[c]]
                c, named = opts[int(rand() * len(opts))]
                trick.named = named
                if trace is not None:
                    trace.append((seat, LEAD_ACTIONS[c][CARD_SUITS[c].index(named)]))
            hand.remove(c)
            plays.append((seat, c))
            if st.trump is not None and c in CARRIES[st.trump]:
                st.trump_played = True
            moves += 1
            if len(plays) < n:
                st.turn = (seat + 1) % n
            else:
                self._finish_trick(st, None)
        return moves

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of the hands `seat` cannot see: a player seen not to follow the
        suit named holds no card carrying it (`voids`; a card of two suits leaves such a hand if
        either is missing), traded by the dealing kit's `keep_voids` with the other hidden
        hands; the up card, seen going into a hand, stays there."""
        st: NonesuchState = other  # type: ignore[assignment]
        if not any(st.voids):
            return
        keep_voids(st.hands, [s for s in range(st.players) if s != seat], st.voids, MASK, rng, bits=MASK,
                   known=st.known_in)

    def _after_bidding(self, st: NonesuchState, events: list[Event] | None) -> None:
        up = st.up
        if up == EXCUSE:
            st.up_zone.clear()
            st.aside.append(EXCUSE)
            if events is not None:
                events.append(Event("The Excuse was the up card: it is set aside, and there is no trump.", "reveal"))
            self._start_play(st)
            return
        holder = next(s for s in range(st.players) if EXCUSE in st.hands[s])
        st.holder = holder
        st.hands[holder].remove(EXCUSE)
        st.aside.append(EXCUSE)
        if events is not None:
            events.append(
                Event(f"{st.names[holder]} shows the Excuse and sets it aside.", "reveal", holder, {"seat": holder})
            )
        if st.trump is None:
            a, b = CARD_SUITS[up]
            st.phase = CHOOSE
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[holder]} is to choose trump: {suit_name(a)} or {suit_name(b)}.",
                        "info",
                        holder,
                    )
                )
            return
        st.up_zone.clear()
        hand = st.hands[holder]
        hand.append(up)
        hand.sort(key=SORT_KEY.__getitem__)
        self.reveal_into(st, [up], f"hand{holder}")  # everyone saw it go there
        if events is not None:
            events.append(Event(f"{st.names[holder]} takes the up card, {the(up)}, into hand.", "take", holder))
        self._start_play(st)

    def _start_play(self, st: NonesuchState) -> None:
        st.phase = PLAY
        st.turn = left_of(st.dealer, st.players)
        st.trick = Trick(st.turn)

    def _finish_trick(self, st: NonesuchState, events: list[Event] | None) -> None:
        trick = st.trick
        strength = STRENGTH[(st.trump, trick.named)]  # type: ignore[index]
        plays = trick.plays
        seat, card = plays[winner(plays, strength.__getitem__)]
        st.tricks[seat] += 1
        st.won[seat].extend([c for _, c in plays])
        st.last = plays
        st.last_winner = seat
        st.turn = seat
        st.trick = Trick(seat)
        if events is not None:
            events.append(
                Event(f"{st.names[seat]} wins the trick with {the(card)}.", "trick", seat, {"card": SLUG[card]})
            )
        if not st.hands[seat]:
            self._end_hand(st, events)

    def _end_hand(self, st: NonesuchState, events: list[Event] | None) -> None:
        """Score the hand, then end the game or deal the next hand."""
        n = st.players
        row = [hand_points(st.bids[s], st.tricks[s], n) for s in range(n)]
        for s in range(n):
            st.scores[s] += row[s]
        st.sheet.append(row)
        if events is not None:
            for s in range(n):
                t = st.tricks[s]
                events.append(
                    Event(
                        f"{st.names[s]} bid {BIDS[st.bids[s]].upper()} and took {t} trick{'s' if t != 1 else ''}: "
                        f"{row[s]:+d} (total {st.scores[s]}).",
                        "score",
                        s,
                        {"points": row[s], "total": st.scores[s]},
                    )
                )
        top = max(st.scores)
        target = st.options.target  # type: ignore[attr-defined]
        leaders = [s for s in range(n) if st.scores[s] == top]
        limit = st.hand_no >= st.options.max_hands  # type: ignore[attr-defined]
        if (top >= target or limit) and len(leaders) == 1:
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over", leaders[0]))
            return
        if events is not None and (top >= target or limit):
            events.append(
                Event(
                    f"{listing([st.names[s] for s in leaders])} are tied at the top with {top}: another hand.",
                    "info",
                )
            )
        # a pause, so everyone sees the last trick and the scores before the cards are shuffled
        st.phase = DONE
        st.turn = left_of(st.dealer, n)

    # -- what each seat sees ----------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: NonesuchState = state  # type: ignore[assignment]
        out = [
            Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand")
            for s in range(st.players)
        ]
        out.append(Zone("up", st.up_zone, Vis.PUBLIC, None, "Up card", "row"))
        out.append(Zone("trick", [c for _, c in st.trick.plays], Vis.PUBLIC, None, "Trick", "row"))
        out.append(Zone("aside", st.aside, Vis.PUBLIC, None, "Set aside", "pile"))
        out.extend(
            Zone(f"won{s}", st.won[s], Vis.PUBLIC, s, f"{st.names[s]}'s tricks", "pile", tricks=st.tricks[s]) for s in range(st.players)
        )
        return out

    def _trump_status(self, st: NonesuchState) -> str:
        if st.up == EXCUSE:
            return "None"
        if st.trump is not None:
            return suit_name(st.trump)
        a, b = CARD_SUITS[st.up]
        return f"{suit_name(a)} or {suit_name(b)} (chosen after bidding)"

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: NonesuchState = state  # type: ignore[assignment]
        if st.trump is not None and card in CARRIES[st.trump]:
            return "trump"
        return ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        trump = obs.status.get("Trump", "")
        out: list[tuple[str, str]] = []
        if trump == "None":
            out.append(("Trump", "none this hand"))
        elif " or " in trump:
            out.append(("Trump", f"not chosen yet: {trump}"))
        elif trump:
            carries = [s.capitalize() for s in card.suits]
            out.append(("Trump", f"{'yes' if trump in carries else 'no'}: the trump is {trump}"))
        if card.suits:
            out.append(("Follows", "a lead naming " + " or ".join(s.capitalize() for s in card.suits)))
        if card.kind == "excuse":
            out.append(("Excuse", "its holder sets it aside and chooses the trump (see the rules)"))
        out.append(("Order", "Crown 10 is highest, the Ace 1 lowest"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: NonesuchState = state  # type: ignore[assignment]
        n = st.players
        trump = self._trump_status(st)
        up = NAME[st.up]
        if not st.up_zone and st.up != EXCUSE and st.holder >= 0:
            # once in a hand the up card is a hidden card like any other: name it again only
            # when it has been played (the log still tells who took what)
            if any(st.up in h for h in st.hands):
                up = f"taken by {st.names[st.holder]}"
            else:
                up += f" (taken by {st.names[st.holder]}, played)"
        status = {
            "Hand": str(st.hand_no),
            "Dealer": st.names[st.dealer],
            "Up card": up,
            "Trump": trump,
        }
        if st.phase == PLAY and st.trump is not None:
            status["Trump played"] = "yes" if st.trump_played else "not yet"
        status["Target"] = str(st.options.target)  # type: ignore[attr-defined]
        need = most_needed(n)
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            b = st.bids[s]
            facts = {"Bid": BIDS[b].upper() if b >= 0 else "—", "Tricks": str(st.tricks[s])}
            if b == MOST:
                facts["Needs"] = str(need)
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts

        trick = st.trick
        tb = SUIT_BIT[st.trump] if st.trump is not None else 0
        plays = [TrickPlay(seat=p, card=SLUG[c], note="trump" if MASK[c] & tb else "") for p, c in trick.plays]
        last = [TrickPlay(seat=p, card=SLUG[c], note="trump" if MASK[c] & tb else "") for p, c in st.last]
        note_parts = []
        if trick.named:
            note_parts.append(f"{suit_name(trick.named)} named")
        note_parts.append(f"Trump: {trump}")
        view = TrickView(
            leader=trick.leader if st.phase == PLAY else None,
            plays=plays,
            note=" · ".join(note_parts),
            last=last,
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        acting = self.to_act(st)
        prompt = self._prompt(st, seat, acting)
        extra = {
            "hand": st.hand_no,
            "dealer": st.dealer,
            "trump": st.trump,
            "named": trick.named,
            "trump_chooser": st.holder if st.holder >= 0 else None,
            "most_needs": need,
            "none_scores": tricks_per_hand(n),
        }
        return {
            "phase": st.phase,
            "prompt": prompt,
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": extra,
        }

    def _prompt(self, st: NonesuchState, seat: int | None, acting: tuple[int, ...]) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[acting[0]]
        mine = seat is not None and seat in acting
        if st.phase == DONE:
            if mine:
                return f"Hand {st.hand_no} is over. Deal the next hand when everyone has seen the scores."
            return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand."
        if st.phase == BID:
            if mine:
                need = most_needed(st.players)
                return (
                    f"Bid SOME (a point a trick), MOST ({need}+ tricks, two points a trick) "
                    f"or NONE (no tricks, {tricks_per_hand(st.players)} points)."
                )
            return f"Waiting for {who} to bid."
        if st.phase == CHOOSE:
            a, b = CARD_SUITS[st.up]
            if mine:
                return f"You showed the Excuse: make {suit_name(a)} or {suit_name(b)} trump; you take {the(st.up)}."
            return f"Waiting for {who} to choose trump: {suit_name(a)} or {suit_name(b)}."
        trick = st.trick
        if not trick.plays:
            if mine:
                text = "Lead a card and name one of its suits for the others to follow."
                if st.trump is not None and not st.trump_played:
                    text += " You may not lead a trump until a trump has been played."
                return text
            return f"Waiting for {who} to lead."
        named = suit_name(trick.named or "")
        if mine:
            return f"Play a card carrying {named} if you can; otherwise any card."
        return f"Waiting for {who} to play ({named} named)."

    def label(self, state: State, action: Action) -> str:
        verb, args = action.verb, action.args
        if verb == "bid":
            return f"Bid {args[0].upper()}"
        if verb == "trump":
            return f"Make {suit_name(args[0])} trump"
        if verb == "deal":
            return "Deal the next hand"
        c = ID_OF.get(args[0], -1)
        name = the(c) if c >= 0 else args[0]
        if verb == "lead":
            return f"Lead {name}, naming {suit_name(args[1])}"
        return f"Play {name}"

    # -- the end ----------------------------------------------------------------------------------

    def _summary(self, st: NonesuchState) -> str:
        top = max(st.scores)
        leaders = [st.names[s] for s in range(st.players) if st.scores[s] == top]
        if len(leaders) == 1:
            return f"{leaders[0]} wins with {top} points."
        return f"{listing(leaders)} share the lead with {top} points."

    def final(self, state: State) -> ResultView:
        st: NonesuchState = state  # type: ignore[assignment]
        details = [
            f"Hand {i}: " + ", ".join(f"{st.names[s]} {row[s]:+d}" for s in range(st.players))
            for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(
            scores=list(st.scores), placings=placings(st.scores), summary=self._summary(st), details=details
        )


GAME = Nonesuch()
