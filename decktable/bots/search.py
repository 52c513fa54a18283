"""Search bots: information-set Monte Carlo tree search over the engine contract, no game code.

One search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012):
- every iteration samples a full state the bot's seat cannot tell from the real one
  (`game.determinize`, with the seat's memory where the game uses it: all of it at the strong
  level, at easy and medium each thing with a chance, `Budget.recall`), so the search never sees
  a hidden card or a secret choice: it is given a determinized state to start from, never the
  real one (see `Match.bot_step`), and re-determinizes that one;
- it walks one tree of actions shared by all determinizations: at each node the acting seat
  picks among the actions legal in *this* sample by UCB, counted against the times each action
  was available; the first new action met is added, then the sample is played out at random
  (or as the game's guided playout plays it, `Game.playout_guided`: Old Janx Spirit's; or, at a
  level with `Budget.learn` in a game whose playouts learn, `Game.playout_learns`: Rally's strong
  search, by MAST, each move's mean value so far, Powley, Whitehouse & Cowling 2013); where the
  game has a default policy for decisions random play gets wrong (`Game.playout_action`:
  Schnapsen's claim and close), the playout takes its answer, and the tree still tries every
  legal move (but in a game that asks for it, `Game.policy_in_tree`, the tree below its root
  takes the policy's answer too: King's auction, where trying every bid at every node made
  auctions no one would hold; the root's moves are all tried);
- where the game says what another seat knows at a decision (`Game.search_key`: Envite's
  captains at the stakes), that seat's node is split by the class its sampled hand gives it, so
  the search meets an opponent who bids on its hand rather than one bid for every hand (the
  classes are learnt from their own visits: a bigger budget learns them better);
- a playout stops at the end of the hand (the score sheet grows or the hand number changes), at
  the end of the game, at the game's horizon (`Game.horizon`: a Mattis search in the first phase
  looks no further than the second's start), or after `PLAYOUT_CAP` moves;
- the value of a playout, for every seat: at the end of the game, its placing (first 1, last 0;
  in a game of fixed partnerships, `Game.team`, its team's placing: a lost Envite game is 0);
  at the horizon, the game's estimate of the same (`Game.estimate`: Mattis's table of what each
  card is worth in a random second phase, fitted to such playouts); otherwise its score gained
  since the root against the other seats' mean, squashed into 0..1 by the game's typical per-hand
  spread (`Calibration`, from a few random games: scores are normalised per game, and a game in
  which the lowest score wins is told apart the same way);
  alone (a solitaire), against the mean gain of this search's playouts so far: the gain to the
  end of a whole game is many spreads wide, and squashed as it is every move would look as good;
- a move the game makes by its table's convention (`Game.convention`: Envite's signals, whose
  worth is what a partner reads from them) is made without searching;
- the action chosen is the root action visited most (also when `stop()` cuts the search short);
  the search ends early once that action leads the next by more than the iterations left, since
  the rest could not change the choice (the same move, sooner).

Events are off (`Game.play` with events None, on actions the game itself listed as legal), and
states are copied with `State.clone`.
"""

from __future__ import annotations

import gc
import itertools
import math
import operator
import random
import statistics
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from decktable.engine.actions import Action
from decktable.engine.game import Game, State
from decktable.engine.rng import Rng

