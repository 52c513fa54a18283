"""Getaway rules: RULES.md section 18, its test cases, our readings, and random games checked
against a small independent oracle. Everything goes through the public API from stacked decks."""

from __future__ import annotations

import random

import pytest

import decktable
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn

G = decktable.get_game("getaway")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}


def suit(c: str) -> str:
    return c[-1]


def value(c: str) -> int:
    return VALUE[c[:-1]]


def stack(hands: list[list[str]]) -> list[str]:
    """A deck dealing exactly `hands` (seat 0 first, one card at a time, the last seat dealing)."""
    n = len(hands)
    deck = [hands[k % n][k // n] for k in range(52)]
    assert sorted(deck) == sorted(r + s for s in "shdc" for r in RANKS)
    return deck


def hand(st, seat: int) -> list[str]:
    return G.observe(st, seat).zone(f"hand{seat}").cards


def counts(st) -> list[int]:
    obs = G.observe(st, None)
    return [obs.zone(f"hand{s}").count for s in range(st.players)]


def why(st, seat: int, text: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    assert st.snapshot() == before, "a refused action changed the state"
    return err.value.why


def act(st, text: str) -> list[str]:
    return [e.text for e in G.apply(st, G.to_act(st)[0], text)]


def first_legal(st) -> list[str]:
    seat = G.to_act(st)[0]
    return act(st, str(G.legal_actions(st, seat)[0]))


# -- four players: the A♠ trick and the seed's stopped trick -----------------------------------

SPADES = [r + "s" for r in RANKS]
HEARTS = [r + "h" for r in RANKS]
DIAMONDS = [r + "d" for r in RANKS]
CLUBS = [r + "c" for r in RANKS]
FOUR = [
    ["as"] + [c for c in HEARTS if c != "kh"],  # Ann: the Ace of Spades and twelve hearts
    ["kh"] + [c for c in SPADES if c != "as"],  # Bob: the King of Hearts and twelve spades
    CLUBS,  # Cy: no spades, no hearts
    DIAMONDS,  # Di
]
NAMES4 = ["Ann", "Bob", "Cy", "Di"]


def four():
    return G.new(NAMES4, seed=3, deck=stack(FOUR))


def test_deal_all_cards_as_evenly_as_possible():
    for n in range(3, 9):
        c = counts(G.new(n, seed=n))
        assert sum(c) == 52 and max(c) - min(c) <= 1
        big = 52 % n
        st = G.new(n, seed=1, deck=[r + s for s in "shdc" for r in RANKS])
        # with a stacked deck the last seat deals: the first 52 mod n seats get one card more
        assert counts(st) == [52 // n + (1 if s < big else 0) for s in range(n)]


def test_the_ace_of_spades_holder_leads_it_and_the_first_trick_never_stops():
    st = four()
    assert G.to_act(st) == (0,)
    assert [str(a) for a in G.legal_actions(st, 0)] == ["play as"]
    assert why(st, 0, "play 2h") == "The first trick must be led with the Ace of Spades."
    assert why(st, 0, "take") == "The first trick comes first: lead the Ace of Spades."
    assert G.observe(st, 0).prompt == "You hold the Ace of Spades: lead it to open the hand."
    assert G.observe(st, 1).prompt == "Waiting for Ann to lead."
    act(st, "play as")
    act(st, "play 2s")
    ev = act(st, "play 2c")  # Cy has no spades: any card, and the first trick goes on
    assert G.to_act(st) == (3,) and G.phase(st) == "play"
    assert not any("could not follow" in t for t in ev)
    ev = act(st, "play 2d")
    assert "Everyone followed: Ann's Ace of Spades is highest and the trick is discarded." in ev
    obs = G.observe(st, None)
    assert sorted(obs.zone("discard").cards) == sorted(["as", "2s", "2c", "2d"])
    assert G.to_act(st) == (0,)  # the Ace's holder always wins it and leads the second trick
    assert counts(st) == [12, 12, 12, 12]


def test_seed_example_nine_king_then_a_club_stops_the_trick():
    st = four()
    for c in ("as", "2s", "3c", "2d"):
        act(st, f"play {c}")
    act(st, "play 9h")
    act(st, "play kh")
    assert why(st, 2, "play 9h") == "You do not hold the 9 of Hearts."
    ev = act(st, "play 2c")
    assert ev[-1] == "Cy could not follow — Bob picks up 3 cards."
    # the trick stays on the table until Bob picks it up; Di does not play to it
    assert G.phase(st) == "pickup" and G.to_act(st) == (1,)
    assert [str(a) for a in G.legal_actions(st, 1)] == ["pickup"]
    assert G.legal_actions(st, 3) == []
    assert why(st, 1, "play 3s") == "The trick stopped: pick it up first."
    assert G.label(st, G.parse("pickup")) == "Pick up the trick (3 cards)"
    ev = act(st, "pickup")
    assert ev[0] == "Bob picks up the trick (3 cards)."
    assert sorted(["9h", "kh", "2c"]) == sorted(set(hand(st, 1)) & {"9h", "kh", "2c"})
    assert counts(st) == [11, 14, 11, 12]
    assert G.to_act(st) == (1,) and G.phase(st) == "play"  # the picker leads next
    assert G.observe(st, None).trick.plays == []


def test_following_suit_is_required():
    st = four()
    act(st, "play as")
    assert why(st, 1, "play kh") == "You must follow suit: you hold spades."


def test_take_the_hand_of_the_player_on_the_left():
    st = four()
    for c in ("as", "2s", "3c", "2d"):
        act(st, f"play {c}")
    legal = [str(a) for a in G.legal_actions(st, 0)]
    assert "take" in legal
    assert G.label(st, G.parse("take")) == "Take Bob's hand (12 cards; Bob gets away)"
    assert "take Bob's hand (12 cards)" in G.observe(st, 0).prompt
    ev = act(st, "take")
    assert ev == ["Ann takes Bob's hand (12 cards); Bob gets away."]
    assert counts(st) == [24, 0, 12, 12]
    assert G.observe(st, None).seats[1].facts["Status"] == "away (1st)"
    assert G.to_act(st) == (0,)  # the taker then leads
    assert "kh" in hand(st, 0)
    act(st, "play kh")
    with pytest.raises(NotYourTurn):
        G.apply(st, 3, "take")
    assert why(st, 2, "take") == "You may take a hand only just before you lead."
    assert G.to_act(st) == (2,)  # Bob is away: Cy follows Ann


# -- three players scripted to the two-player endgame -------------------------------------------

# Ann (seat 0) holds the Ace of Spades and low cards; Bob (1) is taken at once; Cy (2) holds high
# cards and the 5 of Diamonds, and leads them all so that the 5 is his last card.
ANN3 = ["as"] + [r + "s" for r in RANKS[:8]] + [r + "h" for r in RANKS[:7]] + ["3d", "9d"]
CY3 = [r + "h" for r in RANKS[7:]] + [r + "c" for r in RANKS[7:]] + ["ks", "qs", "js", "10s", "5d"]
BOB3 = [c for c in [r + s for s in "shdc" for r in RANKS] if c not in ANN3 and c not in CY3]
NAMES3 = ["Ann", "Bob", "Cy"]


def to_endgame(seed: int = 1, **opts):
    """Play the script up to Cy leading his last card, the 5 of Diamonds; Ann to answer."""
    st = G.new(NAMES3, seed=seed, deck=stack([ANN3, BOB3, CY3]), **opts)
    assert counts(st) == [18, 17, 17]
    act(st, "play as")
    act(st, "play 7d")  # Bob: no spades, any card
    act(st, "play 10s")
    assert G.to_act(st) == (0,)
    act(st, "take")
    assert G.legal_actions(st, 0)[-1].verb == "play"  # two players left: no more taking
    assert why(st, 0, "take") == "With only two players left nobody may take a hand."
    act(st, "play 2h")
    act(st, "play 9h")  # Cy wins and leads
    while len(hand(st, 2)) > 1:
        assert G.to_act(st) == (2,)
        top = max(hand(st, 2), key=value)
        act(st, f"play {top}")
        low = min((c for c in hand(st, 0) if suit(c) == suit(top)), key=value)
        act(st, f"play {low}")
    assert hand(st, 2) == ["5d"] and G.to_act(st) == (2,)
    act(st, "play 5d")
    assert G.to_act(st) == (0,)
    assert {"3d", "9d"} <= set(hand(st, 0))
    return st


def test_endgame_higher_answer_means_the_leader_gets_away_and_the_answerer_loses():
    st = to_endgame()
    ev = act(st, "play 9d")
    assert "Cy gets away!" in ev
    assert "Hand 1: Ann is the last player left holding cards and loses." in ev
    assert G.is_over(st)
    res = G.result(st)
    assert res.scores == [1, 0, 0] and res.placings == [3, 1, 1]
    assert res.summary == "Ann is left holding cards and loses; everyone else got away."


def shootout_oracle(b_hand: list[str], drawn: str) -> str:
    same = [c for c in b_hand if suit(c) == suit(drawn)]
    if not same:
        return "b away"
    if all(value(c) > value(drawn) for c in same):
        return "a away"
    return "answer"


@pytest.mark.parametrize("seed", range(8))
def test_endgame_lower_answer_starts_the_shootout(seed):
    st = to_endgame(seed)
    discards = sorted(G.observe(st, None).zone("discard").cards)
    assert len(discards) == 3 + 2 * 15
    ev = act(st, "play 3d")
    assert ev[1] == "Ann played lower to Cy's last card: shootout! The discards are shuffled (33 cards)."
    drawn_cards = []
    while not G.is_over(st):
        obs = G.observe(st, None)
        drawn = obs.trick.plays[0].card
        drawn_cards.append(drawn)
        assert obs.trick.plays[0].seat == 2 and G.phase(st) == "shootout"
        b = hand(st, 0)
        assert shootout_oracle(b, drawn) == "answer"
        legal = sorted(a.args[0] for a in G.legal_actions(st, 0))
        assert legal == sorted(c for c in b if suit(c) == suit(drawn))
        lower = min((c for c in b if suit(c) == suit(drawn)), key=value)
        last = len(b) == 1
        ev = act(st, f"play {lower}")
        if last:
            assert "Ann played a last card: Ann gets away!" in ev
            assert st.sheet == [[0, 0, 1]]
            break
        if G.is_over(st):
            # the next draw settled it at once: check it against the oracle
            drawn2 = G.observe(st, None).trick.last[0].card
            assert f"Cy draws {G.label(st, G.parse('play ' + drawn2))[5:]}." in ev
            verdict = shootout_oracle(hand(st, 0), drawn2)
            if verdict == "b away":
                assert "Ann has no" in ev[-3] and st.sheet == [[0, 0, 1]]  # Ann gets away, Cy loses
            else:
                assert verdict == "a away"
                assert "can only play higher" in ev[-3] and st.sheet == [[1, 0, 0]]
    # the draws came from the old discards only (the two endgame cards are out of the draw)
    assert set(drawn_cards) <= set(discards)
    assert sum(counts(st)) + len(G.observe(st, None).zone("discard").cards) + G.observe(st, None).zone("draw").count == 52


def test_shootout_refusals():
    st = to_endgame(2)
    act(st, "play 3d")
    drawn = G.observe(st, None).trick.plays[0].card
    other = next(c for c in hand(st, 0) if suit(c) != suit(drawn))
    assert why(st, 0, f"play {other}") == f"Follow the drawn card: play one of your { {'s': 'spades', 'h': 'hearts', 'd': 'diamonds', 'c': 'clubs'}[suit(drawn)]}."
    assert why(st, 0, "take") == "Nobody may take a hand during the shootout."


def test_shootout_answering_higher_by_choice_loses():
    """With lower and higher cards of the drawn suit, Ann chooses; playing higher loses."""
    for seed in range(60):
        st = to_endgame(seed)
        act(st, "play 3d")
        while not G.is_over(st):
            drawn = G.observe(st, None).trick.plays[0].card
            same = [c for c in hand(st, 0) if suit(c) == suit(drawn)]
            higher = [c for c in same if value(c) > value(drawn)]
            if higher and len(higher) < len(same):
                ev = act(st, f"play {higher[0]}")
                assert "Ann played higher: Cy gets away!" in ev and st.sheet == [[1, 0, 0]]
                return
            act(st, f"play {min(same, key=value)}")
    pytest.fail("no seed gave Ann a choice of lower and higher cards")


# -- sessions and options -------------------------------------------------------------------------


def test_session_of_hands_tallies_losses():
    st = to_endgame(1, hands=3)
    ev = act(st, "play 9d")
    assert not G.is_over(st) and G.phase(st) == "scored"
    assert G.to_act(st) == (0,)  # left of Cy, who dealt
    assert why(st, 0, "play 9d") == "Hand 1 is over: deal the next hand first."
    assert G.observe(st, None).status["Hand"] == "1 of 3"
    ev = act(st, "deal")
    assert ev[0].startswith("Hand 2: Ann deals.")
    rng = random.Random(5)
    while not G.is_over(st):
        seat = G.to_act(st)[0]
        G.apply(st, seat, rng.choice(G.legal_actions(st, seat)))
    assert len(st.sheet) == 3 and all(sum(r) == 1 for r in st.sheet)
    res = G.result(st)
    totals = [sum(r[s] for r in st.sheet) for s in range(3)]
    assert res.scores == totals and totals[0] >= 1
    assert [s for s in range(3) if res.placings[s] == 1] == [s for s in range(3) if totals[s] == min(totals)]


def test_options():
    for name, f in G.Options.model_fields.items():
        assert f.description, name
    with pytest.raises(BadOptions):
        G.new(3, seed=1, first_dealer=3)
    with pytest.raises(BadOptions):
        G.new(9, seed=1)
    with pytest.raises(BadOptions):
        G.new(3, seed=1, hands=0)
    assert G.info.best == "low"


def test_max_tricks_stop_rule_ends_the_hand():
    for seed in range(20):
        st = G.new(5, seed=seed, max_tricks=10)
        rng = random.Random(seed)
        while not G.is_over(st):
            seat = G.to_act(st)[0]
            la = [a for a in G.legal_actions(st, seat) if a.verb != "take"] or G.legal_actions(st, seat)
            G.apply(st, seat, rng.choice(la))
        assert st.tricks_played <= 10


def test_observation_hides_hands_and_the_draw_pile():
    st = to_endgame(0)
    act(st, "play 3d")
    if G.is_over(st):
        return
    obs = G.observe(st, 2)
    assert not obs.zone("hand0").visible and obs.zone("hand0").cards == []
    assert not obs.zone("draw").visible and obs.zone("draw").cards == []
    assert obs.zone("draw").count > 0


# -- random games against an independent oracle -----------------------------------------------------


def next_in(inn: list[bool], seat: int) -> int:
    n = len(inn)
    s = (seat + 1) % n
    while not inn[s]:
        s = (s + 1) % n
    return s


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_random_games_match_the_oracle(players):
    """Card counts, pick-ups, discards, getting away, the next leader and the loser, followed
    from the actions alone (the shootout is checked only for its loser being one of its two)."""
    shootouts = stops = 0
    for seed in range(25):
        rng = random.Random(seed)
        st = G.new(players, seed=seed)
        cnt = counts(st)
        inn = [True] * players
        plays: list[tuple[int, str]] = []
        first = True
        shoot: tuple[int, int] | None = None
        while not G.is_over(st):
            seat = G.to_act(st)[0]
            la = G.legal_actions(st, seat)
            take_ok = rng.random() < 0.1
            a = rng.choice([x for x in la if x.verb != "take" or take_ok] or la)
            G.apply(st, seat, a, events=False)
            if shoot is not None:
                continue
            if a.verb == "take":
                v = next_in(inn, seat)
                cnt[seat] += cnt[v]
                cnt[v] = 0
                inn[v] = False
                assert counts(st) == cnt
                continue
            if a.verb == "deal":
                continue
            if a.verb == "pickup":
                cnt[seat] += len(plays)
                plays = []
                settled = seat
            else:
                c = a.args[0]
                cnt[seat] -= 1
                plays.append((seat, c))
                led = suit(plays[0][1])
                if not first and suit(c) != led:
                    stops += 1
                    picker = max((p for p in plays if suit(p[1]) == led), key=lambda p: value(p[1]))[0]
                    assert G.phase(st) == "pickup" and G.to_act(st) == (picker,)
                    continue
                if len(plays) < sum(inn):
                    assert G.to_act(st) == (next_in(inn, seat),)
                    continue
                w = max((p for p in plays if suit(p[1]) == led), key=lambda p: value(p[1]))[0]
                (a_seat, a_card), (b_seat, b_card) = plays[0], plays[-1]
                if (len(plays) == 2 and cnt[a_seat] == 0 and cnt[b_seat] > 0 and suit(b_card) == led
                        and value(b_card) < value(a_card)):
                    shoot = (a_seat, b_seat)
                    shootouts += 1
                    continue
                plays = []
                first = False
                settled = w
            assert counts(st) == cnt
            for s in range(players):
                if inn[s] and cnt[s] == 0:
                    inn[s] = False
            left = [s for s in range(players) if inn[s]]
            if len(left) <= 1:
                loser = left[0] if left else settled
                assert st.sheet[-1] == [1 if s == loser else 0 for s in range(players)]
                break
            lead = settled if inn[settled] else next_in(inn, settled)
            assert G.to_act(st) == (lead,) and G.phase(st) == "play"
        if shoot is not None:
            assert st.sheet[-1].index(1) in shoot
        assert G.is_over(st)
        assert G.result(st).scores == st.sheet[-1]
    assert stops > 0


def test_after_a_pick_up_the_table_says_where_the_last_trick_went() -> None:
    """A stopped trick goes into a hand: the look back said "No trick played yet" mid-hand."""
    g = decktable.get_game("getaway")
    seen = 0
    for seed in range(30):
        st = g.new(["Ann", "Bob", "Cy"], seed=seed)
        r = random.Random(seed)
        for _ in range(400):
            if g.is_over(st):
                break
            seat = r.choice(g.to_act(st))
            g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
            trick = g.observe(st, 0).trick
            if not trick.last and "picked up" in g.observe(st, 0).extra["last_note"]:
                assert trick.last_gone.startswith("The last trick went back into a hand:")
                assert "picked up" in trick.last_gone
                seen += 1
            elif trick.last:
                assert trick.last_gone == ""
        if seen >= 3:
            break
    assert seen >= 3


def test_no_shootout_draw_pile_before_a_shootout() -> None:
    """The shootout's draw pile is a zone only once a shootout begins (issue 33): the table does
    not show "Shootout draw pile: —" in a hand that has none."""
    st = G.new(["Ann", "Bea", "Cy"], seed=2)
    assert all(z.name != "draw" for z in G.observe(st, None).zones)
