"""Type Trump (Greg James): a Decktet trick-taking game, rules of RULES.md section 1.

A round: the whole basic deck is dealt; every player secretly declares a scoring suit (or the
Spoiler) with `declare <suit>` / `declare spoiler`; the declarations are revealed together; then
tricks are played with `play <card>`. The trump is a card *type* (Personalities, Locations, Events
in turn). Partnership variant: `swap` (ready to pass the hand to the partner), then one partner
proposes `declare <suit>` and the other answers `confirm` or proposes another suit.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, EVENT, LOCATION, PERSONALITY, SUITS
from decktable.cards.decktet import the, The
from decktable.engine.actions import CARD, WORD, Action, Grammar
from decktable.engine.errors import BadOptions
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.kits.dealing import deal, keep_voids
from decktable.engine.kits.tricks import Trick, follow_options, winner
from decktable.engine.models import GameInfo, ResultView, TrickPlay, TrickView
from decktable.engine.rng import Rng
from decktable.engine import words
from decktable.rulesets.type_trump import INFO

# -- per-card tables (the basic deck, ids 0..35) ------------------------------------------------------

N = len(DECKTET)
TYPES = (PERSONALITY, LOCATION, EVENT)
TYPE_NAMES = ("Personalities", "Locations", "Events")
TYPE_ONE = ("Personality", "Location", "Event")
RANK: list[int] = [DECKTET[i].rank or 0 for i in range(N)]
MASK: list[int] = [sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N)]
TRUMP: list[list[bool]] = [[t in DECKTET[i].types for i in range(N)] for t in TYPES]
#: FOLLOWS[trump][lead][card]: the card answers that lead: a trump lead asks for a trump, any
#: other lead for a card sharing one of its suits (`_playable` and the playout both read it)
FOLLOWS: list[list[list[bool]]] = [
    [
        trumps if trumps[lead] else [MASK[c] & MASK[lead] != 0 for c in range(N)]
        for lead in range(N)
    ]
    for trumps in TRUMP
]
#: what a player who does not follow shows, as bits: each of the six suits, and no trumps
VOID_TRUMP = 1 << len(SUITS)
#: VOID_BITS[trump][card]: the card's suits, and VOID_TRUMP when it is a trump this round
VOID_BITS: list[list[int]] = [[MASK[c] | (VOID_TRUMP if trumps[c] else 0) for c in range(N)] for trumps in TRUMP]


def shows_missing(trump: int, lead: int, card: int) -> int:
    """What playing `card` to a trick led by `lead` shows the player lacks: nothing when it
    follows; otherwise every card that would have followed, so no trumps when a trump was led,
    else no card sharing a suit with the lead (a trump of another suit included)."""
    if FOLLOWS[trump][lead][card]:
        return 0
    return VOID_TRUMP if TRUMP[trump][lead] else MASK[lead]


SLUG_ID: dict[str, int] = {c.slug: c.id for c in DECKTET}
SUIT_NAME = [s.capitalize() for s in SUITS]
SPOILER = 6  # declaration value for the Spoiler; -1 = not yet declared
ROUND_LIMIT = 60  # a safety net: the game stops after this many counted rounds whatever the scores

A_PLAY = [Action("play", (DECKTET[i].slug,)) for i in range(N)]
A_DECLARE = [Action("declare", (s,)) for s in SUITS] + [Action("declare", ("spoiler",))]
A_CONFIRM = Action("confirm")
A_SWAP = Action("swap")
A_DEAL = Action("deal")
DECLARE_WORDS = SUITS + ("spoiler",)


def suits_text(mask: int, joiner: str = " or ") -> str:
    names = [SUIT_NAME[i] for i in range(6) if mask >> i & 1]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + joiner + names[-1]


def listing(cards: list[int]) -> str:
    return words.listing([the(c) for c in cards], "nothing")


def decl_text(d: int) -> str:
    return "Spoiler" if d == SPOILER else SUIT_NAME[d]


class TypeTrumpOptions(BaseModel):
    end: Literal["rounds", "21", "31"] = Field(
        "rounds",
        description=(
            "When the game ends: after a number of rounds, or when someone reaches 21 (short game) "
            "or 31 points (long game). A tie at the top means another round."
        ),
    )
    rounds: int = Field(
        0, ge=0, le=12, description="Rounds to play when the game ends by rounds; 0 = one round per player."
    )
    beginner: bool = Field(
        False, description="Beginner mode: Personalities are trump every round (instead of Personalities, Locations, Events in turn)."
    )
    spoilers: bool = Field(True, description="Players may declare the Spoiler instead of a scoring suit.")
    declaration: Literal["simultaneous", "sequential"] = Field(
        "simultaneous",
        description=(
            "Simultaneous: everyone chooses in secret and the choices are revealed together. "
            "Sequential: players announce their suits aloud in turn, starting with the dealer."
        ),
    )
    partnership: bool = Field(
        False,
        description=(
            "Four-player partnership variant (untested by the designer): partners sit opposite, swap "
            "hands after seeing their own, agree on one suit, no Spoiler, team tricks are added."
        ),
    )


class TypeTrumpState(State):
    __slots__ = (
        "dealer", "trump", "phase", "hands", "decl", "won", "tricks", "trick", "turn",
        "last", "last_winner", "revealed", "ready", "prop_by", "prop_suit", "prop_n", "redeals", "rounds_target",
        "voids",
    )

    dealer: int
    trump: int  # index into TYPES
    voids: list[int]  # per seat, what it showed it lacks this round (bits of `VOID_BITS`), public
    phase: str  # swap / declare / play / over
    hands: list[list[int]]
    decl: list[int]  # per seat: -1 undecided, 0..5 suit, 6 Spoiler
    won: list[list[int]]  # cards of the tricks each seat took this round
    tricks: list[int]
    trick: Trick
    turn: int  # seat to play (play phase) or to declare (sequential)
    last: list[tuple[int, int]]
    last_winner: int
    revealed: bool
    ready: list[bool]  # partnership: pressed swap
    prop_by: list[int]  # partnership, per team: seat with a pending proposal, or -1
    prop_suit: list[int]
    prop_n: list[int]
    redeals: int  # void deals (everyone a Spoiler) in this round
    rounds_target: int


class TypeTrump(Game):
    info = GameInfo(id="type_trump", **INFO)
    Options = TypeTrumpOptions
    catalogue = DECKTET
    grammar = Grammar(
        {"play": (CARD,), "declare": (WORD,), "confirm": (), "swap": (), "deal": ()},
        DECKTET,
        SUITS,
        words={"declare": DECLARE_WORDS},
    )

    def check_players(self, players: int, options: BaseModel) -> None:
        if options.partnership and players != 4:
            raise BadOptions("The partnership variant of Type Trump needs exactly 4 players.")

    # -- setup and dealing -------------------------------------------------------------------------------

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> TypeTrumpState:
        n = len(names)
        st = TypeTrumpState(names, rng, options)
        st.dealer = n - 1 if deck is not None else rng.below(n)
        st.rounds_target = options.rounds or n
        st.hand_no = 1
        st.redeals = 0
        st.last = []
        st.last_winner = -1
        self._deal(st, self.stacked(BASIC_IDS, deck, rng))
        return st

    def _deal(self, st: TypeTrumpState, cards: list[int]) -> None:
        n = st.players
        st.trump = 0 if st.options.beginner else (st.hand_no - 1) % 3
        hands = deal(cards, n, len(BASIC_IDS) // n, first=(st.dealer + 1) % n)
        st.hands = [sorted(h) for h in hands]
        st.decl = [-1] * n
        st.won = [[] for _ in range(n)]
        st.tricks = [0] * n
        st.trick = Trick((st.dealer + 1) % n)
        st.voids = [0] * n
        st.last = []
        st.last_winner = -1
        st.turn = st.dealer  # sequential declaration starts with the dealer
        st.revealed = False
        st.ready = [False] * n
        st.prop_by = [-1, -1]
        st.prop_suit = [-1, -1]
        st.prop_n = [0, 0]
        st.phase = "swap" if st.options.partnership else "declare"

    def _partner(self, seat: int) -> int:
        return (seat + 2) % 4

    # -- whose turn, what is legal --------------------------------------------------------------------

    def to_act(self, state: TypeTrumpState) -> tuple[int, ...]:
        st = state
        ph = st.phase
        if ph == "play" or ph == "scored":
            return (st.turn,)
        if ph == "declare":
            if st.options.partnership:
                out = []
                for s in range(4):
                    t = s & 1
                    if st.decl[s] >= 0:
                        continue
                    if st.prop_by[t] < 0 or st.prop_by[t] != s:
                        out.append(s)
                return tuple(out)
            if st.options.declaration == "sequential":
                return (st.turn,)
            return tuple(s for s in range(st.players) if st.decl[s] < 0)
        if ph == "swap":
            return tuple(s for s in range(st.players) if not st.ready[s])
        return ()

    def _playable(self, st: TypeTrumpState, seat: int) -> list[int]:
        hand = st.hands[seat]
        plays = st.trick.plays
        if not plays:
            return hand
        return follow_options(hand, FOLLOWS[st.trump][plays[0][1]].__getitem__)

    def legal_actions(self, state: TypeTrumpState, seat: int) -> list[Action]:
        st = state
        if seat not in self.to_act(st):
            return []
        ph = st.phase
        if ph == "play":
            return [A_PLAY[c] for c in self._playable(st, seat)]
        if ph == "swap":
            return [A_SWAP]
        if ph == "scored":
            return [A_DEAL]
        if st.options.partnership:
            t = seat & 1
            p = st.prop_by[t]
            if p >= 0:
                return [A_CONFIRM] + [A_DECLARE[i] for i in range(6) if i != st.prop_suit[t]]
            return A_DECLARE[:6]
        return A_DECLARE[:] if st.options.spoilers else A_DECLARE[:6]

    def check(self, state: TypeTrumpState, seat: int, action: Action) -> str | None:
        if state.phase == "play" and action.verb == "play" and action.args:
            cid = SLUG_ID.get(action.args[0], -1)
            if cid >= 0 and cid in self._playable(state, seat):
                return None
            return self.explain(state, seat, action)
        return super().check(state, seat, action)

    # -- explanations ---------------------------------------------------------------------------------

    def explain(self, state: TypeTrumpState, seat: int, action: Action) -> str:
        st = state
        verb = action.verb
        ph = st.phase
        if ph == "scored" and verb != "deal":
            return f"Round {st.hand_no} is over; {st.names[st.turn]} deals the next one."
        if verb == "deal":
            return "The cards are dealt only when a round is over."
        if verb == "play":
            if ph != "play":
                if ph == "swap":
                    return "First look at your hand and swap it with your partner's."
                return "First choose your scoring suit (declare a suit" + (
                    ", or declare spoiler)." if st.options.spoilers and not st.options.partnership else ")."
                )
            cid = SLUG_ID.get(action.args[0], -1) if action.args else -1
            if cid < 0 or cid not in BASIC_IDS:
                return f"{The(cid) if cid >= 0 else 'That card'} is not used in Type Trump (basic deck only)."
            if cid not in st.hands[seat]:
                return f"You do not hold {the(cid)}."
            plays = st.trick.plays
            if not plays or seat != st.turn:
                return "You may play that card now."
            lead = plays[0][1]
            trumps = TRUMP[st.trump]
            ok = self._playable(st, seat)
            if trumps[lead]:
                kind = TYPE_ONE[st.trump]
                return (
                    f"A trump was led ({the(lead)}, a {kind}): you must play a {kind} "
                    f"if you can, and you hold {listing(ok)}."
                )
            return (
                f"{The(lead)} was led (not a trump): you must play a card carrying "
                f"{suits_text(MASK[lead])} if you can, and you hold {listing(ok)}."
            )
        if verb == "declare":
            if ph == "play":
                return "Scoring suits are chosen at the start of the round; now play a card."
            if ph == "swap":
                return "First look at your hand and swap it with your partner's."
            word = action.args[0] if action.args else ""
            if word == "spoiler":
                if st.options.partnership:
                    return "There is no Spoiler in the partnership game; your team must choose a suit."
                return "The Spoiler is switched off in this game (option); choose a suit."
            if st.options.partnership and word in SUITS:
                t = seat & 1
                if st.prop_by[t] >= 0 and SUITS.index(word) == st.prop_suit[t]:
                    return f"Your partner already proposed {SUIT_NAME[st.prop_suit[t]]}; press Confirm partner's suit to agree."
            return "You cannot declare that now."
        if verb == "confirm":
            if not st.options.partnership:
                return "Confirm is only used in the partnership game."
            if ph != "declare":
                return "There is no proposal to confirm now."
            return "Your partner has not proposed a suit yet; propose one with declare <suit>."
        if verb == "swap":
            if not st.options.partnership:
                return "Hands are only swapped in the partnership game."
            return "Hands have already been swapped this round."
        return "That is not a move of Type Trump."

    # -- playing ----------------------------------------------------------------------------------------

    def playout(self, state: TypeTrumpState, rand: Any, limit: int, trace: list[tuple[int, Action]] | None = None) -> int:
        """The search's random playout (see `Game.playout`): trick plays drawn uniformly from
        the cards `legal_actions` would list, without actions or events; declarations and the
        rest go through the generic step (a random seat of those to act, then a random action).
        Stops at the end of the round. `trace` collects the moves as (seat, action)."""
        st = state
        moves = 0
        sheet, hand_no = len(st.sheet), st.hand_no
        n = st.players
        while moves < limit and not st.over and len(st.sheet) == sheet and st.hand_no == hand_no:
            if st.phase == "play":
                seat = st.turn
                hand = st.hands[seat]  # not held across moves: a deal gives new lists
                plays = st.trick.plays
                if plays:
                    follows = FOLLOWS[st.trump][plays[0][1]]
                    cards = [c for c in hand if follows[c]] or hand
                else:
                    cards = hand
                if not cards:
                    break
                c = cards[int(rand() * len(cards))]
                if trace is not None:
                    trace.append((seat, A_PLAY[c]))
                if len(plays) + 1 < n:  # not the trick's last card: `_play_card` would only pass the turn
                    hand.remove(c)
                    if plays:
                        st.voids[seat] |= shows_missing(st.trump, plays[0][1], c)
                    plays.append((seat, c))
                    st.turn = seat + 1 if seat + 1 < n else 0
                else:
                    self._play_card(st, seat, c, None)
            else:
                acting = self.to_act(st)
                if not acting:
                    break
                seat = acting[0] if len(acting) == 1 else acting[int(rand() * len(acting))]
                if not self.random_step(st, seat, rand, trace):
                    break
            moves += 1
        return moves

    def play(self, state: TypeTrumpState, seat: int, action: Action, events: list[Event] | None) -> None:
        st = state
        verb = action.verb
        if verb == "play":
            self._play_card(st, seat, SLUG_ID[action.args[0]], events)
        elif verb == "declare":
            if st.options.partnership:
                self._propose(st, seat, action.args[0], events)
            else:
                self._declare(st, seat, DECLARE_WORDS.index(action.args[0]), events)
        elif verb == "confirm":
            t = seat & 1
            self._agree(st, t, st.prop_suit[t], events, seat)
        elif verb == "deal":
            st.hand_no += 1
            st.dealer = seat
            st.redeals = 0
            self._deal(st, st.rng.shuffled(BASIC_IDS))
            if events is not None:
                events.append(Event(
                    f"Round {st.hand_no}: {st.names[st.dealer]} deals; {TYPE_NAMES[st.trump]} are trump.", "deal", st.dealer
                ))
        elif verb == "swap":
            st.ready[seat] = True
            if events is not None:
                events.append(Event(f"{st.names[seat]} is ready to swap hands.", "ready", seat))
            if all(st.ready):
                h = st.hands
                st.hands = [h[2], h[3], h[0], h[1]]
                st.phase = "declare"
                if events is not None:
                    events.append(Event("Partners swap hands: each now plays the hand dealt to their partner.", "swap"))

    def _declare(self, st: TypeTrumpState, seat: int, d: int, events: list[Event] | None) -> None:
        st.decl[seat] = d
        n = st.players
        if st.options.declaration == "sequential":
            if events is not None:
                what = "plays the Spoiler" if d == SPOILER else f"declares {SUIT_NAME[d]}"
                events.append(Event(f"{st.names[seat]} {what}.", "declare", seat, {"declared": decl_text(d).lower()}))
            st.turn = (seat + 1) % n
        elif events is not None:
            events.append(Event(f"{st.names[seat]} has chosen.", "declare", seat))
        if all(x >= 0 for x in st.decl):
            self._reveal(st, events)

    def _propose(self, st: TypeTrumpState, seat: int, word: str, events: list[Event] | None) -> None:
        t = seat & 1
        d = SUITS.index(word)
        st.prop_n[t] += 1
        if st.prop_by[t] >= 0 and st.prop_suit[t] == d:
            self._agree(st, t, d, events, seat)
            return
        if st.prop_n[t] >= 4:
            # the fourth proposal of a round stands (so a disagreement cannot last forever)
            if events is not None:
                events.append(Event(f"{st.names[seat]} makes the team's final proposal.", "propose", seat))
            self._agree(st, t, d, events, None)
            return
        st.prop_by[t] = seat
        st.prop_suit[t] = d
        if events is not None:
            partner = st.names[self._partner(seat)]
            events.append(Event(f"{st.names[seat]} proposes a suit to {partner}.", "propose", seat))

    def _agree(self, st: TypeTrumpState, t: int, d: int, events: list[Event] | None, seat: int | None) -> None:
        st.decl[t] = d
        st.decl[t + 2] = d
        st.prop_by[t] = -1
        if events is not None:
            events.append(Event(f"{st.names[t]} and {st.names[t + 2]} have chosen their suit.", "declare", seat))
        if all(x >= 0 for x in st.decl):
            self._reveal(st, events)

    def _reveal(self, st: TypeTrumpState, events: list[Event] | None) -> None:
        n = st.players
        if all(d == SPOILER for d in st.decl):
            st.redeals += 1
            if events is not None:
                events.append(Event(
                    "Everyone chose the Spoiler: the deal is void. "
                    f"{st.names[st.dealer]} deals again with {TYPE_NAMES[st.trump]} still trump.",
                    "void", None, {"declared": ["spoiler"] * n},
                ))
            self._deal(st, st.rng.shuffled(BASIC_IDS))
            return
        st.revealed = True
        st.phase = "play"
        st.turn = st.trick.leader
        if events is not None:
            if st.options.partnership:
                parts = [f"{st.names[t]} and {st.names[t + 2]}: {SUIT_NAME[st.decl[t]]}" for t in (0, 1)]
            else:
                parts = [f"{st.names[s]}: {decl_text(st.decl[s])}" for s in range(n)]
            events.append(Event(
                "Scoring suits revealed — " + "; ".join(parts) + ".",
                "reveal", None, {"declared": [decl_text(d).lower() for d in st.decl]},
            ))
            events.append(Event(f"{st.names[st.turn]} leads the first trick.", "turn", st.turn))

    def _play_card(self, st: TypeTrumpState, seat: int, cid: int, events: list[Event] | None) -> None:
        n = st.players
        st.hands[seat].remove(cid)
        tr = st.trick
        if tr.plays:
            st.voids[seat] |= shows_missing(st.trump, tr.plays[0][1], cid)
        tr.plays.append((seat, cid))
        if events is not None:
            note = ""
            if len(tr.plays) == 1:
                note = " (trump)" if TRUMP[st.trump][cid] else " (not trump)"
            events.append(Event(f"{st.names[seat]} plays {the(cid)}{note}.", "play", seat, {"card": DECKTET[cid].slug}))
        if len(tr.plays) < n:
            st.turn = (seat + 1) % n
            return
        w = tr.plays[self._winning_index(st, tr.plays)][0]
        st.won[w].extend(c for _, c in tr.plays)
        st.tricks[w] += 1
        st.last = tr.plays
        st.last_winner = w
        st.trick = Trick(w)
        st.turn = w
        if events is not None:
            events.append(Event(f"{st.names[w]} wins the trick.", "trick", w))
        if not st.hands[w]:
            self._score_round(st, events)

    def _winning_index(self, st: TypeTrumpState, plays: list[tuple[int, int]]) -> int:
        lead = plays[0][1]
        trumps = TRUMP[st.trump]
        if trumps[lead]:
            return winner(plays, lambda c: RANK[c] if trumps[c] else None, later_wins_ties=True)
        lm = MASK[lead]

        def strength(c: int) -> int | None:
            if not MASK[c] & lm:
                return None
            return RANK[c] + 100 if trumps[c] else RANK[c]

        return winner(plays, strength, later_wins_ties=True)

    # -- scoring -------------------------------------------------------------------------------------------

    @staticmethod
    def _count(cards: list[int], d: int) -> int:
        bit = 1 << d
        return sum(1 for c in cards if MASK[c] & bit)

    def round_points(self, st: TypeTrumpState) -> list[int]:
        n = st.players
        pts = [0] * n
        if st.options.partnership:
            for t in (0, 1):
                v = self._count(st.won[t] + st.won[t + 2], st.decl[t])
                pts[t] = pts[t + 2] = v
            return pts
        for s in range(n):
            d = st.decl[s]
            if d < SPOILER:
                pts[s] = self._count(st.won[s], d)
            elif st.tricks[s] == 1:
                others = {st.decl[o] for o in range(n) if o != s and st.decl[o] < SPOILER}
                pts[s] = max((self._count(st.won[s], d2) for d2 in others), default=0)
        return pts

    def _reasons(self, st: TypeTrumpState, pts: list[int]) -> list[str]:
        """Each score in words (the declarations are public since they were revealed)."""
        def cards(k: int, suit: str) -> str:
            return f"{k} {suit} card{'s' if k != 1 else ''}"

        if st.options.partnership:
            return [f"{st.names[t]} and {st.names[t + 2]} declared {SUIT_NAME[st.decl[t]]} and took "
                    f"{cards(pts[t], SUIT_NAME[st.decl[t]])}" for t in (0, 1)]
        out = []
        for s in range(st.players):
            d = st.decl[s]
            if d < SPOILER:
                out.append(f"{st.names[s]} declared {SUIT_NAME[d]} and took {cards(pts[s], SUIT_NAME[d])}")
            elif st.tricks[s] == 1:
                out.append(f"{st.names[s]}, the Spoiler, took exactly one trick and scores the best of the "
                           f"others' suits in it: {pts[s]}")
            else:
                out.append(f"{st.names[s]}, the Spoiler, took {st.tricks[s]} tricks, not exactly one: 0")
        return out

    def _score_round(self, st: TypeTrumpState, events: list[Event] | None) -> None:
        n = st.players
        pts = self.round_points(st)
        st.sheet.append(pts)
        for s in range(n):
            st.scores[s] += pts[s]
        if events is not None:
            if st.options.partnership:
                parts = [f"{st.names[t]} and {st.names[t + 2]} {pts[t]}" for t in (0, 1)]
            else:
                parts = [f"{st.names[s]} {pts[s]}" for s in range(n)]
            events.append(Event(f"Round {st.hand_no} scores: " + ", ".join(parts) + ".", "score", None, {"points": pts}))
            events.append(Event("Why: " + "; ".join(self._reasons(st, pts)) + ".", "score", None))
        if self._ends(st):
            st.over = True
            st.phase = "over"
            if events is not None:
                events.append(Event(self._summary(st), "end"))
            return
        # the next dealer (who led this round) deals when ready: the finished round stays on show
        st.phase = "scored"
        st.turn = (st.dealer + 1) % n

    def _ends(self, st: TypeTrumpState) -> bool:
        sc = st.scores
        top = max(sc)
        if st.options.partnership:
            tied = sc[0] == sc[1]
        else:
            tied = sc.count(top) > 1
        if st.hand_no >= ROUND_LIMIT:
            return True
        end = st.options.end
        if end == "rounds":
            reached = st.hand_no >= st.rounds_target
        else:
            reached = top >= int(end)
        return reached and not tied

    def _summary(self, st: TypeTrumpState) -> str:
        sc = st.scores
        top = max(sc)
        if st.options.partnership:
            if sc[0] == sc[1]:
                return f"The teams are tied on {top} points."
            t = 0 if sc[0] > sc[1] else 1
            return f"{st.names[t]} and {st.names[t + 2]} win with {sc[t]} points to {sc[1 - t]}."
        best = [st.names[s] for s in range(st.players) if sc[s] == top]
        if len(best) > 1:
            return f"{' and '.join(best)} tie with {top} points."
        return f"{best[0]} wins with {top} points."

    # -- what is shown --------------------------------------------------------------------------------------

    def adjust_sample(self, other: State, seat: int | None, rng: Rng) -> None:
        """After the re-deal of the hands `seat` cannot see, re-draw the secret choices it
        has not seen: other seats' declarations before the reveal (simultaneous declaration), or
        (partnership) the other team's agreed suit and pending proposal. Who has chosen, who
        proposed and how often stay: those are announced. A player seen not to follow holds
        nothing that would have followed (`voids`, `shows_missing`): the dealing kit's
        `keep_voids` trades such cards with the other hidden hands."""
        assert isinstance(other, TypeTrumpState)
        if any(other.voids):
            keep_voids(other.hands, [s for s in range(other.players) if s != seat], other.voids, MASK, rng,
                       bits=VOID_BITS[other.trump])
        opts = other.options
        if other.revealed or other.phase != "declare":
            return
        if opts.partnership:  # type: ignore[attr-defined]
            for t in (0, 1):
                if seat is not None and seat & 1 == t:
                    continue  # partners tell each other their proposals
                if other.decl[t] >= 0:
                    d = rng.below(6)
                    other.decl[t] = other.decl[t + 2] = d
                if other.prop_by[t] >= 0:
                    other.prop_suit[t] = rng.below(6)
            return
        if opts.declaration == "sequential":  # type: ignore[attr-defined]
            return  # each declaration is announced as it is made
        choices = 7 if opts.spoilers else 6  # type: ignore[attr-defined]
        for s in range(other.players):
            if s != seat and other.decl[s] >= 0:
                other.decl[s] = rng.below(choices)

    def zones(self, state: TypeTrumpState) -> list[Zone]:
        st = state
        out = [
            Zone(f"hand-{s}", st.hands[s], Vis.OWNER, s, f"{st.names[s]}'s hand", "hand") for s in range(st.players)
        ]
        out.append(Zone("trick", [c for _, c in st.trick.plays], Vis.PUBLIC, None, "Trick", "row"))
        out.extend(
            Zone(f"won-{s}", st.won[s], Vis.PUBLIC, s, f"{st.names[s]}'s tricks", "pile", tricks=st.tricks[s]) for s in range(st.players)
        )
        return out

    def final(self, state: TypeTrumpState) -> ResultView:
        st = state
        sc = st.scores
        order = sorted(set(sc), reverse=True)
        placings = [order.index(v) + 1 for v in sc]
        details = [
            f"Round {i + 1}: " + ", ".join(f"{st.names[s]} {row[s]}" for s in range(st.players))
            for i, row in enumerate(st.sheet)
        ]
        return ResultView(scores=list(sc), placings=placings, summary=self._summary(st), details=details)

    #: the phases in players' words, for the status lines (Game.phase_words)
    phase_words = {
        "declare": "Declaring",
        "swap": "Swapping hands",
        "scored": "Round over",
    }

    def phase(self, state: TypeTrumpState) -> str:
        return "over" if state.over else state.phase

    # -- the card inspector and the hand's marks -------------------------------------------------

    def card_mark(self, state: State, card: int) -> str:
        st: TypeTrumpState = state  # type: ignore[assignment]
        if card < len(TRUMP[st.trump]) and TRUMP[st.trump][card]:
            return f"trump ({TYPE_NAMES[st.trump]})"
        return ""

    def card_facts(self, card: Any, obs: Any, options: Any) -> list[tuple[str, str]]:
        trump_type = obs.status.get("Trump type", "")
        out: list[tuple[str, str]] = []
        if trump_type:
            types = {PERSONALITY: "Personalities", LOCATION: "Locations", EVENT: "Events"}
            mine = [types[t] for t in TYPES if t in card.types]
            if trump_type in mine:
                out.append(("Trump", f"yes: {trump_type} are trump this round"))
            else:
                out.append(("Trump", f"no: {trump_type} are trump this round"))
        if card.suits:
            suits = " or ".join(s.capitalize() for s in card.suits)
            out.append(("Follows", f"a lead carrying {suits}"))
            out.append(("Scores", f"1 point in a won trick for whoever declared {suits}"))
        out.append(("Order", "Crown 10 is highest, the Ace 1 lowest"))
        return out

    def describe(self, state: TypeTrumpState, seat: int | None) -> dict[str, Any]:
        st = state
        n = st.players
        opts = st.options
        status: dict[str, str] = {}
        if opts.end == "rounds":
            status["Round"] = f"{st.hand_no} of {st.rounds_target}" if st.hand_no <= st.rounds_target else f"{st.hand_no} (tie-break)"
        else:
            status["Round"] = f"{st.hand_no} (game to {opts.end})"
        status["Trump type"] = TYPE_NAMES[st.trump]
        status["Dealer"] = st.names[st.dealer]
        plays = st.trick.plays
        trumps = TRUMP[st.trump]
        note = ""
        if plays:
            lead = plays[0][1]
            if trumps[lead]:
                status["Led card"] = "TRUMP"
                note = f"TRUMP led: play a {TYPE_ONE[st.trump]} if you can"
            else:
                status["Led card"] = "not trump"
                status["Live suits"] = suits_text(MASK[lead], ", ")
                note = f"Not trump led: follow {suits_text(MASK[lead])}"
        public_decl = st.revealed or (opts.declaration == "sequential" and not opts.partnership)
        # this seat's own secret choice, and (partnership) the partner's pending proposal
        if seat is not None and not st.revealed and st.decl[seat] >= 0:
            status["Your suit"] = decl_text(st.decl[seat])
        if seat is not None and opts.partnership and not st.revealed:
            t = seat & 1
            if st.prop_by[t] >= 0 and st.decl[seat] < 0:
                who = "You propose" if st.prop_by[t] == seat else f"{st.names[st.prop_by[t]]} proposes"
                status["Proposal"] = f"{who} {SUIT_NAME[st.prop_suit[t]]}"
        facts: dict[int, dict[str, str]] = {}
        for s in range(n):
            f: dict[str, str] = {}
            if public_decl and st.decl[s] >= 0:
                f["Declared"] = decl_text(st.decl[s])
            elif st.phase == "declare":
                f["Declared"] = "chosen" if st.decl[s] >= 0 else "choosing"
            f["Tricks"] = str(st.tricks[s])
            if opts.partnership:
                f["Partner"] = st.names[(s + 2) % 4]
            facts[s] = f
        tplays = []
        for s, c in plays:
            if not trumps[c]:
                pn = ""
            elif trumps[plays[0][1]] or MASK[c] & MASK[plays[0][1]]:
                pn = "trump"
            else:
                pn = "dead trump"  # a trump of no live suit: short, so it fits a column of 12
            tplays.append(TrickPlay(seat=s, card=DECKTET[c].slug, note=pn))
        trick = TrickView(
            leader=st.trick.leader,
            plays=tplays,
            note=note,
            last=[TrickPlay(seat=s, card=DECKTET[c].slug) for s, c in st.last],
            last_winner=st.last_winner if st.last_winner >= 0 else None,
        )
        return {
            "phase": self.phase(st),
            "prompt": self._prompt(st, seat),
            "status": status,
            "trick": trick,
            "seat_facts": facts,
            "extra": {"trump_type": TYPES[st.trump], "redeals": st.redeals},
        }

    def _prompt(self, st: TypeTrumpState, seat: int | None) -> str:
        if st.over:
            return self._summary(st)
        acting = self.to_act(st)
        if seat is None or seat not in acting:
            if st.phase == "play":
                return f"Waiting for {st.names[st.turn]} to play."
            return "Waiting for " + ", ".join(st.names[s] for s in acting) + "."
        tname = TYPE_NAMES[st.trump]
        if st.phase == "scored":
            pts = ", ".join(f"{st.names[s]} {p}" for s, p in enumerate(st.sheet[-1]))
            return f"Round {st.hand_no} is over ({pts}). Deal the next round."
        if st.phase == "swap":
            return f"{tname} are trump. Look at your hand, then swap it with {st.names[(seat + 2) % 4]}'s."
        if st.phase == "declare":
            if st.options.partnership:
                t = seat & 1
                if st.prop_by[t] >= 0:
                    return (
                        f"{st.names[st.prop_by[t]]} proposes {SUIT_NAME[st.prop_suit[t]]} as your team's suit: "
                        "confirm it or propose another."
                    )
                return f"{tname} are trump. Propose a scoring suit for your team."
            extra = " or the Spoiler" if st.options.spoilers else ""
            return f"{tname} are trump. Choose your scoring suit{extra} in secret."
        plays = st.trick.plays
        if not plays:
            return f"{tname} are trump. Lead any card."
        lead = plays[0][1]
        if TRUMP[st.trump][lead]:
            return f"A trump was led: play a {TYPE_ONE[st.trump]} if you can."
        return f"{The(lead)} was led (not trump): play a card carrying {suits_text(MASK[lead])} if you can."

    def label(self, state: TypeTrumpState, action: Action) -> str:
        verb = action.verb
        if verb == "play":
            return f"Play {the(SLUG_ID[action.args[0]])}"
        if verb == "declare":
            w = action.args[0]
            if w == "spoiler":
                return "Be the Spoiler"
            return ("Propose " if state.options.partnership else "Declare ") + w.capitalize()
        if verb == "confirm":
            # no seat here, and the other team's proposal is secret: keep the label generic
            return "Confirm partner's suit"
        if verb == "swap":
            return "Swap hands"
        if verb == "deal":
            return "Deal the next round"
        return super().label(state, action)


GAME = TypeTrump()
