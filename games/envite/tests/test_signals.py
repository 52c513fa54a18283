"""Envite's signals as the bots use them: a bot's signal says truly what its hand holds (the
convention, `honest_signal`), a hint says why, and a bot captain's samples deal its partner a
hand that fits the signal it was shown, while every other seat's samples know nothing of it.

Positions are reached by play from a stacked deck (see test_rules.py: the last position deals,
seat 0 is Team A's captain and seat 1 Team B's, so Cy (seat 2) and Dan (seat 3) signal).
"""

from __future__ import annotations

from collections import Counter

import pytest

import decktable
from decktable.bots.hints import HintAnswer, sentence
from decktable.bots.base import Turn
from decktable.bots.search import SearchBot
from decktable.bots.worker import BotJob, decide
from decktable.engine.rng import Rng
from decktable.cards.french import card
from decktable.rulesets.envite.rules import FULL, SLUG, honest_signal

G = decktable.get_game("envite")
ALL = [SLUG[c] for c in FULL]
NAMES = ["Ann", "Bea", "Cy", "Dan", "Eve", "Fay"]
HEARTS = 1  # the suit index of hearts


def stack(hands: list[list[str]], vira: str) -> list[str]:
    m = len(hands)
    head = [hands[p][k] for k in range(3) for p in range(m)] + [vira]
    return head + [s for s in ALL if s not in head]


def new(hands: list[list[str]], vira: str, **opts):
    return G.new(NAMES[: len(hands)], seed=5, deck=stack(hands, vira), **opts)


def ids(*slugs: str) -> list[int]:
    return [card(s) for s in slugs]


FULL_LIST = ("top", "second", "trump", "two", "suit", "nothing")


@pytest.mark.parametrize(
    ("hand", "vira", "word"),
    [
        (("2h", "kh", "4s"), "7h", "top"),  # four seats, hearts: 2 K Q J A 7 ... of hearts
        (("kh", "4s", "5c"), "7h", "second"),
        (("qh", "3h", "5c"), "7h", "two"),
        (("qh", "4s", "5c"), "7h", "trump"),
        (("4s", "5s", "6s"), "7h", "suit"),
        (("4s", "5c", "6d"), "7h", "nothing"),
        (("kh", "4s", "5c"), "2h", "top"),  # the vira is out of play: the King is the top trump
        (("qh", "4s", "5c"), "2h", "second"),
    ],
)
def test_the_honest_signal_is_the_most_telling_true_one(hand: tuple[str, ...], vira: str, word: str) -> None:
    assert honest_signal(ids(*hand), 4, HEARTS, card(vira), FULL_LIST) == word


def test_on_the_short_list_a_second_trump_is_a_trump() -> None:
    short = ("top", "trump", "nothing")
    assert honest_signal(ids("kh", "4s", "5c"), 4, HEARTS, card("7h"), short) == "trump"
    assert honest_signal(ids("4s", "5s", "6s"), 4, HEARTS, card("7h"), short) == "nothing"


def test_the_added_top_trumps_count_at_six_seats() -> None:
    # six seats: 3♣ Q♣ J♦ head every trump suit, so the 3 of clubs is the top trump with hearts
    assert honest_signal(ids("3c", "4s", "5s"), 6, HEARTS, card("7h"), FULL_LIST) == "top"
    assert honest_signal(ids("qc", "4s", "5s"), 6, HEARTS, card("7h"), FULL_LIST) == "second"
    assert honest_signal(ids("jd", "2h", "5s"), 6, HEARTS, card("7h"), FULL_LIST) == "two"


