"""Schnapsen rules: RULES.md section 13, its test cases, our readings, and random full games
checked against a small independent oracle."""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.cards.french import FRENCH
from decktable.engine.errors import IllegalMove, MalformedAction
from decktable.engine.game import Vis
from decktable.engine.rng import Rng

G = decktable.get_game("schnapsen")
NAMES = ["Ann", "Bob"]
ANN, BOB = 0, 1
VALUE = {"a": 11, "10": 10, "k": 4, "q": 3, "j": 2}


def value(slug: str) -> int:
    return VALUE[slug[:-1]]


def deck(ann: list[str], bob: list[str], up: str, stock: list[str]) -> list[str]:
    """A stacked deck by the help's deal order (Bob deals, Ann leads): three to Ann, three to
    Bob, the up card, two to Ann, two to Bob, then the stock from the top."""
    return ann[:3] + bob[:3] + [up] + ann[3:] + bob[3:] + stock


def new(d: list[str], **opts):
    return G.new(NAMES, seed=5, deck=d, **opts)


def run(st, *moves: str) -> list:
    events = []
    for m in moves:
        seat = G.to_act(st)[0]
        events += G.apply(st, seat, m)
    return events


def why(st, seat: int, text: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before, "a refused action changed the state"
    return err.value.why


def legal(st, seat: int | None = None) -> list[str]:
    seat = G.to_act(st)[0] if seat is None else seat
    return [str(a) for a in G.legal_actions(st, seat)]


def cards(st, zone: str, seat: int | None = None) -> list[str]:
    z = G.observe(st, seat).zone(zone)
    assert z is not None
    return sorted(z.cards)


# -- the pack ------------------------------------------------------------------------------------


def test_card_points_add_up_to_120() -> None:
    from decktable.rulesets.schnapsen.rules import FULL, PTS

    assert len(FULL) == 20
    for suit in "shdc":
        assert sum(PTS[FRENCH.find(r + suit).id] for r in ("a", "10", "k", "q", "j")) == 30  # type: ignore[union-attr]
    assert sum(PTS[c] for c in FULL) == 120


# -- deal and free play ----------------------------------------------------------------------------

# Deck S (clubs trump, the Jack of clubs turned up): used by the 33-point claim test.
S_ANN = ["ah", "ad", "10s", "ks", "ac"]
S_BOB = ["10h", "10d", "as", "10c", "js"]
S_STOCK = ["kh", "qh", "jd", "qd", "kd", "jh", "qs", "kc", "qc"]


def test_deal_trump_stock_and_views() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    assert G.to_act(st) == (ANN,)
    assert cards(st, "hand0", ANN) == sorted(S_ANN)
    assert cards(st, "upcard", BOB) == ["jc"]
    obs = G.observe(st, BOB)
    assert obs.zone("hand0").cards == [] and obs.zone("hand0").count == 5
    assert obs.zone("stock").visible is False and obs.zone("stock").count == 9
    assert obs.status["Trump"] == "Clubs" and obs.status["Stock"].startswith("9 face down")
    assert "free" in obs.status["Play"]
    # no running points unless training: only tricks won
    assert all("Points" not in s.facts for s in obs.seats)
    assert "points" not in obs.extra


def test_no_duty_to_follow_while_the_stock_is_open_and_draws() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    run(st, "play ah")
    assert legal(st) == ["play " + c for c in ("as", "js", "10h", "10d", "10c")]  # anything goes
    run(st, "play js")  # Bob throws a spade on a heart lead: Ann wins
    assert G.to_act(st) == (ANN,)
    assert cards(st, "won0") == ["ah", "js"]
    # the winner draws the top card, the loser the next
    assert "kh" in cards(st, "hand0", ANN) and "qh" in cards(st, "hand1", BOB)
    assert G.observe(st, BOB).zone("stock").count == 7
    # a trump wins over a higher card of the led suit
    run(st, "play ad", "play 10c")
    assert G.to_act(st) == (BOB,) and cards(st, "won1") == ["10c", "ad"]


def test_claim_against_33_scores_1() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK), training=True)
    run(st, "play ah", "play 10h")  # Ann 21
    run(st, "play ad", "play 10d")  # Ann 42
    run(st, "play 10s", "play as")  # Bob 21
    run(st, "play 10c", "play jd")  # Bob leads the trump Ten, Ann throws the Jack: Bob 33
    assert G.observe(st, ANN).extra["points"] == [42, 33]
    run(st, "play js", "play ks")  # Ann wins: 48
    assert G.to_act(st) == (ANN,)
    assert "marry clubs" in legal(st)  # Ann drew the King and then the Queen of trumps
    ev = run(st, "marry clubs")
    assert any("King of Clubs" in e.text and "Queen of Clubs" in e.text for e in ev)
    assert G.observe(st, ANN).extra["points"] == [88, 33]
    run(st, "claim")
    assert st.sheet[-1] == [1, 0]
    assert st.scores == [1, 0]


