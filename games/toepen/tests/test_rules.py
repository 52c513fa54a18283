"""Toepen rules: RULES.md section 12, its test cases, our readings, and random games checked
against a small independent oracle. Everything goes through the public API from stacked decks."""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.cards.french import FRENCH
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn
from decktable.engine.rng import Rng

G = decktable.get_game("toepen")
ALL = [FRENCH[i].slug for i in range(52) if FRENCH[i].rank >= 7]
NAMES4 = ["Ann", "Bob", "Cat", "Dan"]

# Four hands with no three Tens or Jacks: Ann holds every heart from the 7 up, so she wins
# every trick she leads; nobody else holds a heart.
ANN = ["10h", "9h", "8h", "7h"]
BOB = ["as", "ks", "qs", "7s"]
CAT = ["ad", "kd", "qd", "7d"]
DAN = ["ac", "kc", "qc", "7c"]


def stack(hands: dict[int, list[str]], n: int, dealer: int | None = None, stock: list[str] = ()) -> list[str]:
    """A deck that deals `hands` (seat -> 4 cards) one card at a time from the dealer's left
    (the help's order), then `stock` on top of the stock, then the rest."""
    dealer = n - 1 if dealer is None else dealer
    given = {c for h in hands.values() for c in h} | set(stock)
    rest = [c for c in ALL if c not in given]
    full = {s: list(h) for s, h in hands.items()}
    for s in range(n):
        full.setdefault(s, [])
        while len(full[s]) < 4:
            full[s].append(rest.pop(0))
    deck = []
    for k in range(4):
        for i in range(n):
            deck.append(full[(dealer + 1 + i) % n][k])
    deck += list(stock) + rest
    assert sorted(deck) == sorted(ALL)
    return deck


def new4(hands=None, stock=(), **opts):
    hands = hands or {0: ANN, 1: BOB, 2: CAT, 3: DAN}
    return G.new(NAMES4, seed=11, deck=stack(hands, 4, stock=list(stock)), **opts)


def act(st, text: str) -> list:
    seat = G.to_act(st)[0]
    return G.apply(st, seat, text)


def keep_all(st) -> None:
    while G.phase(st) == "laundry":
        act(st, "keep")


def tokens(st) -> list[int]:
    return list(st.scores)


def why(st, seat, text) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before  # a refusal changes nothing
    return err.value.why


def hand(st, seat) -> list[str]:
    return G.observe(st, seat).zone(f"hand{seat}").cards


# -- dealing and the laundry -------------------------------------------------------------------------


def test_stacked_deal_and_first_turns():
    st = new4()
    assert sorted(hand(st, 0)) == sorted(ANN) and sorted(hand(st, 3)) == sorted(DAN)
    obs = G.observe(st, None)
    assert obs.zone("stock").count == 16 and obs.zone("stock").cards == []
    assert obs.zone("hand1").cards == [] and obs.zone("hand1").count == 4
    # the laundry round starts on the dealer's left and asks every player in turn
    assert G.phase(st) == "laundry" and G.to_act(st) == (0,)
    assert [a.text for a in G.observe(st, 0).legal] == ["keep", "exchange"]
    order = []
    while G.phase(st) == "laundry":
        order.append(G.to_act(st)[0])
        act(st, "keep")
    assert order == [0, 1, 2, 3]
    assert G.phase(st) == "play" and G.to_act(st) == (0,)
    assert G.observe(st, 0).status["Stake"] == "1"


def test_rank_order_ten_high_jack_low():
    # Bob leads the Jack of spades; Ann's 7 beats Cat's Ace, Dan's 10 beats them all
    hands = {0: ["7s", "8h", "9h", "10c"], 1: ["js", "kh", "qh", "jh"], 2: ["as", "ah", "ad", "kd"], 3: ["10s", "7d", "8d", "9d"]}
    st = G.new(NAMES4, seed=1, deck=stack(hands, 4, dealer=0), first_dealer=0)
    keep_all(st)
    assert G.to_act(st) == (1,)
    act(st, "play js")
    act(st, "play as")
    act(st, "play 10s")
    act(st, "play 7s")
    assert G.observe(st, None).trick.last_winner == 3 and G.to_act(st) == (3,)


