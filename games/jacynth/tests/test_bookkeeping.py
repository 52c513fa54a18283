"""Jacynth keeps its scores, districts and free cells move by move (for the search bots); this
checks that bookkeeping against a recount from scratch after every move of many random games."""

from __future__ import annotations

import random

from decktable.cards.decktet import DECKTET, SUITS
from decktable.engine.kits import grid
from decktable.rulesets.jacynth.rules import GAME as g
from decktable.rulesets.jacynth.rules import INFLUENCE, NCELLS, PLACE_ACTIONS, JacynthState


def from_scratch(st: JacynthState) -> tuple[list[int], list[int], list[list[tuple[int, int]]]]:
    """(scores, free cells, per seat its districts as sorted (suit, size)) by the grid kit."""
    suits_at = {(i % 6, i // 6): DECKTET[c].suits for i, c in enumerate(st.board) if c >= 0}
    scores = [0] * st.players
    held: list[list[tuple[int, int]]] = [[] for _ in range(st.players)]
    for suit, groups in grid.districts(suits_at, order=SUITS).items():
        for d in groups:
            tokens = [(DECKTET[st.board[c + 6 * r]].rank, st.token[c + 6 * r]) for c, r in d if st.token[c + 6 * r] >= 0]
            if tokens:
                seat = max(tokens)[1]
                scores[seat] += len(d)
                held[seat].append((SUITS.index(suit), len(d)))
    free = [i for i in range(NCELLS) if st.board[i] < 0
            and any(st.board[c + 6 * r] >= 0 for c, r in grid.neighbours((i % 6, i // 6), 6, 6))]
    return scores, free, [sorted(h) for h in held]


def test_bookkeeping_agrees_with_a_recount_after_every_move():
    moves = 0
    for seed in range(60):
        n = 2 + seed % 2
        opts = {"pawns": seed % 3 == 0, "excuse": seed % 4 == 0, "courts": seed % 5 == 0,
                "layout": ("razeway", "towers", "old_city")[seed % 3]}
        st = g.new(n, seed=seed, **opts)
        rnd = random.Random(seed)
        while not st.over:
            scores, free, held = from_scratch(st)
            assert st.scores == scores and (scores, free) == g.recount(st)
            assert st.front == free
            assert [sorted((s, k) for s, k, _ in h) for h in g.holdings(st)] == held
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            if st.step == INFLUENCE:
                assert bool(g._targets(st, seat)) and g._may_influence(st, seat, st.last)
            else:
                assert legal == [PLACE_ACTIONS[c][i] for c in st.hands[seat] for i in free]
            g.apply(st, seat, legal[rnd.randrange(len(legal))], events=seed % 2 == 0)
            moves += 1
        assert st.scores == from_scratch(st)[0] == g.final(st).scores
        assert g.placings(st) == g.final(st).placings
    assert moves > 2000


def test_a_clone_shares_no_bookkeeping():
    st = g.new(2, seed=3)
    rnd = random.Random(3)
    for _ in range(10):
        seat = g.to_act(st)[0]
        legal = g.legal_actions(st, seat)
        g.apply(st, seat, legal[rnd.randrange(len(legal))])
    copy = st.clone()
    before = (list(st.scores), list(st.front), list(st.lab), list(st.best), list(st.size))
    while not copy.over:
        seat = g.to_act(copy)[0]
        legal = g.legal_actions(copy, seat)
        g.play(copy, seat, legal[rnd.randrange(len(legal))], None)
    assert (st.scores, st.front, st.lab, st.best, st.size) == before