# Deck T: clubs trump (King turned up); Bob ends at 32 points.
T_ANN = ["qs", "ah", "ad", "10s", "kh"]
T_BOB = ["10h", "kd", "10c", "10d", "qd"]
T_STOCK = ["ac", "qh", "js", "jc", "jh", "ks", "as", "jd", "qc"]


def test_claim_against_32_scores_2_schneider() -> None:
    st = new(deck(T_ANN, T_BOB, "kc", T_STOCK), training=True)
    run(st, "play ah", "play 10h")  # Ann 21
    run(st, "play ad", "play kd")  # Ann 36
    run(st, "play 10s", "play 10c")  # Bob 20
    run(st, "play 10d", "play js")  # Bob 32
    run(st, "play qd", "play ac")  # Ann trumps: 50
    assert G.observe(st, BOB).extra["points"] == [50, 32]
    run(st, "marry spades", "claim")  # 70 against 32
    assert st.sheet[-1] == [2, 0]


def test_claim_against_no_trick_scores_3_schwarz() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    run(st, "play ah", "play 10h", "play ad", "play 10d")  # Ann 42, Bob nothing
    run(st, "play ac", "play qd", "play 10s", "play js")  # Ann 68
    run(st, "claim")
    assert st.sheet[-1] == [3, 0]


# Deck W: clubs trump (King up); Ann claims with exactly 65.
W_ANN = ["qs", "10d", "ah", "10s", "kh"]
W_BOB = ["ks", "jd", "10h", "jh", "as"]
W_STOCK = ["ac", "qh", "qc", "10c", "jc", "js", "kd", "ad", "qd"]


def test_wrong_claim_with_65_gives_the_opponent_2() -> None:
    st = new(deck(W_ANN, W_BOB, "kc", W_STOCK), training=True)
    run(st, "play qs", "play ks")  # Bob 7
    run(st, "play jd", "play 10d")  # Ann 12
    run(st, "play ah", "play 10h")  # Ann 33
    run(st, "play 10s", "play jh")  # Ann 45
    run(st, "marry hearts")  # 65
    assert G.observe(st, ANN).extra["points"] == [65, 7]
    run(st, "claim")
    assert st.sheet[-1] == [0, 2]


def test_wrong_claim_against_no_trick_gives_3() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK), training=True)
    run(st, "play ah", "play 10h")  # Ann 21, Bob no trick
    run(st, "claim")
    assert st.sheet[-1] == [0, 3]


M_DECK = deck(["ks", "qs", "ah", "ad", "jd"], ["10h", "10d", "as", "10c", "js"], "jc",
              ["10s", "kh", "qh", "jh", "kd", "qd", "ac", "kc", "qc"])


def test_marriage_counts_only_with_a_trick_and_no_claim_before_a_trick() -> None:
    # Ann holds K and Q of spades from the deal and shows them before the first trick
    st = new(M_DECK, training=True)
    run(st, "marry spades")
    assert "claim" not in legal(st)  # no trick yet: a claim is not offered
    assert "no trick" in why(st, ANN, "claim") or "before you have taken a trick" in why(st, ANN, "claim")
    assert G.observe(st, ANN).extra["points"] == [0, 0]
    assert why(st, ANN, "play ah") == "You showed the marriage in Spades: lead its King or Queen."
    run(st, "play qs", "play as")  # Bob wins the trick
    assert G.observe(st, ANN).extra["points"] == [0, 14]
    run(st, "play js", "play ks")  # Ann's first trick: now the 20 counts
    assert G.observe(st, ANN).extra["points"] == [26, 14]


def test_shown_marriage_card_is_public_and_kept_by_determinize() -> None:
    st = new(M_DECK)
    run(st, "marry spades", "play qs")
    # the King stays in Ann's hand, but both have seen it: it is in her public "shown" zone
    bob = G.observe(st, BOB)
    assert bob.zone("shown0").cards == ["ks"] and bob.zone("shown0").visible
    assert "ks" not in bob.zone("hand0").cards and bob.zone("hand0").count == 3
    for k in range(20):
        det = G.determinize(st, BOB, Rng(k))
        assert det.shown[0] == [FRENCH.find("ks").id]  # type: ignore[attr-defined,union-attr]
        assert FRENCH.find("ks").id not in det.hands[0]  # type: ignore[attr-defined,union-attr]
    assert "Spades 20" == bob.seats[ANN].facts["Marriages"]


