"""Envite rules: RULES.md section 20, its test cases, our readings, and random full games checked
against a small independent oracle.

Every game here goes through the public API from a stacked deck. With a stacked deck the last
position deals, so position 0 (seat 0) gets the 1st card, position 1 the 2nd, ... one card at a
time round the table (three rounds); the next card is the vira; Team A's captain is seat 0 and
Team B's is seat 1. With an odd number of players the dummy is the last position, played by
seat 1.
"""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn
from decktable.rulesets.envite.rules import FULL, SLUG, trump_order

G = decktable.get_game("envite")
ALL = [SLUG[c] for c in FULL]
NAMES = ["Ann", "Bea", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
QUIET = {"signals": "off"}


def stack(hands: list[list[str]], vira: str) -> list[str]:
    """The deck that deals `hands` (one per position, three cards each) and turns up `vira`."""
    m = len(hands)
    head = [hands[p][k] for k in range(3) for p in range(m)] + [vira]
    deck = head + [s for s in ALL if s not in head]
    assert sorted(deck) == sorted(ALL), "a card twice in the stack"
    return deck


def new(hands: list[list[str]], vira: str, players: int | None = None, seed: int = 5, **opts):
    n = players if players is not None else len(hands)
    return G.new(NAMES[:n], seed=seed, deck=stack(hands, vira), **opts)


def texts(st, seat, action) -> list[str]:
    return [e.text for e in G.apply(st, seat, action)]


def both_pass(st) -> None:
    """The captains (leading team first: Team A, seat 0, leads the first hand) do not raise."""
    assert G.phase(st) == "stake"
    G.apply(st, 0, "pass")
    G.apply(st, 1, "pass")
    assert G.phase(st) == "play"


def stones(st) -> list[int]:
    return G.observe(st, None).extra["stones"]


def pile(obs) -> tuple[int, int | None]:
    """The earlier tricks' pile as a seat sees it: (cards, tricks); the table counts it in tricks."""
    z = next(z for z in obs.zones if z.name == "played")
    return z.count, z.tricks


FOUR = [["2h", "kh", "4s"], ["3h", "5s", "6s"], ["qh", "7s", "jc"], ["4h", "5c", "6c"]]


# -- the deck and the trump orders ---------------------------------------------------------------------


def test_the_pack_is_forty_french_cards_without_8_9_10() -> None:
    assert len(FULL) == 40
    assert not any(s.startswith(("8", "9", "10")) for s in ALL)
    st = G.new(4, seed=1)
    assert sum(len(z.cards) for z in G.zones(st)) == 40


def test_six_player_ranking_with_hearts_trump() -> None:
    """RULES.md: 3♣ > Q♣ > J♦ > 2♥ > K♥ > Q♥ > J♥ > A♥ > 7♥ … 3♥ with 6 players."""
    order = [SLUG[c] for c in trump_order(6, 1)]
    assert order == ["3c", "qc", "jd", "2h", "kh", "qh", "jh", "ah", "7h", "6h", "5h", "4h", "3h"]


@pytest.mark.parametrize(
    "players, tops",
    [(4, []), (5, ["3c", "qc", "jd"]), (6, ["3c", "qc", "jd"]), (7, ["5d", "3c", "qc", "jd"]),
     (8, ["5d", "3c", "qc", "jd"]), (9, ["2d", "5d", "3c", "qc", "jd"]), (10, ["2d", "5d", "3c", "qc", "jd"]),
     (11, ["ad", "2d", "5d", "3c", "qc", "jd"]), (12, ["ad", "2d", "5d", "3c", "qc", "jd"])],
)
def test_trump_order_grows_with_the_seats(players: int, tops: list[str]) -> None:
    """The order follows the seat count (an odd count plays with a dummy: 5 players = 6 seats)."""
    m = players + players % 2
    order = [SLUG[c] for c in trump_order(m, 0)]  # spades trump
    assert order == tops + ["2s", "ks", "qs", "js", "as", "7s", "6s", "5s", "4s", "3s"]


def test_clubs_led_three_of_clubs_is_not_a_club() -> None:
    """Six players, hearts trump: the 3♣ and Q♣ are trumps, so they neither follow clubs nor
    count as clubs, and a top trump played to a club lead wins."""
    hands = [["kc", "4s", "5s"], ["2c", "3c", "6s"], ["jd", "4d", "5d"],
             ["qc", "6d", "7d"], ["2h", "3d", "7s"], ["kh", "as", "7c"]]
    st = new(hands, "5h", **QUIET)
    both_pass(st)
    G.apply(st, 0, "play kc")
    with pytest.raises(IllegalMove, match="follow suit.*clubs"):
        G.apply(st, 1, "play 3c")  # Bea holds the 2♣: the 3♣ is a trump, not a club
    assert [a.text for a in G.legal_actions(st, 1)] == ["play 2c"]
    G.apply(st, 1, "play 2c")
    assert {a.text for a in G.legal_actions(st, 2)} == {"play jd", "play 4d", "play 5d"}
    G.apply(st, 2, "play jd")
    G.apply(st, 3, "play qc")  # no club in hand (the Q♣ is a trump): free to trump
    G.apply(st, 4, "play 2h")
    assert [a.text for a in G.legal_actions(st, 5)] == ["play 7c"]
    out = texts(st, 5, "play 7c")
    assert any("Dan wins trick 1 with the Queen of Clubs" in t for t in out)
    assert G.observe(st, None).extra["tricks"] == [0, 1]
    assert G.to_act(st) == (3,)  # the winner leads


def test_vira_that_is_a_top_trump_sets_the_suit_and_is_out_of_play() -> None:
    hands = [["kc", "4s", "5s"], ["2c", "6c", "6s"], ["jd", "4d", "5d"],
             ["qc", "6d", "7d"], ["2h", "3d", "7s"], ["kh", "as", "7c"]]
    st = new(hands, "3c", **QUIET)
    obs = G.observe(st, None)
    assert obs.extra["trump"] == "clubs"
    assert obs.zone("vira").cards == ["3c"]
    # the Q♣ keeps its raised place; the ordinary clubs follow it without the 3♣ twice
    order = [SLUG[c] for c in trump_order(6, 3)]
    assert order[:4] == ["3c", "qc", "jd", "2c"] and order.count("3c") == 1 and order.count("qc") == 1


# -- play to the right, follow, trick winners -------------------------------------------------------


def test_play_goes_to_the_right_and_first_to_two_tricks_wins() -> None:
    st = new(FOUR, "7h", trawl="standard", **QUIET)
    assert G.to_act(st) == (0,)  # seat 3 dealt: its right is seat 0
    both_pass(st)
    G.apply(st, 0, "play 4s")
    assert G.to_act(st) == (1,)
    with pytest.raises(IllegalMove, match="follow suit"):
        G.apply(st, 1, "play 3h")
    G.apply(st, 1, "play 6s")
    G.apply(st, 2, "play 7s")
    G.apply(st, 3, "play 4h")  # no spade: trumps
    obs = G.observe(st, None)
    assert obs.trick.last_winner == 3 and obs.extra["tricks"] == [0, 1]
    G.apply(st, 3, "play 5c")
    G.apply(st, 0, "play 2h")
    G.apply(st, 1, "play 5s")
    assert pile(G.observe(st, 2)) == (4, 1)  # the first trick's cards, counted as one trick
    G.apply(st, 2, "play jc")
    assert G.observe(st, None).extra["tricks"] == [1, 1]
    assert pile(G.observe(st, 0)) == (8, 2)
    G.apply(st, 0, "play kh")  # a trawl; Dan has no trump left (standard rule: he plays on)
    G.apply(st, 1, "play 3h")
    G.apply(st, 2, "play qh")
    out = texts(st, 3, "play 6c")
    assert G.phase(st) == "scored"
    assert stones(st) == [2, 0]
    assert any("Team A takes hand 1" in t for t in out)


# -- stakes ----------------------------------------------------------------------------------------------


def test_declined_raise_to_four_scores_two() -> None:
    st = new(FOUR, "7h", **QUIET)
    G.apply(st, 0, "raise")
    assert G.to_act(st) == (1,)
    assert [a.text for a in G.legal_actions(st, 1)] == ["accept", "decline", "raise"]
    G.apply(st, 1, "decline")
    assert stones(st) == [2, 0] and G.phase(st) == "scored"


def test_declined_raise_to_seven_scores_four() -> None:
    st = new(FOUR, "7h", **QUIET)
    G.apply(st, 0, "raise")  # to 4
    G.apply(st, 1, "raise")  # Bea re-raises to 7
    assert G.to_act(st) == (0,)
    labels = [a.label for a in G.observe(st, 0).legal]
    assert labels == ["Accept (play for 7)", "Decline (they score 4)", "Raise the stake to 9"]
    G.apply(st, 0, "decline")
    assert stones(st) == [0, 4]


@pytest.mark.parametrize("raises, score", [(3, 7), (4, 9)])
def test_declined_raise_to_nine_or_the_game(raises: int, score: int) -> None:
    """Gap 2: a declined 9 gives 7, a declined 'game' gives 9."""
    st = new(FOUR, "7h", **QUIET)
    seat = 0
    for _ in range(raises):
        G.apply(st, seat, "raise")
        seat = 1 - seat
    G.apply(st, seat, "decline")
    raisers = 1 - seat
    assert stones(st)[raisers] == score and stones(st)[seat] == 0


def test_only_captains_speak_and_the_leading_captain_first() -> None:
    st = new(FOUR, "7h", **QUIET)
    assert G.to_act(st) == (0,)
    with pytest.raises(NotYourTurn):
        G.apply(st, 2, "raise")
    G.apply(st, 0, "pass")
    assert G.to_act(st) == (1,)
    G.apply(st, 1, "raise")
    assert G.to_act(st) == (0,)
    G.apply(st, 0, "accept")
    assert G.observe(st, None).extra["stake"] == 4
    assert G.phase(st) == "play"
    with pytest.raises(IllegalMove, match="settled before the first trick"):
        G.apply(st, 0, "raise")


def test_accepted_four_from_eight_caps_at_eleven() -> None:
    """Lying-down cap: a team at 8 wins a hand worth 4 -> 11, not 12."""
    st = new(FOUR, "7h", start_stones=8, trawl="standard", **QUIET)
    G.apply(st, 0, "raise")
    G.apply(st, 1, "accept")
    for seat, c in ((0, "2h"), (1, "3h"), (2, "qh"), (3, "4h"), (0, "kh"), (1, "5s"), (2, "7s"), (3, "5c")):
        G.apply(st, seat, f"play {c}")
    assert G.observe(st, None).extra["tricks"] == [2, 0]
    assert stones(st) == [11, 8]


def test_game_stake_accepted_and_won_wins_the_game() -> None:
    st = new(FOUR, "7h", **QUIET)
    for seat in (0, 1, 0, 1):
        G.apply(st, seat, "raise")
    assert G.observe(st, 0).legal[-1].text == "decline"  # no raise above the game
    G.apply(st, 0, "accept")
    for seat, c in ((0, "2h"), (1, "3h"), (2, "qh"), (3, "4h"), (0, "kh")):
        G.apply(st, seat, f"play {c}")
    obs = G.observe(st, None)
    assert obs.extra["games"] == [1, 0] and obs.extra["stones"] == [12, 0]


# -- trawling ---------------------------------------------------------------------------------------------


def test_trawl_opponent_without_trump_gives_stake_plus_two() -> None:
    hands = [["2h", "4s", "5s"], ["6s", "7s", "jc"], ["3h", "qs", "kc"], ["4h", "5c", "6c"]]
    st = new(hands, "7h", **QUIET)
    both_pass(st)
    out = texts(st, 0, "play 2h")
    assert any("Bea has no trump to answer the trawl" in t for t in out)
    assert stones(st) == [4, 0] and G.phase(st) == "scored"


def test_trawl_literal_partner_without_trump_loses_for_the_trawler() -> None:
    """Gap 3, literal reading: the trawler's own partner without a trump loses the hand too."""
    hands = [["2h", "4s", "5s"], ["3h", "7s", "jc"], ["6s", "qs", "kc"], ["4h", "5c", "6c"]]
    st = new(hands, "7h", **QUIET)
    both_pass(st)
    G.apply(st, 0, "play 2h")
    out = texts(st, 1, "play 3h")
    assert any("Cy has no trump" in t for t in out)
    assert stones(st) == [0, 4]


def test_trawl_standard_option_plays_on() -> None:
    hands = [["2h", "4s", "5s"], ["6s", "7s", "jc"], ["3h", "qs", "kc"], ["4h", "5c", "6c"]]
    st = new(hands, "7h", trawl="standard", **QUIET)
    both_pass(st)
    G.apply(st, 0, "play 2h")
    assert G.phase(st) == "play" and G.to_act(st) == (1,)
    assert {a.text for a in G.legal_actions(st, 1)} == {"play 6s", "play 7s", "play jc"}
    G.apply(st, 1, "play jc")
    assert [a.text for a in G.legal_actions(st, 2)] == ["play 3h"]


def test_top_trump_privilege() -> None:
    """Option: a player whose only trump is the top trump need not play it to a trump lead."""
    hands = [["kh", "4s", "5s"], ["2h", "7s", "jc"], ["3h", "qs", "kc"], ["4h", "5c", "6c"]]
    st = new(hands, "7h", top_trump_privilege=True, **QUIET)
    both_pass(st)
    G.apply(st, 0, "play kh")
    assert {a.text for a in G.legal_actions(st, 1)} == {"play 2h", "play 7s", "play jc"}
    plain = new(hands, "7h", **QUIET)
    both_pass(plain)
    G.apply(plain, 0, "play kh")
    assert [a.text for a in G.legal_actions(plain, 1)] == ["play 2h"]


# -- lying down and the match ----------------------------------------------------------------------------


def test_both_lying_down_no_bidding_and_the_hand_decides_the_game() -> None:
    st = new(FOUR, "7h", start_stones=11, **QUIET)
    assert G.phase(st) == "play"  # no stake questions at all
    for seat, c in ((0, "2h"), (1, "3h"), (2, "qh"), (3, "4h"), (0, "kh")):
        G.apply(st, seat, f"play {c}")
    obs = G.observe(st, None)
    assert obs.extra["games"] == [1, 0]


def _one_team_lying(seed: int = 5):
    """Both teams start at 7; Ann's team takes hand 1 at 4, Bea failing the trawl (7 + 4 + 2 -> 11,
    capped): Team A is lying down for hand 2."""
    st = new(FOUR, "7h", start_stones=7, seed=seed, **QUIET)
    G.apply(st, 0, "raise")
    G.apply(st, 1, "accept")
    for seat, c in ((0, "2h"), (1, "3h"), (2, "qh"), (3, "4h"), (0, "kh")):
        G.apply(st, seat, f"play {c}")
    assert stones(st) == [11, 7]
    G.apply(st, G.to_act(st)[0], "deal")
    return st


def test_lying_captain_forfeits_for_one() -> None:
    st = _one_team_lying()
    assert G.phase(st) == "lying" and G.to_act(st) == (0,)
    assert [a.text for a in G.legal_actions(st, 0)] == ["stay", "forfeit"]
    with pytest.raises(IllegalMove, match="lying down"):
        G.apply(st, 0, "raise")
    G.apply(st, 0, "forfeit")
    assert stones(st) == [11, 8]


def test_lying_captain_stays_win_is_the_game_loss_gives_three() -> None:
    """Played out at random from the shuffled second deal: whichever way it goes, the score follows
    the lying-down rule (win: the game; lose: +3, or +5 after a failed trawl answer)."""
    outcomes = set()
    for seed in range(30):
        st = _one_team_lying(seed)
        G.apply(st, 0, "stay")
        rng = random.Random(seed)
        evs = []
        while G.phase(st) == "play":
            s = G.to_act(st)[0]
            evs += G.apply(st, s, rng.choice(G.legal_actions(st, s)))
        trawl = any(e.kind == "trawl" for e in evs)
        obs = G.observe(st, None)
        if obs.extra["hand_winner"] == "A":
            assert obs.extra["games"] == [1, 0]
            outcomes.add("win")
        else:
            assert obs.extra["stones"] == [11, min(11, 7 + (5 if trawl else 3))]
            outcomes.add("lose")
    assert outcomes == {"win", "lose"}


def test_best_of_three_games() -> None:
    """With both teams starting every game at 11, each hand decides a game: the match ends when a
    team has two."""
    st = G.new(NAMES[:4], seed=9, start_stones=11, signals="off")
    rng = random.Random(1)
    hands = 0
    while not G.is_over(st):
        s = G.to_act(st)[0]
        a = rng.choice(G.legal_actions(st, s))
        if a.verb == "deal":
            hands += 1
        G.apply(st, s, a)
    res = G.result(st)
    games = G.observe(st, None).extra["games"]
    assert max(games) == 2 and hands + 1 == sum(games) and 2 <= sum(games) <= 3
    w = 0 if games[0] == 2 else 1
    assert res.placings == [1 if s % 2 == w else 2 for s in range(4)]
    assert res.scores == [games[s % 2] for s in range(4)]


def test_one_game_match_option() -> None:
    st = G.new(NAMES[:4], seed=9, start_stones=11, signals="off", games_to_win=1)
    rng = random.Random(2)
    while not G.is_over(st):
        s = G.to_act(st)[0]
        G.apply(st, s, rng.choice(G.legal_actions(st, s)))
    assert sorted(G.observe(st, None).extra["games"]) == [0, 1]


# -- signals ---------------------------------------------------------------------------------------------


def test_signals_reach_only_the_own_captain() -> None:
    st = new(FOUR, "7h")
    assert G.phase(st) == "signal" and G.to_act(st) == (2,)  # non-captains in playing order: Cy, Dan
    assert [a.text for a in G.legal_actions(st, 2)] == [
        "signal top", "signal second", "signal trump", "signal two", "signal suit", "signal nothing"]
    out = G.apply(st, 2, "signal two")
    assert [e.text for e in out] == ["Cy signals to their captain."]
    G.apply(st, 3, "signal nothing")
    assert G.phase(st) == "stake"
    ann = G.observe(st, 0)
    assert ann.status["Signals"] == "Cy: two trumps" and "Cy: two trumps" in ann.prompt
    bea = G.observe(st, 1)
    assert bea.status["Signals"] == "Dan: nothing worth a sign"
    for seat in (None, 1, 2, 3):
        dump = G.observe(st, seat).model_dump_json()
        assert "two trumps" not in dump if seat != 2 else True
    assert "Signals" not in G.observe(st, 2).status and G.observe(st, 2).status["Your signal"] == "two trumps"
    assert "Caught signals" not in ann.status and "Caught signals" not in bea.status


def test_short_list_and_unlisted_signal_refused() -> None:
    st = new(FOUR, "7h", signals="short")
    assert [a.text for a in G.legal_actions(st, 2)] == ["signal top", "signal trump", "signal nothing"]
    with pytest.raises(IllegalMove, match="not on the list agreed"):
        G.apply(st, 2, "signal two")
    with pytest.raises(MalformedAction):
        G.apply(st, 2, "signal wink")


def test_careless_signals_can_be_caught_by_the_other_captain() -> None:
    st = new(FOUR, "7h", careless_signals=True, careless_chance=100)
    G.apply(st, 2, "signal top")
    G.apply(st, 3, "signal trump")
    bea, ann = G.observe(st, 1), G.observe(st, 0)
    assert bea.status["Signals"] == "Dan: a trump" and bea.status["Caught signals"] == "Cy: the top trump"
    assert ann.status["Caught signals"] == "Dan: a trump"
    for seat in (None, 2, 3):  # the signallers never learn that they were caught
        assert "Caught signals" not in G.observe(st, seat).status
    never = new(FOUR, "7h", careless_signals=False)
    G.apply(never, 2, "signal top")
    G.apply(never, 3, "signal trump")
    assert "Caught signals" not in G.observe(never, 1).status


# -- the dummy -------------------------------------------------------------------------------------------


def test_five_players_dummy_played_by_team_b_captain() -> None:
    hands = [["kc", "4s", "5s"], ["2c", "3c", "6s"], ["jd", "4d", "5d"],
             ["qc", "6d", "7d"], ["2h", "3d", "7s"], ["kh", "as", "7c"]]
    st = new(hands, "5h", players=5, **QUIET)
    dummy = next(z for z in G.zones(st) if z.name == "dummy")
    assert dummy.owner == 1 and sorted(SLUG[c] for c in dummy.cards) == ["7c", "as", "kh"]
    assert G.observe(st, 1).zone("dummy").cards and G.observe(st, 1).zone("dummy").visible
    for seat in (None, 0, 2, 3, 4):
        z = G.observe(st, seat).zone("dummy")
        assert not z.visible and z.cards == [] and z.count == 3
    assert G.observe(st, None).status["Top trumps"].startswith("♣3 ♣Q ♦J")  # the 5-6 order
    both_pass(st)
    for seat, c in ((0, "kc"), (1, "2c"), (2, "jd"), (3, "qc"), (4, "2h")):
        G.apply(st, seat, f"play {c}")
    assert G.to_act(st) == (1,)  # Bea plays for the dummy, the sixth position
    assert [a.text for a in G.legal_actions(st, 1)] == ["play 7c"]
    assert G.observe(st, 1).legal[0].label == "Play the 7 of Clubs from the dummy"
    with pytest.raises(IllegalMove, match="dummy"):
        G.apply(st, 1, "play 3c")  # her own card, not the dummy's
    out = texts(st, 1, "play 7c")
    assert any(t.startswith("The dummy (Bea) plays the 7 of Clubs") for t in out)
    last = G.observe(st, None).trick.last
    # the dummy's card shares Bea's column: its note says which of her cards it is
    assert last[-1].card == "7c" and last[-1].note == "dummy 7♣"
    assert all(p.note == "" for p in last[:-1])


def test_captain_options_and_refusals() -> None:
    st = G.new(NAMES[:6], seed=2, captain_a=4, captain_b=3)
    assert G.observe(st, None).extra["captains"] == [4, 3]
    with pytest.raises(BadOptions, match="not on Team A"):
        G.new(NAMES[:6], seed=2, captain_a=3)
    with pytest.raises(BadOptions, match="seats run 1 to 4"):
        G.new(NAMES[:4], seed=2, captain_b=5)


def test_raise_before_each_trick_option() -> None:
    st = new(FOUR, "7h", raise_each_trick=True, **QUIET)
    G.apply(st, 0, "raise")
    assert "Team A asks 4" in G.observe(st, None).status["Raise"]
    G.apply(st, 1, "accept")  # Team A's raise to 4 accepted: Team A may not raise next
    assert "Raise" not in G.observe(st, None).status  # answered: nothing waits any more
    for seat, c in ((0, "4s"), (1, "6s"), (2, "7s"), (3, "4h")):
        G.apply(st, seat, f"play {c}")
    assert G.phase(st) == "stake" and G.to_act(st) == (1,)  # only Team B's captain may raise now
    G.apply(st, 1, "raise")
    assert G.to_act(st) == (0,)
    G.apply(st, 0, "accept")
    assert G.observe(st, None).extra["stake"] == 7 and G.to_act(st) == (3,)


# -- notation, labels, refusals -------------------------------------------------------------------------


def test_notation_round_trips_and_refusals_change_nothing() -> None:
    st = new(FOUR, "7h")
    for text in ("play qh", "signal two", "raise", "pass", "accept", "decline", "stay", "forfeit", "deal"):
        assert str(G.parse(text)) == text
    with pytest.raises(MalformedAction):
        G.parse("raise 7")
    before = st.snapshot()
    for seat, text in ((2, "play qh"), (2, "raise"), (0, "signal top"), (2, "deal"), (2, "signal wink")):
        with pytest.raises((IllegalMove, NotYourTurn, MalformedAction)):
            G.apply(st, seat, text)
    assert st.snapshot() == before
    assert G.check(st, 2, G.parse("raise")) == "First send your captain one signal."


def test_events_never_name_a_hidden_card() -> None:
    st = new(FOUR, "7h", signals="full")
    evs = G.apply(st, 2, "signal top") + G.apply(st, 3, "signal nothing")
    evs += G.apply(st, 0, "raise") + G.apply(st, 1, "decline")
    for e in evs:
        for c in ("Two of", "King of", "Queen of", "2h", "qh", "top trump"):
            assert c not in e.text


# -- random games against an independent oracle ----------------------------------------------------------

PLAIN = ["k", "q", "j", "a", "7", "6", "5", "4", "3", "2"]  # high to low
TOPS = {4: [], 6: ["3c", "qc", "jd"], 8: ["5d", "3c", "qc", "jd"], 10: ["2d", "5d", "3c", "qc", "jd"],
        12: ["ad", "2d", "5d", "3c", "qc", "jd"]}


def oracle_winner(plays: list[str], m: int, trump: str) -> int:
    tops = TOPS[m]
    t = trump[0]

    def suit(slug: str) -> str:
        return t if slug in tops else slug[-1]

    def strength(slug: str) -> int:
        if slug in tops:
            return 1000 - tops.index(slug)
        rank = slug[:-1]
        if suit(slug) == t:
            return 500 - (["2"] + PLAIN[:-1]).index(rank)
        return 100 - PLAIN.index(rank)

    led = suit(plays[0])
    trumps = [i for i, s in enumerate(plays) if suit(s) == t]
    pool = trumps or [i for i, s in enumerate(plays) if suit(s) == led]
    return max(pool, key=lambda i: strength(plays[i]))


@pytest.mark.parametrize("players", [4, 5, 7, 12])
def test_random_games_agree_with_the_oracle(players: int) -> None:
    m = players + players % 2
    for seed in range(6):
        st = G.new(NAMES[:players], seed=seed, raise_each_trick=seed % 2 == 1)
        rng = random.Random(seed)
        trick: list[tuple[int, str]] = []
        checked = 0
        while not G.is_over(st):
            s = G.to_act(st)[0]
            trump = G.observe(st, None).extra["trump"]
            before = list(G.observe(st, None).extra["stones"])
            a = rng.choice(G.legal_actions(st, s))
            for e in G.apply(st, s, a):
                if e.kind == "deal":
                    trick = []
                if e.kind == "play":
                    trick.append((e.data["position"], e.data["card"]))
                if e.kind == "trick":
                    i = oracle_winner([c for _, c in trick], m, trump)
                    assert trick[i][0] == e.data["position"], (seed, trick)
                    checked += 1
                    trick = []
                if e.kind == "score" and not e.data["game"]:
                    after = G.observe(st, None).extra["stones"]
                    t = 0 if e.data["team"] == "A" else 1
                    assert after[t] <= 11 and after[1 - t] == before[1 - t]
        assert checked > 0


def test_worked_example_of_the_help() -> None:
    """help.md's worked example, step by step, with the words the screen shows."""
    st = new(FOUR, "7h")
    assert G.observe(st, None).status["Trump"].startswith("Hearts")
    G.apply(st, 2, "signal two")
    assert G.observe(st, 0).status["Signals"] == "Cy: two trumps"
    G.apply(st, 3, "signal nothing")
    assert [a.label for a in G.observe(st, 0).legal] == ["Raise the stake to 4", "Pass (play for 2)"]
    G.apply(st, 0, "raise")
    assert G.observe(st, 1).legal[0].label == "Accept (play for 4)"
    G.apply(st, 1, "accept")
    assert G.observe(st, None).status["Stake"] == "4"
    for seat, c in ((0, "2h"), (1, "3h"), (2, "qh"), (3, "4h")):
        G.apply(st, seat, f"play {c}")
    assert G.observe(st, None).status["Tricks"] == "A 1, B 0"
    out = texts(st, 0, "play kh")
    assert any("Bea has no trump" in t for t in out)
    assert stones(st) == [6, 0]
    alt = new(FOUR, "7h", **QUIET)
    G.apply(alt, 0, "raise")
    G.apply(alt, 1, "raise")
    assert G.observe(alt, 0).legal[1].label == "Decline (they score 4)"
    G.apply(alt, 0, "decline")
    assert stones(alt) == [0, 4]
