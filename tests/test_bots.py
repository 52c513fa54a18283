"""Bots: levels and seats, play_out, honest determinization for every game, the search's honesty
(a peeking bot fails the same test), per-game secret facts, memory, and clone fidelity."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

import decktable
from decktable.bots.base import Turn, make_bot
from decktable.bots.search import LEVELS, Budget, SearchBot, SearchStats, search
from decktable.engine.game import Game, State, Vis, Zone
from decktable.session.match import Match, Seat, parse_seats
from decktable.engine.rng import Rng


def _loadable() -> list[tuple[str, int]]:
    out = []
    for info in decktable.games():
        try:
            decktable.get_game(info.id)
        except Exception:  # a game another helper is still writing
            continue
        counts = list(info.player_counts)
        for n in sorted({counts[0], counts[-1]}):
            out.append((info.id, n))
    return out


CASES = _loadable()
IDS = [f"{g}-{n}p" for g, n in CASES]


def _mid_states(g: Game, n: int, seed: int, count: int, memory_seat: int | None = None):
    """Random play from a seeded deal; yields (state, seat to act, memory of that seat) at a few
    decisions with two or more legal actions."""
    st = g.new(n, seed=seed)
    r = random.Random(seed)
    memories: list[dict[str, Any]] = [{} for _ in range(n)]

    def tell() -> None:
        if g.remembers:
            for s in range(n):
                g.remember(memories[s], g.observe(st, s))

    tell()
    length = 0
    probe = g.new(n, seed=seed)
    while not probe.over and length < 3000:
        s = r.choice(g.to_act(probe))
        g.apply(probe, s, r.choice(g.legal_actions(probe, s)), events=False)
        length += 1
    r = random.Random(seed)
    stops = sorted({max(1, length * k // (count + 1)) for k in range(1, count + 1)})
    step = 0
    while not st.over and stops:
        acting = g.to_act(st)
        s = r.choice(acting)
        legal = g.legal_actions(st, s)
        if step >= stops[0] and len(legal) > 1:
            stops.pop(0)
            yield st, s, memories[s]
        g.apply(st, s, r.choice(legal), events=False)
        step += 1
        tell()


#: small, and learning as strong does, so a game whose playouts learn (Rally) has that path
#: under the honesty test too (in the others `learn` does nothing)
BUDGET = Budget(24, learn=0.3)


def _honest_choice(g: Game, real: State, seat: int, memory: dict[str, Any]) -> tuple[str, Any]:
    """What Match does: determinize the real state for the seat, then let the bot decide."""
    det = g.determinize(real, seat, Rng(77))
    bot = SearchBot("test", BUDGET)
    bot.memory = dict(memory)
    a = bot.decide(Turn(g, seat, det, g.legal_actions(real, seat)), Rng(99))
    return str(a), det.snapshot()


def _peeking_choice(g: Game, real: State, seat: int, memory: dict[str, Any]) -> str:
    """A cheating bot: searches the real state itself (every sample is the real deal)."""

    class Peek(type(g)):  # type: ignore[misc, valid-type]
        def determinize(self, state, seat, rng):  # noqa: ANN001
            return state.clone()

        def determinize_known(self, state, seat, rng, memory):  # noqa: ANN001
            return state.clone()

    peek = object.__new__(Peek)
    peek.__dict__.update(getattr(g, "__dict__", {}))
    return str(search(peek, real.clone(), seat, Rng(99), BUDGET.iterations))


@pytest.mark.parametrize("gid,n", CASES, ids=IDS)
def test_bot_choice_depends_only_on_its_seats_view(gid: str, n: int) -> None:
    """From mid-game states, re-deal what the bot's seat cannot see (several times): the
    determinized state, and with the same seed the bot's choice, are the same every time."""
    g = decktable.get_game(gid)
    problems = []
    for seed in (1, 2):
        for real, seat, memory in _mid_states(g, n, seed, 3):
            obs = g.observe(real, seat)
            base_choice, base_det = _honest_choice(g, real, seat, memory)
            for j in range(4):
                alt = g.determinize(real, seat, Rng(1000 + j))  # another deal the seat cannot tell apart
                assert g.observe(alt, seat) == obs
                choice, det = _honest_choice(g, alt, seat, memory)
                if det != base_det:
                    diff = sorted(k for k in det if det[k] != base_det.get(k))
                    problems.append(f"seed {seed}: determinize for seat {seat} depends on hidden facts: {diff}")
                    break
                if choice != base_choice:
                    problems.append(f"seed {seed}: seat {seat} chose {choice!r} and {base_choice!r}")
                    break
    assert not problems, "\n".join(problems[:10])


PEEK_GAMES = [c for c in [("nonesuch", 3), ("schnapsen", 2), ("jacynth", 2), ("type_trump", 3)] if c in CASES]


def test_a_peeking_bot_fails_the_honesty_test() -> None:
    """The same test catches a bot that searches the real state: its choices change when what
    its seat cannot see is re-dealt."""
    caught = []
    for gid, n in PEEK_GAMES:
        g = decktable.get_game(gid)
        for real, seat, memory in _mid_states(g, n, 1, 4):
            base = _peeking_choice(g, real, seat, memory)
            for j in range(6):
                alt = g.determinize(real, seat, Rng(1000 + j))
                if _peeking_choice(g, alt, seat, memory) != base:
                    caught.append(gid)
                    break
            if gid in caught:
                break
    assert len(caught) >= max(1, len(PEEK_GAMES) - 1), caught


# -- per game: public facts stay, secret choices are re-drawn --------------------------------------


def test_nonesuch_up_card_stays_with_the_excuse_holder() -> None:
    g = decktable.get_game("nonesuch")
    for seed in range(40):
        st = g.new(3, seed=seed)
        while st.phase in ("bid", "trump"):
            s = g.to_act(st)[0]
            g.apply(st, s, g.legal_actions(st, s)[0])
        if st.holder < 0:
            continue
        other = (st.holder + 1) % 3
        for k in range(10):
            det = g.determinize(st, other, Rng(k))
            assert st.up in det.hands[st.holder]
        return
    pytest.fail("no deal with an Excuse holder found")


def test_type_trump_declarations_are_redrawn_for_other_seats() -> None:
    g = decktable.get_game("type_trump")
    st = g.new(3, seed=4)
    g.apply(st, 0, "declare knots")
    g.apply(st, 1, "declare moons")
    assert not st.revealed
    seen0, seen1 = set(), set()
    for k in range(60):
        det = g.determinize(st, 2, Rng(k))
        seen0.add(det.decl[0])
        seen1.add(det.decl[1])
        assert det.decl[2] == -1
        mine = g.determinize(st, 0, Rng(k))
        assert mine.decl[0] == st.decl[0]  # its own choice is known to it
    assert len(seen0) > 2 and len(seen1) > 2


def test_type_trump_partnership_keeps_own_team_and_redraws_the_other() -> None:
    g = decktable.get_game("type_trump")
    st = g.new(4, seed=4, partnership=True)
    for s in range(4):
        g.apply(st, s, "swap")
    g.apply(st, 0, "declare knots")  # a proposal to seat 2
    g.apply(st, 1, "declare moons")
    g.apply(st, 3, "confirm")  # team 1 agrees on moons
    suits = set()
    for k in range(40):
        det = g.determinize(st, 2, Rng(k))
        assert det.prop_suit[0] == st.prop_suit[0]  # seat 2 was told its partner's proposal
        assert det.decl[1] == det.decl[3] >= 0
        suits.add(det.decl[1])
    assert len(suits) > 2


def test_bura_drawn_up_card_stays_with_its_drawer() -> None:
    g = decktable.get_game("bura")
    for seed in range(200):
        st = g.new(2, seed=seed)
        r = random.Random(seed)
        while not st.over:
            s = r.choice(g.to_act(st))
            la = g.legal_actions(st, s)
            g.apply(st, s, r.choice([a for a in la if a.verb not in ("claim", "fold")] or la))
            if st.up_holder >= 0 and st.up in st.hands[st.up_holder]:
                for k in range(10):
                    det = g.determinize(st, 1 - st.up_holder, Rng(k))
                    assert st.up in det.hands[st.up_holder]
                return
    pytest.fail("no hand reached the drawing of the up card")