def test_claim_after_marriage_option() -> None:
    st = new(M_DECK, claim_after_marriage=False)
    run(st, "play ah", "play 10h")
    assert "claim" in legal(st)  # right after winning a trick
    run(st, "marry spades")
    assert legal(st) == ["play ks", "play qs"]
    assert "after winning a trick" in why(st, ANN, "claim")
    st = new(M_DECK)
    run(st, "play ah", "play 10h", "marry spades")
    assert legal(st) == ["play ks", "play qs", "claim"]


# -- trump Jack exchange -------------------------------------------------------------------------------

X_ANN = ["jc", "ah", "ad", "10s", "ks"]


def test_trump_jack_exchange() -> None:
    st = new(deck(X_ANN, S_BOB, "qc", ["kh", "qh", "jd", "qd", "kd", "jh", "qs", "kc", "ac"]))
    assert "exchange" in legal(st)  # the non-dealer, on lead before the first trick
    assert G.label(st, G.parse("exchange")) == "Exchange the Jack of Clubs for the Queen of Clubs"
    ev = run(st, "exchange")
    assert "Ann exchanges the Jack of Clubs for the up card, the Queen of Clubs." in [e.text for e in ev]
    assert cards(st, "upcard") == ["jc"]
    assert cards(st, "shown0") == ["qc"]  # Bob knows Ann holds the Queen
    assert "exchange" not in legal(st)
    assert why(st, ANN, "exchange").startswith("You do not hold the Jack of trumps")


def test_exchange_only_after_a_trick_with_the_literal_option() -> None:
    st = new(deck(X_ANN, S_BOB, "qc", ["kh", "qh", "jd", "qd", "kd", "jh", "qs", "kc", "ac"]),
             exchange_on_first_lead=False)
    assert "exchange" not in legal(st)
    assert "only after winning a trick" in why(st, ANN, "exchange")
    run(st, "play ah", "play js")
    assert "exchange" in legal(st)


def test_no_exchange_after_closing() -> None:
    st = new(deck(X_ANN, S_BOB, "qc", ["kh", "qh", "jd", "qd", "kd", "jh", "qs", "kc", "ac"]))
    run(st, "close")
    assert "exchange" not in legal(st) and "close" not in legal(st)
    assert why(st, ANN, "exchange") == "The stock is closed: the trump Jack can no longer be exchanged."


# -- closing and strict play ------------------------------------------------------------------------

C_ANN = ["jh", "qs", "ad", "10d", "as"]
C_BOB = ["ah", "kd", "jd", "10c", "10s"]
C_STOCK = ["ks", "ac", "kh", "kc", "10h", "qc", "js", "qh", "qd"]


def closed_game(**opts):
    st = new(deck(C_ANN, C_BOB, "jc", C_STOCK), training=True, **opts)
    run(st, "play jh", "play ah")  # Bob 13
    run(st, "play kd", "play qs")  # Bob 20 (Ann throws a spade)
    run(st, "play jd", "play ad")  # Ann 13
    return st


def test_closed_stock_scores_from_points_before_the_close() -> None:
    st = closed_game()
    assert G.to_act(st) == (ANN,) and "close" in legal(st)
    run(st, "close")
    obs = G.observe(st, BOB)
    assert obs.status["Stock"].endswith("closed by Ann") and "strict" in obs.status["Play"]
    assert obs.zone("upcard").label == "Trump card (stock closed)"
    run(st, "play 10d")
    # Bob has no diamond: he must trump
    assert legal(st) == ["play 10c", "play qc"]
    assert why(st, BOB, "play ks") == "You cannot follow diamonds, so you must play a trump: you hold one."
    run(st, "play 10c")  # Bob takes 20 more after the close
    assert cards(st, "late1") == ["10c", "10d"] and cards(st, "won1") == ["ah", "jh", "kd", "qs"]
    run(st, "play kh")
    assert legal(st) == ["play 10h"]  # follow and beat
    run(st, "play 10h", "play as", "play 10s", "play ac", "play qc", "play kc", "play ks")
    assert G.phase(st) == "last" and G.to_act(st) == (ANN,)
    assert G.observe(st, ANN).extra["points"] == [70, 40]
    assert G.observe(st, ANN).seats[BOB].facts["Before the close"] == "20"
    run(st, "claim")
    assert st.sheet[-1] == [2, 0]  # 20 before the close: schneider, though Bob has 40 in all


