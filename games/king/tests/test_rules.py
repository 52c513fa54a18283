"""King rules: RULES.md section 19, its test cases (the -1300 / +1300 zero sum, 325 a positive
hand both Up and Down, the auction example), our readings, and random games checked against a
small independent oracle. Everything goes through the public API, from stacked decks."""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn

G = decktable.get_game("king")
NAMES = ["Ann", "Bob", "Cy", "Di"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
DECK = [r + s for s in "shdc" for r in RANKS]
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}


def rank(slug: str) -> int:
    return VALUE[slug[:-1]]


def suit(slug: str) -> str:
    return slug[-1]


def stack(hands: list[list[str]]) -> list[str]:
    """A deck that deals `hands` (seat 0 first) when seat 3 deals: one card at a time from seat 0.
    The cards not named fill the hands in deck order."""
    given = [c for h in hands for c in h]
    assert len(set(given)) == len(given)
    rest = [c for c in DECK if c not in given]
    full = [list(h) for h in hands]
    for h in full:
        while len(h) < 13:
            h.append(rest.pop(0))
    assert not rest
    return [full[k % 4][k // 4] for k in range(52)]


def new(hands: list[list[str]] | None = None, **opts):
    opts.setdefault("first_dealer", 3)
    deck = stack(hands) if hands is not None else None
    return G.new(NAMES, seed=7, deck=deck, **opts)


def hand(st, seat: int) -> list[str]:
    return G.observe(st, seat).zone(f"hand{seat}").cards


def act(st, text: str) -> list:
    return G.apply(st, G.to_act(st)[0], text)


def why(st, seat: int, text: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before, "a refused action changed the state"
    return err.value.why


def play_trick(st, cards: list[str]) -> list:
    events = []
    for c in cards:
        events += act(st, f"play {c}")
    return events


def play_out(st, rng: random.Random, until=None) -> None:
    """Random legal moves until the game is over (or `until(state)` holds)."""
    while not G.is_over(st) and not (until and until(st)):
        s = G.to_act(st)[0]
        G.apply(st, s, rng.choice(G.legal_actions(st, s)), events=False)


# -- options, first dealer, deal ----------------------------------------------------------------


def test_option_defaults_are_the_seed_rules():
    o = G.options()
    assert (o.first_dealer, o.no_heart_lead, o.king_of_hearts, o.stop_early, o.first_hand, o.last_hand) == (
        None, False, "free", False, 1, 10
    )
    with pytest.raises(BadOptions, match="first_hand"):
        G.new(4, seed=1, first_hand=8, last_hand=7)
    with pytest.raises(BadOptions):
        G.new(4, seed=1, first_dealer=4)
    with pytest.raises(BadOptions):
        G.new(3, seed=1)


def test_first_dealer_found_by_dealing_face_up_until_the_king_of_hearts():
    # seat 0 deals face up from its left: deck[0] to seat 1, deck[1] to seat 2, ... the King of
    # Hearts is the 7th card (index 6), so it goes to seat (1 + 6) % 4 = 3
    deck = ["2s", "3s", "4s", "5s", "6s", "7s", "kh"] + [c for c in DECK if c not in
                                                       ("2s", "3s", "4s", "5s", "6s", "7s", "kh")]
    st = G.new(NAMES, seed=1, deck=deck)
    obs = G.observe(st, 0)
    assert obs.phase == "find dealer" and G.to_act(st) == (0,)
    assert obs.status["First dealer"] == "found by dealing face up until the King of hearts"
    assert [a.text for a in obs.legal] == ["draw"]
    assert obs.legal[0].label == "Deal face up to find the first dealer"
    ev = act(st, "draw")
    assert [e.text for e in ev] == [
        "Face up to Bob: the 2 of Spades.",
        "Face up to Cy: the 3 of Spades.",
        "Face up to Di: the 4 of Spades.",
        "Face up to Ann: the 5 of Spades.",
        "Face up to Bob: the 6 of Spades.",
        "Face up to Cy: the 7 of Spades.",
        "Face up to Di: the King of Hearts.",
        "Di receives the King of Hearts and deals the first hand.",
    ]
    obs = G.observe(st, None)
    assert obs.zone("up3").cards == ["4s", "kh"] and obs.zone("up1").cards == ["2s", "6s"]
    assert obs.zone("deck").count == 45 and not obs.zone("deck").visible
    assert G.to_act(st) == (3,) and obs.status["First dealer"] == "Di (received the King of hearts)"
    ev = act(st, "deal")
    assert ev[0].text == "Hand 1 of 10: Di deals 13 cards each. No tricks (-20 for each trick); Ann leads."
    # a stacked deck is then dealt in its own order, unshuffled, from the dealer's left
    assert sorted(hand(st, 0)) == sorted(deck[0::4]) and sorted(hand(st, 3)) == sorted(deck[3::4])
    assert G.observe(st, None).zone("up3").cards == [] and G.to_act(st) == (0,)


def test_first_dealer_random_deals_are_found_by_the_king():
    dealers = set()
    for seed in range(40):
        st = G.new(4, seed=seed)
        G.apply(st, 0, "draw")
        obs = G.observe(st, None)
        holder = [s for s in range(4) if "kh" in obs.zone(f"up{s}").cards]
        assert holder == list(G.to_act(st))
        assert obs.zone(f"up{holder[0]}").cards[-1] == "kh"  # the deal stops at the King
        assert sum(obs.zone(f"up{s}").count for s in range(4)) + obs.zone("deck").count == 52
        dealers.add(holder[0])
    assert dealers == {0, 1, 2, 3}


def test_deal_thirteen_each_dealer_left_leads_and_deal_passes_left():
    st = G.new(NAMES, seed=3, first_dealer=1)
    assert [G.observe(st, s).zone(f"hand{s}").count for s in range(4)] == [13] * 4
    assert G.to_act(st) == (2,)
    seen = []
    rng = random.Random(5)
    while not G.is_over(st):
        obs = G.observe(st, None)
        if obs.phase == "scored":
            seen.append(obs.extra["dealer"])
        play_out(st, rng, until=lambda s: G.observe(s, None).phase == "scored" or G.is_over(s))
        if G.observe(st, None).phase == "scored":
            nxt = G.to_act(st)[0]
            assert nxt == (G.observe(st, None).extra["dealer"] + 1) % 4
            G.apply(st, nxt, "deal")
    assert len(st.sheet) == 10
    # hands 7-10 are dealt by four different players, so each controls one positive hand
    dealers = [(1 + k) % 4 for k in range(10)]
    assert sorted(dealers[6:]) == [0, 1, 2, 3]


# -- play: following, trumps, refusals --------------------------------------------------------


def test_no_tricks_hand_costs_twenty_a_trick_and_the_screen_says_so():
    st = new([["2h", "as"], ["3h"], ["ah"], ["4h"]])
    obs = G.observe(st, 0)
    assert obs.status["Hand"] == "1 of 10: No tricks" and obs.status["Costs"] == "-20 for each trick"
    assert obs.status["Trump"] == "none (negative hand)"
    assert obs.prompt == "Hand 1 of 10: No tricks (-20 for each trick). Lead a card."
    assert G.observe(st, 1).prompt == "Hand 1 of 10: No tricks (-20 for each trick). Waiting for Ann to lead."
    ev = play_trick(st, ["2h", "3h", "ah", "4h"])
    assert ev[-1].text == "Cy wins trick 1 with the Ace of Hearts (-20)."
    obs = G.observe(st, None)
    assert obs.seats[2].facts["This hand"] == "-20" and obs.seats[2].facts["Tricks"] == "1"
    assert G.to_act(st) == (2,)


def test_follow_suit_and_refusals_change_nothing():
    st = new([["2h", "as"], ["3h", "ks"], [], []])
    act(st, "play 2h")
    assert why(st, 1, "play ks") == "You must follow suit: you hold hearts."
    assert why(st, 1, "play qd") == "You do not hold the Queen of Diamonds."
    with pytest.raises(NotYourTurn):
        G.apply(st, 0, "play as")
    assert why(st, 1, "bid 3") == "Hand 1 is being played: play a card."
    with pytest.raises(MalformedAction):
        G.apply(st, 1, "play 3h 4h")
    with pytest.raises(MalformedAction):
        G.apply(st, 1, "bid")
    with pytest.raises(MalformedAction):
        G.apply(st, 1, "trump stars")


def test_void_player_may_play_any_card():
    st = new([["2h"], [r + "d" for r in RANKS[:12]] + ["as"], [], []])
    act(st, "play 2h")
    assert "h" not in {suit(c) for c in hand(st, 1)}
    legal = {a.text for a in G.observe(st, 1).legal}
    assert legal == {f"play {c}" for c in hand(st, 1)}


def test_trump_wins_and_there_is_no_duty_to_trump():
    # hand 7, dealer Di: Ann holds no hearts but spades (trump) and clubs
    ann = [r + "s" for r in RANKS[:6]] + [r + "c" for r in RANKS[:7]]
    bob = [r + "h" for r in RANKS[:7]] + [r + "d" for r in RANKS[:6]]
    st = new([ann, bob, [], []], first_hand=7)
    obs = G.observe(st, 3)
    assert obs.phase == "choose" and G.to_act(st) == (3,)
    assert obs.status["Hand"] == "7 of 10: Positive hand" and obs.status["Trump"] == "to be chosen"
    assert obs.status["Pays"].startswith("Up (+25 for each trick) or Down (325, less 75 for each trick)")
    assert [a.text for a in obs.legal] == [
        "trump spades", "trump hearts", "trump diamonds", "trump clubs", "notrump", "auction"
    ]
    assert [a.label for a in obs.legal] == [
        "Spades trump", "Hearts trump", "Diamonds trump", "Clubs trump", "No trump", "Auction trumps"
    ]
    assert obs.prompt == ("Hand 7 of 10: Positive hand (Up or Down, the dealer's choice). "
                          "As dealer, choose a trump suit, no trump, or an auction.")
    ev = act(st, "trump spades")
    assert ev[0].text == "Di chooses Spades trump."
    assert G.observe(st, 0).status["Trump"] == "Spades"
    assert why(st, 3, "play 2s") == "As dealer, choose Up (+25 for each trick) or Down (325, less 75 for each trick)."
    assert [a.label for a in G.observe(st, 3).legal] == ["Play Up (+25 for each trick)", "Play Down (325, less 75 for each trick)"]
    ev = act(st, "up")
    assert ev[0].text == "Di plays Up: +25 for each trick; Ann leads."
    assert G.observe(st, 0).status["Pays"] == "Up: +25 for each trick"
    # Ann leads a club; Bob, void in clubs, may discard a heart although he holds no trump duty
    act(st, "play 2c")
    assert "play 2h" in {a.text for a in G.observe(st, 1).legal}
    act(st, "play 2h")
    assert G.observe(st, 2).trick.note == "Clubs led; Spades trump"
    # a low trump beats the highest card of the suit led; without trumps the suit led wins
    st = new([["ac", "2s"], ["2c"], ["kc"], ["qc"]], first_hand=7)
    act(st, "notrump")
    act(st, "down")
    ev = play_trick(st, ["ac", "2c", "kc", "qc"])
    assert ev[-1].text == "Ann wins trick 1 with the Ace of Clubs."
    st = new([["ac"], ["2s", "3s"] + [r + "h" for r in RANKS] [:11], ["kc"], ["qc"]], first_hand=7)
    act(st, "trump spades")
    act(st, "down")
    ev = play_trick(st, ["ac", "2s", "kc", "qc"])
    assert ev[-1].text == "Bob wins trick 1 with the 2 of Spades."


# -- the auction --------------------------------------------------------------------------------


def test_auction_from_the_dealers_left_two_passes_end_it():
    st = new(None, first_hand=8)  # Di deals hand 8 (the dealer's number is fixed by the option)
    assert G.to_act(st) == (3,)
    ev = act(st, "auction")
    assert ev[0].text == "Di auctions the choice of trumps; Ann bids first."
    obs = G.observe(st, 0)
    assert obs.prompt.endswith("Open the auction: bid a number of tricks (1 to 13).")
    assert [a.text for a in obs.legal] == [f"bid {n}" for n in range(1, 14)]
    assert why(st, 0, "pass") == "The first bidder must open the auction with a bid of 1 to 13 tricks."
    assert why(st, 0, "bid 0") == "Open the auction with a bid of 1 to 13 tricks."
    assert why(st, 0, "bid 14") == "Open the auction with a bid of 1 to 13 tricks."
    act(st, "bid 2")
    assert G.to_act(st) == (1,)
    assert why(st, 1, "bid 2") == "Bid a number of tricks from 3 to 13, or pass."
    assert G.observe(st, 1).legal[0].text == "pass" and G.observe(st, 1).legal[1].label == "Bid 3 tricks"
    act(st, "pass")
    act(st, "bid 4")  # Cy
    assert G.to_act(st) == (0,)  # the dealer is skipped
    act(st, "pass")  # Ann
    assert G.to_act(st) == (1,)
    act(st, "bid 5")  # Bob, who passed before, may bid again
    act(st, "pass")  # Cy
    ev = act(st, "pass")  # Ann: two passes in a row
    assert ev[-1].text == "Bob wins the auction with 5 tricks and names trumps."
    obs = G.observe(st, None)
    assert obs.seats[1].facts["Bid"] == "5" and obs.seats[0].facts["Bid"] == "pass"
    assert obs.status["Auction"] == "Bob 5 tricks (won)"
    assert G.to_act(st) == (1,) and G.observe(st, 1).legal[0].label == "Name Spades trump"
    assert [a.text for a in G.observe(st, 1).legal] == [
        "trump spades", "trump hearts", "trump diamonds", "trump clubs", "notrump"
    ]
    ev = act(st, "notrump")
    assert ev[0].text == "Bob names no trump."
    assert G.to_act(st) == (3,)  # the dealer, not the bidder, chooses Up or Down
    assert [a.text for a in G.observe(st, 3).legal] == ["up", "down"]


def test_a_bid_of_thirteen_leaves_only_passes():
    st = new(None, first_hand=7)
    act(st, "auction")
    act(st, "bid 13")
    assert [a.text for a in G.observe(st, 1).legal] == ["pass"]
    assert why(st, 1, "bid 13") == "No bid can beat 13 tricks: you can only pass."


def _play_for(st, want: dict[int, int], tries: int = 4000) -> None:
    """Finish the hand with random legal plays chosen so that seat s takes want[s] tricks."""
    for k in range(tries):
        trial = st.clone()
        rng = random.Random(k)
        log = []
        while not G.is_over(trial):
            s = G.to_act(trial)[0]
            a = rng.choice(G.legal_actions(trial, s))
            log.append((s, a))
            G.apply(trial, s, a, events=False)
        if all(int(G.observe(trial, None).seats[s].facts["Tricks"]) == n for s, n in want.items()):
            for s, a in log[:-1]:
                G.apply(st, s, a)
            return
    pytest.fail("no playout found")


@pytest.mark.parametrize("updown, bidder_pts, dealer_pts", [("up", 50, 125), ("down", 175, -50)])
def test_auction_example_bid_three_takes_five(updown, bidder_pts, dealer_pts):
    """RULES.md: bid 3; the bidder takes 5 tricks -> counts 2; the dealer takes 2 -> counts 5.
    Up: bidder 50, dealer 125. Down: bidder 175, dealer -50."""
    st = new(None, first_hand=7, last_hand=7)
    act(st, "auction")
    act(st, "bid 3")
    act(st, "pass")
    act(st, "pass")
    act(st, "trump hearts")
    act(st, updown)
    _play_for(st, {0: 5, 3: 2})
    ev = act(st, G.observe(st, G.to_act(st)[0]).legal[0].text)  # the last card of the hand
    texts = [e.text for e in ev]
    assert "Auction adjustment: Ann's bid of 3 moves from Ann's tricks (5 -> 2) to Di's (2 -> 5)." in texts
    row = st.sheet[-1]
    assert row[0] == bidder_pts and row[3] == dealer_pts
    obs = G.observe(st, None)
    tricks = [int(obs.seats[s].facts["Tricks"]) for s in range(4)]
    for s in (1, 2):
        assert row[s] == (25 * tricks[s] if updown == "up" else 325 - 75 * tricks[s])
    assert sum(row) == 325
    assert G.is_over(st)
    assert G.result(st).details[-1] == (
        "Check (hands 7 to 7 of 10 played): these hands should add up to 325; the totals add up to "
        "325, so the score sheet balances."
    )


@pytest.mark.parametrize("updown", ["up", "down"])
def test_a_positive_hand_pays_325_in_all_up_or_down(updown):
    """RULES.md: Up 13 x 25 = 325; Down 4 x 325 - 13 x 75 = 325."""
    for seed in range(6):
        st = G.new(NAMES, seed=seed, first_dealer=seed % 4, first_hand=9, last_hand=9)
        G.apply(st, seed % 4, "notrump" if seed % 2 else "trump clubs")
        G.apply(st, seed % 4, updown)
        play_out(st, random.Random(seed))
        assert sum(st.sheet[0]) == 325
        tricks = [int(G.observe(st, None).seats[s].facts["Tricks"]) for s in range(4)]
        expect = [25 * t for t in tricks] if updown == "up" else [325 - 75 * t for t in tricks]
        assert st.sheet[0] == expect


# -- negative hands -----------------------------------------------------------------------------


def test_no_hearts_costs_twenty_a_heart():
    st = new([["2h"], ["5h"], ["kh"], ["9c"]], first_hand=2)
    assert G.observe(st, 0).status["Costs"] == "-20 for each heart"
    ev = play_trick(st, ["2h", "5h", "kh", "9c"])
    assert ev[-1].text == "Cy wins trick 1 with the King of Hearts (-60)."
    assert [p.note for p in G.observe(st, 0).trick.last] == ["penalty", "penalty", "penalty", ""]


def test_no_queens_and_no_kings_or_jacks():
    st = new([["qs"], ["ks"], ["js"], ["qh"]], first_hand=3)
    assert G.observe(st, 0).status["Costs"] == "-50 for each Queen"
    ev = play_trick(st, ["qs", "ks", "js", "qh"])
    assert ev[-1].text == "Bob wins trick 1 with the King of Spades (-100)."
    st = new([["qs"], ["ks"], ["js"], ["jh"]], first_hand=4)
    assert G.observe(st, 0).status["Costs"] == "-30 for each King or Jack"
    ev = play_trick(st, ["qs", "ks", "js", "jh"])
    assert ev[-1].text == "Bob wins trick 1 with the King of Spades (-90)."


def test_no_king_of_hearts_costs_160():
    st = new([["2c"], ["ac"], ["3c"], ["kh"] + [r + "d" for r in RANKS[:12]]], first_hand=5)
    assert G.observe(st, 0).status["Costs"] == "-160 for the King of hearts"
    ev = play_trick(st, ["2c", "ac", "3c", "kh"])
    assert ev[-1].text == "Bob wins trick 1 with the Ace of Clubs (-160)."


def test_last_two_tricks_cost_ninety_each():
    st = G.new(NAMES, seed=11, first_dealer=2, first_hand=6, last_hand=6)
    assert G.observe(st, 0).status["Costs"] == "-90 for each of the last two tricks"
    winners = []
    while not G.is_over(st):
        s = G.to_act(st)[0]
        for e in G.apply(st, s, G.legal_actions(st, s)[-1]):
            if e.kind == "trick":
                winners.append((e.seat, e.data["points"]))
    assert [p for _, p in winners] == [0] * 11 + [-90, -90]
    expect = [0] * 4
    for s, p in winners:
        expect[s] += p
    assert st.sheet == [expect] and sum(expect) == -180


def test_negative_hands_add_up_to_minus_1300_and_the_game_to_zero():
    """RULES.md: 13x20 + 13x20 + 4x50 + 8x30 + 160 + 2x90 = 1300 lost; four positive hands of 325
    give it back; the grand total is 0, and the end of the game says so."""
    for seed in range(4):
        st = G.new(NAMES, seed=seed)
        play_out(st, random.Random(seed))
        assert [sum(r) for r in st.sheet] == [-260, -260, -200, -240, -160, -180, 325, 325, 325, 325]
        assert sum(sum(r) for r in st.sheet[:6]) == -1300
        assert sum(sum(r) for r in st.sheet[6:]) == 1300
        assert sum(st.scores) == 0
        res = G.result(st)
        assert res.details[-1] == (
            "Zero-sum check: negative hands -1300, positive hands +1300; the four totals add up to 0, "
            "so the score sheet balances."
        )
        assert G.observe(st, 0).prompt.startswith("Zero-sum check: negative hands -1300")
        assert G.observe(st, None).extra["zero_sum"] == 0


# -- house rules (options) ----------------------------------------------------------------------


def test_no_heart_lead_option():
    cards = [["2h", "as"], [], [], []]
    st = new(cards, first_hand=2, no_heart_lead=True)
    assert why(st, 0, "play 2h") == "In hand 2 you may not lead a heart while you hold another suit."
    assert "play 2h" not in {a.text for a in G.observe(st, 0).legal}
    st = new(cards, first_hand=2)  # the seed: free
    assert "play 2h" in {a.text for a in G.observe(st, 0).legal}
    st = new([["2h", "as"], [], [], []], first_hand=3, no_heart_lead=True)  # only hands 2 and 5
    assert "play 2h" in {a.text for a in G.observe(st, 0).legal}
    only_hearts = [[r + "h" for r in RANKS], [], [], []]
    st = new(only_hearts, first_hand=5, no_heart_lead=True)
    assert len(G.observe(st, 0).legal) == 13


@pytest.mark.parametrize("rule", ["free", "discard", "first_chance"])
def test_king_of_hearts_options(rule):
    # Bob holds the King of Hearts, one heart more, and no clubs
    bob = ["kh", "2h"] + [r + "d" for r in RANKS[:11]]
    st = new([["2c", "3h"], bob, [], []], first_hand=5, king_of_hearts=rule)
    act(st, "play 2c")  # Bob cannot follow
    legal = [a.text for a in G.observe(st, 1).legal]
    if rule == "free":
        assert len(legal) == 13
    else:
        assert legal == ["play kh"]
        assert why(st, 1, "play 2d") == "You cannot follow suit: you must play the King of Hearts now."
    st = new([["3h", "2c"], bob, [], []], first_hand=5, king_of_hearts=rule)
    act(st, "play 3h")  # hearts led
    legal = [a.text for a in G.observe(st, 1).legal]
    if rule == "first_chance":
        assert legal == ["play kh"]
        assert why(st, 1, "play 2h") == "Hearts were led: you must play the King of Hearts now."
    else:
        assert sorted(legal) == ["play 2h", "play kh"]


def test_first_chance_king_of_hearts_holder_still_follows_another_suit():
    # hand 5 only (first_hand=last_hand=5): Ann leads the 2 of Spades, and Bob, who holds the
    # King of Hearts and four spades, must follow with a spade: "first chance" forces the King
    # when hearts are led or the holder cannot follow, never on one who can follow another suit
    bob = ["kh", "as", "ks", "qs", "js"]
    st = new([["2s", "3c"], bob, [], []], first_hand=5, last_hand=5, king_of_hearts="first_chance")
    act(st, "play 2s")
    assert G.to_act(st) == (1,)
    assert sorted(a.text for a in G.observe(st, 1).legal) == ["play as", "play js", "play ks", "play qs"]
    assert why(st, 1, "play kh") == "You must follow suit: you hold spades."
    act(st, "play js")
    assert "kh" in hand(st, 1)


def test_stop_early_option():
    queens = [["qs"], ["qh"], ["qd"], ["qc"]]
    st = new(queens, first_hand=3, last_hand=3, stop_early=True)
    ev = play_trick(st, ["qs", "qh", "qd", "qc"])
    assert ev[-4].text == "Every card that costs points is taken: hand 3 stops early."
    assert G.is_over(st) and st.sheet == [[-200, 0, 0, 0]]
    st = new(queens, first_hand=3, last_hand=4)
    play_trick(st, ["qs", "qh", "qd", "qc"])
    assert G.observe(st, None).phase == "play"  # the seed plays all 13 tricks
    st = new(queens, first_hand=1, last_hand=1, stop_early=True)
    play_trick(st, ["qs", "qh", "qd", "qc"])
    assert not G.is_over(st)  # hand 1 never stops early


# -- the table always says which hand and what it costs ----------------------------------------


def test_every_prompt_names_the_hand_and_its_cost():
    st = G.new(NAMES, seed=21)
    rng = random.Random(21)
    phases = set()
    while not G.is_over(st):
        s = G.to_act(st)[0]
        obs = G.observe(st, s)
        phases.add(obs.phase)
        h = obs.extra["hand"]
        if obs.phase == "scored":
            assert obs.prompt.startswith(f"Hand {h} is over; next: hand {h + 1}, ")
        else:
            assert obs.prompt.startswith(f"Hand {h} of 10: {obs.extra['hand_name']} (")
            assert obs.status["Hand"] == f"{h} of 10: {obs.extra['hand_name']}"
        if obs.phase == "up or down":  # the dealer's prompt gives both payments; the status need not
            assert "Up (+25 for each trick) or Down (325, less 75 for each trick)" in obs.prompt
            assert obs.status.get("Pays") is None
            assert G.observe(st, (s + 1) % 4).status["Pays"]  # the others are told in the status
        elif obs.phase not in ("find dealer", "deal"):
            assert obs.status["Costs" if h <= 6 else "Pays"]
        other = G.observe(st, (s + 1) % 4)
        assert other.prompt.startswith(f"Hand {h}")
        G.apply(st, s, rng.choice(G.legal_actions(st, s)), events=False)
    assert {"find dealer", "deal", "play", "scored", "choose", "up or down"} <= phases


def test_tie_at_the_end_is_a_shared_win():
    for seed in range(200):
        st = G.new(NAMES, seed=seed, first_dealer=0, last_hand=1)
        play_out(st, random.Random(seed))
        top = max(st.scores)
        if st.scores.count(top) >= 2:
            res = G.result(st)
            tied = [s for s in range(4) if st.scores[s] == top]
            assert [res.placings[s] for s in tied] == [1] * len(tied)
            assert "share the win" in res.summary
            return
    pytest.fail("no tie found")


# -- a small independent oracle over random games ---------------------------------------------


def oracle_hand(hand_no: int, tricks: list[tuple[int, list[tuple[int, str]]]], dealer: int,
                trump: str | None, bidder: int, bid: int, down: bool) -> list[int]:
    """Score one hand from its tricks [(leader, [(seat, slug)...])], winners recomputed here."""
    pts = [0] * 4
    count = [0] * 4
    for k, (_, plays) in enumerate(tricks):
        led = suit(plays[0][1])
        trumps = [p for p in plays if trump and suit(p[1]) == trump]
        pool = trumps or [p for p in plays if suit(p[1]) == led]
        w = max(pool, key=lambda p: rank(p[1]))[0]
        count[w] += 1
        cards = [c for _, c in plays]
        if hand_no == 1:
            pts[w] -= 20
        elif hand_no == 2:
            pts[w] -= 20 * sum(suit(c) == "h" for c in cards)
        elif hand_no == 3:
            pts[w] -= 50 * sum(c[:-1] == "q" for c in cards)
        elif hand_no == 4:
            pts[w] -= 30 * sum(c[:-1] in ("k", "j") for c in cards)
        elif hand_no == 5:
            pts[w] -= 160 * ("kh" in cards)
        elif hand_no == 6 and k >= 11:
            pts[w] -= 90
    if hand_no <= 6:
        return pts
    if bidder >= 0:
        count[bidder] -= bid
        count[dealer] += bid
    return [325 - 75 * t for t in count] if down else [25 * t for t in count]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_match_the_oracle(seed):
    opts = {} if seed % 2 else {"stop_early": True, "no_heart_lead": True, "king_of_hearts": "first_chance"}
    st = G.new(NAMES, seed=seed, **opts)
    rng = random.Random(seed * 7)
    hand_no, dealer, trump, bidder, bid, down = 1, 0, None, -1, 0, False
    tricks: list = []
    cur: list = []
    rows = []
    while not G.is_over(st):
        s = G.to_act(st)[0]
        legal = G.legal_actions(st, s)
        a = str(rng.choice(legal))
        obs = G.observe(st, None)
        if obs.phase in ("deal",):
            dealer = s
        if a == "deal" and obs.phase == "scored":
            hand_no += 1
            dealer = s
        verb = a.split()
        if verb[0] == "deal":
            trump, bidder, bid, down, tricks, cur = None, -1, 0, False, [], []
        elif verb[0] == "trump":
            trump = verb[1][0]
        elif verb[0] == "bid":
            bidder, bid = s, int(verb[1])
        elif verb[0] == "down":
            down = True
        elif verb[0] == "play":
            cur.append((s, verb[1]))
            if len(cur) == 4:
                tricks.append((cur[0][0], cur))
                cur = []
        n_rows = len(st.sheet)
        G.apply(st, s, a, events=False)
        if len(st.sheet) > n_rows:
            assert tricks[0][0] == (dealer + 1) % 4, "the dealer's left leads"
            rows.append(oracle_hand(hand_no, tricks, dealer, trump, bidder, bid, down))
            assert st.sheet[-1] == rows[-1], f"hand {hand_no}"
    assert len(rows) == 10 and sum(st.scores) == 0
