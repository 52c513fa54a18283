"""Envite's playout policy (`Game.playout_action`, issue 34): the search's playouts raise, answer
a raise and stay in while lying down by an estimate of the team (the captain's own hand and its
partners' signals, the tricks so far), never at random. Positions are reached through play from
stacked decks (the last position deals: position 0 gets the first card, one at a time round the
table; the next card is the vira; Team A's captain is seat 0, Team B's seat 1)."""

from __future__ import annotations

import random

import decktable
from decktable.engine.actions import Action
from decktable.engine.game import Game
from decktable.rulesets.envite.rules import FULL, SLUG

G = decktable.get_game("envite")
ALL = [SLUG[c] for c in FULL]
NAMES = ["Ann", "Bob", "Cai", "Dee"]
ANN, BOB = 0, 1

# Hearts trumps (the 5 turned up). Ann holds no trump and Cai nothing worth a sign; Bob holds the
# top two trumps (the 2 and the King) and Dee the Queen.
WEAK_A = [["ks", "2h", "7c", "qh"], ["qs", "kh", "6c", "3c"], ["jd", "as", "4d", "4s"]]
# The same deal with the teams' cards swapped: Ann holds the top two trumps.
STRONG_A = [["2h", "ks", "qh", "7c"], ["kh", "qs", "3c", "6c"], ["as", "jd", "4s", "4d"]]


def new(rounds: list[list[str]], **opts):
    head = [c for r in rounds for c in r] + ["5h"]
    deck = head + [c for c in ALL if c not in head]
    st = G.new(NAMES, seed=5, deck=deck, **opts)
    for seat in (2, 3):  # the partners' signals, truly (as a bot's)
        assert G.to_act(st) == (seat,)
        st_word = G.convention(st, seat)
        assert st_word is not None
        G.apply(st, seat, str(st_word[0]))
    assert G.phase(st) == "stake" and G.to_act(st) == (ANN,)
    return st


def answers(st, seat: int, runs: int = 300) -> set[str]:
    """What `seat`'s playout move is here, over `runs` playouts (`policy_step`, as the search's
    generic loop makes it), each with its own generator."""
    made = set()
    for seed in range(runs):
        trace: list = []
        assert G.policy_step(st.clone(), seat, random.Random(seed).random, trace)
        ((_, a),) = trace
        made.add(str(a))
    return made


def test_a_weak_captain_neither_raises_nor_takes_a_raise_in_playouts() -> None:
    """Ann, no trump and a partner with nothing: her playouts pass; offered a raise by Bob
    (who holds the top two trumps) they decline, also at the whole game. A random playout raises
    or accepts in two draws of three."""
    st = new(WEAK_A)
    assert answers(st, ANN) == {"pass"}
    G.apply(st, ANN, "pass")
    assert answers(st, BOB) == {"raise"}  # Bob: the top trump (3) and Dee's trump (1)
    G.apply(st, BOB, "raise")
    assert {str(a) for a in G.legal_actions(st, ANN)} == {"accept", "decline", "raise"}
    assert answers(st, ANN) == {"decline"}
    G.apply(st, ANN, "raise")  # the tree may still try a raise: Bob's playouts answer it
    assert answers(st, BOB) == {"raise"}
    G.apply(st, BOB, "raise")
    G.apply(st, ANN, "raise")
    assert {str(a) for a in G.legal_actions(st, BOB)} == {"accept", "decline"}  # the whole game
    assert answers(st, BOB) == {"accept"}


def test_a_strong_captain_raises_and_accepts_in_playouts() -> None:
    """Ann with the top two trumps raises in her playouts; Bob, with no trump, declines."""
    st = new(STRONG_A)
    assert answers(st, ANN) == {"raise"}
    G.apply(st, ANN, "raise")
    assert answers(st, BOB) == {"decline"}


def test_without_the_policy_the_playouts_answer_at_random() -> None:
    """The test above is no tautology: the generic step without Envite's policy (the engine's
    default, None) makes every answer at Ann's weak raise decision."""
    st = new(WEAK_A)
    G.apply(st, ANN, "pass")
    G.apply(st, BOB, "raise")
    made = set()
    for seed in range(60):
        st2 = st.clone()
        la = G.legal_actions(st2, ANN)
        assert Game.playout_action(G, st2, ANN, la, random.Random(seed).random) is None
        made.add(str(la[int(random.Random(seed).random() * len(la))]))
    assert made == {"accept", "decline", "raise"}


def test_card_moves_are_left_to_the_search() -> None:
    st = new(WEAK_A)
    G.apply(st, ANN, "pass")
    G.apply(st, BOB, "pass")
    assert G.phase(st) == "play"
    la = G.legal_actions(st, ANN)
    assert G.playout_action(st, ANN, la, random.Random(1).random) is None
    assert all(isinstance(a, Action) for a in la)
