"""Polignac rules: RULES.md section 16, its test cases, our readings, and random games checked
against a small independent oracle. Everything goes through the public API from stacked decks."""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.cards.french import FRENCH
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn

G = decktable.get_game("polignac")

RANKS_HIGH_TO_LOW = ["k", "q", "j", "a", "10", "9", "8", "7"]


def slug_deck(players: int) -> list[str]:
    ranks = ["7", "8", "9", "10", "j", "q", "k", "a"]
    out = [r + s for s in "shdc" for r in ranks]
    if players != 4:
        out.remove("7s")
        out.remove("7c")
    return out


def stack(hands: list[list[str]]) -> list[str]:
    """A deck dealing `hands` (seat 0 first) by the help's order: with a stacked deck the last
    seat deals, one card at a time from seat 0; the unnamed cards fill the hands in order."""
    n = len(hands)
    given = {c for h in hands for c in h}
    rest = [c for c in slug_deck(n) if c not in given]
    each = len(slug_deck(n)) // n
    full = [list(h) for h in hands]
    for h in full:
        while len(h) < each:
            h.append(rest.pop(0))
    assert not rest
    return [full[k % n][k // n] for k in range(each * n)]


def hand(st, seat: int) -> list[str]:
    obs = G.observe(st, seat)
    return obs.zone(f"hand{seat}").cards


def why(st, seat: int, text: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before, "a refused action changed the state"
    return err.value.why


def play_trick(st, cards: list[str]) -> list:
    events = []
    for c in cards:
        events += G.apply(st, G.to_act(st)[0], f"play {c}")
    return events


# -- deck and deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("players, size, each", [(3, 30, 10), (4, 32, 8), (5, 30, 6), (6, 30, 5)])
def test_deck_size_by_player_count_and_even_deal(players, size, each):
    st = G.new(players, seed=11)
    obs = G.observe(st, None)
    hands = [obs.zone(f"hand{s}") for s in range(players)]
    assert [h.count for h in hands] == [each] * players
    assert sum(h.count for h in hands) == size
    everything = [c for s in range(players) for c in hand(st, s)]
    assert sorted(everything) == sorted(slug_deck(players))
    black_sevens = {"7s", "7c"} & set(everything)
    assert black_sevens == ({"7s", "7c"} if players == 4 else set())
    assert "2h" not in everything and "6d" not in everything


def test_stacked_deal_one_at_a_time_and_first_leader():
    deck = slug_deck(4)
    st = G.new(["Ann", "Bob", "Cy", "Di"], seed=5, deck=deck)
    assert sorted(hand(st, 0)) == sorted(deck[0::4])
    assert sorted(hand(st, 3)) == sorted(deck[3::4])
    obs = G.observe(st, 0)
    assert obs.status["Dealer"] == "Di"
    assert G.to_act(st) == (0,)  # the dealer's left leads
    assert obs.prompt == "Lead any card."
    other = G.new(4, seed=99, deck=deck)
    assert [hand(other, s) for s in range(4)] == [hand(st, s) for s in range(4)]


def test_first_dealer_random_and_option():
    assert {G.new(5, seed=s).dealer for s in range(60)} == set(range(5))
    st = G.new(3, seed=1, first_dealer=1)
    assert G.to_act(st) == (2,)
    with pytest.raises(BadOptions):
        G.new(3, seed=1, first_dealer=4)


# -- ranks, following, penalties ----------------------------------------------------------------


def test_rank_ace_loses_to_jack_but_beats_ten():
    st = G.new(4, seed=1, deck=stack([["ah"], ["10h"], ["jh"], ["9h"]]))
    ev = play_trick(st, ["ah", "10h", "jh", "9h"])
    assert ev[-1].text == "Player 3 wins the trick with the Jack of Hearts and 1 penalty point (the Jack of Hearts)."
    obs = G.observe(st, None)
    assert obs.seats[2].facts["Tricks"] == "1" and obs.seats[2].facts["This hand"] == "1"
    assert G.to_act(st) == (2,)  # the winner leads
    # the Ace beats the Ten when no court card is played
    st = G.new(4, seed=1, deck=stack([["10d"], ["ad"], ["9d"], ["8d"]]))
    play_trick(st, ["10d", "ad", "9d", "8d"])
    assert G.to_act(st) == (1,)


def test_full_order_king_queen_jack_ace_ten_nine_eight_seven():
    for hi, lo in zip(RANKS_HIGH_TO_LOW, RANKS_HIGH_TO_LOW[1:]):
        # seats 2 and 3 are dealt only diamonds and clubs, so the trick is between seats 0 and 1
        st = G.new(4, seed=1, deck=stack([[lo + "h"], [hi + "h"], [], []]))
        assert not [c for s in (2, 3) for c in hand(st, s) if c.endswith("h")]
        G.apply(st, 0, f"play {lo}h")
        G.apply(st, 1, f"play {hi}h")
        for s in (2, 3):
            G.apply(st, s, str(G.legal_actions(st, s)[0]))
        assert G.observe(st, None).trick.last_winner == 1, (hi, lo)
        assert G.to_act(st) == (1,)
    st = G.new(4, seed=1, deck=stack([["7c"], ["8c"], ["7h", "9c"], ["8h"]]))
    play_trick(st, ["7c", "8c"])
    assert why(st, 2, "play 7h").startswith("You must follow suit")


def test_polignac_and_another_jack_in_one_trick_cost_three():
    st = G.new(
        ["Ann", "Bob", "Cy", "Di"], seed=2,
        deck=stack([["ks"], ["js", "7h"], ["jh", "qh", "kh", "ah", "10h", "9h", "8h"], ["7s"]]),
    )
    G.apply(st, 0, "play ks")
    G.apply(st, 1, "play js")
    assert why(st, 2, "play 7s") == "You do not hold the 7 of Spades."
    G.apply(st, 2, "play jh")  # Cy has no spades: any card
    ev = G.apply(st, 3, "play 7s")
    assert ev[-1].text == (
        "Ann wins the trick with the King of Spades and 3 penalty points "
        "(the Jack of Spades and the Jack of Hearts)."
    )
    assert G.observe(st, None).seats[0].facts["This hand"] == "3"


def test_must_follow_suit_with_a_clear_reason_and_nothing_changes():
    st = G.new(3, seed=4, deck=stack([["kd"], ["9d", "8s"], []]))
    G.apply(st, 0, "play kd")
    assert why(st, 1, "play 8s") == "You must follow suit: you hold diamonds."
    legal = [str(a) for a in G.legal_actions(st, 1)]
    assert "play 9d" in legal and all(t.endswith("d") for t in legal)
    with pytest.raises(NotYourTurn):
        G.apply(st, 2, "play " + hand(st, 2)[0])
    assert why(st, 1, "deal") == "Hand 1 is still being played."


def test_labels_notation_and_prompt():
    st = G.new(3, seed=4, deck=stack([["kd"], ["9d"], []]))
    assert G.label(st, G.parse("play kd")) == "Lead the King of Diamonds"
    assert str(G.parse("play king of diamonds")) == "play kd"
    G.apply(st, 0, "play kd")
    assert G.label(st, G.parse("play 9d")) == "Play the 9 of Diamonds"
    assert G.observe(st, 1).prompt == "Play a card of Diamonds if you can; otherwise any card."
    assert G.observe(st, 2).prompt == "Waiting for Player 2 to play (Diamonds led)."
    with pytest.raises(Exception):
        G.parse("play kd 9d")


# -- a whole hand, the pause, the end ------------------------------------------------------------

SWEEP = ["ks", "qs", "js", "kh", "qh", "jh", "kd", "qd", "jd", "kc"]


def sweep_hand(st) -> list:
    """Seat 0 leads its cards from the top: each is the best left in its suit, so seat 0 takes
    every trick (and all five penalty points); the others play their first legal card."""
    events = []
    while G.phase(st) == "play":
        seat = G.to_act(st)[0]
        events += G.apply(st, seat, str(G.legal_actions(st, seat)[0]))
    return events


def test_five_points_a_deal_and_the_pause_before_the_next_deal():
    st = G.new(["Ann", "Bob", "Cy"], seed=3, deck=stack([SWEEP, [], []]), limit=10)
    ev = sweep_hand(st)
    assert st.sheet == [[5, 0, 0]] and st.scores == [5, 0, 0]
    assert "Ann took 5 penalty points this hand (total 5)." in [e.text for e in ev]
    assert G.phase(st) == "scored" and not G.is_over(st)
    assert G.to_act(st) == (0,)  # the next dealer: left of Cy, who dealt
    assert [str(a) for a in G.legal_actions(st, 0)] == ["deal"]
    assert why(st, 0, "play ks") == "Hand 1 is over: deal the next hand first."
    ev = G.apply(st, 0, "deal")
    assert ev[0].text == "Hand 2: Ann deals 10 cards each; Bob leads."
    assert G.to_act(st) == (1,) and G.observe(st, None).status["Hand"] == "2"


def test_game_ends_when_someone_reaches_the_limit_lowest_wins_tie_shared():
    st = G.new(["Ann", "Bob", "Cy"], seed=3, deck=stack([SWEEP, [], []]), limit=5)
    sweep_hand(st)
    assert G.is_over(st)
    res = G.result(st)
    assert res.scores == [5, 0, 0] and res.placings == [3, 1, 1]
    assert res.summary == "Bob and Cy share the win with 0 penalty points each."


def test_tie_option_play_on_until_one_lowest():
    st = G.new(["Ann", "Bob", "Cy"], seed=3, deck=stack([SWEEP, [], []]), limit=5, tie="play_on")
    ev = sweep_hand(st)
    assert not G.is_over(st) and G.phase(st) == "scored"
    assert "Bob and Cy are tied for the lowest total with 0: another hand." in [e.text for e in ev]
    rng = random.Random(1)
    while not G.is_over(st):
        seat = G.to_act(st)[0]
        G.apply(st, seat, rng.choice(G.legal_actions(st, seat)))
    low = min(st.scores)
    assert st.scores.count(low) == 1 or len(st.sheet) >= 60
    assert G.result(st).placings[st.scores.index(low)] == 1


def test_below_the_limit_the_game_goes_on():
    st = G.new(["Ann", "Bob", "Cy"], seed=3, deck=stack([SWEEP, [], []]))
    sweep_hand(st)
    assert not G.is_over(st)


def test_max_hands_stop_rule():
    st = G.new(3, seed=3, deck=stack([SWEEP, [], []]), max_hands=1)
    sweep_hand(st)
    assert G.is_over(st) and G.result(st).placings == [3, 1, 1]


def test_options_have_descriptions_and_validate():
    for name, f in G.Options.model_fields.items():
        assert f.description, name
    with pytest.raises(BadOptions):
        G.new(3, seed=1, tie="sudden_death")
    with pytest.raises(BadOptions):
        G.new(7, seed=1)
    assert G.info.best == "low" and G.info.family == "french"


# -- privacy --------------------------------------------------------------------------------------


def test_observation_hides_other_hands():
    st = G.new(4, seed=8)
    obs = G.observe(st, 1)
    assert obs.zone("hand1").visible and len(obs.zone("hand1").cards) == 8
    assert not obs.zone("hand0").visible and obs.zone("hand0").cards == [] and obs.zone("hand0").count == 8


# -- random games against an independent oracle ----------------------------------------------------

ORDER = {r: 8 - i for i, r in enumerate(RANKS_HIGH_TO_LOW)}


def oracle_trick(plays: list[tuple[int, str]]) -> tuple[int, int]:
    """(winning seat, penalty) of a complete trick, from the slugs alone."""
    led = plays[0][1][-1]
    seat = max((p for p in plays if p[1][-1] == led), key=lambda p: ORDER[p[1][:-1]])[0]
    pen = sum(2 if c == "js" else 1 for _, c in plays if c[:-1] == "j")
    return seat, pen


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_match_the_oracle(players):
    for seed in range(6):
        rng = random.Random(seed)
        st = G.new(players, seed=seed)
        rows: list[list[int]] = []
        row = [0] * players
        plays: list[tuple[int, str]] = []
        while not G.is_over(st):
            seat = G.to_act(st)[0]
            a = rng.choice(G.legal_actions(st, seat))
            G.apply(st, seat, a, events=False)
            if a.verb == "play":
                plays.append((seat, a.args[0]))
                if len(plays) == players:
                    w, pen = oracle_trick(plays)
                    row[w] += pen
                    plays = []
                    if G.phase(st) != "play" or G.to_act(st) != (w,):
                        assert sum(row) == 5
                        rows.append(row)
                        row = [0] * players
                    else:
                        assert G.to_act(st) == (w,)
        assert st.sheet == rows
        totals = [sum(r[s] for r in rows) for s in range(players)]
        assert max(totals) >= 10
        assert all(max(sum(r[s] for r in rows[:k]) for s in range(players)) < 10 for k in range(1, len(rows)))
        res = G.result(st)
        assert res.scores == totals
        assert [s for s in range(players) if res.placings[s] == 1] == [
            s for s in range(players) if totals[s] == min(totals)
        ]