def test_follow_suit_and_a_clear_refusal():
    st = new4()
    keep_all(st)
    act(st, "play 7h")
    assert why(st, 1, "play 10h") == "You do not hold the 10 of Hearts."
    # Bob holds no heart: anything goes
    assert {a.text for a in G.observe(st, 1).legal} >= {"play as", "play 7s"}
    hands = {0: ["7h", "8h", "9c", "10c"], 1: ["kh", "as", "ks", "qs"]}
    st = new4(hands)
    keep_all(st)
    act(st, "play 7h")
    assert why(st, 1, "play as") == "You must follow suit: you hold hearts (the King of Hearts)."
    assert [a.text for a in G.observe(st, 1).legal if a.text.startswith("play")] == ["play kh"]


# -- knocking: the seed's test cases ------------------------------------------------------------------


def test_first_knock_one_to_two_second_two_to_three():
    st = new4()
    keep_all(st)
    assert G.label(st, G.parse("knock")) == "Knock (raise the stake to 2)"
    ev = act(st, "knock")
    assert ev[0].text == "Ann knocks: the hand is now worth 2."
    assert G.observe(st, None).status["Stake"] == "2"
    for _ in range(3):
        act(st, "stay")
    act(st, "play 10h")
    assert G.to_act(st) == (1,)
    act(st, "knock")
    assert G.observe(st, None).status["Stake"] == "3"


def test_knock_three_to_four_fold_pays_three_losers_pay_four():
    st = new4()
    keep_all(st)
    act(st, "knock")  # Ann: 2
    for _ in range(3):
        act(st, "stay")
    act(st, "play 7h")
    act(st, "knock")  # Bob: 3
    for _ in range(3):
        act(st, "stay")
    act(st, "play 7s")
    act(st, "knock")  # Cat: 4
    assert G.to_act(st) == (3,)  # answers start on the knocker's left
    assert G.label(st, G.parse("fold")) == "Fold (pay 3)"
    act(st, "fold")  # Dan pays the value before the knock
    assert tokens(st) == [10, 10, 10, 7]
    assert G.to_act(st) == (0,)
    act(st, "stay")
    act(st, "stay")
    assert G.to_act(st) == (2,) and G.phase(st) == "play"  # the knocker now plays her card
    act(st, "play 7d")
    # Dan folded: the trick is complete without him, Ann won it
    assert G.to_act(st) == (0,)
    for card_a, card_b, card_c in [("8h", "qs", "qd"), ("9h", "ks", "kd"), ("10h", "as", "ad")]:
        act(st, f"play {card_a}")
        act(st, f"play {card_b}")
        act(st, f"play {card_c}")
    assert G.phase(st) == "scored"
    assert tokens(st) == [10, 6, 6, 7]
    assert G.observe(st, None).score_sheet == [[0, -4, -4, -3]]
    assert G.to_act(st) == (0,) and [a.text for a in G.observe(st, 0).legal] == ["deal"]


def test_all_others_fold_knocker_pays_nothing_and_deals():
    st = new4()
    keep_all(st)
    act(st, "play 7h")
    act(st, "knock")  # Bob knocks
    for _ in range(3):
        act(st, "fold")
    assert tokens(st) == [9, 10, 9, 9]
    assert G.phase(st) == "scored" and G.to_act(st) == (1,)
    act(st, "deal")
    assert st.hand_no == 2 and st.dealer == 1
    assert G.phase(st) == "laundry" and G.to_act(st) == (2,)


def test_no_knock_twice_in_a_row_nor_above_own_tokens():
    st = new4(lives=2)
    keep_all(st)
    act(st, "knock")
    for _ in range(3):
        act(st, "stay")
    assert "knock" not in [a.text for a in G.observe(st, 0).legal]
    assert why(st, 0, "knock") == "You made the last knock: you may knock again only after someone else has."
    act(st, "play 7h")
    # Bob has 2 tokens: a knock to 3 would be more than he has
    assert why(st, 1, "knock") == "You have 2 tokens: a knock would raise the stake to 3, more than you have."