# -- cards seen going into a hidden hand stay there, and only while they are there ------------------


def _play_until(g: Game, n: int, seed: int, moment: Any, limit: int = 3000, **options: Any):
    """Random play from a seeded deal (through `apply`, as Match plays) until `moment(state,
    before)` holds just after a move; (the state then, the state before that move), or None."""
    st = g.new(n, seed=seed, **options)
    r = random.Random(seed)
    for _ in range(limit):
        if st.over:
            return None
        before = st.clone()
        s = r.choice(g.to_act(st))
        g.apply(st, s, r.choice(g.legal_actions(st, s)), events=False)
        if moment(st, before):
            return st, before
    return None


def _assert_pinned(g: Game, st: State, cards: list[int], zone: str, viewers: list[int]) -> None:
    """From each viewer's seat, every determinization leaves `cards` in `zone`; and where that
    hand also holds unseen cards and other hidden places hold some, the unseen ones do move (so
    a determinization that kept everything where it really is would fail here)."""
    owner = int(zone.removeprefix("hand").removeprefix("-"))
    hand = st.hands[owner]
    for viewer in viewers:
        elsewhere = sum(1 for z in g.zones(st)
                        if z.name != zone and not z.vis.sees(z.owner, viewer)
                        for c in z.cards if st.known_in.get(c) != z.name)
        moved = False
        for k in range(12):
            det = g.determinize(st, viewer, Rng(k))
            assert set(cards) <= set(det.hands[owner]), (viewer, k)
            moved |= set(det.hands[owner]) != set(hand)
        assert moved or len(cards) == len(hand) or not elsewhere, viewer


def test_old_janx_spirit_card_taken_from_the_discard_pile_stays_in_the_takers_hand() -> None:
    g = decktable.get_game("old_janx_spirit")
    for seed in range(20):
        found = _play_until(g, 2, seed, lambda st, b: b.stage == "draw" and len(st.discard) < len(b.discard))
        if found is None:
            continue
        st, _ = found
        taker = st.turn
        c = st.took
        assert st.known_in == {c: f"hand{taker}"}
        _assert_pinned(g, st, [c], f"hand{taker}", [1 - taker])
        # once discarded again, nobody knows where it is: it is forgotten
        g.apply(st, taker, f"discard {decktable.get_game('old_janx_spirit').catalogue[c].slug}", events=False)
        assert c not in st.known_in
        return
    pytest.fail("nobody took from the discard pile")


def test_getaway_picked_up_trick_stays_in_the_pickers_hand() -> None:
    g = decktable.get_game("getaway")
    for seed in range(20):
        found = _play_until(g, 4, seed, lambda st, b: b.phase == "pickup" and st.phase == "play")
        if found is None:
            continue
        st, before = found
        picker = before.turn
        cards = [c for c, z in st.known_in.items() if z == f"hand{picker}"]
        assert cards
        _assert_pinned(g, st, cards, f"hand{picker}", [s for s in range(4) if s != picker and st.hands[s]])
        return
    pytest.fail("no trick was picked up")


def test_mattis_won_piles_become_hands_everyone_knows() -> None:
    g = decktable.get_game("mattis")
    for seed in range(20):
        found = _play_until(g, 3, seed, lambda st, b: b.phase != "shed" and st.phase == "shed")
        if found is None:
            continue
        st, _ = found
        assert st.known_in
        for owner in range(3):
            cards = [c for c, z in st.known_in.items() if z == f"hand{owner}"]
            if cards:
                _assert_pinned(g, st, cards, f"hand{owner}", [s for s in range(3) if s != owner])
        return
    pytest.fail("no game reached the second phase")


def test_mattis_re_dealt_hands_are_sorted_so_their_sequences_are_played() -> None:
    """Every hand at the table is sorted, and the second phase reads sequences in hand order: a
    sample must sort the hands it re-deals (kept cards first, drawn ones after), or the other
    seats of the search's samples could hardly ever play a sequence."""
    g = decktable.get_game("mattis")
    checked = runs = 0
    for seed in range(12):
        found = _play_until(g, 3, seed, lambda st, b: st.phase == "shed" and bool(st.table))
        if found is None:
            continue
        st, _ = found
        seat = g.to_act(st)[0]
        for k in range(10):
            for sample in (g.determinize(st, seat, Rng(k)), g.determinizer(st, seat)(Rng(k))):
                for s, hand in enumerate(sample.hands):
                    assert hand == sorted(hand), (seed, k, s)
                    checked += 1
                    runs += any(len(a.args) > 1 for a in g.legal_actions(sample, s)) if s == sample.turn else 0
    assert checked > 100 and runs > 0


def test_rally_shown_stock_stays_in_the_soloists_hand() -> None:
    g = decktable.get_game("rally")
    for seed in range(60):
        found = _play_until(g, 4, seed, lambda st, b: b.stock_shown and bool(b.stock) and not st.stock)
        if found is None:
            continue
        st, before = found
        d = st.declarer
        assert sorted(c for c, z in st.known_in.items() if z == f"hand{d}") == sorted(before.stock)
        _assert_pinned(g, st, list(before.stock), f"hand{d}", [s for s in range(4) if s != d])
        return
    pytest.fail("no soloist picked up the shown stock")


def test_emu_ranchers_card_taken_from_the_discard_pile_stays_in_the_takers_hand() -> None:
    g = decktable.get_game("emu_ranchers")
    for seed in range(20):
        found = _play_until(g, 2, seed, lambda st, b: len(st.discard) < len(b.discard) and st.known_in)
        if found is None:
            continue
        st, before = found
        c = before.discard[0]
        taker = before.turn
        assert st.known_in.get(c) == f"hand-{taker}"
        _assert_pinned(g, st, [c], f"hand-{taker}", [1 - taker])
        return
    pytest.fail("nobody took from the discard pile")


def test_chicago_kept_cards_of_a_shown_hand_stay_in_it() -> None:
    g = decktable.get_game("chicago")
    for seed in range(60):
        found = _play_until(g, 3, seed, lambda st, b: any(b.shown) and not any(st.shown) and st.known_in)
        if found is None:
            continue
        st, before = found
        owner = next(s for s in range(3) if before.shown[s])
        kept = [c for c in before.shown[owner] if c in st.hands[owner]]
        assert kept and sorted(c for c, z in st.known_in.items() if z == f"hand{owner}") == sorted(kept)
        _assert_pinned(g, st, kept, f"hand{owner}", [s for s in range(3) if s != owner])
        return
    pytest.fail("no shown hand was broken up")


def test_a_new_deal_forgets_where_cards_were_seen() -> None:
    """A card seen going into a hand and dealt back to the same hand at the next deal is not
    known there any more: the ledger is cleared when the hand number changes."""
    g = decktable.get_game("old_janx_spirit")
    for seed in range(40):
        found = _play_until(g, 2, seed, lambda st, b: st.hand_no != b.hand_no and b.known_in, target=3)
        if found is not None:
            assert found[0].known_in == {}
            return
    pytest.fail("no second hand was dealt")


def test_determinize_gives_a_fresh_generator() -> None:
    """The real generator knows the next deal: a determinized state never shares it."""
    g = decktable.get_game("nonesuch")
    st = g.new(3, seed=9)
    a = g.determinize(st, 0, Rng(1))
    b = g.determinize(st, 0, Rng(1))
    assert a.rng.getstate() != st.rng.getstate()
    assert a.snapshot() == b.snapshot()


