"""What a knock tells a Toepen bot (issue 34: the hint said "Stay in (for 3)" right before its
player lost 3). A player knocks on a hand that expects to win, so half the search's samples
(`Toepen.KNOCK_TRUST`) deal a knocker still in a hand worth the knock (`Toepen.adjust_sample`),
the others any hand: not every knock is such a promise (our medium and random bots knock on
weak cards, and a search that read every knock folded to them). Positions are reached by play
from stacked decks (test_rules' `stack`: three players, Cat deals, Ann leads)."""

from __future__ import annotations

import statistics
from contextlib import contextmanager
from typing import Iterator

import pytest

import decktable
from decktable.bots.hints import HintAnswer
from decktable.bots.search import Budget
from decktable.bots.worker import BotJob, decide
from decktable.cards.french import FRENCH
from decktable.engine.rng import Rng
from decktable.testing import samples

from .test_rules import stack

G = decktable.get_game("toepen")
NAMES = ["Ann", "Bob", "Cat"]
ANN, BOB, CAT = 0, 1, 2
SLUG = {c.id: c.slug for c in FRENCH}
#: the clubs above the Ace (10, 9, 8, 7 are the top of a suit)
BEAT_ACE = {"10c", "9c", "8c", "7c"}


@contextmanager
def plain_samples() -> Iterator[None]:
    """Samples as before knocks were read: every hidden hand re-dealt at random."""
    G.SAMPLE_KNOCKS = False  # on this instance only, over the class's
    try:
        yield
    finally:
        del G.SAMPLE_KNOCKS


def dealt(hands: dict[int, list[str]], moves: list[str] = ()):
    st = G.new(NAMES, seed=11, deck=stack(hands, 3))
    while G.phase(st) == "laundry":
        G.apply(st, G.to_act(st)[0], "keep")
    for m in moves:
        G.apply(st, G.to_act(st)[0], m)
    return st


#: Ann wins three heart tricks and leads her Ace of Clubs to the last; Bob, out of clubs, throws
#: a diamond; Cat, whose last card is the Ten of Clubs, knocks before playing it.
LAST = (
    {ANN: ["10h", "9h", "8h", "ac"], BOB: ["ks", "qs", "js", "7d"], CAT: ["10c", "kd", "qd", "9s"]},
    ["play 10h", "play ks", "play kd", "play 9h", "play qs", "play qd", "play 8h", "play js", "play 9s",
     "play ac", "play 7d", "knock"],
)


def at_the_knock():
    st = dealt(*LAST)
    assert G.to_act(st) == (ANN,) and G.phase(st) == "answer" and st.value == 2
    assert not st.hands[ANN] and [SLUG[c] for c in st.hands[CAT]] == ["10c"]
    return st


def test_the_knocker_of_the_last_trick_holds_a_card_that_beats_the_lead_in_half_the_samples() -> None:
    """From Ann's view any of the twenty cards she has not seen could be Cat's last one, and a
    plain re-deal gives Cat a club above her Ace about one time in five. Cat knocked: a knock on
    the last card says it wins, and the samples that read it (half of them, `KNOCK_TRUST`) deal
    Cat one of those clubs; the others any card, as a knock may be a bluff (every sample reading
    it, strong lost to medium's knocks: issue 34). Some 60% of the samples then beat the Ace."""
    st = at_the_knock()
    cats = [SLUG[s.hands[CAT][0]] for s in samples(G, st, ANN, 300)]
    assert 0.45 < sum(c in BEAT_ACE for c in cats) / len(cats) < 0.85
    assert {c for c in cats if c in BEAT_ACE} == BEAT_ACE  # any of them, not always the same
    assert len(set(cats) - BEAT_ACE) > 4  # and, unread, any other card too
    # Bob's view: the same, he too sees that Cat knocked
    bobs = [SLUG[s.hands[CAT][0]] in BEAT_ACE for s in samples(G, st, BOB, 100)]
    assert 0.45 < sum(bobs) / len(bobs) < 0.9


def test_a_hand_with_nobody_knocking_is_re_dealt_as_before() -> None:
    """At the same last trick before Cat knocks, her card is any card Ann has not seen."""
    st = dealt(LAST[0], LAST[1][:-1])
    cats = [SLUG[s.hands[CAT][0]] for s in samples(G, st, ANN, 300)]
    assert 0.1 < sum(c in BEAT_ACE for c in cats) / len(cats) < 0.35


