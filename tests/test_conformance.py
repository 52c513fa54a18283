"""The conformance suite: every registered game, at every player count, against the engine contract.

Random legal play from many seeds, with the cheap checks (legal actions never empty, cards
conserved, notation round trips) at every step, and the expensive ones (refusals, privacy,
determinize, save/load, determinism) sampled at a few points of a few games. Each property is its
own test function, so a failure names the property, the game and the player count; the message
names the seed and the step, so `g.new(n, seed=S)` + the logged actions reproduce it.

Knobs (environment): DECKTABLE_CONFORMANCE_GAMES (random games per game and player count, default
50), DECKTABLE_CONFORMANCE_SAMPLES (games that get the expensive checks, default 4).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

import decktable
from decktable.engine.actions import CARD, CARDS, CELL, INT, SUIT, WORD, Action
from decktable.engine.errors import (
    BadOptions,
    DeckTableError,
    GameOver,
    IllegalMove,
    MalformedAction,
    NotYourTurn,
)
from decktable.engine.game import Game, State, Vis
from decktable.session.match import Match, Seat
from decktable.engine.rng import Rng
from decktable.store.saves import SaveFile, read_save, write_save

N_GAMES = int(os.environ.get("DECKTABLE_CONFORMANCE_GAMES", "50"))
N_SAMPLES = int(os.environ.get("DECKTABLE_CONFORMANCE_SAMPLES", "4"))
STEP_CAP = 100_000  # decisions in one random game before we call it endless
SHOW = 8  # problems shown in a failure message


def _params() -> list[Any]:
    out = []
    for info in decktable.games():
        for n in info.player_counts:
            out.append(pytest.param(info.id, n, id=f"{info.id}-{n}p"))
    return out


PARAMS = _params()
parametrize = pytest.mark.parametrize("gid, n", PARAMS)


def load(gid: str) -> Game:
    try:
        return decktable.get_game(gid)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"decktable.rulesets.{gid}"):
            pytest.skip(f"{gid}: rules not written yet ({exc.name})")
        raise


# ---------------------------------------------------------------------------------------------
# One shared random-play trace per game and player count (the cheap checks run while playing)


@dataclass
class Run:
    seed: int
    log: list[tuple[int, str]]
    over: bool
    crashed: bool = False


@dataclass
class Trace:
    runs: list[Run] = field(default_factory=list)
    problems: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    words: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # WORD args seen per verb
    ints: set[str] = field(default_factory=set)
    cells: set[str] = field(default_factory=set)
    decisions: int = 0
    seconds: float = 0.0

    def add(self, prop: str, msg: str) -> None:
        if len(self.problems[prop]) < 200:
            self.problems[prop].append(msg)


_TRACES: dict[tuple[str, int], Trace] = {}


def _cards(g: Game, state: State) -> list[int]:
    return sorted(c for z in g.zones(state) for c in z.cards)


def _spectator_hidden(g: Game, state: State) -> set[int]:
    return {c for z in g.zones(state) if not z.vis.sees(z.owner, None) for c in z.cards}


def trace(gid: str, n: int, options: dict[str, Any] | None = None, games: int | None = None) -> Trace:
    options = options or {}
    key = (gid, n, tuple(sorted((k, repr(v)) for k, v in options.items())), games)
    if key in _TRACES:
        return _TRACES[key]
    g = load(gid)
    t = Trace()
    checked: set[Action] = set()
    kinds_of = g.grammar.verbs
    t0 = time.perf_counter()
    for seed in range(N_GAMES if games is None else games):
        if len(t.problems.get("ends", [])) >= 2 or len(t.problems.get("crash", [])) >= 5:
            t.add("ends", f"stopped after seed {seed - 1}: too many endless or crashed games")
            break
        rng = random.Random(seed * 1_000_003 + n)
        events_on = seed % 2 == 0  # half the games build events (and get their privacy checked)
        log: list[tuple[int, str]] = []
        run = Run(seed, log, False)
        t.runs.append(run)
        where = f"seed {seed}"
        try:
            state = g.new(n, seed=seed, **options)
            zs = g.zones(state)
            start = sorted(c for z in zs for c in z.cards)
            if len(set(start)) != len(start):
                t.add("conservation", f"{where}: at the start some card is in two zones")
            hidden_before = {c for z in zs if not z.vis.sees(z.owner, None) for c in z.cards}
            held_before = {c for z in zs if z.vis in (Vis.OWNER, Vis.OTHERS) for c in z.cards}
            step = 0
            while not g.is_over(state):
                where = f"seed {seed} step {step}"
                if step >= STEP_CAP:
                    t.add("ends", f"seed {seed}: no end after {STEP_CAP} decisions")
                    break
                acting = g.to_act(state)
                if not acting:
                    t.add("legal", f"{where}: nobody is to act but the game is not over")
                    break
                legal_by = {}
                for s in acting:
                    la = g.legal_actions(state, s)
                    if not la:
                        t.add("legal", f"{where}: seat {s} is to act and has no legal action")
                    legal_by[s] = la
                if step % 13 == 0:
                    for s in range(n):
                        if s not in acting and g.legal_actions(state, s):
                            t.add("legal", f"{where}: seat {s} is not to act but has legal actions")
                choices = [s for s in acting if legal_by[s]]
                if not choices:
                    break
                seat = rng.choice(choices)
                la = legal_by[seat]
                if len(set(la)) != len(la):
                    t.add("legal", f"{where}: legal_actions lists an action twice")
                for a in la:
                    if a in checked:
                        continue
                    checked.add(a)
                    text = str(a)
                    try:
                        back = g.parse(text)
                    except DeckTableError as exc:
                        t.add("notation", f"{where}: {text!r} does not parse: {exc}")
                        continue
                    if back != a:
                        t.add("notation", f"{where}: {text!r} parses to {back!r}, not {a!r}")
                    if g.format(a) != text:
                        t.add("notation", f"{where}: format({a!r}) is {g.format(a)!r}, not {text!r}")
                    for kind, arg in zip(kinds_of.get(a.verb, ()), a.args):
                        if kind == WORD:
                            t.words[a.verb].add(arg)
                        elif kind == INT:
                            t.ints.add(arg)
                        elif kind == CELL:
                            t.cells.add(arg)
                a = rng.choice(la)
                events = g.apply(state, seat, a, events=events_on)
                log.append((seat, str(a)))
                step += 1
                zs = g.zones(state)
                now = sorted(c for z in zs for c in z.cards)
                if now != start:
                    t.add("conservation", f"{where}: after {a} the cards over the zones changed: {_diff_cards(g, start, now)}")
                    start = now  # report each change once
                if events_on:
                    # a card hidden before and after the action, and in some seat's hidden hand
                    # (owner / others) on one side: a card shown face up in between and shuffled
                    # back into a stock may be named, a drawn or face-down-passed card may not
                    hidden_after = {c for z in zs if not z.vis.sees(z.owner, None) for c in z.cards}
                    held_after = {c for z in zs if z.vis in (Vis.OWNER, Vis.OTHERS) for c in z.cards}
                    secret = hidden_before & hidden_after & (held_before | held_after)
                    hidden_before, held_before = hidden_after, held_after
                    if secret and events:
                        for e in events:
                            leak = _leaks(g, [e.text, e.data], secret)
                            if leak:
                                t.add("events", f"{where}: after {a} an event names hidden card(s) {leak}: {e.text!r} {e.data!r}")
            t.decisions += step
            if g.is_over(state):
                run.over = True
                _check_result(g, state, n, t, f"seed {seed}")
        except Exception as exc:  # a crash in the rules: every test of this game reports it
            run.crashed = True
            tb = traceback.format_exc(limit=-3)
            t.add("crash", f"{where}: {type(exc).__name__}: {exc}\n{tb}")
    t.seconds = time.perf_counter() - t0
    _TRACES[key] = t
    return t


def _diff_cards(g: Game, before: list[int], after: list[int]) -> str:
    from collections import Counter

    b, a = Counter(before), Counter(after)
    lost = [g.catalogue.slug(c) for c in (b - a).elements()]
    gained = [g.catalogue.slug(c) for c in (a - b).elements()]
    return f"lost {lost}, gained {gained}"


def _check_result(g: Game, state: State, n: int, t: Trace, where: str) -> None:
    res = g.result(state)
    if res is None:
        t.add("result", f"{where}: over but result() is None")
        return
    if len(res.scores) != n or len(res.placings) != n:
        t.add("result", f"{where}: result has {len(res.scores)} scores and {len(res.placings)} placings for {n} seats")
        return
    if not all(1 <= p <= n for p in res.placings) or min(res.placings) != 1:
        t.add("result", f"{where}: placings {res.placings} are not 1..{n} with a first place")
    if not res.summary.strip():
        t.add("result", f"{where}: the result has no summary sentence")
    try:
        json.dumps(res.model_dump())
    except (TypeError, ValueError) as exc:
        t.add("result", f"{where}: result is not JSON-able: {exc}")


def report(t: Trace, *props: str) -> None:
    lines: list[str] = []
    for p in props:
        for m in t.problems.get(p, []):
            lines.append(f"[{p}] {m}")
    if lines:
        more = f"\n... and {len(lines) - SHOW} more" if len(lines) > SHOW else ""
        pytest.fail("\n".join(lines[:SHOW]) + more, pytrace=False)


def samples(t: Trace) -> list[Run]:
    """The runs that get the expensive checks: the first few, plus the longest."""
    runs = [r for r in t.runs if not r.crashed][:N_SAMPLES]
    ok = [r for r in t.runs if not r.crashed]
    if ok:
        longest = max(ok, key=lambda r: len(r.log))
        if longest not in runs:
            runs.append(longest)
    return runs


def points(length: int, count: int) -> set[int]:
    """`count` step indices spread over a game of `length` decisions, first and last included."""
    if length <= 0:
        return {0}
    if count >= length + 1:
        return set(range(length + 1))
    return {round(i * length / (count - 1)) for i in range(count)}


def walk(g: Game, n: int, run: Run, events: bool = False, options: dict[str, Any] | None = None) -> Iterator[tuple[int, State]]:
    """Replay a run's log by notation; yields (step, state) before each action and at the end.
    The consumer must not mutate the state it is given (clone it)."""
    state = g.new(n, seed=run.seed, **(options or {}))
    for k, (seat, text) in enumerate(run.log):
        yield k, state
        g.apply(state, seat, text, events=events)
    yield len(run.log), state


# ---------------------------------------------------------------------------------------------
# Hidden-card detection in observations and events

_NOTATION = re.compile(r"^[a-z0-9 _:,./()-]*$")
_TOKEN = re.compile(r"[a-z0-9_]+(?:-[a-z0-9_]+)*")  # 'wild_excuse' is one token, not 'excuse'

_WORD = re.compile(r"[a-z0-9]+")
_INDEX: dict[int, tuple[dict[str, int], dict[str, list[int]], dict[int, re.Pattern[str]]]] = {}


def _index(g: Game):
    """slug -> id; last word of a printed name -> ids; id -> a pattern for the printed name."""
    key = id(g.catalogue)
    if key not in _INDEX:
        slugs: dict[str, int] = {}
        words: dict[str, list[int]] = defaultdict(list)
        pats: dict[int, re.Pattern[str]] = {}
        for c in g.catalogue:
            slugs[c.slug] = c.id
            name = c.name
            if name.lower().startswith("the "):
                pats[c.id] = re.compile(rf"\b[Tt]he {re.escape(name[4:])}\b")
            else:
                pats[c.id] = re.compile(rf"\b{re.escape(name)}\b")
            words[_WORD.findall(name.lower())[-1]].append(c.id)
        _INDEX[key] = (slugs, dict(words), pats)
    return _INDEX[key]


SKIP_KEYS = {"game", "phase", "kind", "label", "name"}


def _strings(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, str):
        if key not in SKIP_KEYS:
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and k not in SKIP_KEYS:
                yield k
            yield from _strings(v, k if isinstance(k, str) else "")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _strings(v, key)
    elif value is not None and not isinstance(value, (int, float, bool)):
        yield from _strings(str(value), key)


def _leaks(g: Game, value: Any, hidden: set[int]) -> list[str]:
    """Hidden cards named in `value`: a card's slug as a token of notation-like text (lower
    case, no prose), or its printed name ("the Savage", "Ace of Moons") in prose."""
    if not hidden:
        return []
    slugs, words, pats = _index(g)
    found: set[int] = set()
    for s in _strings(value):
        if _NOTATION.match(s):
            for tok in _TOKEN.findall(s):
                cid = slugs.get(tok)
                if cid is not None and cid in hidden:
                    found.add(cid)
        else:
            for w in set(_WORD.findall(s.lower())):
                for cid in words.get(w, ()):
                    if cid in hidden and cid not in found and pats[cid].search(s):
                        found.add(cid)
            for tok in _TOKEN.findall(s):  # hyphenated slugs never occur in prose
                if "-" in tok:
                    cid = slugs.get(tok)
                    if cid is not None and cid in hidden:
                        found.add(cid)
    return sorted(g.catalogue.slug(c) for c in found)


def _hidden_from(g: Game, state: State, seat: int | None) -> set[int]:
    return {c for z in g.zones(state) if not z.vis.sees(z.owner, seat) for c in z.cards}


def _first_diff(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}: only in one"
            if a[k] != b[k]:
                return _first_diff(a[k], b[k], f"{path}.{k}")
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}: {str(a)[:200]} vs {str(b)[:200]}"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path or '.'}: {str(a)[:200]} != {str(b)[:200]}"


def _obs_diff(o1: Any, o2: Any) -> str:
    return _first_diff(o1.model_dump(), o2.model_dump())


# ---------------------------------------------------------------------------------------------
# The properties


@parametrize
def test_random_play_ends_with_a_result(gid, n):
    t = trace(gid, n)
    report(t, "crash", "ends", "result")
    assert all(r.over for r in t.runs)


@parametrize
def test_legal_actions_never_empty(gid, n):
    t = trace(gid, n)
    report(t, "crash", "legal")


@parametrize
def test_notation_round_trips(gid, n):
    t = trace(gid, n)
    report(t, "notation")


@parametrize
def test_cards_conserved(gid, n):
    t = trace(gid, n)
    report(t, "conservation")


def _grammar_values(g: Game, t: Trace, state: State, seat: int | None) -> dict[str, list[str]]:
    cells = set(t.cells) | {"a1", "c4", "f6", "z9", "b-2"}
    obs = g.observe(state, seat)
    if obs.board is not None:
        for col in obs.board.cols[:8]:
            for row in obs.board.rows[:8]:
                cells.add(f"{col}{row}")
        cells.update(obs.board.cells)
    return {
        CARD: [c.slug for c in g.catalogue],
        CELL: sorted(c for c in cells if re.match(r"^[a-z]{1,2}-?\d{1,2}$", c)),
        SUIT: list(g.grammar.suits),
        INT: sorted(t.ints | {"0", "1", "2", "3", "5", "10", "99", "-1"}),
    }


def candidates(g: Game, t: Trace, state: State, seat: int, legal: list[Action], rng: random.Random) -> list[Action]:
    """Well-formed actions from the grammar (every verb x sampled arguments), and legal actions
    with one argument changed."""
    vals = _grammar_values(g, t, state, seat)
    out: set[Action] = set()

    def value(verb: str, kind: str) -> list[str] | None:
        if kind == CARD:
            return [rng.choice(vals[CARD])]
        if kind == CARDS:
            return rng.sample(vals[CARD], rng.choice([1, 2]))
        if kind == WORD:
            allowed = (g.grammar.words or {}).get(verb) or sorted(t.words.get(verb, ()))
            return [rng.choice(list(allowed))] if allowed else None
        pool = vals.get(kind) or []
        return [rng.choice(pool)] if pool else None

    for verb, kinds in g.grammar.verbs.items():
        for _ in range(12 if kinds else 1):
            args: list[str] = []
            for kind in kinds:
                v = value(verb, kind)
                if v is None:
                    break
                args.extend(v)
            else:
                out.add(Action(verb, tuple(args)))
    for a in rng.sample(legal, min(10, len(legal))):
        kinds = g.grammar.verbs.get(a.verb, ())
        if not a.args or not kinds:
            continue
        i = rng.randrange(min(len(a.args), len(kinds)))
        v = value(a.verb, kinds[i])
        if v:
            args = list(a.args)
            args[i : i + 1] = v[:1]
            out.add(Action(a.verb, tuple(args)))
    return sorted(out, key=str)


MALFORMED = ["frobnicate", "play", "play nosuchcard", "", "   ", "frobnicate savage", "!!!"]


def _malformed_for(g: Game) -> list[str]:
    texts = list(MALFORMED)
    for verb, kinds in g.grammar.verbs.items():
        free_word = kinds and kinds[0] == WORD and not (g.grammar.words or {}).get(verb)
        if kinds and not free_word:
            texts.append(verb + (" c4" if kinds[0] == CARD else " nosuchcard"))  # wrong first argument
            if kinds[0] in (CARD, CARDS):
                texts.append(f"{verb} nosuchcard")
            if kinds[0] in (CELL,):
                texts.append(f"{verb} 4c")
            if kinds[0] == SUIT:
                texts.append(f"{verb} stars")
            if kinds[0] == INT:
                texts.append(f"{verb} many")
            if len(kinds) > 1 or kinds[0] != CARDS:
                texts.append(verb)  # missing arguments
        texts.append(verb + " " + " ".join(["zzz"] * (len(kinds) + 2)))  # junk after
    return texts


@parametrize
def test_malformed_actions_refused(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    texts = _malformed_for(g)
    for run in samples(t):
        for k, state in walk(g, n, run):
            if k not in points(len(run.log), 4):
                continue
            acting = g.to_act(state) if not g.is_over(state) else (0,)
            seat = acting[0] if acting else 0
            before = state.snapshot()
            for text in texts:
                try:
                    g.apply(state, seat, text)
                except MalformedAction as exc:
                    if text.strip() and repr(text) not in str(exc) and text not in str(exc):
                        problems.append(f"seed {run.seed} step {k}: the message for {text!r} does not quote it: {exc}")
                except Exception as exc:
                    problems.append(f"seed {run.seed} step {k}: {text!r} raised {type(exc).__name__}: {exc}, not MalformedAction")
                else:
                    problems.append(f"seed {run.seed} step {k}: {text!r} was accepted")
                if state.snapshot() != before:
                    problems.append(f"seed {run.seed} step {k}: refusing {text!r} changed the state")
                    return _fail(problems)
    _fail(problems)


def _fail(problems: list[str]) -> None:
    if problems:
        more = f"\n... and {len(problems) - SHOW} more" if len(problems) > SHOW else ""
        pytest.fail("\n".join(problems[:SHOW]) + more, pytrace=False)


@parametrize
def test_illegal_actions_refused(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    tried = 0
    for run in samples(t):
        rng = random.Random(run.seed)
        pts = points(len(run.log), 6)
        for k, state in walk(g, n, run):
            if k not in pts or g.is_over(state):
                continue
            where = f"seed {run.seed} step {k}"
            for seat in g.to_act(state):
                legal = g.legal_actions(state, seat)
                legal_set = set(legal)
                for a in legal:
                    why = g.check(state, seat, a)
                    if why is not None:
                        problems.append(f"{where}: check() refuses the legal action {a} for seat {seat}: {why}")
                for cand in candidates(g, t, state, seat, legal, rng):
                    try:
                        cand = g.parse(str(cand))
                    except MalformedAction:
                        continue  # the grammar's own business (tested in test_engine)
                    if cand in legal_set:
                        continue
                    tried += 1
                    st = state.clone()
                    before = st.snapshot()
                    try:
                        g.apply(st, seat, str(cand))
                    except IllegalMove as exc:
                        if not isinstance(exc.why, str) or not exc.why.strip():
                            problems.append(f"{where}: IllegalMove for {cand} has no reason")
                    except Exception as exc:
                        problems.append(
                            f"{where}: {cand} (seat {seat}) raised {type(exc).__name__}: {exc}, not IllegalMove"
                        )
                    else:
                        problems.append(f"{where}: {cand} (seat {seat}) was accepted but is not in legal_actions")
                        continue
                    if st.snapshot() != before:
                        problems.append(f"{where}: refusing {cand} changed the state: {_first_diff(before, st.snapshot())}")
                if len(problems) > 50:
                    return _fail(problems)
    _fail(problems)


@parametrize
def test_out_of_turn_and_after_the_end_refused(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    for run in samples(t):
        rng = random.Random(run.seed + 1)
        pts = points(len(run.log), 5)
        for k, state in walk(g, n, run):
            if k not in pts:
                continue
            where = f"seed {run.seed} step {k}"
            before = state.snapshot()
            if g.is_over(state):
                texts = [run.log[-1][1]] if run.log else []
                texts += [str(a) for a in candidates(g, t, state, 0, [], rng)[:10]]
                for seat in range(n):
                    for text in texts:
                        try:
                            g.apply(state, seat, text)
                        except GameOver:
                            pass
                        except MalformedAction:
                            pass  # parsing comes first
                        except Exception as exc:
                            problems.append(f"{where} (over): {text!r} by seat {seat} raised {type(exc).__name__}: {exc}, not GameOver")
                        else:
                            problems.append(f"{where} (over): {text!r} by seat {seat} was accepted after the end")
                continue
            acting = g.to_act(state)
            texts = []
            for s in acting:
                texts += [str(a) for a in g.legal_actions(state, s)[:6]]
            for seat in [s for s in range(n) if s not in acting] + [n, -1]:
                for text in texts:
                    try:
                        g.apply(state, seat, text)
                    except NotYourTurn:
                        pass
                    except Exception as exc:
                        problems.append(f"{where}: {text!r} by seat {seat} (not to act) raised {type(exc).__name__}: {exc}")
                    else:
                        problems.append(f"{where}: {text!r} by seat {seat} (not to act) was accepted")
                        return _fail(problems)
            if state.snapshot() != before:
                problems.append(f"{where}: a refused out-of-turn action changed the state")
                return _fail(problems)
    _fail(problems)


@parametrize
def test_observations_hold_no_hidden_card(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems = list(t.problems.get("events", []))
    for run in samples(t):
        pts = points(len(run.log), 16)
        for k, state in walk(g, n, run):
            if k not in pts:
                continue
            for seat in [None, *range(n)]:
                obs = g.observe(state, seat)
                data = json.loads(obs.model_dump_json())
                hidden = _hidden_from(g, state, seat)
                leak = _leaks(g, data, hidden)
                if leak:
                    problems.append(f"seed {run.seed} step {k}: seat {seat}'s observation names hidden card(s) {leak}")
                for zv in obs.zones:
                    if not zv.visible and zv.cards:
                        problems.append(f"seed {run.seed} step {k}: zone {zv.name} is hidden from seat {seat} but lists cards")
                if seat is not None and seat not in obs.to_act and obs.legal:
                    problems.append(f"seed {run.seed} step {k}: seat {seat} is not to act but its observation offers moves")
            if len(problems) > 30:
                break
    _fail(problems)


@parametrize
def test_determinize_keeps_the_observation(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    for run in samples(t):
        pts = points(len(run.log), 6)
        for k, state in walk(g, n, run):
            if k not in pts:
                continue
            where = f"seed {run.seed} step {k}"
            z1, z2 = g.zones(state), g.zones(state)
            for a, b in zip(z1, z2):
                if a.vis is not Vis.PUBLIC and a.cards and a.cards is not b.cards:
                    problems.append(f"{where}: hidden zone {a.name} is a new list each time (must be the state's own list)")
            start = _cards(g, state)
            for seat in [None, *range(n)]:
                before = state.snapshot()
                det = g.determinize(state, seat, Rng(run.seed * 97 + k))
                if state.snapshot() != before:
                    problems.append(f"{where}: determinize for seat {seat} changed the original state")
                o1, o2 = g.observe(det, seat), g.observe(state, seat)
                if o1 != o2:
                    problems.append(f"{where}: seat {seat}: observe(determinize) differs at {_obs_diff(o1, o2)}")
                if _cards(g, det) != start:
                    problems.append(f"{where}: determinize for seat {seat} lost or duplicated cards")
                if seat is not None and not g.is_over(det) and seat in g.to_act(det):
                    if g.legal_actions(det, seat) != g.legal_actions(state, seat):
                        problems.append(f"{where}: seat {seat}'s legal actions differ in a determinized state")
            # a determinized state must be playable to the end (search bots play it out)
            seat = k % n
            det = g.determinize(state, seat, Rng(run.seed + k))
            prng = random.Random(k)
            try:
                for step in range(3000):
                    if g.is_over(det):
                        break
                    acting = g.to_act(det)
                    s = prng.choice(acting)
                    la = g.legal_actions(det, s)
                    if not la:
                        problems.append(f"{where}: playout from a determinized state: seat {s} has no legal action")
                        break
                    g.apply(det, s, prng.choice(la), events=False)
            except Exception as exc:
                problems.append(f"{where}: playout from a determinized state for seat {seat} crashed: {type(exc).__name__}: {exc}")
            if len(problems) > 30:
                return _fail(problems)
    _fail(problems)


@parametrize
def test_save_load_replays_the_same_game(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    for run in samples(t):
        # notation replay (events on) against the objects the trace played (events off)
        state = g.new(n, seed=run.seed)
        pts = points(len(run.log), 5)
        for k, replayed in walk(g, n, run, events=True):
            if k in pts:
                if replayed.snapshot() != state.snapshot():
                    problems.append(f"seed {run.seed} step {k}: replaying the notation log gives another state: "
                                    f"{_first_diff(replayed.snapshot(), state.snapshot())}")
                    break
                for s in range(n):
                    if g.legal_actions(replayed, s) != g.legal_actions(state, s):
                        problems.append(f"seed {run.seed} step {k}: seat {s}'s legal actions differ after replay")
            if k < len(run.log):
                seat, text = run.log[k]
                g.apply(state, seat, g.parse(text), events=False)
    # through Match.to_save / from_save, at a few cut points of the two shortest sample games
    # (Match keeps an undo snapshot per move, so this is the slow part)
    for run in sorted(samples(t), key=lambda r: len(r.log))[:2]:
        cuts = sorted(points(min(len(run.log), 400), 3))
        m = Match(g, [Seat(f"P{i}", "bot") for i in range(n)], seed=run.seed)
        done = 0
        for cut in cuts:
            for seat, text in run.log[done:cut]:
                m.act(seat, text)
            done = cut
            raw = m.to_save().model_dump_json()
            m2 = Match.from_save(SaveFile.model_validate_json(raw))
            if m2.state.snapshot() != m.state.snapshot():
                problems.append(f"seed {run.seed} cut {cut}: Match.from_save gives another state: "
                                f"{_first_diff(m2.state.snapshot(), m.state.snapshot())}")
            if m2.to_act() != m.to_act():
                problems.append(f"seed {run.seed} cut {cut}: to_act differs after load")
            for s in range(n):
                if g.legal_actions(m2.state, s) != g.legal_actions(m.state, s):
                    problems.append(f"seed {run.seed} cut {cut}: seat {s}'s legal actions differ after load")
    _fail(problems)


@parametrize
def test_save_file_round_trip(gid, n, tmp_path):
    g = load(gid)
    t = trace(gid, n)
    runs = samples(t)[:1]
    for run in runs:
        half = run.log[: len(run.log) // 2]
        m = Match(g, [Seat("Ann")] + [Seat(f"Bot {i}", "bot") for i in range(1, n)], seed=run.seed)
        for seat, text in half:
            m.act(seat, text)
        if not half:
            continue
        m.save_path = tmp_path / "auto.json"
        m.autosave()
        m2 = Match.from_save(read_save(tmp_path / "auto.json"))
        assert m2.state.snapshot() == m.state.snapshot()
        assert [e.action for e in m2.log] == [e.action for e in m.log]


@parametrize
def test_same_seed_same_game(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    for run in samples(t)[:3]:
        a, b = g.new(n, seed=run.seed), g.new(n, seed=run.seed)
        pts = points(len(run.log), 8)
        every = points(len(run.log), 60)
        for k, (seat, text) in enumerate(run.log):
            if k in every and a.snapshot() != b.snapshot():
                problems.append(f"seed {run.seed} step {k}: the same seed and actions give different states: "
                                f"{_first_diff(a.snapshot(), b.snapshot())}")
                break
            if k in pts:
                for s in [None, *range(n)]:
                    if g.observe(a, s) != g.observe(b, s):
                        problems.append(f"seed {run.seed} step {k}: observations for seat {s} differ")
                # a clone is equal, and playing on it leaves the original alone
                before = a.snapshot()
                c = a.clone()
                if c.snapshot() != before:
                    problems.append(f"seed {run.seed} step {k}: clone() differs from the original")
                prng = random.Random(k)
                for _ in range(40):
                    if g.is_over(c):
                        break
                    s = prng.choice(g.to_act(c))
                    g.apply(c, s, prng.choice(g.legal_actions(c, s)))
                if a.snapshot() != before:
                    problems.append(f"seed {run.seed} step {k}: playing on a clone changed the original: "
                                    f"{_first_diff(before, a.snapshot())}")
                    break
            g.apply(a, seat, text, events=True)
            g.apply(b, seat, g.parse(text), events=False)
        else:
            if a.snapshot() != b.snapshot():
                problems.append(f"seed {run.seed} end: events on/off give different final states")
    _fail(problems)


@parametrize
def test_stacked_deck(gid, n):
    g = load(gid)
    trace(gid, n)
    full = _cards(g, g.new(n, seed=0))
    slugs = [g.catalogue.slug(c) for c in full]
    problems: list[str] = []
    for k in range(3):
        order = slugs[:]
        random.Random(k * 31 + n).shuffle(order)
        try:
            s1 = g.new(n, seed=1, deck=order)
        except DeckTableError as exc:
            pytest.fail(f"new(deck=<a permutation of the {len(order)} cards over the zones>) refused: {exc}", pytrace=False)
        s1b = g.new(n, seed=1, deck=order)
        s2 = g.new(n, seed=2, deck=order)
        if s1.snapshot() != s1b.snapshot():
            problems.append(f"deck {k}: the same stacked deck and seed give different states")
        if _cards(g, s1) != full:
            problems.append(f"deck {k}: a stacked game does not hold the full deck over its zones")
        z1 = [(z.name, z.cards) for z in g.zones(s1)]
        z2 = [(z.name, z.cards) for z in g.zones(s2)]
        if z1 != z2:
            problems.append(f"deck {k}: the first deal from a stacked deck depends on the seed: "
                            f"{_first_diff(z1, z2)}")
        # play it out
        prng = random.Random(k)
        for _ in range(STEP_CAP):
            if g.is_over(s1):
                break
            s = prng.choice(g.to_act(s1))
            g.apply(s1, s, prng.choice(g.legal_actions(s1, s)), events=False)
        if not g.is_over(s1):
            problems.append(f"deck {k}: the stacked game did not end")
    # a deck that is not the game's deck is refused with BadOptions
    if len(slugs) > 1:
        for bad in (slugs[:-1], slugs[:-1] + slugs[:1], slugs + ["nosuchcard"]):
            try:
                g.new(n, seed=1, deck=bad)
            except BadOptions:
                pass
            except Exception as exc:
                problems.append(f"a bad stacked deck raised {type(exc).__name__}: {exc}, not BadOptions")
            else:
                problems.append(f"a bad stacked deck of {len(bad)} cards was accepted")
    _fail(problems)


@parametrize
def test_options_and_player_counts(gid, n):
    g = load(gid)
    info = g.info
    # defaults validate and describe themselves
    opts = g.options()
    for name, f in type(opts).model_fields.items():
        assert f.description, f"option {name!r} of {gid} has no description"
    with pytest.raises(BadOptions):
        g.new(info.max_players + 1, seed=1)
    if info.min_players > 1:
        with pytest.raises(BadOptions):
            g.new(info.min_players - 1, seed=1)
    with pytest.raises(BadOptions):
        g.new(n, seed=1, no_such_option_anywhere=3)
    s = g.new([f"N{i}" for i in range(n)], seed=5)
    assert s.names == [f"N{i}" for i in range(n)]
    assert g.observe(s, None).seats[0].name == "N0"


@parametrize
def test_hidden_information_flag_matches_zones(gid, n):
    """A game that says it has no hidden information gets no hand-off curtain between humans, so
    it must never hold cards in a zone only some seats may see."""
    g = load(gid)
    t = trace(gid, n)
    if g.info.hidden_information:
        return
    problems: list[str] = []
    for run in samples(t):
        for k, state in walk(g, n, run):
            for z in g.zones(state):
                if z.cards and z.vis in (Vis.OWNER, Vis.OTHERS):
                    problems.append(f"seed {run.seed} step {k}: {gid} says hidden_information=False but zone "
                                    f"{z.name} ({z.vis.value}) holds cards")
                    return _fail(problems)


@parametrize
def test_offered_actions_are_labelled(gid, n):
    g = load(gid)
    t = trace(gid, n)
    problems: list[str] = []
    for run in samples(t)[:2]:
        pts = points(len(run.log), 10)
        for k, state in walk(g, n, run):
            if k not in pts or g.is_over(state):
                continue
            for seat in g.to_act(state):
                obs = g.observe(state, seat)
                texts = [a.text for a in obs.legal]
                if texts != [str(a) for a in g.legal_actions(state, seat)]:
                    problems.append(f"seed {run.seed} step {k}: the observation's moves differ from legal_actions")
                for a in obs.legal:
                    if not a.label.strip():
                        problems.append(f"seed {run.seed} step {k}: {a.text!r} has an empty label")
                    if a.card is not None and g.catalogue.find(a.card) is None:
                        problems.append(f"seed {run.seed} step {k}: {a.text!r} names card {a.card!r} that does not exist")
                if not obs.prompt.strip():
                    problems.append(f"seed {run.seed} step {k}: seat {seat} is to act but its observation has no prompt")
    _fail(problems)


# ---------------------------------------------------------------------------------------------
# Option variants: every option changed one at a time from the defaults (booleans flipped, each
# other Literal choice, ints at their lower bound), and all switches on together; fewer games.

N_VARIANT_GAMES = int(os.environ.get("DECKTABLE_CONFORMANCE_VARIANT_GAMES", "8"))


def _variants(g: Game) -> list[dict[str, Any]]:
    from typing import Literal, get_args, get_origin

    defaults = g.options().model_dump()
    out: list[dict[str, Any]] = []
    switches: dict[str, Any] = {}
    for name, f in g.Options.model_fields.items():
        ann = f.annotation
        values: list[Any] = []
        if ann is bool:
            values = [not defaults[name]]
            switches[name] = True
        elif get_origin(ann) is Literal:
            values = [v for v in get_args(ann) if v != defaults[name]]
        elif ann is int:
            lo = next((m.ge for m in f.metadata if getattr(m, "ge", None) is not None), None)
            if lo is not None and lo != defaults[name]:
                values = [lo]
        out += [{name: v} for v in values]
    if len(switches) > 1:
        out.append(switches)
    return out


@pytest.mark.parametrize("gid", [pytest.param(i.id, id=i.id) for i in decktable.games()])
def test_option_variants(gid):
    g = load(gid)
    problems: list[str] = []
    tried = 0
    for opts in _variants(g):
        for n in g.info.player_counts:
            try:
                g.new(n, seed=0, **opts)
            except BadOptions:
                continue  # this variant is not for this player count
            tried += 1
            t = trace(gid, n, opts, N_VARIANT_GAMES)
            for prop in ("crash", "ends", "legal", "result", "notation", "conservation", "events"):
                for m in t.problems.get(prop, [])[:2]:
                    problems.append(f"{opts} {n}p [{prop}] {m}")
            runs = [r for r in t.runs if not r.crashed][:1]
            for run in runs:
                pts = points(len(run.log), 4)
                for k, state in walk(g, n, run, options=opts):
                    if k not in pts:
                        continue
                    for seat in [None, *range(n)]:
                        obs = g.observe(state, seat)
                        leak = _leaks(g, json.loads(obs.model_dump_json()), _hidden_from(g, state, seat))
                        if leak:
                            problems.append(f"{opts} {n}p seed {run.seed} step {k}: seat {seat} sees hidden {leak}")
                        det = g.determinize(state, seat, Rng(k))
                        if g.observe(det, seat) != obs:
                            problems.append(f"{opts} {n}p seed {run.seed} step {k}: seat {seat}: observe(determinize) "
                                            f"differs at {_obs_diff(g.observe(det, seat), obs)}")
                # the stacked deck of this variant
                full = _cards(g, g.new(n, seed=0, **opts))
                order = [g.catalogue.slug(c) for c in full]
                random.Random(n).shuffle(order)
                try:
                    g.new(n, seed=3, deck=order, **opts)
                except DeckTableError as exc:
                    problems.append(f"{opts} {n}p: a stacked deck of the cards over the zones is refused: {exc}")
    if not tried and _variants(g):
        pytest.skip("no variant suits any player count")
    _fail(problems)