def test_circle_search_bot_remembers_what_its_seat_was_shown() -> None:
    g = decktable.get_game("circle_search")
    st = g.new(2, seed=3)
    memory: dict[str, Any] = {}
    g.apply(st, 0, g.legal_actions(st, 0)[0])  # a search: the card is turned up for everyone
    g.remember(memory, g.observe(st, 1))
    pos = st.revealed
    card = st.ring[pos][0]
    assert memory["ring"] == {pos: g.catalogue.slug(card)}
    g.apply(st, 0, "done")
    g.remember(memory, g.observe(st, 1))
    assert memory["ring"] == {pos: g.catalogue.slug(card)}  # face down again, still remembered
    forgot = {g.determinize(st, 1, Rng(k)).ring[pos][0] for k in range(30)}
    assert len(forgot) > 1
    for k in range(30):
        assert g.determinize_known(st, 1, Rng(k), memory).ring[pos][0] == card


def _circle_search_played(shown: Any, until_seat: int | None = None) -> Any:
    """Fourteen random moves of a seeded two-player Circle Search (most of the ring turned up),
    each followed by `shown(seat 1's observation)`; then, with `until_seat`, on until that seat
    is to act. The state."""
    g = decktable.get_game("circle_search")
    st = g.new(2, seed=5)
    r = random.Random(5)
    for _ in range(14):
        seat = g.to_act(st)[0]
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
        shown(g.observe(st, 1))
    while until_seat is not None and until_seat not in g.to_act(st):
        seat = g.to_act(st)[0]
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
    return st


def test_easy_and_medium_recall_part_of_what_their_seat_was_shown() -> None:
    """Circle Search is a memory game, and its levels differ as people do: strong recalls every
    ring card its seat was shown, medium and easy each one only by chance at a decision
    (`Budget.recall`: 0.6 and 0.25), drawn from the decision's generator, so a decision is the
    same for the same seed. Counted over many decisions, against the seat's own sightings."""
    g = decktable.get_game("circle_search")
    seen: dict[int, str] = {}
    memory: dict[str, Any] = {}

    def shown(obs: Any) -> None:
        g.remember(memory, obs)
        for z in obs.zones:
            if z.visible and z.cards and z.name.startswith("ring-"):
                seen[int(z.name[5:]) - 1] = z.cards[0]

    st = _circle_search_played(shown)
    assert not g.is_over(st) and len(seen) >= 5 and memory["ring"] == seen
    for level, share in (("easy", 0.25), ("medium", 0.6)):
        budget = LEVELS[level]
        assert budget.recall == share
        kept = 0
        for k in range(400):
            got = g.recalled(memory, share, Rng(k))["ring"]
            assert got == g.recalled(memory, share, Rng(k))["ring"]  # the same seed, the same recall
            assert all(seen[p] == c for p, c in got.items())  # never a card it was not shown there
            kept += len(got)
        assert abs(kept / (400 * len(seen)) - share) < 0.05
    assert LEVELS["strong"].recall is None
    assert memory["ring"] == seen  # recalling takes nothing out of the memory itself


def test_a_medium_search_samples_from_what_it_recalls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search of a level with `recall` places in its samples only the ring cards recalled at
    that decision; strong's every one it saw."""
    g = decktable.get_game("circle_search")
    bots = {lv: SearchBot(lv, Budget(8, recall=LEVELS[lv].recall)) for lv in ("medium", "strong")}

    def shown(obs: Any) -> None:
        for bot in bots.values():
            bot.observe_event(g, obs)

    st = _circle_search_played(shown, until_seat=1)
    used: list[dict[int, str]] = []
    real = type(g).determinize_known

    def spy(self: Any, state: Any, seat: int, rng: Rng, memory: Any) -> Any:
        used.append(dict(memory["ring"]))
        return real(self, state, seat, rng, memory)

    monkeypatch.setattr(type(g), "determinize_known", spy)
    full = bots["strong"].memory["ring"]
    sizes = set()
    for k in range(20):
        for lv, bot in bots.items():
            used.clear()
            bot.decide(Turn(g, 1, g.determinize(st, 1, Rng(k)), g.legal_actions(st, 1)), Rng(k))
            assert used and all(u == used[0] for u in used)  # one recall for the whole decision
            if lv == "strong":
                assert used[0] == full
            else:
                assert used[0].items() <= full.items()
                sizes.add(len(used[0]))
    assert len(sizes) > 1 and min(sizes) < len(full)  # medium forgets, and not always the same


def test_match_feeds_bot_memory_from_observations() -> None:
    m = Match("circle_search", [Seat("Ann"), Seat("Bot 1", "bot", "easy")], seed=3)
    m.act(0, m.game.legal_actions(m.state, 0)[0])
    assert m.bots[1].memory["ring"]


# -- levels, seats, saves, play_out ---------------------------------------------------------------


def test_levels_and_seats() -> None:
    assert decktable.BOT_LEVELS == ("random", "easy", "medium", "strong")
    seats = parse_seats("Ann,bot:strong,bot:easy,bot")
    assert [s.level for s in seats[1:]] == ["strong", "easy", "medium"]
    assert parse_seats("Ann,BOT:Strong")[1].level == "strong"
    with pytest.raises(ValueError):
        parse_seats("Ann,bot:godlike")
    assert make_bot("strong").level == "strong"


def test_the_level_is_saved_and_restored(tmp_path) -> None:
    from decktable.store.saves import read_save

    path = tmp_path / "m.save"
    m = Match("nonesuch", parse_seats("Ann,bot:strong,bot:easy"), seed=5, save_path=path)
    m.act(m.to_act()[0], m.game.legal_actions(m.state, m.to_act()[0])[0]) if 0 in m.to_act() else None
    m.autosave()
    save = read_save(path)
    assert [s.level for s in save.seats] == ["random", "strong", "easy"] or [s.level for s in save.seats][1:] == [
        "strong", "easy"]
    again = Match.from_save(save)
    assert [s.level for s in again.seats][1:] == ["strong", "easy"]
    assert again.bots[1].level == "strong" and again.bots[2].level == "easy"


def test_play_out_returns_a_result() -> None:
    r = decktable.play_out("schnapsen", ["easy", "random"], seed=2)
    assert len(r.placings) == 2 and r.summary
    r2 = decktable.play_out("schnapsen", ["easy", "random"], seed=2)
    assert r2.scores == r.scores  # a fixed seed and iteration budgets: the same game
    with pytest.raises(ValueError):
        decktable.play_out("schnapsen", ["easy", "godlike"], seed=2)


def test_match_gives_bots_a_determinized_state_never_the_real_one() -> None:
    m = Match("nonesuch", parse_seats("bot:easy,bot:easy,bot:easy"), seed=6)
    seen = []

    class Spy:
        level = "spy"
        needs_state = True

        def decide(self, turn, rng):  # noqa: ANN001
            seen.append(turn.state)
            return turn.legal[0]

    m.bots[m.to_act()[0]] = Spy()
    m.bot_step()
    assert seen and seen[0] is not m.state
    seat = m.log[0].seat
    others = [s for s in range(3) if s != seat]
    assert seen[0].hands[seat] == m.state_before(0).hands[seat]
    assert seen[0].rng.getstate() != m.state_before(0).rng.getstate()
    assert any(seen[0].hands[s] != m.state_before(0).hands[s] for s in others)


# -- clone: fast, and shares nothing mutable --------------------------------------------------------


@pytest.mark.parametrize("gid,n", CASES, ids=IDS)
def test_clone_shares_nothing_mutable(gid: str, n: int) -> None:
    g = decktable.get_game(gid)
    for real, _seat, _m in _mid_states(g, n, 3, 3):
        before = real.snapshot()
        c = real.clone()
        assert c.snapshot() == before
        assert c.snapshot() == real._slow_clone().snapshot()
        r = random.Random(5)
        for _ in range(400):
            if c.over:
                break
            s = r.choice(g.to_act(c))
            g.apply(c, s, r.choice(g.legal_actions(c, s)), events=False)
        assert real.snapshot() == before, f"{gid}: playing a clone changed the original"


# -- the worker process -----------------------------------------------------------------------------


