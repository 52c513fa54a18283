"""What everyone saw go into a hidden zone (`State.known_in`) is forgotten as before when `apply`
looks again only at the zones whose cards changed since its last look at the same state (issue 36:
checking some thirty known cards at every move was 45% of eight-player Mattis's random play).

A whole random game is played through the public API with no other state touched in between
(so the remembered look is used at every move), and then replayed move for move on a copy of
its start with `play`, forgetting by the game's display zones, the old way: what is known after
every move is the same, in the same order.
"""

from __future__ import annotations

import random

import pytest

import decktable
import decktable.engine.game as engine
from decktable.engine.game import Game, State

#: the games that put cards into a hidden zone in everyone's sight (`reveal_into`)
REVEALING = ["chicago", "emu_ranchers", "getaway", "mattis", "nonesuch", "old_janx_spirit", "rally"]
PARAMS = [
    pytest.param(gid, n, seed, id=f"{gid}-{n}p-{seed}")
    for gid in REVEALING
    for n in decktable.get_game(gid).info.player_counts
    for seed in (1, 3)
]


def forget_by_zones(g: Game, st: State, hand_before: int) -> None:
    if st.known_in and st.hand_no != hand_before:
        st.known_in.clear()
    elif st.known_in:
        where = {z.name: z.cards for z in g.zones(st)}
        for c in [c for c, name in st.known_in.items() if c not in where.get(name, ())]:
            del st.known_in[c]


@pytest.mark.parametrize("gid, n, seed", PARAMS)
def test_known_cards_are_forgotten_as_the_zones_say(gid: str, n: int, seed: int) -> None:
    g = decktable.get_game(gid)
    r = random.Random(seed)
    st = g.new(n, seed=seed)
    start = st.clone()
    moves, known, remembered = [], [], 0
    while not g.is_over(st) and len(moves) < 3000:
        seat = r.choice(g.to_act(st))
        action = r.choice(g.legal_actions(st, seat))
        memo = engine._forgot
        remembered += memo is not None and memo[0] is st and bool(st.known_in)
        g.apply(st, seat, action, events=False)
        moves.append((seat, action))
        known.append(list(st.known_in.items()))
    assert any(known), "no card was seen going into a hidden zone: pick another seed"
    assert remembered, "the remembered look was never used"
    twin = start
    for k, (seat, action) in enumerate(moves):
        hand_before = twin.hand_no
        g.play(twin, seat, action, None)
        forget_by_zones(g, twin, hand_before)
        assert list(twin.known_in.items()) == known[k], (k, seat, str(action))


@pytest.mark.parametrize("gid", ["getaway", "mattis"])
def test_two_games_played_in_turn_each_forget_as_the_zones_say(gid: str) -> None:
    """The remembered look belongs to one state and its own `known_in`: two games of the same
    kind played a move each in turn (a table and a copy of it played on, as a hint or an undo
    does) each forget what their own zones say, move for move."""
    g = decktable.get_game(gid)
    r = random.Random(5)
    first = g.new(4, seed=5)
    for _ in range(60):  # into the game, where cards are known
        seat = r.choice(g.to_act(first))
        g.apply(first, seat, r.choice(g.legal_actions(first, seat)), events=False)
    second = first.clone()
    twins = {id(first): first.clone(), id(second): second.clone()}
    compared = 0
    for k in range(1200):
        st = (first, second)[k % 2]
        if g.is_over(st):
            break
        seat = r.choice(g.to_act(st))
        action = r.choice(g.legal_actions(st, seat))
        g.apply(st, seat, action, events=False)
        twin = twins[id(st)]
        hand_before = twin.hand_no
        g.play(twin, seat, action, None)
        forget_by_zones(g, twin, hand_before)
        assert list(st.known_in.items()) == list(twin.known_in.items()), (k, seat, str(action))
        compared += bool(st.known_in)
    assert compared > 20