def test_closer_who_fails_gives_2() -> None:
    st = closed_game()
    run(st, "close", "play 10d", "play 10c", "play kh", "play 10h", "play as", "play 10s", "play ac",
        "play qc", "play kc", "play ks")
    run(st, "pass")  # Ann has 70 but does not claim: the close fails
    assert st.sheet[-1] == [0, 2]


def test_close_before_the_first_trick_and_three_when_no_trick_at_the_close() -> None:
    st = new(deck(C_ANN, C_BOB, "jc", C_STOCK))
    run(st, "close")  # allowed before the first lead (gap 4); Bob has no trick now
    run(st, "play jh", "play ah")  # Bob must beat: he wins
    # Bob goes out first? He cannot reach 66 here; play on to the end
    while G.phase(st) == "play":
        run(st, legal(st)[0])
    if G.phase(st) == "last":
        run(st, "pass")
    assert st.sheet[-1] == [0, 3]  # the close failed; Bob had no trick when Ann closed


def test_strict_play_after_the_stock_is_drawn_out() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    run(st, "play ah", "play js", "play ad", "play 10d", "play 10s", "play as", "play 10c", "play jd")
    ev = run(st, "play 10h", "play ks")  # trick 5: the last stock card and the up card are drawn
    assert any("takes the up card, the Jack of Clubs" in e.text for e in ev)
    assert cards(st, "shown0") == ["jc"] and cards(st, "upcard") == []
    obs = G.observe(st, BOB)
    assert "strict" in obs.status["Play"] and obs.status["Stock"] == "used up"
    assert "close" not in legal(st) and "exchange" not in legal(st)


def test_lead_prompt_offers_only_what_is_possible() -> None:
    """QA: with the stock used up the prompt no longer offers the exchange or the close."""
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    first = G.observe(st, ANN).prompt
    assert "exchange the trump Jack" not in first  # Ann holds no Jack of Clubs (it is the up card)
    assert "close the stock" in first
    run(st, "play ah", "play js", "play ad", "play 10d", "play 10s", "play as", "play 10c", "play jd")
    run(st, "play 10h", "play ks")  # the stock is used up
    seat = G.to_act(st)[0]
    prompt = G.observe(st, seat).prompt
    assert "exchange" not in prompt and "close" not in prompt, prompt
    verbs = {a.split()[0] for a in legal(st)}
    assert ("claim 66" in prompt) == ("claim" in verbs)
    assert ("marriage" in prompt) == ("marry" in verbs)


def test_shown_cards_count_as_cards_in_the_hand() -> None:
    """QA: after the exchange the Queen is shown but still in Ann's hand: her "hand" zones hold
    five cards (the players panel and the hand count sum every hand zone of a seat)."""
    st = new(deck(X_ANN, S_BOB, "qc", ["kh", "qh", "jd", "qd", "kd", "jh", "qs", "kc", "ac"]))
    run(st, "exchange")
    for viewer in (ANN, BOB, None):
        obs = G.observe(st, viewer)
        hands = [z for z in obs.zones if z.kind == "hand" and z.owner == ANN]
        assert sum(z.count for z in hands) == 5
    assert G.observe(st, BOB).zone("shown0").cards == ["qc"]
    assert G.observe(st, ANN).card_marks["qc"] == "shown trump"


def test_refusals_in_words() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    assert why(st, ANN, "play 10h") == "You do not hold the 10 of Hearts."
    assert why(st, ANN, "play 9h") == "9H is not in the Schnapsen pack (A, 10, K, Q, J only)."
    assert why(st, ANN, "marry spades") == "A marriage needs the King and the Queen of Spades in your hand."
    assert why(st, ANN, "pass") == "There is nothing to pass: play a card."
    run(st, "play ah")
    assert why(st, BOB, "close").startswith("Only the player about to lead")
    with pytest.raises(MalformedAction):
        G.parse("claim 66")
    with pytest.raises(MalformedAction):
        G.parse("marry hearts kh")


def test_labels_and_notation() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    labels = {str(a): G.label(st, a) for a in G.legal_actions(st, ANN)}
    assert labels["play ah"] == "Lead the Ace of Hearts"
    assert labels["close"] == "Close the stock"
    for text in ("play 10h", "marry hearts", "exchange", "close", "claim", "pass", "deal"):
        assert str(G.parse(text)) == text
    run(st, "play ah", "play 10h")
    assert G.label(st, G.parse("claim")) == "Claim 66"
    assert G.label(st, G.parse("marry hearts")) == "Marry in Hearts: show King and Queen (20)"
    assert G.label(st, G.parse("marry clubs")) == "Marry in Clubs: show King and Queen (40)"