def test_worker_decides_as_in_process_and_cancels() -> None:
    import time

    from decktable.bots.worker import BotWorker, decide

    m = Match("nonesuch", parse_seats("bot:easy,bot:strong,bot:easy"), seed=8)
    while m.bot_to_act() is not None and len(m.game.legal_actions(m.state, m.bot_to_act())) < 2:
        m.bot_step()
    seat = m.bot_to_act()
    job = m.bot_job(seat)
    job.level = "easy"
    with BotWorker() as w:
        p = w.submit(job)
        assert p.result(timeout=60) == decide(job)  # the same seed: the same move
        assert m.finish_bot_job(job, p.result()) is not None
        # a stale answer (the match moved on) is not played
        seat = m.bot_to_act()
        while seat is None or len(m.game.legal_actions(m.state, seat)) < 2:
            m.bot_step() if seat is not None else m.act(m.to_act()[0], m.game.legal_actions(m.state, m.to_act()[0])[0])
            seat = m.bot_to_act()
        job = m.bot_job(seat)
        stale = w.submit(job)
        before = len(m.steps)
        m.act(seat, m.game.legal_actions(m.state, seat)[0])
        assert m.finish_bot_job(job, stale.result(timeout=60)) is None and len(m.steps) == before + 1
        # a long search, cancelled: no move, and the worker is free again at once. The search is
        # held to five seconds whatever the machine (an iteration count no machine reaches in
        # the time: a level's own search may settle a decision in a fraction of its cap)
        long = Match("adaman", parse_seats("bot:strong"), seed=1)
        while long.bot_to_act() != 0 or len(long.game.legal_actions(long.state, 0)) < 2:
            long.bot_step()
        job = long.bot_job(0)
        job.budget = dataclasses.replace(LEVELS["strong"], iterations=10**9, seconds=5.0)
        slow = w.submit(job)
        time.sleep(0.3)
        assert not slow.done()  # still searching: the cancel below cuts it short
        slow.cancel()
        assert slow.result() is None
        job.budget, job.level = None, "easy"
        t0 = time.perf_counter()
        fast = w.submit(job)
        assert fast.result(timeout=60) is not None
        assert time.perf_counter() - t0 < 2.5  # not after the long search's five seconds


def test_the_worker_gives_way_to_the_table() -> None:
    """The search runs at the lowest priority, so a key the table answers while a bot thinks
    is not kept waiting for a core (the pty line of `python -m decktable.bench --pty`)."""
    import os

    from decktable.bots.worker import NICENESS, BotWorker

    if not hasattr(os, "getpriority"):
        pytest.skip("no process priorities on this system")
    m = Match("nonesuch", parse_seats("bot:easy,bot:easy,bot:easy"), seed=8)
    job = m.bot_job(m.bot_to_act())
    with BotWorker() as w:
        assert w.submit(job).result(timeout=60) is not None  # the worker is up and serving
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, w._proc.pid) == min(19, ours + NICENESS)


def test_a_job_may_carry_its_own_budget() -> None:
    """`BotJob.budget` replaces the level's: a search held to a time runs that long (the tests
    that need a search of known length on any machine rely on it)."""
    import time

    from decktable.bots.worker import decide

    m = Match("emu_ranchers", parse_seats("Ann,bot:strong"), seed=2)
    job = m.bot_job(m.bot_to_act())
    legal = {str(a) for a in m.game.legal_actions(m.state, job.seat)}
    job.budget = Budget(10**9, seconds=1.5)
    t0 = time.perf_counter()
    assert decide(job) in legal
    assert time.perf_counter() - t0 >= 1.5  # longer than the level would ever search (its cap: 1 s)


# -- the search's shortcuts: they change how fast it decides, never what it decides (a guided playout,
# `Game.playout_guided`, is not a shortcut: it changes what the bots decide, and is tested as such) --

FAST = [(gid, n) for gid, n in CASES if decktable.get_game(gid).playout is not None]


def test_some_games_have_a_fast_playout() -> None:
    assert {"jacynth", "thricewise"} <= {gid for gid, _ in FAST}


def test_a_guided_playout_says_what_guides_it() -> None:
    """`Game.playout_guided` is a line for people (the README's section on bots says what guides
    each game's playouts), set only on a game whose playout is its own; the rest are random."""
    guided = {info.id for info in decktable.games() if decktable.get_game(info.id).playout_guided is not None}
    assert "old_janx_spirit" in guided
    for gid in guided:
        g = decktable.get_game(gid)
        assert g.playout is not None, gid
        assert g.playout_guided and g.playout_guided.strip() == g.playout_guided and len(g.playout_guided) > 40
    assert {gid for gid, _ in RANDOM_FAST}.isdisjoint(guided)


@pytest.mark.parametrize("gid,n", FAST, ids=[f"{g}-{n}p" for g, n in FAST])
def test_fast_playout_makes_only_legal_moves_to_the_same_end(gid: str, n: int) -> None:
    """Replaying a fast playout's moves through the public API, each checked as legal, reaches
    the very state the playout left, at the end of the hand or at the game's horizon (where the
    search's playouts stop)."""
    g = decktable.get_game(gid)
    for seed in range(3):
        for st, _seat, _mem in _mid_states(g, n, seed, 3):
            fast, slow = st.clone(), st.clone()
            trace: list[Any] = []
            made = g.playout(fast, random.Random(seed).random, 10_000, trace)
            assert made == len(trace) > 0
            h0 = g.horizon(st)
            assert (fast.over or len(fast.sheet) > len(st.sheet) or fast.hand_no != st.hand_no  # the hand ran out
                    or (h0 is not None and g.horizon(fast) != h0))  # or play passed the horizon
            for seat, a in trace:
                assert a in g.legal_actions(slow, seat), (seat, a)
                g.apply(slow, seat, a, events=False)
            g.forget_departed(fast)  # as `apply` does after each move (a playout never reads it)
            assert slow.snapshot() == fast.snapshot()
            short = st.clone()
            # the limit holds: the same draws make the same first moves, two of them unless the
            # hand ended sooner
            assert g.playout(short, random.Random(seed).random, 2) == min(2, made)


#: fast playouts that keep the policy but not the generic loop's very draws (they pick among the
#: legal moves in another order): the uniformity test below speaks for them
OTHER_DRAWS = {"thricewise"}
#: fast playouts that are uniformly random (not `Game.playout_guided`): each draws as the generic loop
RANDOM_FAST = [(gid, n) for gid, n in FAST if decktable.get_game(gid).playout_guided is None]
SAME_DRAWS = [(gid, n) for gid, n in RANDOM_FAST if gid not in OTHER_DRAWS]


def _generic_playout(g: Any, st: Any, rand: Any, limit: int = 10_000) -> list[tuple[int, Any]]:
    """The search's generic playout, written out again: a random seat of those to act, the game's
    playout policy where it answers (`Game.playout_action`), else a random move of its legal
    ones, until the hand ends, play passes the game's horizon (or `limit` moves)."""
    sheet, hand_no = len(st.sheet), st.hand_no
    h0 = g.horizon(st)
    trace: list[tuple[int, Any]] = []
    while not st.over and len(st.sheet) == sheet and st.hand_no == hand_no and len(trace) < limit:
        if h0 is not None and g.horizon(st) != h0:
            break
        acting = g.to_act(st)
        if not acting:
            break
        p = acting[0] if len(acting) == 1 else acting[int(rand() * len(acting))]
        la = g.legal_actions(st, p)
        if not la:
            break
        a = g.playout_action(st, p, la, rand) if len(la) > 1 else None  # a game's policy, as the search asks it
        if a is None:
            a = la[int(rand() * len(la))]
        trace.append((p, a))
        g.apply(st, p, a, events=False)
    return trace


