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
- *what the search's figure means*, in the game's terms (`Figure`, `reading`). The search's
  rating of a move is the mean value of its playouts, 0..1, and a playout's value is one of two
  things (decktable/bots/search.py): where it ends the game, the seat's placing (first 1, last
  0; in a team game its team's placing, so a lost Envite game is 0); where it ends only the hand, the seat's score gained against the others' mean,
  squashed into 0..1 by the game's typical spread of a hand (`calibration_for`: `0.5 + 0.5 *
  tanh(lead / spread)`). A rating of 0.6 is therefore neither a 60% chance to win nor a score.
  Before wording it, the hint plays a few random playouts from the move to where the search's
  stop (the end of the hand, of the game, or the game's horizon) and sees which it is: all end
  the game with two outcomes, a win and a loss, and the rating is a win chance once put back
  on that scale ("wins the game about 3 times in 4"); with more placings, a mean placing; none
  end the game, and the rating is the lead over the others it is the squashed value of ("ends
  the hand about 1.2 points ahead of the others": the lead the search rates as it rated the
  move's playouts, not their plain mean, since the squash counts a big win for less than its
  size); a mix, or a horizon, and it is said as the search's rating, 50% level with the
  others. Every figure comes with the move's own trials and about two standard errors (from the
  bound `v (1 - v) / n` on a 0..1 mean's variance);
- *how sure the search is*: the move against the next best, a close call where their ratings
  are within 3 points, not a sure choice where their gap is within that noise, and said to lose
  where every move does ("every move is likely to lose here; this one loses least");
- *the kinds of move not taken*: the open moves of the rarer kinds beside the commonest (a
  card), other than the hinted move's and the next best's kind (Schnapsen's exchange of the
  trump Jack, a marriage, a close beside a lead), with what the search made of them.

`HintAnswer` crosses from the worker process to the table as JSON; `sentence` words it there,
where the moves' labels are known.
"""

from __future__ import annotations

import math
from random import Random as _Random
from typing import Any, Callable

from pydantic import BaseModel

from decktable.engine.actions import Action
from decktable.engine.game import Game, State
from decktable.engine.rng import Rng

#: samples a consequence must hold in (each a re-deal of what the seat cannot see)
SAMPLES = 12
#: at most this many sentences of what follows
MOST_THEN = 2
#: a next best move rated within this of the hinted one is "about as good" (within the noise, "may be")
CLOSE = 0.03
#: random playouts from a move that say what its rating means (`reading`)
READINGS = 16
#: moves in one of those playouts at most (the search's own cap)
READING_CAP = 400
#: at most this many moves of other kinds ("Also open: ...")
MOST_OTHERS = 2
#: a move tried fewer times than this is said to be a guess (the spread's bound says little)
FEW = 20
#: a rating this near 0 or 1 (as 2v - 1) says only that the lead is at least so many points
EDGE = 0.99


class Figure(BaseModel):
    """A move's rating said in the game's terms (`reading`).

    kind: "win" (value: the chance to win the game, 0..1), "points" (value: the seat's score
    against the others' mean this hand, rated as the search rates it: positive is better, also
    where the lowest score wins), "place" (value: the mean placing, 1 is first, of `seats`), or
    "rating" (value: the search's own 0..1, 0.5 level with the others). spread: about two
    standard errors, in the same unit; trials: the move's own playouts."""

    kind: str
    value: float
    spread: float = 0.0
    trials: int = 0
    seats: int = 2
    beyond: bool = False  # points: the rating is so near 0 or 1 that the lead is at least this
    lone: bool = False  # win: one seat loses and the others share the win, so it avoids losing


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
    figure: Figure | None = None  # the move's rating in the game's terms
    runner_figure: Figure | None = None
    close_call: bool = False  # the next best is within the noise of the hinted move
    losing: bool = False  # every move loses: the hinted one loses least
    others: list[tuple[str, Figure]] = []  # open moves of other kinds (an exchange, a marriage)


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


def reading(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    samples: int = READINGS,
) -> tuple[Any, ...]:
    """What the search's rating of `action` means (see the module's note), from playouts made
    here as the search makes its own (the game's `playout` where the search uses it, else at
    random with the game's playout policy where it has one) from `samples` re-deals of what
    `seat` cannot see, to where the search's stop. ("win", loss value, win value, lone) when every
    one ends the game with two outcomes (lone: one seat loses, all the others share the win); ("place", seats) when they end it with more placings;
    ("points", spread, seats) when none ends it (the game's `calibration_for` spread); ("rating",
    seats) for a mix, a playout judged at the game's horizon, or a solitaire (whose playouts are
    judged against the search's own mean)."""
    from decktable.bots.search import calibration_for, placing_values

    n = state.players
    if n < 2:
        return ("rating", n)
    looks = game.horizon if type(game).horizon is not Game.horizon else None
    h0 = looks(state) if looks is not None else None
    step = getattr(game, "policy_step", None) or game.random_step
    fast = None if game.playout_learns else game.playout  # as the search: its own playout, unless learning
    rand = _Random(int(rng.random() * 2**53)).random
    over = 0
    levels: set[float] = set()
    lone = True  # every game ended with one seat alone at the bottom (Getaway's loser)
    for _ in range(samples):
        if game.remembers and memory is not None:
            st = game.determinize_known(state, seat, rng, memory)
        else:
            st = game.determinize(state, seat, rng)
        sheet0, hand0 = len(st.sheet), st.hand_no
        try:
            game.play(st, seat, action, None)
        except Exception:  # noqa: BLE001 - not legal in this sample: say only the rating
            return ("rating", n)
        moves = 1
        if fast is not None and not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0:
            if h0 is None or looks(st) == h0:  # type: ignore[misc]
                moves += fast(st, rand, READING_CAP - moves)  # the game's own playout, as the search's
        while not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0 and moves < READING_CAP:
            if h0 is not None and looks(st) != h0:  # type: ignore[misc]
                return ("rating", n)  # judged by the game's estimate, not played out
            acting = game.to_act(st)
            if not acting or not step(st, acting[int(rand() * len(acting))], rand):
                break
            moves += 1
        if st.over:
            over += 1
            placings = game.placings(st)
            levels.update(placing_values(game, placings))  # as the search values them
            lone = lone and placings.count(max(placings)) == 1 and placings.count(min(placings)) > 1
        elif h0 is not None and looks(st) != h0:  # type: ignore[misc]
            return ("rating", n)
    if over == 0:
        return ("points", calibration_for(game, state).scale, n)
    if over < samples:
        return ("rating", n)
    ordered = sorted(levels)
    if len(ordered) == 2:
        return ("win", ordered[0], ordered[1], lone)
    if len(ordered) > 2:
        return ("place", n)
    return ("rating", n)


def figure(value: float, trials: int, read: tuple[Any, ...]) -> Figure:
    """A rating (`value`, the mean of `trials` playouts) in the terms `read` (`reading`) gives."""
    trials = max(trials, 1)
    se = math.sqrt(max(value * (1 - value), 0.0) / trials)  # a 0..1 mean's variance is at most v(1-v)
    kind = read[0]
    if kind == "win":
        lo, hi = read[1], read[2]
        w = min(1.0, max(0.0, (value - lo) / (hi - lo)))
        return Figure(kind="win", value=w, spread=2 * math.sqrt(w * (1 - w) / trials), trials=trials,
                      lone=len(read) > 3 and read[3])
    if kind == "points":
        scale = read[1]

        def lead(v: float) -> float:  # the squash undone; a rating near 0 or 1 only bounds the lead
            return scale * math.atanh(min(EDGE, max(-EDGE, 2 * v - 1)))

        return Figure(kind="points", value=lead(value), spread=(lead(value + 2 * se) - lead(value - 2 * se)) / 2,
                      trials=trials, seats=read[2], beyond=abs(2 * value - 1) >= EDGE)
    if kind == "place":
        n = read[1]
        return Figure(kind="place", value=n - value * (n - 1), spread=2 * se * (n - 1), trials=trials, seats=n)
    return Figure(kind="rating", value=value, spread=2 * se, trials=trials, seats=read[1] if len(read) > 1 else 2)


def loses(f: Figure, rating: float) -> bool:
    """The figure says the move is a clear loss, beyond its noise: a win chance under a third,
    or (points, a placing, a rating) the search's `rating` under 0.4 and the figure worse than
    level by more than its spread."""
    if f.kind == "win":
        return f.value < 1 / 3 and f.value + f.spread < 0.5
    if rating >= 0.4:
        return False
    if f.kind == "points":
        return f.value + f.spread < 0
    if f.kind == "place":
        return f.value - f.spread > (f.seats + 1) / 2
    return f.value + f.spread < 0.5


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
    legal = {str(a): a for a in game.legal_actions(state, seat)}
    value = stats.values.get(key)
    said = HintAnswer(
        action=key,
        then=then,
        iterations=stats.iterations,
        value=value,
        runner=runner,
        runner_value=stats.values.get(runner) if runner is not None else None,
    )
    if value is None:
        return said

    def figure_for(k: str) -> Figure:
        a = legal.get(k)
        read: tuple[Any, ...] = ("rating", state.players)
        if a is not None:
            try:
                read = reading(game, state, seat, a, rng, memory)
            except Exception:  # noqa: BLE001 - a game's playout failing here: the hint keeps the rating
                pass
        return figure(stats.values[k], stats.visits.get(k, 0), read)

    said.figure = figure_for(key)
    se = math.sqrt(value * (1 - value) / max(stats.visits.get(key, 1), 1))
    if runner is not None and said.runner_value is not None:
        said.runner_figure = figure_for(runner)
        rv = said.runner_value
        rse = math.sqrt(rv * (1 - rv) / max(stats.visits.get(runner, 1), 1))
        said.close_call = abs(value - rv) < max(CLOSE, 2 * math.sqrt(se * se + rse * rse))
    # every move loses: this one by its figure, the next best too, and none rated clearly higher
    said.losing = (
        loses(said.figure, value)
        and (said.runner_figure is None or loses(said.runner_figure, said.runner_value or 0.0))
        and all(v < value + CLOSE for v in stats.values.values())
    )
    # the open moves of rarer kinds than the commonest (a card), of neither the hinted move's kind
    # nor the next best's: Schnapsen's exchange, marriage and close beside a lead
    verbs: dict[str, list[str]] = {}
    for k in legal:
        verbs.setdefault(legal[k].verb, []).append(k)
    most = max((len(ks) for ks in verbs.values()), default=0)
    if most > 1:
        skip = {legal[k].verb for k in (key, runner) if k in legal}
        best = []
        for verb, ks in verbs.items():
            if verb in skip or len(ks) == most:
                continue
            tried = [k for k in ks if k in stats.values]
            if tried:
                best.append(max(tried, key=lambda k: (stats.visits.get(k, 0), stats.values[k])))
        best.sort(key=lambda k: -stats.values[k])
        said.others = [(k, figure_for(k)) for k in best[:MOST_OTHERS]]
    return said


def odds(p: float) -> str:
    """A chance in words a player reads at once: "about 3 times in 4", "almost never"."""
    if p >= 0.97:
        return "almost every time"
    if p <= 0.03:
        return "almost never"
    tol = max(0.01, min(0.05, p / 4, (1 - p) / 4))
    for m in (2, 3, 4, 5, 10, 20, 100):
        k = round(p * m)
        if 0 < k < m and abs(p - k / m) <= tol + 1e-9:
            break
    return f"about {k} {'time' if k == 1 else 'times'} in {m}"


def _figure_words(f: Figure, short: bool = False) -> str:
    """A figure as a player reads it; `short` for a move beside the hint (no spread)."""
    if f.kind == "win":
        # where one seat loses and the rest share the win, the chance is said as the loss it avoids
        verb, p = ("wins", f.value) if not f.lone else ("avoids losing", f.value) if f.value >= 0.5 else ("loses", 1 - f.value)
        if short:
            return f"{verb} {odds(p)}"
        return f"{verb.capitalize()} the game {odds(p)} ({p:.0%}{_sure(f, f'{f.spread:.0%}')})"
    if f.kind == "points":
        x = round(f.value, 1)
        about = "at least" if f.beyond else "about"
        if short:  # beside the hint's own figure, which said what the points are against
            return "about level" if x == 0 else f"{about} {x:+.1f} points"
        others = "the other player" if f.seats == 2 else "the others"
        if x == 0:
            where = f"about level with {others}"
        else:
            where = f"{about} {abs(x):.1f} points {'ahead of' if x > 0 else 'behind'} {others}"
        return f"Ends the hand {where} ({_sure(f, f'{f.spread:.1f}').lstrip(', ')})"
    if f.kind == "place":
        if short:
            return f"about {f.value:.1f} of {f.seats}"
        return (f"Places about {f.value:.1f} of {f.seats} on average, 1 being first "
                f"({_sure(f, f'{f.spread:.1f}').lstrip(', ')})")
    if short:
        return f"rated {f.value:.0%}"
    level = "an average result of its trials" if f.seats == 1 else "level with the others"
    return f"The search rates it {f.value:.0%}, where 50% is {level} ({_sure(f, f'{f.spread:.0%}').lstrip(', ')})"


def _sure(f: Figure, spread: str) -> str:
    """How sure a figure is, after its value: ", ± 3%, over 1,183 trials", or for a move tried
    so few times that the bound on its spread says little (one tried twice, both won, has none),
    ", over only 2 trials: a guess"."""
    if f.trials < FEW:
        return f", over only {f.trials:,} {'trial' if f.trials == 1 else 'trials'}: a guess"
    return f" ± {spread}, over {f.trials:,} trials" if f.kind == "win" else f", ± {spread}, over {f.trials:,} trials"


#: what "every move loses" says, per kind of figure
LOSING = {
    "win": "Every move is likely to lose here; this one loses least.",
    "points": "Every move loses points here; this one loses least.",
    "place": "Every move does badly here; this one least.",
    "rating": "Every move does badly here; this one least.",
}


def sentence(hint: HintAnswer, label: Callable[[str], str]) -> str:
    """The hint in words, for the status line: `label` names a move by its notation.

    "Hint: Play the Queen of Hearts. Then Ann wins the trick with the Queen of Hearts. Wins the
    game about 3 times in 4 (74% ± 3%, over 1,183 trials). Next best, Play the 7 of Hearts: wins
    about 1 time in 2." A close call says so ("A close call: Play the 7 of Hearts is about as
    good", or where the gap is within the noise "Not a sure choice: ... may be as good"), a
    move where every one loses says that too, and a card hinted where a move of
    another kind was open names it ("Also open: Exchange the trump Jack (wins about 2 times in 5).").
    """
    parts = [f"Hint: {label(hint.action)}."]
    for text in hint.then:
        parts.append("Then " + (text[:1].lower() + text[1:] if _starts_lower(text) else text))
    if hint.only:
        parts.append("It is the only move allowed now.")
    elif hint.why:
        parts.append(hint.why[:1].upper() + hint.why[1:])
    elif hint.value is not None:
        f = hint.figure or Figure(kind="rating", value=hint.value, trials=hint.iterations)
        parts.append(_figure_words(f) + ".")
        if hint.losing:
            parts.append(LOSING[f.kind])
        if hint.runner is not None and hint.runner_value is not None:
            rf = hint.runner_figure or Figure(kind="rating", value=hint.runner_value)
            gap = hint.value - hint.runner_value
            if abs(gap) < CLOSE:  # rated about the same: no move is clearly best
                parts.append(f"A close call: {label(hint.runner)} is about as good ({_figure_words(rf, True)}).")
            elif gap > 0 and hint.close_call:  # apart, but within the noise of so few trials
                parts.append(f"Not a sure choice: {label(hint.runner)} may be as good ({_figure_words(rf, True)}).")
            elif gap > 0:
                parts.append(f"Next best, {label(hint.runner)}: {_figure_words(rf, True)}.")
            else:  # the search picks by trials: a move rated higher on few of them is less sure
                parts.append(f"{label(hint.runner)} is rated higher ({_figure_words(rf, True)}) but over fewer trials.")
        if hint.others:
            parts.append("Also open: " + "; ".join(f"{label(k)} ({_figure_words(of, True)})" for k, of in hint.others)
                         + ".")
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts)


def _starts_lower(text: str) -> bool:
    """True for a sentence whose first letter goes small after "Then": one that opens with a
    common word ("The stock ran out"), not with a name ("Then Ann wins the trick")."""
    first = text.split(" ", 1)[0]
    return first in {"The", "A", "An", "Both", "Nobody", "Everyone", "No"}
