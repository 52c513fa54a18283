"""The search's horizon in Mattis: a search in the first phase stops where the second begins and
takes each seat's worth from `estimate.py`'s table instead of a random second phase. These tests
check that the table says what random second phases say, on deals the fit never saw, and that
the search keeps to its horizon."""

from __future__ import annotations

import random
import statistics

import pytest

import decktable
from decktable.bots.search import search
from decktable.engine.rng import Rng
from decktable.rulesets.mattis.estimate import (
    WEIGHTS,
    ends_of_first_phase,
    features,
    fit,
    second_phase_outcomes,
    worths,
)
from decktable.rulesets.mattis.rules import COLLECT, PAUSE, SHED

G = decktable.get_game("mattis")


def _explained(players: int, states: int, playouts: int, seed: int) -> tuple[float, float]:
    """(share of the outcomes' variance the table explains, share the hand size alone explains)
    over fresh first phases, each judged by random second phases. Hand size alone: the outcome's
    least-squares line on the number of cards (fitted here, on the same data, to its advantage)."""
    rand = random.Random(seed).random
    ys, es, sizes = [], [], []
    for st in ends_of_first_phase(players, states, seed):
        ys.extend(second_phase_outcomes(st, playouts, rand))
        es.extend(worths(st))
        sizes.extend(len(st.hands[s]) + len(st.won[s]) + (len(st.trump_zone) if s == st.maker else 0)
                     for s in range(players))
    var = statistics.pvariance(ys)
    table = 1 - statistics.fmean((y - e) ** 2 for y, e in zip(ys, es)) / var
    slope, icpt = statistics.linear_regression(sizes, ys)
    size = 1 - statistics.fmean((y - (icpt + slope * x)) ** 2 for y, x in zip(ys, sizes)) / var
    return table, size


@pytest.mark.parametrize("players,more", [(3, 0.15), (5, 0.1), (8, 0.03)])
def test_the_table_foretells_random_second_phases_on_fresh_deals(players: int, more: float) -> None:
    """On deals far from the fit's seeds, the table's worths explain most of what random second
    phases give each seat (the rest is mostly the noise of 30 playouts a deal), and more than the
    hand size alone (what a table without the cards' ranks could say): measured 0.65 against
    0.40 at three players, 0.67 against 0.49 at five, and at eight, where the size tells most,
    0.63 against 0.58."""
    table, size = _explained(players, {3: 120, 5: 60, 8: 30}[players], 30, 900_000 + players)
    assert table > 0.5, (table, size)
    assert table > size + more, (table, size)


def test_a_small_fit_finds_the_same_order_of_cards() -> None:
    """Fitted again on a few deals of its own, the plain cards' weights run the same way as the
    table's (low plain cards the worst to hold): a table left behind by a change to the rules
    would not."""
    again = fit(3, states=200, playouts=20, seed=77_000)
    stored = WEIGHTS[3]
    plain_again, plain_stored = again[2:15], stored[2:15]
    assert statistics.correlation(plain_again, plain_stored) > 0.8
    assert plain_again[0] < plain_again[-1] and plain_stored[0] < plain_stored[-1]


def test_worths_are_placing_values() -> None:
    """Each seat's worth lies in 0..1, and they add up to what placings do (half the table)."""
    for players in range(3, 9):
        for st in ends_of_first_phase(players, 20, 4_000):
            w = G.estimate(st)
            assert len(w) == players and all(0.0 <= v <= 1.0 for v in w)
            if all(0.0 < v < 1.0 for v in w):
                assert sum(w) == pytest.approx(players / 2)


def test_worths_are_the_fitted_sum_over_the_fits_own_features() -> None:
    """The search's fast reading (`worths`) is the model the fit made: the weights times the
    features the fit read, centred on the table's mean, at every table size (a blåmattis at
    four and more players included)."""
    blue_seen = False
    for players in range(3, 9):
        for st in ends_of_first_phase(players, 30, 6_000):
            raw = [sum(f * w for f, w in zip(features(st, s), WEIGHTS[players])) for s in range(players)]
            mean = sum(raw) / players
            expect = [min(1.0, max(0.0, 0.5 + v - mean)) for v in raw]
            assert worths(st) == pytest.approx(expect, abs=1e-12)
            blue_seen |= any(st.blue)
    assert blue_seen


def test_the_horizon_is_the_first_phase() -> None:
    """The first phase has a horizon; the pause and the second phase play on to the end."""
    st = G.new(3, seed=5)
    assert G.horizon(st) == COLLECT
    r = random.Random(5)
    seen = set()
    while not st.over:
        seen.add((st.phase, G.horizon(st)))
        G.random_step(st, G.to_act(st)[0], r.random, None)
    assert seen == {(COLLECT, COLLECT), (PAUSE, None), (SHED, None)}


def _first_phase_decision(seed: int) -> tuple[object, int]:
    st = G.new(3, seed=seed)
    r = random.Random(seed)
    for _ in range(6):
        G.random_step(st, G.to_act(st)[0], r.random, None)
    assert st.phase == COLLECT
    return st, G.to_act(st)[0]


def test_a_first_phase_search_never_plays_past_its_horizon() -> None:
    """Every move the search makes (in its tree and in its playouts) is made in the first phase,
    and every iteration is valued by the table at the second phase's door: none by a finished
    game."""
    st, seat = _first_phase_decision(3)

    class Spy(type(G)):  # type: ignore[misc]
        played_in: list[str] = []  # the phase each move of the tree and each playout began in
        left_at: list[str] = []  # the phase each playout left its sample in
        valued: list[str] = []

        def play(self, state, seat, action, events):  # type: ignore[no-untyped-def]
            Spy.played_in.append(state.phase)
            return super().play(state, seat, action, events)

        def playout(self, state, rand, limit, trace=None):  # type: ignore[no-untyped-def]
            Spy.played_in.append(state.phase)
            made = super().playout(state, rand, limit, trace)
            Spy.left_at.append(state.phase)
            return made

        def estimate(self, state):  # type: ignore[no-untyped-def]
            Spy.valued.append(state.phase)
            return super().estimate(state)

    spy = Spy()
    spy.info = G.info
    det = G.determinize(st, seat, Rng(1))
    search(spy, det, seat, Rng(2), 300, early=False)
    assert set(Spy.played_in) == {COLLECT}
    assert Spy.left_at and set(Spy.left_at) <= {COLLECT, PAUSE}  # a playout ends at the pause at latest
    assert Spy.valued and set(Spy.valued) == {PAUSE}
    assert len(Spy.valued) == 300


def test_a_second_phase_search_plays_to_the_end() -> None:
    """Once the second phase has begun there is no horizon: the table is never asked."""
    st = G.new(3, seed=8)
    r = random.Random(8)
    while st.phase != SHED or len(G.legal_actions(st, G.to_act(st)[0])) < 2:
        G.random_step(st, G.to_act(st)[0], r.random, None)
    seat = G.to_act(st)[0]

    class Spy(type(G)):  # type: ignore[misc]
        def estimate(self, state):  # type: ignore[no-untyped-def]
            raise AssertionError("estimated in the second phase")

    spy = Spy()
    spy.info = G.info
    search(spy, G.determinize(st, seat, Rng(1)), seat, Rng(2), 200, early=False)