@pytest.mark.parametrize("gid,n", SAME_DRAWS, ids=[f"{g}-{n}p" for g, n in SAME_DRAWS])
def test_fast_playout_plays_the_very_game_the_generic_loop_plays(gid: str, n: int) -> None:
    """With the same generator, a fast playout makes the generic loop's moves one for one: the
    bots decide exactly as without it, only sooner (so their strength record still holds)."""
    g = decktable.get_game(gid)
    for seed in range(3):
        for st, _seat, _mem in _mid_states(g, n, seed, 3):
            trace: list[Any] = []
            g.playout(st.clone(), random.Random(seed).random, 10_000, trace)
            assert trace == _generic_playout(g, st.clone(), random.Random(seed).random)


def _last_then_random(count: int, seed: int) -> Any:
    """Draws for a playout: `count` times the last choice, then at random."""
    r = random.Random(seed)
    left = [count]

    def draw() -> float:
        if left[0] > 0:
            left[0] -= 1
            return 0.9999
        return r.random()

    return draw


@pytest.mark.parametrize("gid,n", SAME_DRAWS, ids=[f"{g}-{n}p" for g, n in SAME_DRAWS])
def test_fast_playout_matches_from_every_kind_of_moment(gid: str, n: int) -> None:
    """From states all along two whole random games (the first deal, each hand's end and the
    next one's start, bidding, declaring, swapping: every phase a game has, not only mid-trick),
    the fast playout still makes the generic loop's moves. A playout that held on to a list a
    deal replaces went wrong only there."""
    g = decktable.get_game(gid)
    for seed in (11, 12):
        walk = g.new(n, seed=seed)
        r = random.Random(seed)
        states = []
        while not walk.over and len(states) < 3000:
            states.append(walk.clone())
            s = r.choice(g.to_act(walk))
            g.apply(walk, s, r.choice(g.legal_actions(walk, s)), events=False)
        stride = max(1, len(states) // 60)
        phases_seen = set()
        for k, st in enumerate(states):
            phase = g.phase(st)
            if k % stride and phase in phases_seen:
                continue
            phases_seen.add(phase)
            # drawn at random; always the first or always the last choice; the last choice a few
            # times and then at random (in Type Trump every seat takes the Spoiler, the deal is
            # void and new hands are dealt, then the round is played)
            for draws in (
                lambda: random.Random(k).random,
                lambda: lambda: 0.0,
                lambda: lambda: 0.9999,
                lambda: _last_then_random(2 * n, k),
            ):
                trace: list[Any] = []
                g.playout(st.clone(), draws(), 600, trace)
                assert trace == _generic_playout(g, st.clone(), draws(), 600), (seed, k, phase)


#: games whose search looks no further than a point in the hand (`Game.horizon`)
HORIZON = [(gid, n) for gid, n in CASES if type(decktable.get_game(gid)).horizon is not Game.horizon]


def test_mattis_has_a_horizon() -> None:
    assert "mattis" in {gid for gid, _ in HORIZON}


@pytest.mark.parametrize("gid,n", HORIZON, ids=[f"{g}-{n}p" for g, n in HORIZON])
def test_a_playout_stops_at_the_horizon_where_the_estimate_values_every_seat(gid: str, n: int) -> None:
    """From states all along a random game, wherever the game sets a horizon, the search's
    playout (the game's own, or the generic loop) makes no move past it, and where it stopped
    short of the hand's end the game's estimate gives every seat a worth in 0..1."""
    g = decktable.get_game(gid)
    reached = 0
    for k, st in enumerate(_walk(g, n, 21, 3)):
        h0 = g.horizon(st)
        if h0 is None:
            continue
        end = st.clone()
        trace: list[Any] = []
        if g.playout is not None:
            g.playout(end, random.Random(k).random, 10_000, trace)
        else:
            trace = _generic_playout(g, end, random.Random(k).random)
        again = st.clone()
        for seat, a in trace:  # every move is made on this side of the horizon
            assert g.horizon(again) == h0
            g.apply(again, seat, a, events=False)
        if not end.over and len(end.sheet) == len(st.sheet) and end.hand_no == st.hand_no:
            assert g.horizon(end) != h0
            worth = g.estimate(end)
            assert len(worth) == n and all(0.0 <= w <= 1.0 for w in worth)
            reached += 1
    assert reached


def _walk(g: Game, n: int, seed: int, every: int) -> Any:
    """States of one seeded random game, every `every`-th move (the first deal included)."""
    st = g.new(n, seed=seed)
    r = random.Random(seed)
    k = 0
    while not st.over and k < 3000:
        if k % every == 0:
            yield st
        s = r.choice(g.to_act(st))
        g.apply(st, s, r.choice(g.legal_actions(st, s)), events=False)
        k += 1


@pytest.mark.parametrize("gid,n", CASES, ids=IDS)
def test_the_prepared_determinizer_deals_what_determinize_deals(gid: str, n: int) -> None:
    """The search prepares `determinize` once per decision (`Game.determinizer`): from the same
    generator it must give the very same states, and draw as much, for every seat."""
    g = decktable.get_game(gid)
    for k, st in enumerate(_walk(g, n, 5, 7)):
        for seat in range(n):
            a, b = Rng(k), Rng(k)
            one = g.determinize(st, seat, a)
            two = g.determinizer(st, seat)(b)
            assert one.snapshot() == two.snapshot(), (k, seat)
            assert a.random() == b.random()


@pytest.mark.parametrize("gid,n", CASES, ids=IDS)
def test_random_legal_draws_what_the_search_would_draw_from_the_list(gid: str, n: int) -> None:
    """At a node it has not seen the search draws one action with `Game.random_legal` (Chicago
    does so without building its 31 discards): the action the list would give, one draw."""
    g = decktable.get_game(gid)
    raw = getattr(type(g).legal_actions, "__wrapped__", type(g).legal_actions)
    for k, st in enumerate(_walk(g, n, 6, 3)):
        for seat in g.to_act(st):
            la = raw(g, st, seat)
            r1, r2 = random.Random(k), random.Random(k)
            got = g.random_legal(st, seat, r1.random)
            assert got == (la[int(r2.random() * len(la))] if la else None), (k, seat)
            assert r1.random() == r2.random()


@pytest.mark.parametrize("gid,n", RANDOM_FAST, ids=[f"{g}-{n}p" for g, n in RANDOM_FAST])
def test_fast_playout_picks_uniformly_among_the_legal_moves(gid: str, n: int) -> None:
    """The first move of a playout, drawn many times: every legal move of the seat to act comes up,
    each near its fair share (as the generic loop, which draws from `legal_actions`)."""
    g = decktable.get_game(gid)
    st, _seat, _mem = next(_mid_states(g, n, 4, 1))
    acting = g.to_act(st)
    if len(acting) == 1 and g.playout_action(st, acting[0], g.legal_actions(st, acting[0]), random.random):
        # the game's playout policy decides this move (`Game.playout_action`): play on to one it leaves
        r0 = random.Random(4)
        while len(acting) != 1 or g.playout_action(st, acting[0], g.legal_actions(st, acting[0]), random.random):
            g.apply(st, acting[0], r0.choice(g.legal_actions(st, acting[0])), events=False)
            acting = g.to_act(st)
    legal = {a for s in acting for a in g.legal_actions(st, s)}
    r = random.Random(1)
    counts: dict[Any, int] = {}
    draws = 120 * len(legal)
    for _ in range(draws):
        trace: list[Any] = []
        g.playout(st.clone(), r.random, 1, trace)
        counts[trace[0][1]] = counts.get(trace[0][1], 0) + 1
    assert set(counts) <= legal
    if len(acting) == 1:  # one seat: each of its moves about 1/len(legal) of the time
        assert set(counts) == legal
        fair = draws / len(legal)
        assert min(counts.values()) > fair * 0.6 and max(counts.values()) < fair * 1.4


def test_early_stop_chooses_what_the_full_search_chooses() -> None:
    """The search stops once the rest of its iterations could not change the choice: with the
    same generator, the same move as running every iteration, in fewer iterations overall."""
    from decktable.bots.search import SearchStats

    for gid, n in (("toepen", 3), ("chicago", 2), ("old_janx_spirit", 2)):
        g = decktable.get_game(gid)
        saved = 0
        for st, seat, _mem in _mid_states(g, n, 2, 4):
            det = g.determinize(st, seat, Rng(1))
            full, early = SearchStats(), SearchStats()
            a = search(g, det, seat, Rng(5), 600, stats=full, early=False)
            b = search(g, det, seat, Rng(5), 600, stats=early)
            assert a == b
            assert full.iterations == 600 and early.iterations <= 600
            saved += 600 - early.iterations
        assert saved > 0, gid



@pytest.mark.parametrize("numpy_from", [10**9, 1], ids=["lists", "numpy"])
def test_the_roots_ucb_picks_what_ucb_over_its_edges_picks(monkeypatch, numpy_from: int) -> None:
    """The root keeps its edges in the order they were added, each available `visits - i` times,
    and works UCB out over lists (or numpy arrays, for a large root): the edge it picks is the one
    `_ucb` picks over the same edges in the order the root's actions are listed, ties included.
    (Two root edges are never available equally often, so a tie is made here with no exploration
    term: equal means then tie, and go to the first listed, wherever they were added.)"""
    from decktable.bots import search as S

    monkeypatch.setattr(S, "NUMPY_FROM", numpy_from)
    r = random.Random(9)
    checked = ties = 0
    for case in range(400):
        monkeypatch.setattr(S, "EXPLORE", 0.0 if case % 3 == 0 else 0.7)
        m = r.choice([2, 3, 7, 40, 286])
        visits = m + r.randrange(1, 3000)
        actions = [f"a{k}" for k in range(m)]
        listed = actions[:]
        r.shuffle(listed)  # the order `legal_actions` gave; edges were added in `actions` order
        root = S._RootUcb(listed)
        twin = case % 3 == 0  # every other edge alike: a tie UCB must break by listed order
        for i, a in enumerate(actions):
            e = S._Edge(0)
            if twin and i % 2:
                e.n, e.w = 2, 1.0
            else:
                e.n = r.randrange(1, 60)
                e.w = r.randrange(0, 2 * e.n + 1) / 2 if case % 2 else r.random() * e.n
            root.add(a, e)
            root.update(i)
        root.visits = visits
        for i, e in enumerate(root.edges):
            e.avail = visits - i
        picked = root.actions[root.pick()]
        expected, _edge = S._ucb([(a, root.edges[actions.index(a)]) for a in listed])
        assert picked == expected, (case, m)
        checked += 1
        values = [e.w / e.n + S.EXPLORE * math.sqrt(math.log(e.avail) / e.n) for e in root.edges]
        ties += values.count(max(values)) > 1
    assert checked == 400 and ties > 10  # the tie rule was really exercised


def test_the_roots_availabilities_are_written_back_after_a_search(monkeypatch) -> None:
    """After a search every root edge holds the availability `_ucb` would have counted for it:
    one for each visit of the root from the one that added it (Rally's discard, 286 actions)."""
    from decktable.bots import search as S

    g = decktable.get_game("rally")
    st = g.new(4, seed=7)
    r = random.Random(7)
    while len(g.legal_actions(st, g.to_act(st)[0])) < 100:
        seat = g.to_act(st)[0]
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)), events=False)
    seat = g.to_act(st)[0]
    seen: list[Any] = []
    real_init = S._RootUcb.__init__

    def spy(self: Any, legal: Any) -> None:
        real_init(self, legal)
        seen.append(self)

    monkeypatch.setattr(S._RootUcb, "__init__", spy)
    search(g, g.determinize(st, seat, Rng(1)), seat, Rng(2), 600, early=False)
    root = seen[0]
    assert root.visits == 600 and len(root.edges) == len(g.legal_actions(st, seat))
    assert [e.avail for e in root.edges] == [600 - i for i in range(len(root.edges))]
    assert sum(e.n for e in root.edges) == 600



