"""The coach's judgement of a move a person made: was another move clearly better?

No Textual here. The judge is the `strong` search run for the person's seat on a
determinization of that seat's view (`Match` gives it one, with the seat's memory where the
game remembers), exactly as a hint is: it never sees a hidden card. It runs in a worker process
(`BotJob.judge`, decktable/bots/worker.py), never on the table's loop.

The search's root statistics give, for each move tried, its mean playout value v (0..1) over n
trials. The search's pick (the move visited most) is the one to beat. The move made is said to be
*clearly worse* when all of these hold (`clearly_worse`):
- it was tried at least `MIN_TRIALS` times (a move the search dropped after a handful of
  playouts is a guess either way);
- its rating is below the best's by at least `MARGIN` (0.1 on the 0..1 scale: less than that is
  a matter of taste, however sure);
- the gap is more than `Z` (2.5) standard errors of the difference. Each move's standard error
  is taken from the Agresti-Coull bound on a 0..1 mean, sqrt(p(1-p)/(n+4)) with
  p = (v n + 2)/(n + 4), so a move tried 12 times and lost every time still has a spread;
- the two figures, said in words, say different things (never "the better move wins about
  2 times in 5, yours about 2 times in 5").
The search runs with its early stop off (`early=False`): its tree keeps trying the weaker moves
now and then (UCB's exploration), so a clear blunder is tried tens of times, enough to tell.

`Judgement` crosses from the worker to the table as JSON; `remark` words it there, where the
moves' labels are known ("Playing the 10 of Hearts would have been better: it ends the hand
about 4.0 points ahead of the other player, yours about 9.5 behind (over 812 and 46 trials)").
"""

from __future__ import annotations

import math
from typing import Any, Callable

from pydantic import BaseModel

from decktable.bots.hints import Figure, figure, odds, reading
from decktable.engine.actions import Action
from decktable.engine.game import Game, State
from decktable.engine.rng import Rng

#: a move tried fewer times than this is never called clearly worse
MIN_TRIALS = 10
#: the smallest gap in the search's rating (0..1) worth a remark
MARGIN = 0.1
#: standard errors of the difference the gap must exceed (about 99% one-sided)
Z = 2.5
#: seconds the judge's search may take at most (the strong bot's own cap is 1 s; the coach has
#: time: the person does not wait for it)
SECONDS = 2.0


class Judgement(BaseModel):
    """The search's verdict on `action` (notation), the move `seat` made at step `at`."""

    action: str
    seat: int = 0
    at: int = 0
    best: str | None = None  # the search's pick, when it is not the move made
    value: float | None = None  # the move made: its rating, 0..1
    trials: int = 0
    best_value: float | None = None
    best_trials: int = 0
    iterations: int = 0
    flagged: bool = False  # another move was clearly better (`clearly_worse`)
    figure: Figure | None = None  # the ratings in the game's terms (decktable/bots/hints.py)
    best_figure: Figure | None = None

    @property
    def cost(self) -> float:
        """How much the move gave away on the search's 0..1 scale (0 when not flagged): what
        orders the key moments."""
        if not self.flagged or self.value is None or self.best_value is None:
            return 0.0
        return self.best_value - self.value


def standard_error(v: float, n: int) -> float:
    """The Agresti-Coull standard error of a 0..1 mean `v` over `n` trials."""
    p = (v * n + 2) / (n + 4)
    return math.sqrt(p * (1 - p) / (n + 4))


def clearly_worse(v: float, n: int, best_v: float, best_n: int) -> bool:
    """The rule of the module's note, on the ratings alone (the words are compared in `judge`)."""
    if n < MIN_TRIALS:
        return False
    gap = best_v - v
    return gap >= MARGIN and gap > Z * math.hypot(standard_error(v, n), standard_error(best_v, best_n))


