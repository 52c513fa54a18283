"""The floor of random play through the public API: a game with no rules, beside the bench's
reference, in one process.

    python tools/api_floor.py [--secs S]

"empty game": four seats in turn, one legal move (`pass`), 36 moves a game, played by
`decktable.bench.random_game` (new, is_over, to_act, legal_actions, apply with events off, and the
loop's own two `random.choice` calls a move). "loop only": the same loop calling the game's own
unguarded to_act, legal_actions and play. No real game can pass the empty game's ratio: it is
what the public entry points and the bench's loop cost with no rules at all.
"""

from __future__ import annotations

import argparse
import random
import os
import sys

from pydantic import BaseModel

import decktable
from decktable.bench import random_game, reference_game
from decktable.engine.actions import Action, Grammar
from decktable.engine.game import Game, State
from decktable.engine.models import GameInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import rate  # noqa: E402


class EmptyOptions(BaseModel):
    pass


class EmptyState(State):
    __slots__ = ("moves",)
    moves: int


PASS = [Action("pass")]


class Empty(Game):
    info = GameInfo(id="empty", name="Empty", family="french", min_players=4, max_players=4,
                    layout="trick", summary="no rules")
    Options = EmptyOptions
    catalogue = decktable.get_game("king").catalogue
    grammar = Grammar({"pass": ()}, catalogue)

    def setup(self, names, rng, options, deck):  # type: ignore[no-untyped-def]
        st = EmptyState(names, rng, options)
        st.moves = 0
        return st

    def to_act(self, state):  # type: ignore[no-untyped-def]
        return (state.moves % 4,)

    def legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
        return PASS

    def play(self, state, seat, action, events):  # type: ignore[no-untyped-def]
        state.moves += 1
        if state.moves >= 36:
            state.over = True


def loop_only(g: Empty, seed: int) -> int:
    rng = random.Random(seed)
    state = g.new(4, seed=seed)
    steps = 0
    choice = rng.choice
    to_act, legal = Empty._raw_to_act, Empty.legal_actions.__wrapped__  # type: ignore[attr-defined]
    while not state.over:
        seat = choice(to_act(g, state))
        g.play(state, seat, choice(legal(g, state, seat)), None)
        steps += 1
    return steps


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--secs", type=float, default=0.5)
    args = ap.parse_args()
    g = Empty()
    ref_rng = random.Random(1)
    best = {"reference": 0.0, "empty game": 0.0, "loop only": 0.0}
    for _ in range(3):
        best["reference"] = max(best["reference"], rate(lambda s: reference_game(ref_rng), args.secs))
        best["empty game"] = max(best["empty game"], rate(lambda s: random_game(g, 4, s), args.secs))
        best["loop only"] = max(best["loop only"], rate(lambda s: loop_only(g, s), args.secs))
    for k, v in best.items():
        print(f"{k:<12}{v:>12,.0f} decisions/s{v / best['reference']:>7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