def test_the_collector_rests_during_a_search_and_is_left_as_it_was_found() -> None:
    """The cyclic collector is off while the search plays, on again after it (also when the
    search fails), and left off after it when the caller had turned it off."""
    import gc

    g = decktable.get_game("chicago")
    st, seat, _mem = next(iter(_mid_states(g, 2, 1, 4)))
    det = g.determinize(st, seat, Rng(1))
    seen: list[bool] = []
    play = g.play

    def watched(*a: Any, **k: Any) -> Any:
        seen.append(gc.isenabled())
        return play(*a, **k)

    g.play = watched  # type: ignore[method-assign]
    try:
        assert gc.isenabled()
        search(g, det, seat, Rng(5), 50, early=False)
        assert seen and not any(seen)
        assert gc.isenabled()
        with pytest.raises(ValueError):
            search(g, det, (seat + 1) % 2, Rng(5), 50)  # not this seat's turn: no legal action
        assert gc.isenabled()
        gc.disable()
        try:
            search(g, det, seat, Rng(5), 50, early=False)
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        del g.play

def test_a_hint_searches_with_what_the_human_seat_was_shown() -> None:
    """Hints get the memory a person at that seat could have (Circle Search: where a card seen
    lies), gathered from that seat's observations only, as a bot's memory is."""
    m = Match("circle_search", [Seat("Ann"), Seat("Bea")], seed=3)
    m.act(0, m.game.legal_actions(m.state, 0)[0])  # Ann searches: the card is shown to both
    pos = m.state.revealed
    slug = m.game.catalogue.slug(m.state.ring[pos][0])
    m.act(0, "done")
    assert m.memories[0]["ring"] == {pos: slug} and m.memories[1]["ring"] == {pos: slug}
    seen_only = m.memories[1]["ring"]
    assert set(seen_only) == {pos}  # nothing of the ring that was not turned up


@pytest.mark.parametrize("gid", ["adaman", "head_solitaire"])
def test_bots_never_go_round_in_circles_building_a_move(gid: str) -> None:
    """Adaman's payments and Head Solitaire's melds are built card by card and can be taken back;
    a search bot with a small budget used to spend, unspend and cancel for ever. Match keeps a bot
    from bringing its seat's view back to one it had while acting in a row: every game ends."""
    g = decktable.get_game(gid)
    assert g.bots_avoid_repeats
    for seed in (100, 101, 102):
        m = Match(gid, [Seat("Bot 1", "bot", "easy")], seed=seed)
        for _ in range(3000):
            if m.bot_step() is None:
                break
        assert g.is_over(m.state), f"{gid} seed {seed}: not over after 3,000 bot moves"
        assert len(m.steps) < 300  # a game of these is 40-80 moves; going round ran to thousands


# -- a solitaire's values: judged against what the search's own playouts gain ------------------------


from pydantic import BaseModel  # noqa: E402

from decktable.cards.decktet import DECKTET, SUITS  # noqa: E402
from decktable.engine.actions import CARD, Action, Grammar  # noqa: E402
from decktable.engine.models import GameInfo, ResultView  # noqa: E402


class _TenfoldOptions(BaseModel):
    pass


class _TenfoldState(State):
    __slots__ = ("turns",)


class _Tenfold(Game):
    """A solitaire of twelve turns, each worth 9 points ("low") or 10 ("high"): whatever you do
    you gain over a hundred points, and the best game is the one that takes "high" every time."""

    info = GameInfo(id="tenfold", name="Tenfold", family="decktet", min_players=1, max_players=1,
                    layout="tableau", summary="A test solitaire.", hidden_information=False, solo=True)
    Options = _TenfoldOptions
    catalogue = DECKTET
    grammar = Grammar({"low": (), "high": ()}, DECKTET, SUITS)

    def setup(self, names, rng, options, deck):
        s = _TenfoldState(names, rng, options)
        s.turns = 0
        return s

    def to_act(self, state):
        return () if state.over else (0,)

    def legal_actions(self, state, seat):
        return [] if state.over else [Action("low"), Action("high")]

    def play(self, state, seat, action, events):
        state.scores[0] += 10 if action.verb == "high" else 9
        state.turns += 1
        state.over = state.turns >= 12

    def zones(self, state):
        return []

    def final(self, state):
        return ResultView(scores=list(state.scores), placings=[1], summary="Counted.")