# Cy (seat 2, Ann's partner) holds the top trump; Dan (seat 3) holds no trump.
DEAL = [["4s", "5s", "6d"], ["3h", "jd", "ks"], ["2h", "7s", "jc"], ["4d", "5c", "6c"]]


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_a_bots_signal_says_what_its_hand_holds(level: str) -> None:
    st = new(DEAL, "7h")
    assert G.to_act(st) == (2,)
    seen = G.determinize(st, 2, Rng(1))
    bot = SearchBot(level)
    action = bot.decide(Turn(G, 2, seen, G.legal_actions(st, 2)), Rng(2))
    assert action.text == "signal top"
    assert bot.last_stats is not None and "truly" in (bot.last_stats.convention or "")
    G.apply(st, 2, "signal top")
    seen = G.determinize(st, 3, Rng(1))
    assert SearchBot(level).decide(Turn(G, 3, seen, G.legal_actions(st, 3)), Rng(2)).text == "signal nothing"


def test_the_hint_for_a_signal_gives_the_convention_as_its_reason() -> None:
    st = new(DEAL, "7h")
    job = BotJob(game="envite", state=G.determinize(st, 2, Rng(5)), seat=2, level="strong", seed=11, explain=True)
    said = HintAnswer.model_validate_json(decide(job))
    assert said.action == "signal top" and said.value is None and said.why
    text = sentence(said, lambda a: {"signal top": "Signal: the top trump"}.get(a, a))
    assert text == "Hint: Signal: the top trump. Bots signal truly what they hold, and a bot captain plays on it."


def _everything(st) -> list[int]:
    """The cards of the hands and the stub: what a sample deals out again."""
    return sorted([c for h in st.hands for c in h] + st.stub)


def _hands_in_samples(st, seat: int, whose: int, samples: int = 300) -> list[list[int]]:
    """`whose` hand in `samples` of the determinizations the search draws for `seat`."""
    deal = G.determinizer(st, seat)
    rng = Rng(7)
    out = []
    for _ in range(samples):
        sample = deal(rng)
        assert _everything(sample) == _everything(st)  # a whole deal: no card lost or doubled
        assert sample.hands[seat] == st.hands[seat]
        out.append(list(sample.hands[whose]))
    return out


def _signalled(cy: str, dan: str, **opts):
    st = new(DEAL, "7h", **opts)
    G.apply(st, 2, f"signal {cy}")
    G.apply(st, 3, f"signal {dan}")
    assert G.phase(st) == "stake"
    return st


def test_a_captains_samples_deal_its_partner_the_hand_the_signal_tells() -> None:
    st = _signalled("top", "nothing")
    top = card("2h")
    cy = _hands_in_samples(st, 0, 2)
    assert all(top in h for h in cy)  # Ann read "the top trump" from Cy: every sample gives it to Cy
    # the rest of Cy's hand is still drawn at random from what Ann cannot see
    others = Counter(c for h in cy for c in h if c != top)
    assert len(others) > 20
    # Dan's signal went to Bea, not to Ann: Ann's samples give Dan trumps as often as chance does
    dan = _hands_in_samples(st, 0, 3)
    esuit_trump = [h for h in dan if any(c in ids("3h", "kh", "qh", "jh", "ah", "6h", "5h", "4h") for c in h)]
    assert 0.3 < len(esuit_trump) / len(dan) < 0.8


def test_a_nothing_signal_keeps_trumps_out_of_the_partners_sampled_hand() -> None:
    st = _signalled("top", "nothing")
    trumps = set(ids("2h", "3h", "kh", "qh", "jh", "ah", "6h", "5h", "4h"))
    dan = _hands_in_samples(st, 1, 3)  # Bea, Dan's captain, read "nothing worth a sign"
    assert all(not trumps & set(h) for h in dan)
    assert not all(set(h) == set(ids("4d", "5c", "6c")) for h in dan)  # not Dan's real hand each time


def test_seats_that_were_not_shown_a_signal_sample_without_it() -> None:
    st = _signalled("top", "nothing")
    top = card("2h")
    for seat in (1, 3):  # Bea (the other captain) and Dan never saw Cy's signal
        cy = _hands_in_samples(st, seat, 2)
        share = sum(top in h for h in cy) / len(cy)
        assert share < 0.4, (seat, share)