def test_previous_trick_shows_only_until_the_next_card() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    run(st, "play ah", "play js")
    tv = G.observe(st, BOB).trick
    assert [p.card for p in tv.last] == ["ah", "js"] and tv.last_winner == ANN
    run(st, "play ad")
    assert G.observe(st, BOB).trick.last == []


# -- hands and the game -----------------------------------------------------------------------------


def test_deal_alternates_and_game_to_target() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK), target=2)
    run(st, "play ah", "play 10h", "claim")  # wrong: Bob scores 3 (no trick) and wins at 2
    assert st.over and G.result(st).placings == [2, 1]
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    assert st.dealer == BOB
    run(st, "play ah", "play 10h", "claim")
    assert G.phase(st) == "scored" and G.to_act(st) == (ANN,)  # Ann, the non-dealer, deals next
    assert "Ann claimed 66 with only 21: Bob scores 3." in G.observe(st, BOB).prompt
    run(st, "deal")
    assert st.dealer == ANN and G.to_act(st) == (BOB,) and st.hand_no == 2


def test_last_trick_scores_1_without_close_or_claim() -> None:
    """Random hands with no claim and no close: the winner of the tenth trick scores 1."""
    for seed in range(40):
        st = G.new(NAMES, seed=seed)
        rng = random.Random(seed)
        while G.phase(st) == "play":
            seat = G.to_act(st)[0]
            options = [a for a in legal(st, seat) if a not in ("claim", "close")]
            run(st, rng.choice(options))
        assert G.phase(st) == "last"
        winner = G.to_act(st)[0]
        assert st.last_winner == winner
        run(st, "pass")
        assert st.sheet[-1][winner] == 1 and st.sheet[-1][1 - winner] == 0


def _oracle_follow(hand: list[str], lead: str, trump: str) -> set[str]:
    """Strict play from first principles: same suit higher, else same suit, else trump, else all."""
    same = [c for c in hand if c[-1] == lead[-1]]
    if same:
        higher = [c for c in same if value(c) > value(lead)]
        return set(higher or same)
    trumps = [c for c in hand if c[-1] == trump[0]]
    return set(trumps or hand)


def test_random_games_follow_rules_and_points_oracle() -> None:
    for seed in range(60):
        st = G.new(NAMES, seed=seed)
        rng = random.Random(seed)
        while not G.is_over(st):
            seat = G.to_act(st)[0]
            obs = G.observe(st, seat)
            if obs.phase == "play" and obs.trick.plays and obs.extra["strict"]:
                hand = obs.zone(f"hand{seat}").cards + obs.zone(f"shown{seat}").cards
                want = _oracle_follow(hand, obs.trick.plays[0].card, obs.extra["trump"])
                assert {a.text.split()[1] for a in obs.legal} == want
            acts = G.legal_actions(st, seat)
            a = rng.choice(acts)
            if str(a) == "claim":
                # recompute the claimer's points from the public zones and the marriages shown
                from decktable.rulesets.schnapsen.rules import GAME

                pts = sum(value(c) for z in ("won", "late") for c in obs.zone(f"{z}{seat}").cards)
                if st.tricks[seat]:
                    pts += sum(40 if m == st.trump else 20 for m in st.marriages[seat])
                assert GAME.points(st, seat) == pts
            G.apply(st, seat, a, events=False)
        assert max(st.scores) >= 7
        assert sum(sum(r) for r in st.sheet) == sum(st.scores)
        assert all(sorted(r)[0] == 0 and 1 <= max(r) <= 3 for r in st.sheet)


def test_zones_hide_hands_and_stock() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    vis = {z.name: z.vis for z in G.zones(st)}
    assert vis["hand0"] is Vis.OWNER and vis["stock"] is Vis.NOBODY and vis["shown0"] is Vis.PUBLIC


def test_training_option_shows_points() -> None:
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK), training=True)
    run(st, "play ah", "play 10h")
    obs = G.observe(st, BOB)
    assert obs.seats[ANN].facts["Points"] == "21" and obs.seats[BOB].facts["Points"] == "0"
    st = new(deck(S_ANN, S_BOB, "jc", S_STOCK))
    run(st, "play ah", "play 10h")
    obs = G.observe(st, BOB)
    assert obs.seats[ANN].facts == {"Tricks": "1"} and "21" not in str(obs.status)