def test_stay_beyond_own_tokens_pays_what_is_left_and_loses():
    hands = {0: ["ah", "kh", "qh", "jh"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands, stock=["10h", "9h", "8h", "7h"], lives=3)
    act(st, "exchange")
    act(st, "challenge")  # a clean hand: Bob is down to 2 tokens
    keep_all(st)
    act(st, "knock")  # Ann: 2
    for _ in range(3):
        act(st, "stay")
    act(st, "play 7h")
    assert "knock" not in [a.text for a in G.observe(st, 1).legal]  # 3 would be more than Bob's 2
    act(st, "play 7s")
    act(st, "knock")  # Cat: 3
    act(st, "fold")  # Dan pays 2
    act(st, "stay")  # Ann
    assert G.to_act(st) == (1,) and "stay" in [a.text for a in G.observe(st, 1).legal]
    act(st, "stay")  # Bob may stay for 3 with only 2 tokens
    act(st, "play 7d")
    for a, b, c in [("8h", "qs", "qd"), ("9h", "ks", "kd"), ("10h", "as", "ad")]:
        act(st, f"play {a}")
        act(st, f"play {b}")
        act(st, f"play {c}")
    assert tokens(st) == [3, 0, 0, 1]  # Bob pays what he has; Cat pays 3
    assert G.is_over(st)
    res = G.result(st)
    assert res.placings == [1, 3, 3, 2]
    assert res.summary.startswith("Bob and Cat run out of tokens and lose the game")


# -- the exchange and the challenge ---------------------------------------------------------------------


def test_challenge_a_thrown_hand_with_a_nine_costs_the_exchanger():
    hands = {0: ["9h", "ah", "kh", "qh"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands, stock=["jh", "js", "jd", "8s"])
    ev = act(st, "exchange")
    assert "draws four new cards" in ev[0].text and "9" not in ev[0].text
    assert sorted(hand(st, 0)) == sorted(["jh", "js", "jd", "8s"])
    # the thrown hand is face down: its owner knows it, nobody else sees it
    assert sorted(G.observe(st, 0).zone("thrown0").cards) == sorted(["9h", "ah", "kh", "qh"])
    for seat in (None, 1, 2, 3):
        z = G.observe(st, seat).zone("thrown0")
        assert not z.visible and z.cards == [] and z.count == 4
    assert G.phase(st) == "challenge" and G.to_act(st) == (1,)
    assert G.label(st, G.parse("challenge")) == "Challenge Ann's exchange"
    act(st, "pass")
    assert G.to_act(st) == (2,)
    ev = act(st, "challenge")
    assert "the 9 of Hearts" in ev[0].text and "Ann loses a token" in ev[0].text
    assert tokens(st) == [9, 10, 10, 10]
    # shown to all from now on, and kept as known by determinize
    for seat in (None, 1, 2, 3):
        assert sorted(G.observe(st, seat).zone("thrown0").cards) == sorted(["9h", "ah", "kh", "qh"])
    det = G.determinize(st, 2, Rng(5))
    assert sorted(G.observe(det, None).zone("thrown0").cards) == sorted(["9h", "ah", "kh", "qh"])
    # at most one challenge: Dan is not asked; Ann now keeps her new hand (no second exchange)
    assert G.phase(st) == "laundry" and G.to_act(st) == (0,)
    assert "exchange" not in [a.text for a in G.observe(st, 0).legal]
    # Ann holds three Jacks in her new hand: she may bluff a whistle
    assert [a.text for a in G.observe(st, 0).legal] == ["keep", "whistle"]


def test_challenge_a_clean_hand_costs_the_challenger():
    hands = {0: ["ah", "kh", "qh", "jh"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands)
    act(st, "exchange")
    ev = act(st, "challenge")
    assert "it was clean, so Bob loses a token" in ev[0].text
    assert tokens(st) == [10, 9, 10, 10]


def test_a_challenge_is_the_observations_outcome_for_everyone_until_the_next_exchange():
    """The table shows a challenger what came of it before passing on (issue 33): the outcome
    is the challenge's own words, public, and there is none before a challenge."""
    hands = {0: ["9h", "ah", "kh", "qh"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands)
    act(st, "exchange")
    assert all(G.observe(st, seat).outcome == "" for seat in (None, 0, 1, 2, 3))
    act(st, "pass")
    assert G.observe(st, None).outcome == ""  # a pass turns nothing up
    ev = act(st, "challenge")
    assert all(G.observe(st, seat).outcome == ev[0].text for seat in (None, 0, 1, 2, 3))
    assert "Ann loses a token" in G.observe(st, None).outcome


def test_an_unchallenged_exchange_stays_secret():
    hands = {0: ["9h", "ah", "kh", "qh"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands)
    evs = act(st, "exchange")
    for _ in range(3):
        evs += act(st, "pass")
    assert tokens(st) == [10] * 4
    text = " ".join(e.text for e in evs)
    assert "Hearts" not in text
    assert G.observe(st, 1).zone("thrown0").cards == []
    # determinize for Bob may put other cards in Ann's thrown pile; for Ann it keeps them
    assert sorted(G.determinize(st, 0, Rng(1)).thrown[0]) == sorted(st.thrown[0])


def test_no_exchange_once_the_stock_is_too_small():
    # seven players: 4 cards in the stock, so one exchange only
    st = G.new(7, seed=3, deck=stack({}, 7))
    assert "exchange" in [a.text for a in G.observe(st, 0).legal]
    act(st, "exchange")
    while G.phase(st) == "challenge":
        act(st, "pass")
    act(st, "keep")  # Player 1 keeps the new hand
    assert G.to_act(st) == (1,)
    assert "exchange" not in [a.text for a in G.observe(st, 1).legal]
    assert why(st, 1, "exchange").startswith("The stock has only 0 cards")
    # eight players: no stock, nobody can exchange
    st = G.new(8, seed=3)
    assert "exchange" not in [a.text for s in G.to_act(st) for a in G.observe(st, s).legal]


def test_no_laundry_questions_without_exchange_or_bluff():
    st = G.new(8, seed=3, jack_bluff=False)
    assert G.phase(st) == "play"


# -- signals ------------------------------------------------------------------------------------------


def test_tens_must_signal_and_jacks_may_bluff_in_secret():
    hands = {0: ["10h", "10s", "10d", "10c"], 1: ["js", "jh", "jd", "7s"], 2: ["10h"][:0] + ["9h", "9s", "9d", "9c"], 3: ["jc", "8s", "8d", "8c"]}
    st = new4(hands)
    assert [a.text for a in G.observe(st, 0).legal] == ["stand", "exchange"]
    assert why(st, 0, "keep").startswith("You hold 4 Tens: you must stand")
    act(st, "stand")
    assert [a.text for a in G.observe(st, 1).legal] == ["keep", "whistle", "exchange"]
    assert G.label(st, G.parse("whistle")) == "Keep and whistle (a Jack bluff)"
    ev = act(st, "whistle")
    assert ev[0].text == "Bob keeps the hand."  # the bluff is secret until every hand is settled
    for seat in (None, 0, 2, 3):
        obs = G.observe(st, seat)
        assert "Signal" not in obs.seats[1].facts and "Signal" not in obs.seats[0].facts
        assert "Your signal" not in obs.status
    assert G.observe(st, 1).status["Your signal"].startswith("whistling")
    assert why(st, 2, "whistle").startswith("Only four Tens stand")
    act(st, "keep")
    ev = act(st, "keep")
    texts = [e.text for e in ev]
    assert "Ann stands." in texts and "Bob whistles." in texts
    facts = G.observe(st, None).seats
    assert facts[0].facts["Signal"] == "standing" and facts[1].facts["Signal"] == "whistling"
    assert "Signal" not in facts[2].facts


def test_three_tens_must_whistle():
    hands = {0: ["10h", "10s", "10d", "9c"], 1: BOB, 2: CAT, 3: DAN}
    st = new4(hands)
    assert [a.text for a in G.observe(st, 0).legal] == ["whistle", "exchange"]
    assert G.label(st, G.parse("whistle")) == "Keep and whistle"


# -- a folded player's card, the last trick --------------------------------------------------------------


def test_a_folded_players_card_cannot_win():
    hands = {0: ["7h", "as", "ks", "qs"], 1: ["10h", "ad", "kd", "qd"], 2: ["8h", "ac", "kc", "qc"], 3: ["9h", "7s", "8s", "9s"]}
    st = new4(hands)
    keep_all(st)
    act(st, "play 7h")
    act(st, "play 10h")
    act(st, "knock")  # Cat knocks before playing
    assert G.to_act(st) == (3,)
    act(st, "stay")
    act(st, "stay")
    act(st, "fold")  # Bob folds: his 10 stays on the table but cannot win
    assert G.observe(st, None).trick.plays[1].note == "folded"
    act(st, "play 8h")
    act(st, "play 9h")
    assert G.observe(st, None).trick.last_winner == 3  # Dan's 9, not Bob's 10
    # Bob is skipped from now on
    assert G.to_act(st) == (3,)


def test_no_player_still_in_followed_the_lead_first_card_of_one_still_in_wins():
    hands = {0: ["7s", "as", "ks", "qs"], 1: ["kh", "ad", "kd", "qd"], 2: ["ah", "ac", "kc", "qc"], 3: ["8c", "jh", "jd", "qh"]}
    st = new4(hands)
    keep_all(st)
    act(st, "play 7s")
    act(st, "knock")  # Bob
    act(st, "stay")
    act(st, "stay")
    act(st, "fold")  # Ann, the leader, folds
    act(st, "play kh")
    act(st, "play ah")
    act(st, "play 8c")
    assert G.observe(st, None).trick.last_winner == 1  # Bob played first among those still in
    assert G.to_act(st) == (1,)


def test_only_the_last_trick_counts():
    hands = {0: ["10h", "9h", "8h", "7s"], 1: ["as", "ks", "qs", "10s"], 2: CAT, 3: DAN}
    st = new4(hands)
    keep_all(st)
    for a, b, c, d in [("10h", "as", "ad", "ac"), ("9h", "ks", "kd", "kc"), ("8h", "qs", "qd", "qc")]:
        for card in (a, b, c, d):
            act(st, f"play {card}")
    # Ann took three tricks; Bob takes the last with the 10 of spades
    act(st, "play 7s")
    act(st, "play 10s")
    act(st, "play 7d")
    act(st, "play 7c")
    assert tokens(st) == [9, 10, 9, 9]
    assert G.to_act(st) == (1,)


# -- poverty, game end ---------------------------------------------------------------------------------


def test_poverty_house_rule():
    # Cat goes into the hand with one token: she leads, the stake is 2, the others fold for 1
    st = new4(poverty=True, lives=1)
    keep_all(st)
    assert G.phase(st) == "answer" and G.observe(st, None).status["Stake"] == "2"
    assert G.observe(st, None).status["Poverty"] == "Ann"  # everyone has one token: the first from the dealer's left
    assert G.to_act(st) == (1,)
    assert G.observe(st, 1).prompt.startswith("Poverty: the hand is worth 2. Fold (pay 1")
    act(st, "fold")
    # Bob is out of tokens: the standard game ends at once and Bob loses
    assert G.is_over(st)
    res = G.result(st)
    assert res.placings == [1, 4, 1, 1] and "Bob runs out of tokens" in res.summary


def test_poverty_leader_and_stay():
    st = new4(poverty=True, lives=2)
    # a first hand in which Bob loses one token: all fold to Ann's knock except... simply
    keep_all(st)
    act(st, "knock")
    act(st, "fold")  # Bob 1
    act(st, "stay")
    act(st, "stay")
    for a, b, c in [("7h", "7d", "7c"), ("8h", "qd", "qc"), ("9h", "kd", "kc"), ("10h", "ad", "ac")]:
        act(st, f"play {a}")
        act(st, f"play {b}")
        act(st, f"play {c}")
    # Cat and Dan stayed for 2 and lost: out, and the game is over
    assert G.is_over(st)
    assert tokens(st) == [2, 1, 0, 0]
    assert G.result(st).placings == [1, 2, 3, 3]


def test_poverty_in_a_later_hand():
    st = new4(poverty=True, lives=2)
    keep_all(st)
    act(st, "play 7h")
    act(st, "knock")  # Bob: 2
    act(st, "fold")  # Cat pays 1 -> 1 token
    act(st, "fold")  # Dan pays 1 -> 1 token
    act(st, "fold")  # Ann pays 1 -> 1 token
    act(st, "deal")  # Bob deals hand 2
    keep_all(st)
    # Cat (left of Bob) is the first poor player: she leads, stake 2, Dan then Ann then Bob answer
    assert G.phase(st) == "answer" and G.to_act(st) == (3,)
    act(st, "stay")
    act(st, "stay")
    act(st, "stay")
    assert G.phase(st) == "play" and G.to_act(st) == (2,)
    assert "knock" not in [a.text for a in G.observe(st, 2).legal]


def test_last_standing_variant():
    st = new4(last_standing=True, lives=1)
    keep_all(st)
    act(st, "play 7h")
    act(st, "play 7s")
    act(st, "play 7d")
    act(st, "play 7c")
    for a, b, c, d in [("8h", "qs", "qd", "qc"), ("9h", "ks", "kd", "kc"), ("10h", "as", "ad", "ac")]:
        for card in (a, b, c, d):
            act(st, f"play {card}")
    assert G.is_over(st)
    assert G.result(st).placings == [1, 2, 2, 2]
    assert G.result(st).summary == "Ann is the last player with tokens and wins."


def test_last_standing_plays_on_after_someone_is_out():
    st = new4(last_standing=True, lives=2)
    keep_all(st)
    act(st, "knock")
    act(st, "stay")
    act(st, "fold")
    act(st, "fold")
    for a, b in [("7h", "7s"), ("8h", "qs"), ("9h", "ks"), ("10h", "as")]:
        act(st, f"play {a}")
        act(st, f"play {b}")
    assert tokens(st) == [2, 0, 1, 1] and not G.is_over(st)
    act(st, "deal")
    obs = G.observe(st, None)
    assert obs.zone("hand1").count == 0 and obs.zone("stock").count == 32 - 12
    assert obs.seats[1].facts["Status"] == "out of the game"
    assert 1 not in [G.to_act(st)[0]]


# -- misc ----------------------------------------------------------------------------------------------


def test_not_your_turn_and_options():
    st = new4()
    with pytest.raises(NotYourTurn):
        G.apply(st, 2, "keep")
    with pytest.raises(BadOptions):
        G.new(4, seed=1, first_dealer=5)
    with pytest.raises(BadOptions):
        G.new(4, seed=1, lives=0)


def test_answers_are_asked_one_by_one():
    st = new4()
    keep_all(st)
    act(st, "play 7h")
    act(st, "knock")
    seen = []
    while G.phase(st) == "answer":
        (s,) = G.to_act(st)
        seen.append(s)
        for other in range(4):
            if other != s:
                assert G.legal_actions(st, other) == []
        act(st, "stay")
    assert seen == [2, 3, 0]


# -- random games against an oracle ------------------------------------------------------------------------

SUIT = {c: c[-1] for c in ALL}
POWER = {r: i for i, r in enumerate(["j", "q", "k", "a", "7", "8", "9", "10"])}


def test_random_games_match_an_oracle():
    """Token counts and trick winners recomputed from the actions alone: a knock adds one to the
    stake (poverty starts it at two), a fold pays the stake before the knock, a challenge costs
    one token to whoever was wrong, a trick goes to the highest card of the suit led among the
    players still in (else the first card of one still in), and after the last trick everyone
    still in but its winner pays the stake."""
    hands_done = 0
    for seed in range(80):
        n = 3 + seed % 6
        rng = random.Random(seed)
        lives = 4 + seed % 5
        st = G.new(n, seed=seed, lives=lives, poverty=seed % 2 == 0)
        tok = [lives] * n
        stake, inhand, trick, tricks_done, thrown = 1, [True] * n, [], 0, {}

        def pay(s, k):
            tok[s] -= min(tok[s], k)

        while not G.is_over(st):
            seat = rng.choice(G.to_act(st))
            phase = G.phase(st)
            a = rng.choice(G.legal_actions(st, seat))
            if a.verb == "exchange":
                thrown = {"who": seat, "cards": list(G.observe(st, seat).zone(f"hand{seat}").cards)}
            G.apply(st, seat, a, events=False)
            if a.verb == "knock":
                stake += 1
            elif a.verb == "fold":
                inhand[seat] = False
                pay(seat, stake - 1)
            elif a.verb == "challenge":
                dirty = any(c[:-1] in ("7", "8", "9", "10") for c in thrown["cards"])
                pay(thrown["who"] if dirty else seat, 1)
            elif a.verb == "play":
                trick.append((seat, a.args[0]))
                if {s for s, _ in trick} >= {s for s in range(n) if inhand[s]}:
                    led = SUIT[trick[0][1]]
                    ins = [(s, c) for s, c in trick if inhand[s]]
                    follow = [(s, c) for s, c in ins if SUIT[c] == led]
                    win = max(follow, key=lambda p: POWER[p[1][:-1]])[0] if follow else ins[0][0]
                    assert G.observe(st, None).trick.last_winner == win, (seed, trick)
                    trick = []
                    tricks_done += 1
                    if tricks_done == 4:
                        for s in range(n):
                            if inhand[s] and s != win:
                                pay(s, stake)
            elif a.verb == "deal":
                stake, inhand, trick, tricks_done = 1, [True] * n, [], 0
            if phase in ("laundry", "challenge") and G.phase(st) == "answer":
                stake = 2  # the poor player's automatic knock
            if G.phase(st) == "scored" or G.is_over(st):
                hands_done += G.phase(st) == "scored"
            assert tok == list(st.scores), (seed, str(a), tok, st.scores)
        res = G.result(st)
        out = [s for s in range(n) if st.scores[s] == 0]
        assert out and all(res.placings[s] == max(res.placings) for s in out)
        assert all(res.placings[s] == 1 for s in range(n) if st.scores[s] == max(st.scores))
    assert hands_done > 100
