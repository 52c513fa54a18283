"""What a hint says: the move, what it makes happen, and how the search rated it.

A hint is the `strong` search for the seat to act, from that seat's view only (`Match` gives the
worker a determinization, never the real state). Besides the move, a person learns from
- *what follows*: the game's own public events when the move is made in many samples of what
  the seat cannot see, kept only where every sample tells the same ("Ann wins the trick with the
  Queen of Hearts", "the hand is now worth 2"). A sentence the samples agree on depends only on
  what the seat knows, so it says nothing the seat could not work out; the move's own
  announcement ("Ann plays the Queen of Hearts.") is left out unless it goes on to say more;
- *why*, for a move the table's convention makes (`Game.convention`: an Envite signal says what
  the hand holds), instead of a rating: the search does not weigh it;
- *how sure the search is*: the move's rating (the mean value of its playouts, 0..1, where half
  is level with the other players) against the next best move's.

`HintAnswer` crosses from the worker process to the table as JSON; `sentence` words it there,
where the moves' labels are known.
"""

from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel

from decktable.engine.actions import Action
from decktable.engine.game import Game, State
from decktable.engine.rng import Rng

#: samples a consequence must hold in (each a re-deal of what the seat cannot see)
SAMPLES = 12
#: at most this many sentences of what follows
MOST_THEN = 2
#: a next best move rated within this of the hinted one is "about as good"
CLOSE = 0.03


class HintAnswer(BaseModel):
    """A hint from the worker: the move (notation) and what can be said of it."""

    action: str
    then: list[str] = []  # public events every sample agreed on, in order
    only: bool = False  # the only legal move
    iterations: int = 0  # playouts the search made
    value: float | None = None  # the move's rating, 0..1
    runner: str | None = None  # the next best move (notation)
    runner_value: float | None = None
    why: str | None = None  # a move made by the table's convention: why (`Game.convention`)


def consequences(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    samples: int = SAMPLES,
) -> list[str]:
    """The public events of `action` that every one of `samples` re-deals of what `seat` cannot
    see agrees on, in the order they come; the first is dropped when it is only the seat's own
    announcement of the move (by the seat, and saying nothing after a colon or semicolon)."""
    agreed: list[str] | None = None
    for _ in range(samples):
        if game.remembers and memory is not None:
            sample = game.determinize_known(state, seat, rng, memory)
        else:
            sample = game.determinize(state, seat, rng)
        try:
            events = game.apply(sample, seat, action, events=True)
        except Exception:  # noqa: BLE001 - a sample in which the move is not legal: say nothing
            return []
        if events and events[0].seat == seat and not any(m in events[0].text for m in ":;"):
            events = events[1:]
        texts = [e.text for e in events]
        agreed = texts if agreed is None else [t for t in agreed if t in texts]
        if not agreed:
            return []
    return (agreed or [])[:MOST_THEN]


def answer(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    stats: Any,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    only: bool = False,
) -> HintAnswer:
    """The hint for `action`, the search's pick (`stats`: its SearchStats, None for the only move)."""
    then = consequences(game, state, seat, action, rng, memory)
    if stats is not None and stats.convention:
        return HintAnswer(action=str(action), then=then, why=stats.convention)
    if only or stats is None or not stats.iterations:
        return HintAnswer(action=str(action), then=then, only=only)
    key = str(action)
    rivals = sorted(
        ((v, a) for a, v in stats.values.items() if a != key), key=lambda va: (-stats.visits.get(va[1], 0), -va[0])
    )
    runner = rivals[0][1] if rivals else None
    return HintAnswer(
        action=key,
        then=then,
        iterations=stats.iterations,
        value=stats.values.get(key),
        runner=runner,
        runner_value=stats.values.get(runner) if runner is not None else None,
    )


def sentence(hint: HintAnswer, label: Callable[[str], str]) -> str:
    """The hint in words, for the status line: `label` names a move by its notation.

    "Hint: Play the Queen of Hearts. Then Ann wins the trick with the Queen of Hearts. Rated 72%
    over 3,000 trials; next best, Play the 7 of Hearts: 58%." (or, for a close call, "...; Play
    the 7 of Hearts is about as good (71%).")
    """
    parts = [f"Hint: {label(hint.action)}."]
    for text in hint.then:
        parts.append("Then " + (text[:1].lower() + text[1:] if _starts_lower(text) else text))
    if hint.only:
        parts.append("It is the only move allowed now.")
    elif hint.why:
        parts.append(hint.why[:1].upper() + hint.why[1:])
    elif hint.value is not None:
        rated = f"Rated {hint.value:.0%} over {hint.iterations:,} trials"
        if hint.runner is not None and hint.runner_value is not None:
            gap = hint.value - hint.runner_value
            if gap >= CLOSE:
                rated += f"; next best, {label(hint.runner)}: {hint.runner_value:.0%}"
            elif gap > -CLOSE:  # tried less, rated about the same: a close call, say so
                rated += f"; {label(hint.runner)} is about as good ({hint.runner_value:.0%})"
            else:  # the search picks by trials: a move rated higher on few of them is less sure
                rated += f"; {label(hint.runner)} rated higher ({hint.runner_value:.0%}) but over fewer trials"
        parts.append(rated + ".")
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts)


def _starts_lower(text: str) -> bool:
    """True for a sentence whose first letter goes small after "Then": one that opens with a
    common word ("The stock ran out"), not with a name ("Then Ann wins the trick")."""
    first = text.split(" ", 1)[0]
    return first in {"The", "A", "An", "Both", "Nobody", "Everyone", "No"}
