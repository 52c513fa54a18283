"""A small French-pack trick game for the shared-UI tests (not a registered game).

"Rank Rush", 3–8 players, 32 cards (7 to Ace), four cards each. The leader plays one card or
several of one rank (`play 7h 7d`); each other player in turn plays as many cards as were led,
of any ranks (`play 9c 8s`), or passes when short of cards. The highest single card played wins
the trick (suits rank spades, hearts, diamonds, clubs on ties) and leads the next. After four
tricks, or when a leader has no cards, the hand is over: one point a trick, game over.

It has what the table's French screens need: hidden hands (a curtain between people), a trick
with a play per seat, plays of several cards (the CARDS argument kind), and seat facts.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from decktable.cards.french import FRENCH, RANK_OF, SUIT_OF, SUITS, cut
from decktable.engine.actions import CARDS, Action, Grammar
from decktable.engine.errors import IllegalMove
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng

DECK = cut(range(7, 15))


class RushOptions(BaseModel):
    pass


class RushState(State):
    __slots__ = ("hands", "trick", "leader", "turn", "won", "tricks", "last", "last_winner", "width", "spare")

    hands: list[list[int]]
    trick: list[tuple[int, list[int]]]
    leader: int
    turn: int
    won: list[list[int]]
    tricks: list[int]
    last: list[tuple[int, list[int]]]
    last_winner: int
    width: int
    spare: list[int]


def _power(c: int) -> tuple[int, int]:
    return (RANK_OF[c], -SUITS.index(SUIT_OF[c]))


class RankRush(Game):
    info = GameInfo(
        id="rank_rush",
        name="Rank Rush",
        family="french",
        min_players=3,
        max_players=8,
        layout="trick",
        summary="A test game: lead one card or several of a rank; the highest card wins.",
    )
    Options = RushOptions
    catalogue = FRENCH
    grammar = Grammar({"play": (CARDS,), "pass": ()}, FRENCH, suits=SUITS)

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> RushState:
        st = RushState(names, rng, options)
        cards = self.stacked(list(DECK), deck, rng)
        n = len(names)
        st.hands = [sorted(cards[i * 4:(i + 1) * 4], key=_power) for i in range(n)]
        st.spare = cards[n * 4:]  # set aside, face down
        st.won = [[] for _ in range(n)]
        st.trick, st.last, st.last_winner = [], [], -1
        st.leader = st.turn = 0
        st.tricks = [0] * n
        st.width = 0
        return st

    # -- zones: every card in one zone ----------------------------------------------------------

    def zones(self, state: RushState) -> list[Zone]:
        zs = [Zone(f"hand{i}", h, Vis.OWNER, i, f"{state.names[i]}'s hand", "hand") for i, h in enumerate(state.hands)]
        zs.append(Zone("trick", [c for _s, cs in state.trick for c in cs], Vis.PUBLIC, None, "Trick", "pile"))
        zs += [Zone(f"won{i}", w, Vis.PUBLIC, i, f"{state.names[i]}'s tricks", "pile") for i, w in enumerate(state.won)]
        zs.append(Zone("spare", state.spare, Vis.NOBODY, None, "Set aside", "pile"))
        return zs

    def to_act(self, state: RushState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: RushState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        hand = state.hands[seat]
        slugs = [FRENCH.slug(c) for c in hand]
        out: list[Action] = []
        if not state.trick:
            for c in slugs:
                out.append(Action("play", (c,)))
            by_rank: dict[int, list[str]] = {}
            for c in hand:
                by_rank.setdefault(RANK_OF[c], []).append(FRENCH.slug(c))
            for group in by_rank.values():
                if len(group) >= 2:
                    out.append(Action("play", tuple(group[:2])))
                if len(group) >= 3:
                    out.append(Action("play", tuple(group[:3])))
            return out
        if len(hand) < state.width:
            return [Action("pass")]
        if state.width == 1:
            return [Action("play", (c,)) for c in slugs]
        import itertools

        return [Action("play", combo) for combo in itertools.combinations(slugs, state.width)]

    def why_not(self, state: RushState, seat: int, action: Action) -> str | None:
        if action in self.legal_actions(state, seat):
            return None
        if action.verb == "pass":
            return "you can play, so you may not pass"
        ids = [FRENCH.find(a).id for a in action.args]  # type: ignore[union-attr]
        if any(c not in state.hands[seat] for c in ids):
            return "you can only play cards from your hand"
        if not state.trick and len({RANK_OF[c] for c in ids}) > 1:
            return "the cards of a lead must all be of one rank"
        if state.trick and len(ids) != state.width:
            return f"you must play exactly {state.width} card{'s' if state.width != 1 else ''}, as many as were led"
        return "that is not one of the moves allowed now"

    def apply(self, state: RushState, seat: int, action: Action | str, events: bool = True) -> list[Event]:
        if isinstance(action, str):
            action = self.parse(action)
        if seat != state.turn:
            from decktable.engine.errors import NotYourTurn

            raise NotYourTurn(seat, state.names[seat])
        why = self.why_not(state, seat, action)
        if why is not None:
            raise IllegalMove(action, why)
        out: list[Event] = []
        self.play(state, seat, action, out)
        return out

    def play(self, state: RushState, seat: int, action: Action, events: list[Event] | None) -> None:
        n = state.players
        if action.verb == "play":
            ids = [FRENCH.find(a).id for a in action.args]  # type: ignore[union-attr]
            for c in ids:
                state.hands[seat].remove(c)
            if not state.trick:
                state.width = len(ids)
            state.trick.append((seat, ids))
            if events is not None:
                events.append(Event(f"{state.names[seat]} plays " + ", ".join("the " + FRENCH.name(c) for c in ids)))
        else:
            state.trick.append((seat, []))
            if events is not None:
                events.append(Event(f"{state.names[seat]} passes"))
        state.turn = (seat + 1) % n
        if len(state.trick) < n:
            return
        winner = max(((s, c) for s, cs in state.trick for c in cs), key=lambda sc: _power(sc[1]))[0]
        state.won[winner].extend(c for _s, cs in state.trick for c in cs)
        state.tricks[winner] += 1
        state.last, state.last_winner = state.trick, winner
        state.trick = []
        state.leader = state.turn = winner
        if events is not None:
            events.append(Event(f"{state.names[winner]} wins the trick"))
        if not state.hands[winner] or sum(state.tricks) >= 4:
            state.over = True
            state.scores = list(state.tricks)

    def final(self, state: RushState) -> ResultView:
        top = max(state.scores)
        return ResultView(scores=list(state.scores), placings=[1 if s == top else 2 for s in state.scores],
                          summary="The most tricks wins.")

    def label(self, state: RushState, action: Action) -> str:
        if action.verb == "pass":
            return "Pass"
        return "Play " + " ".join(FRENCH.find(a).short for a in action.args)  # type: ignore[union-attr]

    def describe(self, state: RushState, seat: int | None) -> dict[str, Any]:
        from decktable.engine.models import TrickPlay, TrickView

        def plays(trick: list[tuple[int, list[int]]]) -> list[TrickPlay]:
            # one entry per card: a play of several cards is several entries of one seat
            return [TrickPlay(seat=s, card=FRENCH.slug(c)) for s, cs in trick for c in cs]

        trick = TrickView(leader=state.leader, plays=plays(state.trick), note=f"{state.width or 'any'} card(s) a play",
                          last=plays(state.last), last_winner=state.last_winner if state.last else None)
        return {
            "trick": trick,
            "status": {"Trick": f"{sum(state.tricks) + 1} of 4"},
            "seat_facts": {i: {"Tricks": str(t)} for i, t in enumerate(state.tricks)},
            "prompt": "Play one card or several of a rank" if not state.trick else f"Play {state.width} card(s)",
        }


GAME = RankRush()

#: a stacked deck for 8 players where seat 0 (the first human) holds a pair of Queens and
#: 7♥ 9♥; every other seat four cards
STACK_8 = [
    "qh", "qs", "7h", "9h",
    "7s", "8s", "9s", "10s",
    "js", "ks", "as", "8h",
    "10h", "jh", "kh", "ah",
    "7d", "8d", "9d", "10d",
    "jd", "qd", "kd", "ad",
    "7c", "8c", "9c", "10c",
    "jc", "qc", "kc", "ac",
]