_KEY = object()  # marks a class of `Game.search_key` among a node's actions
_SEEN = object()  # marks what the searching seat saw of a move it cannot tell apart (`Game.unseen_moves`)
PLAYOUT_CAP = 400  # moves in one playout at most
EXPLORE = 0.7  # UCB exploration constant (values lie in 0..1)


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks: iterations per decision, and a wall-clock cap (seconds) or None."""

    iterations: int
    seconds: float | None = None
    #: in a game whose playouts learn (`Game.playout_learns`): the share of playout moves drawn
    #: at random; the others take the legal move whose mean value so far is best (MAST)
    learn: float | None = None
    #: in a game whose bots remember what their seat was shown (`Game.remembers`): the chance
    #: that the level recalls each thing at a decision, drawn afresh each time (`Game.recalled`);
    #: None, it recalls everything
    recall: float | None = None


#: the search levels (random is not a search); see README "Bots". A game may set a level's
#: iterations where its search stops gaining long before strong's (`Game.level_iterations`: Lórum)
LEVELS: dict[str, Budget] = {
    "easy": Budget(40, recall=0.25),
    "medium": Budget(300, recall=0.6),
    "strong": Budget(3000, seconds=1.0, learn=0.3),
}


# -- calibration: how scores move in a game, from random play ------------------------------------


@dataclass(frozen=True)
class Calibration:
    sign: int  # +1 when a higher score is better, -1 when lower wins
    scale: float  # typical spread of one hand's score change for one seat


def places_of(game: Game, players: int) -> int:
    """How many placings a finished game of `players` seats can give: one a seat, or, in a game
    of fixed partnerships (`Game.team`), one a team, since partners share their result (Envite's
    four seats place 1 and 2). A playout's value at the end of the game is `(places - placing) /
    (places - 1)`: first 1, last 0, so a lost team game is worth 0, not what a seat's second
    place among four would be (2/3), which had the search see a loss as two thirds of a win."""
    if players < 2:
        return max(players, 1)
    teams = {game.team(s, players) for s in range(players)}
    if None in teams or len(teams) < 2:
        return players
    return len(teams)


def placing_values(game: Game, placings: Sequence[int]) -> list[float]:
    """Each seat's value of a finished game with these placings, as the search counts it
    (`places_of`): first 1, last 0, ties sharing the better placing as the game gives it."""
    places = places_of(game, len(placings))
    if places < 2:
        return [1.0 for _ in placings]
    return [(places - pl) / (places - 1) for pl in placings]


def _raw_legal(game: Game) -> Any:
    fn = type(game).legal_actions
    return getattr(fn, "__wrapped__", fn)


@lru_cache(maxsize=None)
def _calibrate(game_id: str, players: int, options_key: str) -> Calibration:
    from decktable.engine.registry import get_game

    game = get_game(game_id)
    opts = dict(eval(options_key)) if options_key else {}  # noqa: S307 - our own repr of plain values
    return calibrate(game, players, opts)


def calibrate(game: Game, players: int, options: dict[str, Any] | None = None, games: int = 6) -> Calibration:
    """Play a few seeded random games: the spread of per-hand score changes, and whether the
    winners hold the highest or the lowest scores."""
    legal = _raw_legal(game)
    gains: list[float] = []
    votes = 0
    for seed in range(games):
        st = game.new(players, seed=1000 + seed, **(options or {}))
        r = random.Random(seed)
        before = list(st.scores)
        sheet, hand = len(st.sheet), st.hand_no
        for _ in range(5000):
            if st.over:
                break
            acting = game.to_act(st)
            s = acting[int(r.random() * len(acting))]
            la = legal(game, st, s)
            if not la:
                break
            game.play(st, s, la[int(r.random() * len(la))], None)
            if len(st.sheet) != sheet or st.hand_no != hand or st.over:
                gains.extend(a - b for a, b in zip(st.scores, before))
                before = list(st.scores)
                sheet, hand = len(st.sheet), st.hand_no
        if st.over and players > 1:
            res = game.final(st)
            best = [s for s, p in enumerate(res.placings) if p == 1]
            worst = [s for s, p in enumerate(res.placings) if p == max(res.placings)]
            if len(best) < players:
                hi = sum(float(res.scores[s]) for s in best) / len(best)
                lo = sum(float(res.scores[s]) for s in worst) / len(worst)
                votes += (hi > lo) - (hi < lo)
    spread = statistics.pstdev(gains) if len(gains) > 1 else 0.0
    if spread <= 0:
        spread = max((abs(g) for g in gains), default=1.0) or 1.0
    sign = -1 if game.lower_scores_win or votes < 0 else 1
    return Calibration(sign, spread)


def calibration_for(game: Game, state: State) -> Calibration:
    try:
        opts = state.options.model_dump()  # type: ignore[attr-defined]
        key = repr(sorted(opts.items()))
        if "Rng" in key or "<" in key:
            key = ""
    except Exception:
        key = ""
    try:
        return _calibrate(game.info.id, state.players, key)
    except Exception:  # an unregistered test game: calibrate the object itself
        return calibrate(game, state.players)


# -- the tree ------------------------------------------------------------------------------------


class _Edge:
    __slots__ = ("seat", "n", "w", "avail", "node")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who takes this action: values are counted from that seat's side
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.node: dict[Action, _Edge] | None = None


@dataclass
class SearchStats:
    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)  # mean value (0..1) per root action
    convention: str | None = None  # why the move was made by the table's convention, unsearched


def search(
    game: Game,
    state: State,
    seat: int,
    rng: Rng,
    iterations: int,
    seconds: float | None = None,
    memory: dict[str, Any] | None = None,
    stats: SearchStats | None = None,
    stop: Any = None,
    early: bool = True,
    learn: float | None = None,
) -> Action:
    """The action ISMCTS picks for `seat`. `state` must already be a determinization for `seat`
    (the search samples again from it); `rng` alone decides every random choice.

    The cyclic garbage collector is off while it runs: a search makes and drops tens of thousands
    of small objects (clones, edges, listed actions), all freed by their reference counts, and the
    collections they set off cost Chicago's search a seventh of its time while finding nothing.
    It is on again at the end, as it was found (a search never runs longer than its budget)."""
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        return _search(game, state, seat, rng, iterations, seconds, memory, stats, stop, early, learn)
    finally:
        if collecting:
            gc.enable()


def _search(
    game: Game,
    state: State,
    seat: int,
    rng: Rng,
    iterations: int,
    seconds: float | None,
    memory: dict[str, Any] | None,
    stats: SearchStats | None,
    stop: Any,
    early: bool,
    learn: float | None = None,
) -> Action:
    legal_fn = _raw_legal(game)
    root_legal = legal_fn(game, state, seat)
    if not root_legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(root_legal) == 1:
        return root_legal[0]
    agreed = game.convention(state, seat)  # a move whose worth is what a partner reads from it
    if agreed is not None and agreed[0] in root_legal:
        if stats is not None:
            stats.convention = agreed[1]
        return agreed[0]
    cal = calibration_for(game, state)
    sign, scale = cal.sign, cal.scale
    n_players = state.players
    rand = random.Random(int(rng.random() * 2**53)).random  # playouts: the fast generator
    to_act = game.to_act
    play = game.play
    placings_of = game.placings
    places = places_of(game, n_players)  # placings run 1..places: seats, or teams where seats share a result
    worst = places - 1
    uses_memory = game.remembers and memory is not None
    if not game.playout_learns:
        learn = None
    # a game's own playout, where it has one: random and sooner, or guided (not when learning:
    # a learning playout weighs every legal move, and the generic loop lists them)
    fast = game.playout if learn is None else None
    # MAST: per action, [times played, mean value to the seat that played it], over this
    # search's iterations (tree moves and playout moves alike); `trail` is this iteration's moves
    mast: dict[Action, list[float]] = {}
    trail: list[tuple[int, Action]] = []
    root: dict[Action, _Edge] = {}
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    base_scores = list(state.scores)
    sheet0, hand0 = len(state.sheet), state.hand_no
    done = 0
    solo_sum = 0.0  # a solitaire's gains so far: their mean is what a playout is judged against
    # The root's actions are the same in every sample (the seat's own options): its untried
    # actions are kept in a list, in `root_legal` order, rather than found again each iteration
    # (Rally's discard has 286), and once all are tried its edges are walked as a list.
    root_fresh = list(root_legal)
    deal = game.determinizer(state, seat)  # `determinize` of this state, prepared once
    pick = game.random_legal  # at a new node: the action `legal_fn` would give, drawn as below
    # a game that says what another seat knows at its bids (`Game.search_key`): that seat's
    # choices are kept apart per class, one level of the tree between the node and its edges
    keyed = game.search_key if type(game).search_key is not Game.search_key else None
    # a game that judges the rest of the hand from a point on (`Game.horizon`): playouts stop there
    looks = game.horizon if type(game).horizon is not Game.horizon else None
    # a game where the searching seat cannot tell apart some moves of another (`Game.unseen_moves`):
    # those moves are chance events, and the tree below is filed under what the seat saw
    unseen = game.unseen_moves if type(game).unseen_moves is not Game.unseen_moves else None
    # a game with a default policy for its playouts' non-card decisions (`Game.playout_action`):
    # the generic loop asks it at each move; a game's own `playout` asks it itself
    policy = game.playout_action if type(game).playout_action is not Game.playout_action else None
    # ... which, in a game that asks for it (`Game.policy_in_tree`), also makes those decisions
    # below the root: only the searching seat's move now is tried every way
    ruled = policy if game.policy_in_tree else None
    h0 = looks(state) if looks is not None else None
    if h0 is None:
        looks = None
    # Every root action is available at every visit of the root, so an edge's availability is
    # the visits since it was added; while untried actions remain each visit adds one edge, so
    # the i-th edge added has been available `visit - i` times. The root's edges are kept in the
    # order they were added, with their mean values and visit counts in lists beside them, and
    # UCB is worked out over the lists without a Python loop (`_RootUcb`; numpy for a large
    # root): the same values, bit for bit, as `_ucb` over the edges, without counting 286
    # availabilities a visit.
    ucb_root = _RootUcb(root_legal)
    root_at = 0  # the index, in `ucb_root`, of the root edge this iteration took
    for it in range(iterations):
        if it & 7 == 0 and it:
            if deadline is not None and time.perf_counter() > deadline:
                break
            if stop is not None and stop():
                break
            if early and it & 31 == 0 and _decided(root, iterations - it):
                break
        if uses_memory:
            st = game.determinize_known(state, seat, rng, memory)
        else:
            st = deal(rng)
        node = root
        trail.clear()
        path: list[_Edge] = []
        expanded = False
        moves = 0
        # selection and expansion
        while not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0:
            if looks is not None and looks(st) != h0:
                break
            acting = to_act(st)
            if not acting:
                break
            if node is root:
                p = seat if seat in acting else acting[0]
                ucb_root.visits += 1
                if root_fresh:  # the same draw as from `fresh` below, without the scan
                    a = root_fresh.pop(int(rand() * len(root_fresh)))
                    root_at = len(ucb_root.edges)
                    grow = True
                else:
                    root_at = ucb_root.pick()
                    a, best = ucb_root.actions[root_at], ucb_root.edges[root_at]
                    grow = False
            else:
                p = acting[0]
                seen = unseen(st, p, seat) if unseen is not None and p != seat else None
                if seen is not None:  # drawn as a chance event: no figures, no expansion
                    a = pick(st, p, rand)
                    if a is None:
                        break
                    if learn is not None:
                        trail.append((p, a))
                    play(st, p, a, None)
                    moves += 1
                    k = (_SEEN, seen(a))
                    sub = node.get(k)
                    if sub is None:
                        sub = node[k] = {}
                    node = sub
                    continue
                if keyed is not None and p != seat:  # another seat's choices, per class of its knowledge
                    k = keyed(st, p)
                    if k is not None:
                        k = (_KEY, k)
                        sub = node.get(k)
                        if sub is None:
                            sub = node[k] = {}
                        node = sub
                a = la = None
                if ruled is not None:  # the game's policy makes this move where it answers
                    la = legal_fn(game, st, p)
                    if len(la) > 1:
                        a = ruled(st, p, la, rand)
                if a is not None:
                    # as a playout makes it: the node holds the policy's answers (one for each
                    # hand the samples gave the seat), never a draw among the other moves
                    best = node.get(a)
                    grow = best is None
                    if not grow:
                        best.avail += 1
                elif not node:  # a node not seen before: every action is fresh, one is drawn
                    a = pick(st, p, rand)
                    if a is None:
                        break
                    grow = True
                else:
                    if la is None:
                        la = legal_fn(game, st, p)
                    if not la:
                        break
                    # one pass: the actions not yet tried here, and the tried ones counted available
                    fresh = []
                    pairs = []
                    for b in la:
                        e = node.get(b)
                        if e is None:
                            fresh.append(b)
                        else:
                            e.avail += 1
                            pairs.append((b, e))
                    if fresh:
                        a = fresh[int(rand() * len(fresh))]
                        grow = True
                    else:
                        a, best = _ucb(pairs)
                        grow = False
            if grow:  # expansion: the new edge, then a playout
                best = node[a] = _Edge(p)
                best.avail = 1
                if node is root:
                    ucb_root.add(a, best)
            path.append(best)
            if learn is not None:
                trail.append((p, a))
            play(st, p, a, None)
            moves += 1
            if grow:
                expanded = True
                break
            if best.node is None:
                best.node = {}
            node = best.node
        # playout
        if expanded and fast is not None:
            if (not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0 and moves < PLAYOUT_CAP
                    and (looks is None or looks(st) == h0)):
                moves += fast(st, rand, PLAYOUT_CAP - moves)  # stops at the horizon itself
        elif expanded:
            while not st.over and len(st.sheet) == sheet0 and st.hand_no == hand0 and moves < PLAYOUT_CAP:
                if looks is not None and looks(st) != h0:
                    break
                acting = to_act(st)
                if not acting:
                    break
                p = acting[0] if len(acting) == 1 else acting[int(rand() * len(acting))]
                la = legal_fn(game, st, p)
                if not la:
                    break
                if policy is not None and len(la) > 1 and (a := policy(st, p, la, rand)) is not None:
                    pass  # the game's default policy for a decision random play gets wrong
                elif learn is None or len(la) == 1 or rand() < learn:
                    a = la[int(rand() * len(la))]
                else:  # the move of the best mean so far; one never made counts as best
                    bv = -1.0
                    for b in la:
                        m = mast.get(b)
                        v = m[1] if m is not None else 1.0
                        if v > bv:
                            bv, a = v, b
                if learn is not None:
                    trail.append((p, a))
                play(st, p, a, None)
                moves += 1
        # values, per seat
        if st.over and n_players > 1:
            placings = placings_of(st)
            values = [(places - pl) / worst for pl in placings]
        elif looks is not None and looks(st) != h0:
            values = game.estimate(st)
        else:
            scores = st.scores
            gains = [sign * (scores[s] - base_scores[s]) for s in range(n_players)]
            if n_players == 1:
                gain = gains[0]
                values = [0.5 + 0.5 * math.tanh((gain - (solo_sum / done if done else gain)) / scale)]
                solo_sum += gain
            else:
                total = sum(gains)
                values = [
                    0.5 + 0.5 * math.tanh((g - (total - g) / (n_players - 1)) / scale) for g in gains
                ]
        for e in path:
            e.n += 1
            e.w += values[e.seat]
        if learn is not None:
            for p, a in trail:
                m = mast.get(a)
                if m is None:
                    mast[a] = [1.0, values[p]]
                else:
                    m[0] += 1.0
                    m[1] += (values[p] - m[1]) / m[0]
        if path:
            ucb_root.update(root_at)
        done += 1
    ucb_root.settle()
    best_a = max(root_legal, key=lambda a: (root[a].n if a in root else -1, root[a].w if a in root else 0.0))
    if stats is not None:
        stats.iterations = done
        stats.seconds = time.perf_counter() - start
        stats.visits = {str(a): e.n for a, e in root.items()}
        stats.values = {str(a): e.w / e.n for a, e in root.items() if e.n}
    return best_a


def _ucb(pairs: list[tuple[Action, _Edge]]) -> tuple[Action, _Edge]:
    """The action UCB picks among `pairs` (all available in this sample, and already counted so
    by the caller), the first of equals in list order."""
    log, sqrt = math.log, math.sqrt
    best: _Edge | None = None
    best_v = -1.0
    a: Action | None = None
    for b, e in pairs:
        v = e.w / e.n + EXPLORE * sqrt(log(e.avail) / e.n)
        if v > best_v:
            best_v, best, a = v, e, b
    assert best is not None and a is not None
    return a, best


#: logs[k] == math.log(k), for the root's UCB (an edge's availability is a whole number)
_LOGS: list[float] = [0.0]
#: from this many root actions on, UCB over the root is worked out with numpy (a few µs for
#: Rally's 286 discards, against some 60 in C loops over lists); below it the lists are quicker
NUMPY_FROM = 48


def _logs_to(t: int) -> list[float]:
    if len(_LOGS) <= t:
        log = math.log
        _LOGS.extend(log(k) for k in range(len(_LOGS), max(t + 1, 2 * len(_LOGS))))
    return _LOGS


class _RootUcb:
    """The root's edges in the order they were added, with each one's mean value and visit count
    beside them, so that UCB over hundreds of root actions (Rally's discards) is not a Python loop
    a visit. `pick` gives the index `_ucb` would give over the edges in `root_legal` order, every
    availability counted: the same arithmetic on the same numbers (IEEE division, square root,
    product and sum are exact to the last bit in numpy as in Python), the first of equals."""

    __slots__ = ("edges", "actions", "means", "counts", "visits", "order", "arrays")

    def __init__(self, root_legal: Sequence[Action]) -> None:
        self.edges: list[_Edge] = []
        self.actions: list[Action] = []
        self.means: list[float] = []
        self.counts: list[int] = []
        self.visits = 0  # visits of the root so far, this one included
        self.order = {a: i for i, a in enumerate(root_legal)}  # ties go to the first listed
        self.arrays: Any = None  # (means, counts, logs) as numpy arrays, once every edge is in

    def add(self, action: Action, edge: _Edge) -> None:
        self.edges.append(edge)
        self.actions.append(action)
        self.means.append(0.0)
        self.counts.append(0)

    def update(self, i: int) -> None:
        e = self.edges[i]
        self.means[i] = mean = e.w / e.n
        self.counts[i] = e.n
        if self.arrays is not None:
            self.arrays[0][i] = mean
            self.arrays[1][i] = e.n

    def pick(self) -> int:
        """The edge UCB takes at this visit. Called once every root action has its edge, so the
        edges (and their order) no longer change; the i-th added has been available t - i times."""
        t, m = self.visits, len(self.edges)
        logs = _logs_to(t)
        if m >= NUMPY_FROM:
            import numpy as np

            arrays = self.arrays
            if arrays is None or len(arrays[2]) <= t:
                arrays = self.arrays = (np.array(self.means), np.array(self.counts, dtype=np.float64),
                                        np.array(logs))
            means, counts, logs_a = arrays
            values = means + EXPLORE * np.sqrt(logs_a[t : t - m : -1] / counts)
            i = int(values.argmax())
            if int((values == values[i]).sum()) == 1:
                return i
            values = values.tolist()
        else:
            explore = map(math.sqrt, map(operator.truediv, logs[t : t - m : -1], self.counts))
            values = list(map(operator.add, self.means, map(operator.mul, itertools.repeat(EXPLORE), explore)))
            i = values.index(max(values))
            if values.count(values[i]) == 1:
                return i
        top, order, actions = values[i], self.order, self.actions
        return min((j for j, v in enumerate(values) if v == top), key=lambda j: order[actions[j]])

    def settle(self) -> None:
        """Write each edge's availability into it, as `_ucb` would have counted it."""
        t = self.visits
        for i, e in enumerate(self.edges):
            e.avail = t - i


def _decided(root: dict[Action, _Edge], remaining: int) -> bool:
    """True when the most visited root action leads the next by more than the iterations left:
    no outcome of those iterations can change the choice, so they would be wasted time."""
    first = second = 0
    for e in root.values():
        n = e.n
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > remaining


# -- bots ----------------------------------------------------------------------------------------


class SearchBot:
    """A bot of one level: ISMCTS with that level's budget. Decides from a `Turn` (a
    determinized state for its seat, never the real one) and its seat's memory."""

    def __init__(self, level: str = "medium", budget: Budget | None = None) -> None:
        given = budget
        if budget is None:
            try:
                budget = LEVELS[level]
            except KeyError:
                raise ValueError(f"no search level {level!r}; levels: {', '.join(LEVELS)}") from None
        self.level = level
        self.budget = budget
        #: a budget given outright is kept in every game; a level's own follows the game's
        #: `Game.level_iterations` where it names the level
        self.by_level = given is None
        self.memory: dict[str, Any] = {}
        self.last_stats: SearchStats | None = None
        self.stop: Any = None  # a callable: True ends the search early (the worker's cancel)

    def observe_event(self, game: Game, obs: Any) -> None:
        """What this bot's seat was just shown (its observation after an action)."""
        game.remember(self.memory, obs)

    def decide(self, turn: Any, rng: Rng) -> Action:
        stats = SearchStats()
        memory = self.memory
        if self.budget.recall is not None and turn.game.remembers:  # a person's memory: some of it
            memory = turn.game.recalled(memory, self.budget.recall, rng)
        iterations = self.budget.iterations
        if self.by_level:
            iterations = turn.game.level_iterations.get(self.level, iterations)
        a = search(
            turn.game, turn.state, turn.seat, rng, iterations, self.budget.seconds,
            memory=memory, stats=stats, stop=self.stop, learn=self.budget.learn,
        )
        self.last_stats = stats
        return a

    def choose(self, obs: Any, legal: Sequence[Action], rng: Rng) -> Action:
        raise TypeError("a search bot decides from a determinized state: use decide(turn, rng)")