def test_a_caught_signal_is_trusted_by_the_captain_who_caught_it() -> None:
    st = _signalled("top", "nothing", careless_signals=True, careless_chance=100)
    assert all(card("2h") in h for h in _hands_in_samples(st, 1, 2))  # Bea caught Cy's signal


def test_a_signal_no_deal_can_fit_is_left_out() -> None:
    # Cy says "the top trump", but Ann holds it: no sample can fit, and each is still a whole deal
    lying = [["2h", "5s", "6d"], ["3h", "jd", "ks"], ["4s", "7s", "jc"], ["4d", "5c", "6c"]]
    st = new(lying, "7h")
    G.apply(st, 2, "signal top")
    G.apply(st, 3, "signal nothing")
    cy = _hands_in_samples(st, 0, 2)
    assert all(card("2h") not in h for h in cy)  # Ann's own card never moves
    assert 0.05 < sum(card("kh") in h for h in cy) / len(cy) < 0.3  # Cy's hand drawn as by chance


def test_signals_are_trusted_after_the_first_trick_while_the_partners_plays_are_known() -> None:
    st = _signalled("top", "nothing")
    G.apply(st, 0, "pass")
    G.apply(st, 1, "pass")
    # Ann leads (the dealer is the last position): Ann, Bea, Cy, Dan play to the first trick
    G.apply(st, 0, "play 4s")
    G.apply(st, 1, "play ks")
    G.apply(st, 2, "play 7s")
    G.apply(st, 3, "play 4d")
    assert st.trick_no == 2
    cy = _hands_in_samples(st, 0, 2)
    assert all(card("2h") in h for h in cy)  # 7♠ went, so the top trump must be in Cy's two cards


# -- what a captain knows at the stakes, as the search sees it (Game.search_key) -------------------------

STAKE_HANDS = [["2h", "kh", "4s"], ["3h", "5s", "6s"], ["qh", "7s", "jc"], ["4h", "5c", "6c"]]


def _at_the_stakes(**opts):
    st = new(STAKE_HANDS, "7h", **opts)  # hearts trump; the vira 7h out of play
    if G.phase(st) == "signal":
        assert G.search_key(st, 0) is None and G.search_key(st, 1) is None
        G.apply(st, 2, "signal trump")
        G.apply(st, 3, "signal trump")
    assert G.phase(st) == "stake"
    return st


def test_a_captains_class_at_the_stakes_is_its_teams_strength_as_it_knows_it() -> None:
    """Ann holds the top trump (3) and Cy, her partner, one trump (1): 4. Bea and Dan hold a
    trump each: 2 (a swap of their hands changes nothing; other hands do). Without a signal
    step a captain knows only its own hand: 3 and 1. A search meets each captain per class
    (`Game.search_key`), so its class must follow the hands of the state it is given, a
    sample, and be None away from the stakes."""
    st = _at_the_stakes()
    assert G.search_key(st, 0) == 4 and G.search_key(st, 1) == 2
    swapped = st.clone()  # a sample that gave Cy's cards to Dan and Dan's to Cy
    swapped.hands[2], swapped.hands[3] = swapped.hands[3], swapped.hands[2]
    assert G.search_key(swapped, 0) == 4 and G.search_key(swapped, 1) == 2  # one trump each still
    swapped.hands[1:] = [ids("5s", "6s", "7s"), ids("5c", "6c", "jc"), ids("3h", "4h", "qh")]
    assert G.search_key(swapped, 0) == 3  # Cy now holds nothing worth a sign
    assert G.search_key(swapped, 1) == 2  # Bea a suit (0), Dan two trumps (2)
    quiet = _at_the_stakes(signals="off")
    assert G.search_key(quiet, 0) == 3 and G.search_key(quiet, 1) == 1
    G.apply(st, 0, "pass")
    G.apply(st, 1, "pass")
    assert G.phase(st) == "play" and G.search_key(st, G.to_act(st)[0]) is None