def test_a_solitaire_search_tells_a_better_move_when_every_game_gains_a_lot() -> None:
    """The gain to a solitaire's end is many times the spread between games; squashed as it is,
    every move looked equally good (a search that ranked Head Solitaire's moves no better than
    random play). Judged against the mean of its own playouts, the search takes "high" each time."""
    g = _Tenfold()
    st = g.new(1, seed=1)
    for turn in range(12):
        a = search(g, st, 0, Rng(turn), 300)
        assert a.verb == "high", f"turn {turn + 1}: {a}"
        g.apply(st, 0, a, events=False)
    assert st.scores[0] == 120


class _TenfoldTallied(_Tenfold):
    """Tenfold of sixty turns, counting the moves the search plays (events off) by their name:
    long enough that most are playout moves, not the tree's (which UCB steers to "high")."""

    def __init__(self, learns: bool) -> None:
        super().__init__()
        self.playout_learns = learns
        self.tally = {"low": 0, "high": 0}

    def play(self, state, seat, action, events):
        if events is None:
            self.tally[action.verb] += 1
        state.scores[0] += 10 if action.verb == "high" else 9
        state.turns += 1
        state.over = state.turns >= 60


@pytest.mark.parametrize("learns,learn,lo,hi", [
    (True, 0.3, 0.75, 0.95),  # learnt: the better move but for the random share and the start
    (False, 0.3, 0.45, 0.6),  # a game that does not learn: every move at random, whatever the level
    (True, None, 0.45, 0.6),  # a level that does not learn (easy, medium)
    (True, 1.0, 0.45, 0.6),  # every move at random
])
def test_learning_playouts_play_the_move_that_has_done_best(learns: bool, learn: float | None, lo: float, hi: float) -> None:
    """MAST (`Game.playout_learns`, `Budget.learn`): a playout weighs each legal move by its mean
    value so far, to the seat that made it, and plays the best but for a random share. In
    Tenfold "high" gains a point more than "low" every time, so once learnt most moves of the
    search are "high"; where nothing is learnt about half are (a few more: the tree's moves)."""
    g = _TenfoldTallied(learns)
    st = g.new(1, seed=1)
    search(g, st, 0, Rng(5), 1000, early=False, learn=learn)
    share = g.tally["high"] / (g.tally["high"] + g.tally["low"])
    assert lo <= share <= hi, share


def test_the_strong_level_learns_in_the_games_that_turn_it_on() -> None:
    """Only strong learns (the levels differ in more than the budget), and only in games whose
    strength rows were played again with it (Rally's; see docs/bots-tried.md)."""
    assert [lv for lv, b in LEVELS.items() if b.learn is not None] == ["strong"]
    assert {info.id for info in decktable.games() if decktable.get_game(info.id).playout_learns} == {"rally"}


