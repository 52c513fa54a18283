"""Thricewise keeps its free cells (`front`), bounding box and neighbour counts move by move, and
scores a placement with a fast path (for the search bots); this checks all of it against a
recount from scratch after every move of many random games."""

from __future__ import annotations

import random

from decktable.rulesets.thricewise.rules import (
    A_PLACE, FRAME, LIMIT, NCELLS, NEIGH, GAME as g, ThricewiseState, points, trios,
)


def free_from_scratch(st: ThricewiseState) -> list[int]:
    """Empty cells touching a card, inside the grid's box grown by one where it may still grow."""
    filled = [i for i in range(NCELLS) if st.board[i] >= 0]
    cols = [i % FRAME for i in filled]
    rows = [i // FRAME for i in filled]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    if c1 - c0 + 1 < LIMIT:
        c0, c1 = c0 - 1, c1 + 1
    if r1 - r0 + 1 < LIMIT:
        r0, r1 = r0 - 1, r1 + 1
    return [i for i in range(NCELLS) if st.board[i] < 0 and any(st.board[j] >= 0 for j in NEIGH[i])
            and c0 <= i % FRAME <= c1 and r0 <= i // FRAME <= r1]


def test_bookkeeping_agrees_with_a_recount_after_every_move():
    places = 0
    for seed in range(80):
        n = 2 + seed % 4
        st = g.new(n, seed=seed, start=("auto", "2x2", "2x3")[seed % 3])
        rnd = random.Random(seed)
        while not st.over:
            free = free_from_scratch(st)
            assert st.front == free == g.free_cells(st)
            assert st.adj == [sum(st.board[j] >= 0 for j in NEIGH[i]) for i in range(NCELLS)]
            acting = g.to_act(st)
            seat = acting[rnd.randrange(len(acting))]
            legal = g.legal_actions(st, seat)
            a = legal[rnd.randrange(len(legal))]
            if a.verb == "place":
                assert legal == [A_PLACE[c][j] for c in g.to_place(st, seat) for j in free]
                board = st.board[:]
                before = st.scores[seat]
            g.apply(st, seat, a, events=seed % 2 == 0)
            if a.verb == "place":
                _, cid, i, got = st.last_place
                assert got == points(board, i, cid) == trios(board, i, cid)[0] == st.scores[seat] - before
                places += 1
        assert g.placings(st) == g.final(st).placings
    assert places > 1000


def test_rebuild_agrees_with_play():
    st = g.new(3, seed=11)
    rnd = random.Random(11)
    while not st.over:
        acting = g.to_act(st)
        seat = acting[rnd.randrange(len(acting))]
        legal = g.legal_actions(st, seat)
        g.apply(st, seat, legal[rnd.randrange(len(legal))])
        kept = (list(st.front), list(st.adj), list(st.box))
        g.rebuild(st)
        assert (st.front, st.adj, st.box) == kept