def test_a_lying_captains_class_is_its_own_hands_strength_without_signals() -> None:
    """Lying down at 11, the captain's stay-or-forfeit is a stake decision too: its class is
    what its own hand's news is worth (no signal step here, so nothing from its partner),
    worked out again from `honest_signal` on the full list."""
    from .test_rules import _one_team_lying

    worth = {"top": 3, "second": 2, "two": 2, "trump": 1, "suit": 0, "nothing": 0}
    for seed in range(5, 15):
        st = _one_team_lying(seed)
        assert G.phase(st) == "lying" and G.to_act(st) == (0,)
        news = honest_signal(st.hands[0], st.m, st.trump, st.vira[0], FULL_LIST)
        assert G.search_key(st, 0) == worth[news], seed


# -- a captain's sample: the signaller's hand drawn to fit (`signal_draw`) -----------------------


def _fitting_hands(pool, gone, k, word, lack, esuit, order, trump, words):
    """Every hand of `k` cards of `pool` that fits, by brute force over `_honest`: the oracle."""
    from itertools import combinations

    from decktable.rulesets.envite.rules import _honest

    return {
        tuple(sorted(pick)) for pick in combinations(pool, k)
        if _honest(gone + list(pick), esuit, order, trump, words) == word
        and not any(lack >> esuit[c] & 1 for c in pick)
    }


def test_a_signallers_hand_is_drawn_among_every_hand_that_fits_each_as_likely() -> None:
    """`signal_draw` puts in the card a signal names and draws the trump count by its hands,
    instead of drawing blind and keeping what fits. It must give the same law: only hands
    whose true signal is the one shown (and that lack the suits their player showed it lacks),
    every one of them as often as any other (a chi-square test against the brute-force list
    of fitting hands), and None where no hand fits. Small pools, tables of four and six, both
    agreed lists, with and without cards already played."""
    import random

    from decktable.rulesets.envite.rules import TABLES, signal_draw, trumps_in_play

    r = random.Random(11)
    rng = Rng(12)
    checked = uniform = 0
    for case in range(60):
        m = r.choice([4, 6])
        trump = r.randrange(4)
        vira = r.choice(FULL)
        esuit = TABLES[(m, trump)][0]
        order = trumps_in_play(m, trump, vira)
        words = r.choice([FULL_LIST, ("top", "trump", "nothing")])
        others = [c for c in FULL if c != vira]
        r.shuffle(others)
        pool = others[:11]
        if r.random() < 0.5:  # make the named trumps likelier to be about
            pool += [c for c in order[:2] if c not in pool and r.random() < 0.7]
        spare = [c for c in others if c not in pool]
        gone = spare[: r.choice([0, 0, 1, 2])]
        k = 3 - len(gone)
        word = r.choice(words)
        lack = (1 << r.randrange(4)) if r.random() < 0.25 else 0
        fitting = _fitting_hands(pool, gone, k, word, lack, esuit, order, trump, words)
        if not fitting:
            assert signal_draw(pool, gone, k, word, lack, esuit, order, trump, words, rng) is None, case
            continue
        draws = 60 * len(fitting) if len(fitting) <= 40 else 400
        seen = Counter()
        for _ in range(draws):
            hand = signal_draw(pool, gone, k, word, lack, esuit, order, trump, words, rng)
            assert hand is not None and len(set(hand)) == k, case
            key = tuple(sorted(hand))
            assert key in fitting, (case, word, gone, hand)  # only hands that fit
            seen[key] += 1
        checked += 1
        if len(fitting) > 1 and len(fitting) <= 40:
            expected = draws / len(fitting)
            chi2 = sum((seen[h] - expected) ** 2 / expected for h in fitting)
            df = len(fitting) - 1
            assert chi2 < df + 5 * (2 * df) ** 0.5 + 10, (case, word, chi2, df)  # far out only if biased
            uniform += 1
    assert checked >= 30 and uniform >= 10, (checked, uniform)