def test_a_level_thinks_as_long_as_the_game_sets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose search stops improving early sets fewer iterations for a level
    (`Game.level_iterations`; Lórum's medium): the level's bot spends those there and its own
    budget everywhere else, and a bot given a budget outright keeps it in every game."""
    import decktable.bots.search as search_mod

    spent: list[int] = []
    real_search = search_mod.search

    def spy(game, state, seat, rng, iterations, *args, **kwargs):
        spent.append(iterations)
        return real_search(game, state, seat, rng, 8, *args, **kwargs)

    monkeypatch.setattr(search_mod, "search", spy)

    def iterations_asked(gid: str, bot: SearchBot) -> int:
        m = Match(decktable.get_game(gid), [Seat(f"P{i}", "human") for i in range(4)], seed=4)
        seat = m.to_act()[0]
        while len(legal := m.game.legal_actions(m.state, seat)) < 2:  # a choice: the search is asked
            m.act(seat, legal[0])
            seat = m.to_act()[0]
        spent.clear()
        bot.decide(m.bot_turn(seat), Rng(1))
        return spent[0]

    lorum = decktable.get_game("lorum")
    assert lorum.level_iterations.get("medium") not in (None, LEVELS["medium"].iterations)
    assert iterations_asked("lorum", SearchBot("medium")) == lorum.level_iterations["medium"]
    assert iterations_asked("lorum", SearchBot("strong")) == LEVELS["strong"].iterations
    assert iterations_asked("king", SearchBot("medium")) == LEVELS["medium"].iterations
    assert iterations_asked("lorum", SearchBot("medium", Budget(50))) == 50


def test_a_game_sets_iterations_only_for_search_levels() -> None:
    """A level a game names in `Game.level_iterations` is one of the search's levels, with at
    least one iteration: a misspelt level would otherwise be ignored without a word."""
    for info in decktable.games():
        for level, n in decktable.get_game(info.id).level_iterations.items():
            assert level in LEVELS and isinstance(n, int) and n >= 1, (info.id, level, n)


def test_play_out_without_the_clock_runs_every_iteration(monkeypatch) -> None:
    """`clock=False` (the strength table): a level's time cap is ignored, so a seed gives one
    game under any load. A cap of a nanosecond then plays as no cap at all."""
    import decktable.bots.search as search_mod
    from decktable.session.play_out import play_out

    monkeypatch.setitem(search_mod.LEVELS, "strong", Budget(120))
    free = play_out("schnapsen", ["strong", "easy"], seed=3, clock=False)
    monkeypatch.setitem(search_mod.LEVELS, "strong", Budget(120, seconds=1e-9))
    assert play_out("schnapsen", ["strong", "easy"], seed=3, clock=False) == free
    assert play_out("schnapsen", ["strong", "easy"], seed=3) != free  # with the clock, cut to 8 iterations


ALL_COUNTS = [(i.id, n) for i in decktable.games() for n in i.player_counts]


@pytest.mark.parametrize("gid,n", ALL_COUNTS, ids=[f"{g}-{n}p" for g, n in ALL_COUNTS])
def test_search_bots_finish_a_game_at_every_table_size(gid: str, n: int) -> None:
    """Easy search bots in every seat play a whole game at each table size the game allows (the
    strength table plays only the smallest): every decision found a determinization and a move."""
    r = decktable.play_out(gid, ["easy"] * n, seed=7)
    assert len(r.placings) == n and min(r.placings) == 1


# -- what another seat knows at its bid (Game.search_key) ---------------------------------------------


class _DareState(State):
    __slots__ = ("hands", "stock", "phase", "played")


class _Dare(Game):
    """Two hands of one card each from ten (worth 0 to 9), the rest face down. Ann dares or
    passes; a pass scores nothing. Dared, Bob folds (Ann +1, Bob -1) or sees: the higher card
    takes 10 from the other. Two hands make a game, so a search values a hand by its gain.

    Holding a 5, Ann's dare is worth it only against a Bob who sees whatever he holds: seeing
    is his better answer on average over the nine cards he may hold, and wins Ann 10 from each
    lower one. A Bob who sees with 6 to 9 and folds with 0 to 4, as anyone holding his cards
    would, takes 10 from her four times in nine and pays her 1 otherwise: she should pass."""

    info = GameInfo(id="dare", name="Dare", family="decktet", min_players=2, max_players=2,
                    layout="tableau", summary="A test bluff.", hidden_information=True)
    Options = _TenfoldOptions
    catalogue = DECKTET
    grammar = Grammar({"dare": (), "pass": (), "fold": (), "see": ()}, DECKTET, SUITS)
    cards = tuple(range(6, 16))  # the pack

    def setup(self, names, rng, options, deck):
        s = _DareState(names, rng, options)
        s.hands, s.stock, s.played = [[], []], [], 0
        self._deal(s, self.stacked(list(self.cards), deck, rng))
        return s

    def _deal(self, s: _DareState, order: list[int]) -> None:
        s.hands[0][:], s.hands[1][:], s.stock[:] = order[:1], order[1:2], order[2:]
        s.phase = "dare"

    def to_act(self, state):
        return () if state.over else ((0,) if state.phase == "dare" else (1,))

    def legal_actions(self, state, seat):
        if state.over or seat not in self.to_act(state):
            return []
        return [Action("dare"), Action("pass")] if state.phase == "dare" else [Action("fold"), Action("see")]

    def play(self, state, seat, action, events):
        if action.verb == "dare":
            state.phase = "answer"
            return
        if action.verb != "pass":
            ann = 1 if action.verb == "fold" else 10 if state.hands[0][0] > state.hands[1][0] else -10
            state.scores[0] += ann
            state.scores[1] -= ann
        self._next_hand(state)

    def _next_hand(self, state) -> None:
        """Two hands make a game; the next is dealt from the whole pack."""
        state.hand_no += 1
        state.played += 1
        if state.played >= 2:
            state.over = True
            return
        order = sorted(state.hands[0] + state.hands[1] + state.stock)
        state.rng.shuffle(order)
        self._deal(state, order)

    def zones(self, state):
        names = state.names
        hands = [Zone(f"hand{i}", h, Vis.OWNER, i, f"{names[i]}'s hand", "hand") for i, h in enumerate(state.hands)]
        return hands + [Zone("stock", state.stock, Vis.NOBODY, None, "Stock", "pile")]

    def final(self, state):
        placings = [1 + sum(1 for t in state.scores if t > s) for s in state.scores]
        return ResultView(scores=list(state.scores), placings=placings, summary="Counted.")


class _KeyedDare(_Dare):
    """Dare, telling the search what Bob knows when he answers: his card."""

    def search_key(self, state, seat):
        return state.hands[seat][0] if state.phase == "answer" else None


def test_a_search_meets_an_opponent_who_answers_on_the_hand_the_sample_gave_him() -> None:
    """Without `search_key` one statistic answers for Bob whatever card a sample gives him, so
    the search meets a Bob who always sees, and dares; with it, Bob's answers are learnt per
    card and the search passes. The same deal, three seeds each; the class is read from the
    sample (Ann's own search never sees Bob's card)."""
    deck = [DECKTET.slug(c) for c in (11, 15, 6, 7, 8, 9, 10, 12, 13, 14)]  # Ann 5, Bob 9
    for cls, want in ((_Dare, "dare"), (_KeyedDare, "pass")):
        g = cls()
        st = g.new(2, seed=1, deck=deck)
        assert st.hands[0] == [11]
        for seed in (1, 2, 3):
            assert str(search(g, st, 0, Rng(seed), 3000, early=False)) == want, (cls.__name__, seed)
    bob_low = [DECKTET.slug(c) for c in (11, 6, 15, 7, 8, 9, 10, 12, 13, 14)]  # Bob 0: the same choice
    assert str(search(_KeyedDare(), _KeyedDare().new(2, seed=1, deck=bob_low), 0, Rng(1), 3000, early=False)) == "pass"


# -- moves the searching seat cannot tell apart (Game.unseen_moves) -----------------------------------

_GUESSES = tuple("abcde")


class _Hide(_Dare):
    """Ann plays safe (she gains 1) or goes on. Going on, Bob puts his one card face down
    (`hide` names it: a different move for each card a sample gives him), then Ann calls one of
    five letters: `c` gains her 3, any other nothing. Two hands make a game, so a search values a
    hand by its gain. Going on is worth 3 to an Ann who calls `c`, and 0.6 to one who calls at
    random: her search learns to call `c` only where her call is one node whatever Bob hid."""

    info = GameInfo(id="hide", name="Hide", family="decktet", min_players=2, max_players=2,
                    layout="tableau", summary="A test of unseen moves.", hidden_information=True)
    grammar = Grammar({"safe": (), "on": (), "hide": (CARD,), **{g: () for g in _GUESSES}}, DECKTET, SUITS)
    cards = tuple(range(6, 36))

    def _deal(self, s: _DareState, order: list[int]) -> None:
        s.hands[0][:], s.hands[1][:], s.stock[:] = [], order[:1], order[1:]
        s.phase = "start"

    def to_act(self, state):
        return () if state.over else ((1,) if state.phase == "hide" else (0,))

    def legal_actions(self, state, seat):
        if state.over or seat not in self.to_act(state):
            return []
        if state.phase == "start":
            return [Action("safe"), Action("on")]
        if state.phase == "hide":
            return [Action("hide", (DECKTET.slug(state.hands[1][0]),))]
        return [Action(g) for g in _GUESSES]

    def play(self, state, seat, action, events):
        if action.verb == "on":
            state.phase = "hide"
            return
        if action.verb == "hide":
            state.stock.append(state.hands[1].pop())
            state.phase = "call"
            return
        gain = 1 if action.verb == "safe" else 3 if action.verb == "c" else 0
        state.scores[0] += gain
        state.scores[1] -= gain
        self._next_hand(state)


class _SeenHide(_Hide):
    """Hide, telling the search that Ann sees only that Bob hid a card, not which."""

    def unseen_moves(self, state, seat, searcher):
        return (lambda action: action.verb) if state.phase == "hide" else None


def test_a_search_files_what_follows_an_unseen_move_under_what_was_seen() -> None:
    """Filed under each card Bob might have hidden, Ann's call is a new node at almost every
    visit, called at random: going on looks worse than playing safe. Filed under "Bob hid a
    card", her call is learnt and she goes on. Three seeds each; Ann's search reads only its
    samples."""
    for cls, want in ((_Hide, "safe"), (_SeenHide, "on")):
        g = cls()
        st = g.new(2, seed=1)
        for seed in (1, 2, 3):
            assert str(search(g, st, 0, Rng(seed), 1000, early=False)) == want, (cls.__name__, seed)


# -- a game's default policy in playouts (Game.playout_action) -----------------------------------------


class _FoldingDare(_Dare):
    """Dare, whose playouts have Bob fold whatever he holds (`playout_action`)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, list[str]]] = []

    def playout_action(self, state, seat, legal, rand):
        self.asked.append((seat, [str(a) for a in legal]))
        return Action("fold")


class _SilentDare(_Dare):
    """Dare with a policy that never has anything to say."""

    def playout_action(self, state, seat, legal, rand):
        return None


def test_a_playout_takes_the_games_policy_and_a_silent_one_draws_as_before() -> None:
    """Two iterations try each of Ann's moves once and play the rest out: after her dare, Bob's
    answer in the playout is the policy's fold at every seed (Ann gains 1, the same value each
    time), where without it he sees at some seeds and folds at others. The tree is not the
    playout: the policy is asked only past it. A policy that answers None spends no draw, so the
    search makes the same visits and values as with none."""
    deck = [DECKTET.slug(c) for c in (11, 15, 6, 7, 8, 9, 10, 12, 13, 14)]  # Ann 5, Bob 9
    folding, plain = _FoldingDare(), _Dare()
    st = plain.new(2, seed=1, deck=deck)
    dare_values: dict[str, set[float]] = {"folding": set(), "plain": set()}
    for seed in range(1, 9):
        for name, g in (("folding", folding), ("plain", plain)):
            stats = SearchStats()
            search(g, st, 0, Rng(seed), 2, early=False, stats=stats)
            dare_values[name].add(round(stats.values["dare"], 9))
    assert len(dare_values["folding"]) == 1 and min(dare_values["folding"]) > 0.5
    assert len(dare_values["plain"]) > 1
    assert folding.asked and all(a == (1, ["fold", "see"]) for a in folding.asked)
    for seed in (1, 2, 3):
        runs = []
        for g in (_Dare(), _SilentDare()):
            stats = SearchStats()
            runs.append((str(search(g, st, 0, Rng(seed), 400, early=False, stats=stats)), stats.visits, stats.values))
        assert runs[0] == runs[1]
