"""The search's value of a finished team game (issue 34): partners share a result, so a lost
Envite game is the losing team's placing, last: 0, as a lost two-player game is. It was valued as
a seat's second place of four, 2/3, and the search saw losing the game as two thirds of a win."""

from __future__ import annotations

import random

import decktable
from decktable.bots.search import SearchStats, placing_values, places_of, search
from decktable.engine.rng import Rng

G = decktable.get_game("envite")
NAMES = ["Ann", "Bob", "Cai", "Dee"]
#: issue 34's match: after these moves Ann's team plays the hand for the whole game (one game wins)
SEED = 14539897762078
TO_THE_GAME = [(2, "signal trump"), (1, "signal nothing"), (0, "raise"), (3, "raise"), (0, "raise"), (3, "raise"),
               (0, "accept")]


def test_a_finished_envite_game_is_worth_1_to_the_winners_and_0_to_the_losers() -> None:
    rnd = random.Random(3)
    st = G.new(NAMES, seed=7, games_to_win=1)
    while not st.over:
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        G.play(st, seat, la[int(rnd.random() * len(la))], None)
    placings = G.placings(st)
    assert sorted(placings) == [1, 1, 2, 2]
    assert places_of(G, 4) == 2
    assert placing_values(G, placings) == [1.0 if p == 1 else 0.0 for p in placings]
    # a game without partnerships: one placing a seat, as before (last of four 0, second 2/3)
    king = decktable.get_game("king")
    assert places_of(king, 4) == 4
    assert placing_values(king, [2, 1, 4, 2]) == [2 / 3, 1.0, 0.0, 2 / 3]


def test_every_playout_of_a_hand_for_the_game_counts_a_win_or_nothing() -> None:
    """In the hand that decides the match, every playout ends the game: a move's mean value
    times its visits is the number of playouts its team won (a loss adds 0, not 2/3)."""
    st = G.new(NAMES, seed=SEED, games_to_win=1)
    for seat, action in TO_THE_GAME:
        G.apply(st, seat, action)
    seat = G.to_act(st)[0]
    assert len(G.legal_actions(st, seat)) > 1
    stats = SearchStats()
    search(G, G.determinize(st, seat, Rng(1)), seat, Rng(2), iterations=400, stats=stats, early=False)
    assert sum(stats.visits.values()) > 300
    lost = 0
    for move, v in stats.values.items():
        n = stats.visits[move]
        assert abs(v * n - round(v * n)) < 1e-6, (move, v, n)
        lost += n - round(v * n)
    assert lost > 0  # some playouts were lost, and counted 0