def judge(
    game: Game,
    state: State,
    seat: int,
    made: Action,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    iterations: int | None = None,
    seconds: float | None = SECONDS,
    learn: float | None = 0.3,
    stop: Any = None,
) -> Judgement:
    """Judge `made` for `seat` at `state` (a determinization of that seat's view, before the
    move). `iterations`: the search's budget (None: the game's strong level)."""
    from decktable.bots.search import LEVELS, SearchStats, search

    said = Judgement(action=str(made), seat=seat)
    legal = {str(a): a for a in game.legal_actions(state, seat)}
    if len(legal) < 2 or str(made) not in legal:
        return said
    if iterations is None:
        iterations = game.level_iterations.get("strong", LEVELS["strong"].iterations)
    stats = SearchStats()
    best = search(game, state, seat, rng, iterations, seconds, memory=memory, stats=stats, stop=stop,
                  early=False, learn=learn)
    key, top = str(made), str(best)
    said.iterations = stats.iterations
    said.value, said.trials = stats.values.get(key), stats.visits.get(key, 0)
    if stats.convention or top == key or said.value is None or top not in stats.values:
        return said
    said.best, said.best_value, said.best_trials = top, stats.values[top], stats.visits.get(top, 0)
    if not clearly_worse(said.value, said.trials, said.best_value, said.best_trials):
        return said
    read: tuple[Any, ...] = ("rating", state.players)
    try:
        read = reading(game, state, seat, legal[top], rng, memory)
    except Exception:  # noqa: BLE001 - a game's playout failing here: the rating is said as it is
        pass
    said.best_figure = figure(said.best_value, said.best_trials, read)
    said.figure = figure(said.value, said.trials, read)
    said.flagged = _words(said.best_figure) != _words(said.figure)
    return said


def _words(f: Figure) -> str:
    """A figure as the remark says it, short."""
    if f.kind == "win":
        if f.lone:
            return f"avoids losing {odds(f.value)}" if f.value >= 0.5 else f"loses {odds(1 - f.value)}"
        return f"wins the game {odds(f.value)}"
    if f.kind == "points":
        x = round(f.value, 1)
        others = "the other player" if f.seats == 2 else "the others"
        if x == 0:
            return f"ends the hand about level with {others}"
        about = "at least" if f.beyond else "about"
        return f"ends the hand {about} {abs(x):.1f} points {'ahead of' if x > 0 else 'behind'} {others}"
    if f.kind == "place":
        return f"places about {f.value:.1f} of {f.seats} on average"
    return f"is rated {f.value:.0%}"


def _yours(f: Figure) -> str:
    """The move made's figure, after the better one's (which said what it is against)."""
    if f.kind == "win":
        if f.lone:
            return f"avoids losing {odds(f.value)}" if f.value >= 0.5 else f"loses {odds(1 - f.value)}"
        return odds(f.value)
    if f.kind == "points":
        x = round(f.value, 1)
        if x == 0:
            return "about level"
        return f"{'at least' if f.beyond else 'about'} {abs(x):.1f} {'ahead' if x > 0 else 'behind'}"
    if f.kind == "place":
        return f"about {f.value:.1f}"
    return f"{f.value:.0%}"


def remark(j: Judgement, label: Callable[[str], str]) -> str:
    """The coach's words on a flagged move: the better move, both figures, and the trials.
    `label` names a move by its notation (the button's words, "Play the Ace of Hearts")."""
    if not j.flagged or j.best is None or j.figure is None or j.best_figure is None:
        return ""
    first = _gerund(label(j.best))
    first = first[:1].upper() + first[1:]
    mine = _gerund(label(j.action))
    b = _words(j.best_figure)
    return (f"Coach: {first} would have been better than {mine}: "
            f"it {b}, yours {_yours(j.figure)} (over {j.best_trials:,} and {j.trials:,} trials).")


def _gerund(move: str) -> str:
    """A move's label as the subject of a sentence: "Play the Ace of Hearts" -> "playing the Ace
    of Hearts" where the label starts with a plain verb; other labels are quoted as they are
    ("“No special lead”"). What a label adds after a colon is left out ("Marry in Hearts: show
    King and Queen (40)" -> "marrying in Hearts"): the sentence has a colon of its own."""
    head, _, rest = move.partition(" ")
    verb = head.lower()
    if verb.isalpha() and len(verb) > 2 and head[1:].islower() and verb not in _NOT_VERBS:
        stem = verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb
        vowels = "aeiou"
        if len(verb) == 3 and verb[0] not in vowels and verb[1] in vowels and verb[2] not in vowels + "wxy":
            stem = verb + verb[-1]  # bid -> bidding
        elif verb in _DOUBLED:
            stem = verb + verb[-1]  # begin -> beginning, crib -> cribbing
        return f"{stem}ing {rest.split(': ', 1)[0]}".rstrip()
    return f"“{move}”"


#: first words of move labels that are not verbs (Jacynth's "Token on ...", King's "Hearts
#: trump"): such a label is quoted as its button says it, never made a gerund ("tokening")
_NOT_VERBS = frozenset({"token", "clubs", "diamonds", "hearts", "spades", "no"})
#: verbs of labels whose last consonant doubles before -ing beyond the three-letter rule
_DOUBLED = frozenset({"begin", "crib", "drop", "stop", "swap"})
