"""Hints: what a hint says follows from a move comes true, depends only on what the seat sees, and
reads as a sentence; the worker answers a hint with the search's own move."""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

import decktable
from decktable.bots.hints import HintAnswer, consequences, sentence
from decktable.bots.worker import BotJob, decide
from decktable.engine.game import Game, State
from decktable.engine.rng import Rng


def _tables() -> list[tuple[str, int]]:
    out = []
    for info in decktable.games():
        counts = list(info.player_counts)
        for n in sorted({counts[0], counts[-1]}):
            out.append((info.id, n))
    return out


TABLES = _tables()


def _decisions(g: Game, n: int, seed: int, every: int = 3, most: int = 12) -> Iterator[tuple[State, int, dict[str, Any]]]:
    """Random play from a seeded deal: (the real state, the seat to act, that seat's memory) at
    every `every`th decision with a choice, `most` times."""
    st = g.new(n, seed=seed)
    r = random.Random(seed)
    memories: list[dict[str, Any]] = [{} for _ in range(n)]
    found = k = 0
    while not st.over and found < most and k < 3000:
        s = r.choice(g.to_act(st))
        legal = g.legal_actions(st, s)
        if len(legal) > 1 and k % every == 0:
            found += 1
            yield st, s, memories[s]
        g.apply(st, s, r.choice(legal), events=False)
        if g.remembers:
            for t in range(n):
                g.remember(memories[t], g.observe(st, t))
        k += 1


@pytest.mark.parametrize("gid,n", TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
def test_what_a_hint_says_follows_comes_true_and_depends_only_on_the_seats_view(gid: str, n: int) -> None:
    """From the seat's view (a determinization, as the worker is given): every sentence of what
    follows a move is one the real move then says, and another re-deal of what the seat cannot
    see gives the same sentences."""
    g = decktable.get_game(gid)
    said = 0
    for real, seat, memory in _decisions(g, n, seed=5):
        legal = g.legal_actions(real, seat)
        for action in random.Random(len(legal)).sample(legal, min(3, len(legal))):
            seen = g.determinize(real, seat, Rng(1))
            other = g.determinize(real, seat, Rng(2))
            then = consequences(g, seen, seat, action, Rng(7), memory)
            assert consequences(g, other, seat, action, Rng(7), memory) == then
            truth = [e.text for e in g.apply(real.clone(), seat, action, events=True)]
            assert all(t in truth for t in then), (action, then, truth)
            said += bool(then)
    if gid in {"schnapsen", "toepen", "king", "bura", "rally", "envite", "nonesuch"}:
        assert said, "a trick game says what follows at least once (a trick won)"


def test_the_last_card_of_a_trick_says_who_wins_it() -> None:
    """Schnapsen, through play to a trick that waits for its second card: whichever card the
    seat plays, the hint knows who takes the trick, as the real move then says."""
    g = decktable.get_game("schnapsen")
    for real, seat, memory in _decisions(g, 2, seed=3, every=1, most=60):
        if (t := g.observe(real, seat).trick) is not None and t.plays and g.legal_actions(real, seat)[0].verb == "play":
            break
    else:
        pytest.fail("no second card of a trick came")
    for action in g.legal_actions(real, seat):
        then = consequences(g, g.determinize(real, seat, Rng(3)), seat, action, Rng(4))
        winner = [t for t in then if "wins the trick" in t]
        truth = [e.text for e in g.apply(real.clone(), seat, action, events=True)]
        assert winner and winner[0] in truth


def test_the_moves_own_announcement_is_left_out() -> None:
    """A lead says nothing that follows: "Ann leads the ..." is the move itself."""
    g = decktable.get_game("king")
    for real, seat, memory in _decisions(g, 4, seed=2, every=1, most=80):
        if (t := g.observe(real, seat).trick) is not None and not t.plays and g.legal_actions(real, seat)[0].verb == "play":
            break
    else:
        pytest.fail("no lead came")
    action = g.legal_actions(real, seat)[0]
    assert consequences(g, g.determinize(real, seat, Rng(3)), seat, action, Rng(4)) == []


def test_the_sentence() -> None:
    names = {"play qh": "Play the Queen of Hearts", "play 7h": "Play the 7 of Hearts"}
    label = names.__getitem__
    clear = HintAnswer(action="play qh", then=["Ann wins the trick with the Queen of Hearts.",
                                                "The stock ran out."],
                       iterations=3000, value=0.72, runner="play 7h", runner_value=0.58)
    assert sentence(clear, label) == (
        "Hint: Play the Queen of Hearts. Then Ann wins the trick with the Queen of Hearts. "
        "Then the stock ran out. Rated 72% over 3,000 trials; next best, Play the 7 of Hearts: 58%."
    )
    close = clear.model_copy(update={"then": [], "runner_value": 0.71})
    assert sentence(close, label) == (
        "Hint: Play the Queen of Hearts. Rated 72% over 3,000 trials; Play the 7 of Hearts is about "
        "as good (71%)."
    )
    unsure = clear.model_copy(update={"then": [], "runner_value": 0.80})
    assert sentence(unsure, label) == (
        "Hint: Play the Queen of Hearts. Rated 72% over 3,000 trials; Play the 7 of Hearts rated "
        "higher (80%) but over fewer trials."
    )
    only = HintAnswer(action="play qh", only=True)
    assert sentence(only, label) == "Hint: Play the Queen of Hearts. It is the only move allowed now."


def test_a_hint_is_the_search_s_move_and_its_answer_reads_back() -> None:
    """The worker's answer to a hint is JSON that reads back as a HintAnswer, for the move the
    same job without a hint would make, rated, with a next best among the legal moves."""
    g = decktable.get_game("toepen")
    real, seat, memory = next(_decisions(g, 3, seed=4))
    job = BotJob(game="toepen", state=g.determinize(real, seat, Rng(5)), seat=seat, level="medium", seed=11)
    plain = decide(job)
    job.explain = True
    said = HintAnswer.model_validate_json(decide(job))
    legal = {str(a) for a in g.legal_actions(real, seat)}
    assert said.action == plain and said.action in legal
    assert said.value is not None and 0.0 <= said.value <= 1.0 and said.iterations > 0
    assert said.runner in legal and said.runner != said.action