@pytest.mark.parametrize("seed", [1, 2])
def test_the_hint_folds_against_a_knock_on_the_last_card(seed: int) -> None:
    """Issue 34's Toepen report, at the last trick: Ann's Ace of Clubs leads, Cat knocks with
    one card left. The hint (the strong search from Ann's view, as the worker gives it) said
    "Stay in" when samples gave Cat any card; it folds now. Staying in loses 2, folding pays 1."""
    st = at_the_knock()
    job = BotJob(game="toepen", state=G.determinize(st, ANN, Rng(seed)), seat=ANN, level="strong", seed=seed,
                 explain=True, budget=Budget(1500))
    said = HintAnswer.model_validate_json(decide(job))
    assert said.action == "fold"
    assert said.runner == "stay" and said.runner_value < said.value
    stay = st.clone()
    G.apply(stay, ANN, "stay")
    G.apply(stay, BOB, "fold")
    G.apply(stay, CAT, "play 10c")
    assert stay.sheet[-1][ANN] == -2


def test_a_knocker_early_in_the_hand_is_dealt_a_hand_worth_a_knock_where_a_draw_finds_one() -> None:
    """Ann knocks before leading the first trick. Few hands reach the mark the playouts knock at
    (`KNOCK_AT`, by their own estimate, `win_estimate`, from Ann's view) with two opponents in
    and four tricks to go: one in twenty of a plain re-deal. Each of Bob's samples that reads
    the knock (half, `KNOCK_TRUST`) draws up to eight hands for Ann and keeps the first that
    reaches it, else the re-deal's: her hand reaches it in some 18% of all the samples. Cat's
    hand, who did not knock, is dealt as before."""
    st = dealt({ANN: ["ks", "qd", "jc", "7h"], BOB: ["as", "kd", "9c", "qh"]}, ["knock"])
    assert G.to_act(st) == (BOB,) and st.knocked == [1, 0, 0]
    with plain_samples():
        plain = [G.win_estimate(s, ANN) for s in samples(G, st, BOB, 400)]
        plain_cat = [G.win_estimate(s, CAT) for s in samples(G, st, BOB, 400)]
    knocked = [G.win_estimate(s, ANN) for s in samples(G, st, BOB, 400, seed=6)]
    cat = [G.win_estimate(s, CAT) for s in samples(G, st, BOB, 400, seed=6)]
    assert sum(e >= G.KNOCK_AT for e in plain) / len(plain) < 0.12
    assert sum(e >= G.KNOCK_AT for e in knocked) / len(knocked) > 0.12
    assert statistics.mean(knocked) > statistics.mean(plain) + 0.02
    assert abs(statistics.mean(cat) - statistics.mean(plain_cat)) < 0.03


def test_a_knocker_who_folded_a_later_knock_is_dealt_any_hand() -> None:
    """Ann knocks and both stay in; after Ann's and Bob's first cards Cat knocks again and Ann
    folds: her knock no longer matters (she is out of the hand), and in Bob's samples her hand
    is no stronger than a plain re-deal's."""
    st = dealt({ANN: ["ks", "qd", "jc", "7h"], BOB: ["as", "kd", "9c", "qh"]},
               ["knock", "stay", "stay", "play ks", "play as", "knock", "fold"])
    assert st.knocked == [1, 0, 1] and not st.inhand[ANN] and G.to_act(st) == (BOB,)

    with plain_samples():
        quartile = statistics.quantiles([G.win_estimate(s, ANN) for s in samples(G, st, BOB, 400)], n=4)[2]
    assert sum(G.win_estimate(s, ANN) > quartile for s in samples(G, st, BOB, 400, seed=6)) / 400 < 0.35


def test_the_knock_readers_rater_gives_the_playout_estimates_figures() -> None:
    """`_rater` is `win_estimate` made cheap for many hands of one position (the samples' knock
    reading): the two must never drift apart. Positions from seeded random play, every seat
    still holding cards rated on its own hand."""
    checked = 0
    for seed in range(30):
        st = G.new(3, seed=seed)
        rng = Rng(seed)
        while not G.is_over(st) and checked < 4000:
            for s in range(st.players):
                if st.inhand[s] and st.hands[s]:
                    rate = G._rater(st, s)
                    if rate is not None:
                        assert rate(list(st.hands[s])) == pytest.approx(G.win_estimate(st, s), abs=1e-12)
                        checked += 1
            seat = G.to_act(st)[0]
            legal = G.legal_actions(st, seat)
            G.apply(st, seat, legal[int(rng.random() * len(legal))], events=False)
    assert checked > 1000
