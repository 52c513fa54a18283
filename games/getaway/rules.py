"""Getaway: shed your cards through tricks. RULES.md section 18; help.md has our readings.

Flow of one hand: deal all 52 cards from the dealer's left -> the holder of the Ace of Spades
leads it and everyone plays (the first trick never stops) -> later tricks stop at the first player
who cannot follow, and the highest card of the led suit picks the trick up; a trick everyone
followed is discarded -> a player with no cards once a trick is settled gets away -> the leader
may take the hand of the next player still in on their left before leading (3+ players in) ->
with two players in, a last-card lead answered lower starts the shootout from the shuffled
discards -> the last player holding cards loses. A session is `hands` deals; fewest losses wins.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter
from typing import Any, Callable

from pydantic import BaseModel, Field

from decktable.cards.french import FRENCH, RANK_OF, SUIT_OF, SUITS, card, the
from decktable.engine.actions import CARD, Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import check_first_dealer, first_dealer, keep_voids, left_of
from decktable.engine.kits.tricks import Trick, follow_options, shows_void, stopped_trick, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine.words import listing
from decktable.rulesets.getaway import INFO

# -- tables, per card id ------------------------------------------------------------------------

FULL: tuple[int, ...] = tuple(range(52))
ACE_SPADES: int = card("as")
SUIT_IX: list[int] = [SUITS.index(SUIT_OF[c]) for c in range(52)]
RANK: list[int] = list(RANK_OF)
SORT_KEY: list[tuple[int, int]] = [(SUIT_IX[c], RANK[c]) for c in range(52)]
SLUG: list[str] = [c.slug for c in FRENCH]
ID_OF: dict[str, int] = {c.slug: c.id for c in FRENCH}
IN_SUIT: list[frozenset[int]] = [frozenset(c for c in range(52) if SUIT_IX[c] == s) for s in range(4)]
SAME_SUIT: list[frozenset[int]] = [IN_SUIT[SUIT_IX[c]] for c in range(52)]
#: LED_RANK[led suit][card]: the card's rank if it is of that suit, else None (it cannot win)
LED_RANK: list[list[int | None]] = [[RANK[c] if SUIT_IX[c] == led else None for c in range(52)] for led in range(4)]

#: the pack's card ids run suit by suit, each suit low to high, in SORT_KEY order: a hand sorted
#: by id is sorted as the rules sort it, and a suit is one run of ids, SUIT_SPAN[suit] = (first,
#: past the last). The fast playout and the prepared determinizer lean on this.
assert sorted(range(52), key=SORT_KEY.__getitem__) == list(range(52))
SUIT_SPAN: list[tuple[int, int]] = [(min(IN_SUIT[s]), max(IN_SUIT[s]) + 1) for s in range(4)]
assert all(IN_SUIT[s] == frozenset(range(*SUIT_SPAN[s])) for s in range(4))
HAND_ZONE: list[str] = [f"hand{s}" for s in range(8)]
CARD_OF = itemgetter(1)  # the card of a (seat, card) play

#: the fast playout's seating tables by who is still in (see `Getaway._seating`), each made once
SEATING: dict[tuple[bool, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}

PLAY_ACTIONS: list[Action] = [Action("play", (SLUG[c],)) for c in range(52)]
TAKE_ACTION = Action("take")
PICKUP_ACTION = Action("pickup")
DEAL_ACTION = Action("deal")

PLAY, PICKUP, SHOOT, DONE, OVER = "play", "pickup", "shootout", "scored", "over"


def suit_name(ix: int) -> str:
    return SUITS[ix].capitalize()


def cards_word(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def placings(scores: list[int]) -> list[int]:
    """Fewest losses first; equal tallies share a place."""
    return [1 + sum(1 for t in scores if t < s) for s in scores]


# -- options and state ---------------------------------------------------------------------------


class GetawayOptions(BaseModel):
    hands: int = Field(
        1,
        ge=1,
        le=100,
        description="Deals in the session. Each deal has one loser; losses are tallied and the "
        "fewest losses win.",
    )
    max_tricks: int = Field(
        400,
        ge=10,
        le=10_000,
        description="A stop rule for one deal: after this many tricks the player holding the most "
        "cards loses it (a tie goes against the first of them from the next leader on).",
    )
    first_dealer: int | None = Field(
        None, json_schema_extra={"seat": True},
        ge=0,
        le=7,
        description="Seat (counted from 1: 1 = the first player) that deals the first hand; blank = chosen at random.",
    )


class GetawayState(State):
    __slots__ = (
        "phase", "dealer", "turn", "hands", "inn", "trick", "size", "first", "discard", "draw",
        "shooter", "loser", "away", "last", "last_winner", "last_note", "tricks_played", "voids",
    )

    phase: str
    dealer: int
    turn: int
    hands: list[list[int]]
    inn: list[bool]  # still in this hand (has not got away)
    trick: Trick
    size: int  # how many play to the current trick (players in at the lead)
    first: bool  # the Ace of Spades trick
    discard: list[int]  # discarded tricks (face up); in the shootout, its new discard pile
    draw: list[int]  # the shootout's shuffled draw pile (face down)
    shooter: int  # the shootout's player A (away of cards), else -1
    loser: int  # this hand's loser, else -1
    away: list[int]  # seats in the order they got away this hand
    last: list[tuple[int, int]]
    last_winner: int
    last_note: str
    tricks_played: int
    voids: list[int]  # per seat, the suits it showed it lacks this hand (bit SUIT_IX), public


# -- the game -------------------------------------------------------------------------------------


class Getaway(Game):
    info = GameInfo(id="getaway", **INFO)
    Options = GetawayOptions
    catalogue = FRENCH
    grammar = Grammar({"play": (CARD,), "take": (), "pickup": (), "deal": ()}, FRENCH, SUITS)

    # -- starting and dealing ---------------------------------------------------------------

    def check_players(self, players: int, options: BaseModel) -> None:
        check_first_dealer(self.info.name, options.first_dealer, players)  # type: ignore[attr-defined]

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        st = GetawayState(names, rng, options)
        n = len(names)
        st.dealer = first_dealer(n, rng, options.first_dealer, deck is not None)  # type: ignore[attr-defined]
        self._deal(st, self.stacked(FULL, deck, rng), None)
        return st

    def _deal(self, st: GetawayState, order: list[int], events: list[Event] | None) -> None:
        """Deal all 52 cards one at a time from the dealer's left (the first few get one more)."""
        n = st.players
        first = left_of(st.dealer, n)
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):
            h = order[k::n]
            h.sort(key=SORT_KEY.__getitem__)
            hands[(first + k) % n] = h
        st.hands = hands
        st.inn = [True] * n
        st.discard = []
        st.draw = []
        st.shooter = -1
        st.loser = -1
        st.away = []
        st.last = []
        st.last_winner = -1
        st.last_note = ""
        st.tricks_played = 0
        st.voids = [0] * n
        holder = next(s for s in range(n) if ACE_SPADES in hands[s])
        st.trick = Trick(holder)
        st.size = n
        st.first = True
        st.turn = holder
        st.phase = PLAY
        if events is not None:
            events.append(
                Event(
                    f"Hand {st.hand_no}: {st.names[st.dealer]} deals. {st.names[holder]} opens the first trick.",
                    "deal",
                    st.dealer,
                    {"hand": st.hand_no, "dealer": st.dealer, "leader": holder},
                )
            )

    # -- helpers ------------------------------------------------------------------------------

    def _next_in(self, st: GetawayState, seat: int) -> int:
        """The next seat to the left of `seat` still in the hand."""
        inn = st.inn
        n = len(inn)
        s = seat + 1 if seat + 1 < n else 0
        while not inn[s]:
            s = s + 1 if s + 1 < n else 0
        return s

    def _count_in(self, st: GetawayState) -> int:
        return sum(st.inn)

    # -- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        st: GetawayState = state  # type: ignore[assignment]
        return () if st.over else (st.turn,)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "pickup": "Picking up the trick",
        "shootout": "Shootout",
        "scored": "Hand over",
    }

    def phase(self, state: State) -> str:
        return state.phase  # type: ignore[attr-defined]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        st: GetawayState = state  # type: ignore[assignment]
        if st.over or seat != st.turn:
            return []
        phase = st.phase
        if phase == DONE:
            return [DEAL_ACTION]
        if phase == PICKUP:
            return [PICKUP_ACTION]
        hand = st.hands[seat]
        plays = st.trick.plays
        if not plays:
            if st.first:
                return [PLAY_ACTIONS[ACE_SPADES]]
            out = [PLAY_ACTIONS[c] for c in hand]
            if sum(st.inn) >= 3:
                out.append(TAKE_ACTION)
            return out
        suit = SAME_SUIT[plays[0][1]]
        if phase == SHOOT:
            return [PLAY_ACTIONS[c] for c in hand if c in suit]
        return [PLAY_ACTIONS[c] for c in follow_options(hand, suit.__contains__)]

    @staticmethod
    def _below(hand: list[int], a: int, b: int, led: int) -> int:
        """The index in `hand` (between `a` and `b`, the cards of the led suit) of the highest
        card ranked below `led`; -1 when there is none."""
        best = -1
        for i in range(a, b):
            if RANK[hand[i]] < RANK[led] and (best < 0 or RANK[hand[i]] > RANK[hand[best]]):
                best = i
        return best

    def playout_action(self, state: State, seat: int, legal: Any, rand: Any) -> Action | None:
        """The search's playouts make Getaway's decisions that random play gets badly wrong
        (see `Game.playout_action`), as `playout` writes them out:

        - Never take a hand: random leads took one at a chance of one in (cards held + 1), so
          a player down to one card took the next hand half the time instead of getting away.
        - Answer a last card led (two players in) and a card drawn in the shootout with the
          highest card of its suit below it: a higher card loses on the spot, and the lower
          cards kept answer the later draws.
        - Everything else is left to the search's random draw (None)."""
        st: GetawayState = state  # type: ignore[assignment]
        if len(legal) == 1:
            return None  # one move: drawn all the same, as the search's loop draws it
        plays = st.trick.plays
        if st.phase == PLAY and not plays:
            if legal[-1] is TAKE_ACTION or legal[-1] == TAKE_ACTION:
                return legal[int(rand() * (len(legal) - 1))]
            return None
        if st.phase not in (PLAY, SHOOT) or not plays:
            return None
        if st.phase == PLAY and not (sum(st.inn) == 2 and len(plays) == 1 and not st.hands[plays[0][0]]):
            return None
        led = plays[0][1]
        lower = [a for a in legal if a.verb == "play" and RANK[ID_OF[a.args[0]]] < RANK[led]
                 and SUIT_IX[ID_OF[a.args[0]]] == SUIT_IX[led]]
        if not lower:
            return None
        return max(lower, key=lambda a: RANK[ID_OF[a.args[0]]])

    def random_legal(self, state: State, seat: int, rand: Any) -> Action | None:
        """`legal_actions(state, seat)[int(rand() * len(them))]` without building the list (the
        search draws so at every new node): the same action from the same single draw, found in
        the hand as `playout` finds it; None, with no draw, when there is none."""
        st: GetawayState = state  # type: ignore[assignment]
        if st.over or seat != st.turn or st.phase != PLAY:
            return super().random_legal(state, seat, rand)
        hand = st.hands[seat]
        plays = st.trick.plays
        if not plays:
            if st.first:
                rand()
                return PLAY_ACTIONS[ACE_SPADES]
            k = int(rand() * (len(hand) + (1 if sum(st.inn) >= 3 else 0)))
            return TAKE_ACTION if k == len(hand) else PLAY_ACTIONS[hand[k]]
        lo, hi = SUIT_SPAN[SUIT_IX[plays[0][1]]]
        a = bisect_left(hand, lo)
        b = bisect_left(hand, hi, a)
        return PLAY_ACTIONS[hand[a + int(rand() * (b - a)) if a < b else int(rand() * len(hand))]]

    def check(self, state: State, seat: int, action: Action) -> str | None:
        st: GetawayState = state  # type: ignore[assignment]
        # fast path: a legal follow in an ordinary trick
        if st.phase == PLAY and seat == st.turn and not st.over and action.verb == "play" and len(action.args) == 1:
            plays = st.trick.plays
            if plays:
                c = ID_OF.get(action.args[0], -1)
                hand = st.hands[seat]
                if c in hand:
                    suit = SAME_SUIT[plays[0][1]]
                    if c in suit or suit.isdisjoint(hand):
                        return None
        return self.why_not(st, seat, action)

    def why_not(self, state: State, seat: int, action: Action) -> str | None:
        st: GetawayState = state  # type: ignore[assignment]
        verb, args = action.verb, action.args
        common = self.common_refusal(st, seat, action, st.turn)
        if common is not None:
            return common
        settled, why = self.between_hands(st.hand_no, verb, st.phase == DONE)
        if settled:
            return why
        if st.phase == PICKUP:
            if verb != "pickup":
                return "The trick stopped: pick it up first."
            return None
        if verb == "pickup":
            return "There is no stopped trick to pick up."
        plays = st.trick.plays
        if verb == "take":
            if st.phase == SHOOT:
                return "Nobody may take a hand during the shootout."
            if plays:
                return "You may take a hand only just before you lead."
            if st.first:
                return "The first trick comes first: lead the Ace of Spades."
            if sum(st.inn) < 3:
                return "With only two players left nobody may take a hand."
            return None
        c = ID_OF.get(args[0], -1)
        if c < 0:
            return "There is no such card."
        hand = st.hands[seat]
        if c not in hand:
            return f"You do not hold {the(c)}."
        if not plays:
            if st.first and c != ACE_SPADES:
                return "The first trick must be led with the Ace of Spades."
            return None
        led = SUIT_IX[plays[0][1]]
        if SUIT_IX[c] != led:
            if st.phase == SHOOT:
                return f"Follow the drawn card: play one of your {SUITS[led]}."
            if any(SUIT_IX[h] == led for h in hand):
                return f"You must follow suit: you hold {SUITS[led]}."
        return None

    # -- carrying out -------------------------------------------------------------------------

    def playout(self, state: State, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): the moves `legal_actions` lists, drawn
        as the generic loop draws them (the same calls to `rand`, so the same game), without
        actions or events. Stops at the end of the hand; `trace` collects the moves as (seat,
        action).

        It is most of a search's time, so an ordinary trick is played here in one loop that
        mirrors `play` -> `_card_down` -> `_stop_trick` or `_complete_trick`, then `_pick_up` and
        the usual `_settle` (nobody got away, play goes on), and leaves the very same state.
        Hands are sorted by card id, the rules' order (see SUIT_SPAN), so the led suit's cards
        are found by bisection and the card drawn is popped by its index; the best card of the
        led suit is kept as the trick goes; who plays after whom comes from `_seating`; the next
        trick reuses the trick object (nothing else holds it: the state is the playout's own).
        What is rarer goes through the rules themselves: a `take`, a `_settle` in which someone
        gets away or the stop rule ends the hand, the start of a shootout, and (the generic
        step) the shootout and the next deal."""
        st: GetawayState = state  # type: ignore[assignment]
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        hands, inn, names, voids = st.hands, st.inn, st.names, st.voids
        max_tricks: int = st.options.max_tricks  # type: ignore[attr-defined]
        ins, after_of, in_hands = self._seating(st)
        # the playout policy (`playout_action`): no take, and a lower answer to a last card,
        # written out here as the policy decides them (a subclass without it plays at random)
        policy = type(self).playout_action is not Game.playout_action
        while moves < limit:
            phase = st.phase
            trick = st.trick
            if phase == PLAY:
                seat = st.turn
                plays = trick.plays
                first = st.first
                if plays:  # a trick under way
                    size = st.size
                    lo, hi = SUIT_SPAN[SUIT_IX[plays[0][1]]]
                    best_seat, best = plays[0]
                    for p, c in plays:
                        if lo <= c < hi and c > best:
                            best_seat, best = p, c
                    after = (seat, *after_of[seat])[: size - len(plays)]
                else:
                    # the lead: the Ace of Spades first; else any card, or `take` (3+ players in)
                    moves += 1
                    hand = hands[seat]
                    if first:
                        rand()
                        c = ACE_SPADES
                        hand.remove(c)
                    else:
                        held = len(hand)
                        k = int(rand() * (held + (1 if len(ins) >= 3 and not policy else 0)))
                        if k == held:
                            if trace is not None:
                                trace.append((seat, TAKE_ACTION))
                            self.play(st, seat, TAKE_ACTION, None)
                            ins, after_of, in_hands = self._seating(st)
                            continue
                        c = hand.pop(k)
                    if trace is not None:
                        trace.append((seat, PLAY_ACTIONS[c]))
                    plays.append((seat, c))
                    st.size = size = len(ins)
                    lo, hi = SUIT_SPAN[SUIT_IX[c]]
                    best_seat, best = seat, c
                    after = after_of[seat]
                # the others follow, in turn: a card of the led suit if they can, else any card,
                # which stops the trick (but for the first one); as many as the limit allows
                count = len(plays)
                stopped = False
                for seat in after[: limit - moves]:
                    hand = hands[seat]
                    a = bisect_left(hand, lo)
                    b = bisect_left(hand, hi, a)
                    if a < b:
                        if policy and size == 2 and b - a > 1 and not hands[plays[0][0]]:
                            # a last card led, two in: the highest card below it, if any
                            i = self._below(hand, a, b, plays[0][1])
                            c = hand.pop(a + int(rand() * (b - a)) if i < 0 else i)
                        else:
                            c = hand.pop(a + int(rand() * (b - a)))
                        if c > best:
                            best_seat, best = seat, c
                    else:  # none of the led suit: it shows, and stops the trick
                        c = hand.pop(int(rand() * len(hand)))
                        voids[seat] |= shows_void(plays, c, SUIT_IX)  # as `_card_down`
                        stopped = not first
                    if trace is not None:
                        trace.append((seat, PLAY_ACTIONS[c]))
                    plays.append((seat, c))
                    if stopped:
                        break
                down = len(plays)
                moves += down - count
                if stopped:
                    # `_stop_trick`: the best card of the led suit before this one picks up
                    st.phase = PICKUP
                    st.turn = best_seat
                    continue
                if down < size:  # the limit: the next to play is to act
                    st.turn = after[down - count]
                    return moves
                # `_complete_trick`: the best card of the led suit wins; a last card led and
                # answered lower starts the shootout
                st.turn = seat  # the last to play, as `_card_down` left it, should the hand end here
                if down == 2:
                    (a_seat, a_card), (b_seat, b_card) = plays
                    if (
                        not hands[a_seat]
                        and hands[b_seat]
                        and SUIT_IX[b_card] == SUIT_IX[a_card]
                        and RANK[b_card] < RANK[a_card]
                    ):
                        self._start_shootout(st, None)
                        ins, after_of, in_hands = self._seating(st)
                        continue
                leader = best_seat
                st.discard.extend(map(CARD_OF, plays))
                st.last = plays
                st.last_winner = leader
                st.last_note = "discarded"
                st.first = False
                trick.leader, trick.plays = leader, []  # `Trick(leader)`, reusing the object
            elif phase == PICKUP:
                # `_pick_up`: the one legal move, drawn all the same
                moves += 1
                rand()
                leader = st.turn
                if trace is not None:
                    trace.append((leader, PICKUP_ACTION))
                plays = trick.plays
                hand = hands[leader]
                picked = list(map(CARD_OF, plays))
                self.reveal_into(st, picked, HAND_ZONE[leader])  # everyone saw the trick
                hand.extend(picked)
                hand.sort()
                st.last = []
                st.last_winner = -1
                st.last_note = f"{names[plays[-1][0]]} could not follow — {names[leader]} picked up"
                trick.leader, trick.plays = leader, []  # `Trick(leader)`, reusing the object
                st.phase = PLAY
            else:
                # the shootout and the next deal: the generic step; or the hand is over
                if st.over or len(st.sheet) != sheet or st.hand_no != hand_no:
                    break
                moves += 1
                if not self.policy_step(st, st.turn, rand, trace):
                    return moves - 1
                if st.over or len(st.sheet) != sheet or st.hand_no != hand_no:
                    break
                continue
            # `_settle` after a trick: its usual case here (every player in still holds cards and
            # the stop rule is not reached, so `leader` leads next), anything else in the rules
            played = st.tricks_played + 1
            if played < max_tricks and inn[leader] and all(in_hands):
                st.tricks_played = played
                st.turn = leader
            else:
                self._settle(st, leader, None)
                ins, after_of, in_hands = self._seating(st)
        return moves

    def _seating(self, st: GetawayState) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], list[list[int]]]:
        """For the fast playout, made again whenever someone goes out: the seats still in; for
        each of them, the others in the order they play after it (`_next_in` over and over: the
        seats in, in seat order, from the next one round); their hands (the same lists, to tell
        at a glance whether all hold cards). The first two are kept by who is in (SEATING)."""
        inn = tuple(st.inn)
        tables = SEATING.get(inn)
        if tables is None:
            ins = tuple(s for s in range(len(inn)) if inn[s])
            after_of: list[tuple[int, ...]] = [()] * len(inn)
            for i, s in enumerate(ins):
                after_of[s] = ins[i + 1 :] + ins[:i]
            tables = SEATING[inn] = (ins, tuple(after_of))
        return tables[0], tables[1], [st.hands[s] for s in tables[0]]

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        st: GetawayState = state  # type: ignore[assignment]
        verb = action.verb
        if verb == "play":
            c = ID_OF[action.args[0]]
            st.hands[seat].remove(c)
            plays = st.trick.plays
            plays.append((seat, c))
            if st.phase == SHOOT:
                self._shoot_answer(st, seat, c, events)
                return
            if events is not None:
                word = "leads" if len(plays) == 1 else "plays"
                events.append(Event(f"{st.names[seat]} {word} {the(c)}.", "play", seat, {"card": SLUG[c]}))
            self._card_down(st, seat, c, events)
            return
        if verb == "take":
            victim = self._next_in(st, seat)
            got = st.hands[victim]
            # what everyone knew of the victim's hand is now known of the taker's
            seen = f"hand{victim}"
            self.reveal_into(st, [c for c in got if st.known_in.get(c) == seen], f"hand{seat}")
            st.hands[seat].extend(got)
            st.hands[seat].sort(key=SORT_KEY.__getitem__)
            st.hands[victim] = []
            # the hand now holds a suit only if one of its two parts may: only what both lacked
            st.voids[seat] &= st.voids[victim]
            st.voids[victim] = 0
            st.inn[victim] = False
            st.away.append(victim)
            if events is not None:
                events.append(
                    Event(
                        f"{st.names[seat]} takes {st.names[victim]}'s hand ({cards_word(len(got))}); "
                        f"{st.names[victim]} gets away.",
                        "take",
                        seat,
                        {"from": victim, "count": len(got)},
                    )
                )
            return
        if verb == "pickup":
            self._pick_up(st, seat, events)
            return
        if verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            self._deal(st, st.rng.shuffled(FULL), events)

    def _card_down(self, st: GetawayState, seat: int, c: int, events: list[Event] | None) -> None:
        """A card is down in an ordinary trick: the trick stops (someone could not follow, after
        the first trick), goes on to the next player still in, or is complete."""
        plays = st.trick.plays
        if len(plays) == 1:
            st.size = sum(st.inn)
        elif SUIT_IX[c] != SUIT_IX[plays[0][1]]:
            st.voids[seat] |= shows_void(plays[:-1], c, SUIT_IX)  # it could not follow
            if not st.first:
                self._stop_trick(st, events)
                return
        if len(plays) < st.size:
            st.turn = self._next_in(st, seat)
        else:
            self._complete_trick(st, events)

    def _stop_trick(self, st: GetawayState, events: list[Event] | None) -> None:
        """Someone could not follow: the trick stops, and stays on the table until the player of
        the best card of the led suit picks it up (a separate `pickup`, so that everyone sees the
        stopped trick, and the cards shown are never named after they go back into a hand)."""
        plays = st.trick.plays
        led = SUIT_IX[plays[0][1]]
        i = stopped_trick(plays, lambda c: SUIT_IX[c] == led, RANK.__getitem__)
        assert i is not None
        picker = plays[i][0]
        st.phase = PICKUP
        st.turn = picker
        if events is not None:
            events.append(
                Event(
                    f"{st.names[plays[-1][0]]} could not follow — {st.names[picker]} picks up "
                    f"{cards_word(len(plays))}.",
                    "stop",
                    picker,
                    {"seat": plays[-1][0], "picker": picker, "count": len(plays)},
                )
            )

    def _pick_up(self, st: GetawayState, picker: int, events: list[Event] | None) -> None:
        plays = st.trick.plays
        hand = st.hands[picker]
        self.reveal_into(st, (c for _, c in plays), f"hand{picker}")  # everyone saw the trick
        hand.extend(c for _, c in plays)
        hand.sort(key=SORT_KEY.__getitem__)
        st.last = []  # its cards are back in a hand: the table shows no last trick
        st.last_winner = -1
        st.last_note = f"{st.names[plays[-1][0]]} could not follow — {st.names[picker]} picked up"
        st.trick = Trick(picker)
        st.phase = PLAY
        if events is not None:
            events.append(
                Event(f"{st.names[picker]} picks up the trick ({cards_word(len(plays))}).", "pickup", picker,
                      {"count": len(plays)})
            )
        self._settle(st, picker, events)

    def _complete_trick(self, st: GetawayState, events: list[Event] | None) -> None:
        plays = st.trick.plays
        led = SUIT_IX[plays[0][1]]
        w = winner(plays, LED_RANK[led].__getitem__)
        seat, best = plays[w]
        a, b = plays[0], plays[-1]
        # the two-player endgame: a last card led and answered lower in its suit -> shootout
        if (
            len(plays) == 2
            and not st.hands[a[0]]
            and st.hands[b[0]]
            and SUIT_IX[b[1]] == led
            and RANK[b[1]] < RANK[a[1]]
        ):
            self._start_shootout(st, events)
            return
        st.discard.extend([c for _, c in plays])
        st.last = plays
        st.last_winner = seat
        st.last_note = "discarded"
        st.first = False
        st.trick = Trick(seat)
        if events is not None:
            events.append(
                Event(
                    f"Everyone followed: {st.names[seat]}'s {the(best)[4:]} is highest and the trick is discarded.",
                    "trick",
                    seat,
                    {"card": SLUG[best]},
                )
            )
        self._settle(st, seat, events)

    def _settle(self, st: GetawayState, leader: int, events: list[Event] | None) -> None:
        """After a trick (the table already holds an empty trick led by `leader`): empty hands get
        away; one player left loses; else the next lead."""
        n = st.players
        st.tricks_played += 1
        inn, hands = st.inn, st.hands
        gone = False
        for s in range(n):
            if inn[s] and not hands[s]:
                gone = True
                break
        if not gone and st.tricks_played < st.options.max_tricks:  # type: ignore[attr-defined]
            # nobody got away, and play goes on (most tricks): the next lead, as below
            if not inn[leader]:
                st.trick = Trick(self._next_in(st, leader))
            st.turn = st.trick.leader
            return
        order = [(leader + k) % n for k in range(n)]
        for s in order:
            if inn[s] and not hands[s]:
                inn[s] = False
                st.away.append(s)
                if events is not None:
                    events.append(Event(f"{st.names[s]} gets away!", "away", s))
        still = [s for s in order if inn[s]]
        if len(still) == 1:
            self._lose(st, still[0], events)
            return
        if not still:
            # everyone played their last card to a trick everyone followed: the player who would
            # have to lead next (the trick's winner) is the last one left with the lead
            st.away.remove(leader)
            self._lose(st, leader, events)
            return
        if st.tricks_played >= st.options.max_tricks:  # type: ignore[attr-defined]
            most = max(len(st.hands[s]) for s in still)
            self._lose(st, next(s for s in still if len(st.hands[s]) == most), events, stopped=True)
            return
        if not inn[leader]:  # both callers leave an empty trick led by `leader`
            st.trick = Trick(self._next_in(st, leader))
        st.turn = st.trick.leader

    def _start_shootout(self, st: GetawayState, events: list[Event] | None) -> None:
        plays = st.trick.plays
        a, b = plays[0][0], plays[1][0]
        st.shooter = a
        st.inn[a] = False
        st.draw = st.rng.shuffled(st.discard)
        st.discard = [c for _, c in plays]
        st.last = plays
        st.last_winner = a
        st.last_note = "shootout"
        st.first = False
        st.phase = SHOOT
        if events is not None:
            events.append(
                Event(
                    f"{st.names[b]} played lower to {st.names[a]}'s last card: shootout! "
                    f"The discards are shuffled ({cards_word(len(st.draw))}).",
                    "shootout",
                    a,
                    {"a": a, "b": b, "draw": len(st.draw)},
                )
            )
        self._shoot_draw(st, b, events)

    def _shoot_draw(self, st: GetawayState, b: int, events: list[Event] | None) -> None:
        """A turns up the top card of the draw pile as a lead; B must follow it, lower."""
        a = st.shooter
        if not st.draw:
            st.draw = st.rng.shuffled(st.discard)
            st.discard = []
            if events is not None:
                events.append(Event(f"The draw pile is empty: the shootout's discards are shuffled "
                                    f"into a new one ({cards_word(len(st.draw))}).", "info"))
        c = st.draw.pop(0)
        st.trick = Trick(a, [(a, c)])
        suit = SAME_SUIT[c]
        hand = st.hands[b]
        if events is not None:
            events.append(Event(f"{st.names[a]} draws {the(c)}.", "draw", a, {"card": SLUG[c]}))
        mine = [h for h in hand if h in suit]
        if not mine:
            if events is not None:
                events.append(Event(f"{st.names[b]} has no {SUITS[SUIT_IX[c]]}: {st.names[b]} gets away!", "away", b))
            self._end_shootout(st, winner_seat=b, events=events)
            return
        if all(RANK[h] > RANK[c] for h in mine):
            if events is not None:
                events.append(
                    Event(f"{st.names[b]} can only play higher {SUITS[SUIT_IX[c]]}: {st.names[a]} gets away!", "away", a)
                )
            self._end_shootout(st, winner_seat=a, events=events)
            return
        st.turn = b

    def _shoot_answer(self, st: GetawayState, b: int, c: int, events: list[Event] | None) -> None:
        a = st.shooter
        drawn = st.trick.plays[0][1]
        if events is not None:
            events.append(Event(f"{st.names[b]} plays {the(c)}.", "play", b, {"card": SLUG[c]}))
        if RANK[c] > RANK[drawn]:
            if events is not None:
                events.append(Event(f"{st.names[b]} played higher: {st.names[a]} gets away!", "away", a))
            self._end_shootout(st, winner_seat=a, events=events)
            return
        if not st.hands[b]:
            if events is not None:
                events.append(Event(f"{st.names[b]} played a last card: {st.names[b]} gets away!", "away", b))
            self._end_shootout(st, winner_seat=b, events=events)
            return
        st.discard.extend((drawn, c))
        st.last = st.trick.plays
        st.last_winner = a
        st.last_note = "shootout: lower"
        self._shoot_draw(st, b, events)

    def _end_shootout(self, st: GetawayState, winner_seat: int, events: list[Event] | None) -> None:
        a = st.shooter
        b = next(s for s in range(st.players) if st.inn[s])
        # the cards of the last shootout round go on its discard pile
        st.discard.extend(c for _, c in st.trick.plays)
        st.last = st.trick.plays
        st.last_winner = winner_seat
        st.last_note = "shootout"
        st.trick = Trick(a)
        if winner_seat == a:
            st.away.append(a)
            self._lose(st, b, events)
        else:
            st.inn[b] = False
            st.away.append(b)
            st.inn[a] = True
            self._lose(st, a, events)

    def _lose(self, st: GetawayState, loser: int, events: list[Event] | None, stopped: bool = False) -> None:
        n = st.players
        st.loser = loser
        st.inn = [False] * n
        st.inn[loser] = True
        st.scores[loser] += 1
        row = [0] * n
        row[loser] = 1
        st.sheet.append(row)
        if events is not None:
            why = (
                f"the stop rule ends the hand after {st.tricks_played} tricks and {st.names[loser]} holds the most cards"
                if stopped
                else f"{st.names[loser]} is the last player left holding cards"
            )
            events.append(Event(f"Hand {st.hand_no}: {why} and loses.", "score", loser, {"loser": loser}))
        if st.hand_no >= st.options.hands:  # type: ignore[attr-defined]
            st.over = True
            st.phase = OVER
            if events is not None:
                events.append(Event(self._summary(st), "over"))
            return
        st.phase = DONE
        st.turn = left_of(st.dealer, n)

    # -- what each seat sees ------------------------------------------------------------------

    def zones(self, state: State) -> list[Zone]:
        st: GetawayState = state  # type: ignore[assignment]
        n = st.players
        out = [Zone(f"hand{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(n)]
        out.append(Zone("trick", [c for _, c in st.trick.plays], Vis.PUBLIC, None, "Trick", "row"))
        out.append(Zone("discard", st.discard, Vis.PUBLIC, None, "Discards", "pile"))
        if st.shooter >= 0 or st.draw:  # the shootout's pile exists only once a shootout begins
            out.append(Zone("draw", st.draw, Vis.NOBODY, None, "Shootout draw pile", "pile"))
        return out

    def _hidden(self, st: GetawayState, seat: int | None) -> tuple[list[int], dict[int, list[int]], list[int]]:
        """What a sample deals afresh: the hands hidden from `seat`, the cards of each that stay
        where everyone knows they are, and the sorted pool of the others."""
        hidden = [s for s in range(st.players) if s != seat and st.hands[s]]
        known = st.known_in
        # before the first lead everyone knows who holds the Ace of Spades: it stays put
        fixed = ACE_SPADES if st.first and not st.trick.plays else -1
        stays: dict[int, list[int]] = {}
        for s in hidden:
            hand, name = st.hands[s], f"hand{s}"
            if known:
                stays[s] = [c for c in hand if c == fixed or known.get(c) == name]
            else:
                stays[s] = [fixed] if fixed in hand else []
        pool = sorted(c for s in hidden for c in st.hands[s] if c not in stays[s])  # never where they lie
        return hidden, stays, pool

    def determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Deal the hands hidden from `seat` afresh among themselves; the draw pile keeps its
        (publicly known) cards in a new order. Cards everyone saw go into a hand (a stopped trick
        picked up) stay in it."""
        return self.determinizer(state, seat)(rng)

    def determinizer(self, state: State, seat: int | None) -> Callable[[Rng], State]:
        """`determinize` prepared once for a search that samples the same state a thousand times
        (see `Game.determinizer`): the hidden hands, the cards that stay and the sorted pool are
        found here, and each call clones, shuffles and deals (hands sorted by card id, the rules'
        order: see SUIT_SPAN). `determinize` is one call of it."""
        st: GetawayState = state  # type: ignore[assignment]
        hidden, stays, pool = self._hidden(st, seat)
        deals = [(s, stays[s], len(st.hands[s]) - len(stays[s])) for s in hidden]
        draw = sorted(st.draw)
        clone, lazy = st.clone, Rng.lazy
        lacks = any(st.voids[s] for s in hidden)
        fixed = {s: set(keep) for s, keep, _ in deals}

        def stays_in(t: int, c: int) -> bool:
            return c in fixed[t]

        def deal(rng: Rng) -> State:
            other: GetawayState = clone()  # type: ignore[assignment]
            cards = pool[:]
            rng.shuffle(cards)
            hands = other.hands
            i = 0
            for s, keep, k in deals:
                hand = keep + cards[i : i + k]
                hand.sort()
                hands[s] = hand
                i += k
            if len(draw) > 1:  # (shuffling none or one card draws nothing)
                other.draw = pile = draw[:]
                rng.shuffle(pile)
            if lacks:
                # a player seen not to follow holds none of that suit (the Ace of Spades, before
                # the first lead, and cards seen going into a hand stay where they are)
                keep_voids(hands, hidden, other.voids, SUIT_IX, rng, stays=stays_in)
                for s in hidden:
                    hands[s].sort()
            other.rng = lazy(int(rng.random() * 2**53))
            return other

        return deal

    # -- the card inspector ----------------------------------------------------------------------

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        out = [("Order", "Ace high, 2 low; no trumps")]
        if card.id == ACE_SPADES:
            out.append(("Opening", "whoever holds the Ace of Spades opens the hand with it"))
        return out

    def describe(self, state: State, seat: int | None) -> dict[str, Any]:
        st: GetawayState = state  # type: ignore[assignment]
        n = st.players
        hands_total = st.options.hands  # type: ignore[attr-defined]
        status = {
            "Hand": f"{st.hand_no} of {hands_total}" if hands_total > 1 else str(st.hand_no),
            "Dealer": st.names[st.dealer],
            "Players in": str(sum(st.inn)) if st.phase in (PLAY, PICKUP, SHOOT) else "—",
            "Discards": cards_word(len(st.discard)),
        }
        if st.phase == SHOOT:
            status["Shootout"] = f"{st.names[st.shooter]} draws, {st.names[st.turn]} follows lower"
            status["Draw pile"] = cards_word(len(st.draw))
        seat_facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            if s == st.loser:
                where = "lost this hand"
            elif s in st.away:
                where = f"away ({ordinal(st.away.index(s) + 1)})"
            elif s == st.shooter:
                where = "out of cards (shootout)"
            else:
                where = "in"
            facts = {"Cards": str(len(st.hands[s])), "Status": where, "Losses": str(st.scores[s])}
            if s == st.dealer:
                facts["Dealer"] = "yes"
            seat_facts[s] = facts
        plays = st.trick.plays
        if st.phase == SHOOT:
            note = "Shootout: follow the drawn card lower"
        elif st.phase == PICKUP:
            note = f"Stopped: {st.names[plays[-1][0]]} could not follow; {st.names[st.turn]} picks it up"
        elif st.first and st.phase == PLAY:
            note = "First trick: everyone plays, it never stops"
        elif plays:
            note = f"{suit_name(SUIT_IX[plays[0][1]])} led"
        else:
            note = ""
        view = TrickView(
            leader=st.trick.leader if st.phase in (PLAY, PICKUP, SHOOT) else None,
            plays=[TrickPlay(seat=p, card=SLUG[c], note="drawn" if st.phase == SHOOT and i == 0 else "")
                   for i, (p, c) in enumerate(plays)],
            note=note,
            last=[TrickPlay(seat=p, card=SLUG[c]) for p, c in st.last],
            last_winner=st.last_winner if st.last_winner >= 0 else None,
            # a stopped trick went into a hand (the one note that comes without a last trick):
            # say so, not "No trick played yet"
            last_gone=f"The last trick went back into a hand: {st.last_note}."
            if not st.last and st.last_note else "",
        )
        return {
            "phase": st.phase,
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": view,
            "seat_facts": seat_facts,
            "extra": {
                "hand": st.hand_no,
                "dealer": st.dealer,
                "last_note": st.last_note,
                "away": list(st.away),
                "loser": st.loser if st.loser >= 0 else None,
            },
        }

    def _prompt(self, st: GetawayState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        who = st.names[st.turn]
        mine = seat == st.turn
        if st.phase == DONE:
            if mine:
                return f"Hand {st.hand_no} is over. Deal the next hand when everyone has seen the result."
            return f"Hand {st.hand_no} is over. Waiting for {who} to deal the next hand."
        plays = st.trick.plays
        if st.phase == PICKUP:
            if mine:
                return (
                    f"{st.names[plays[-1][0]]} could not follow, so the trick stops: pick it up "
                    f"({cards_word(len(plays))}), then you lead."
                )
            return f"Waiting for {who} to pick up the stopped trick."
        if st.phase == SHOOT:
            suit = SUITS[SUIT_IX[plays[0][1]]]
            if mine:
                return f"Shootout: play one of your {suit}. Lower, and another card is drawn; higher, and you lose."
            return f"Shootout: waiting for {who} to answer the drawn card."
        if not plays:
            if not mine:
                return f"Waiting for {who} to lead."
            if st.first:
                return "You hold the Ace of Spades: lead it to open the hand."
            if sum(st.inn) >= 3:
                victim = self._next_in(st, st.turn)
                return (
                    f"Lead any card — or first take {st.names[victim]}'s hand "
                    f"({cards_word(len(st.hands[victim]))}), and {st.names[victim]} gets away."
                )
            return "Lead any card."
        led = suit_name(SUIT_IX[plays[0][1]])
        if mine:
            if st.first:
                return f"Play a card of {led} if you can; otherwise any card (the first trick never stops)."
            return f"Play a card of {led} if you can. If you cannot, your card stops the trick."
        return f"Waiting for {who} to play ({led} led)."

    def label(self, state: State, action: Action) -> str:
        st: GetawayState = state  # type: ignore[assignment]
        if action.verb == "deal":
            return "Deal the next hand"
        if action.verb == "pickup":
            return f"Pick up the trick ({cards_word(len(st.trick.plays))})"
        if action.verb == "take":
            victim = self._next_in(st, st.turn)
            return f"Take {st.names[victim]}'s hand ({cards_word(len(st.hands[victim]))}; {st.names[victim]} gets away)"
        c = ID_OF.get(action.args[0], -1)
        name = the(c) if c >= 0 else action.args[0]
        if st.phase == PLAY and not st.trick.plays:
            return f"Lead {name}"
        return f"Play {name}"

    # -- the end ------------------------------------------------------------------------------

    def _summary(self, st: GetawayState) -> str:
        if st.options.hands == 1 and st.loser >= 0:  # type: ignore[attr-defined]
            return f"{st.names[st.loser]} is left holding cards and loses; everyone else got away."
        low = min(st.scores)
        best = [st.names[s] for s in range(st.players) if st.scores[s] == low]
        losses = f"{low} loss{'es' if low != 1 else ''}"
        if len(best) == 1:
            return f"{best[0]} wins the session with the fewest losses ({losses})."
        return f"{listing(best)} share the session with {losses} each."

    def placings(self, state: State) -> list[int]:
        """`final(state).placings` without building the whole result: the search asks it at the
        end of every playout that ends the game."""
        return placings(state.scores)

    def final(self, state: State) -> ResultView:
        st: GetawayState = state  # type: ignore[assignment]
        details = [
            f"Hand {i}: {st.names[row.index(1)]} lost" for i, row in enumerate(st.sheet, 1)
        ]
        return ResultView(
            scores=list(st.scores), placings=placings(st.scores), summary=self._summary(st), details=details
        )


GAME = Getaway()
