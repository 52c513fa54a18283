"""The coach (decktable/bots/coach.py, decktable/ui/coach.py): the judge flags a clearly worse move
from the seat's own view and not the search's pick; its rule on the ratings; "try again from
here" reaches the same position; coached games are counted apart in the history and the switch
is remembered per game."""

from __future__ import annotations

import sqlite3

import decktable
from decktable.bots.coach import MIN_TRIALS, Judgement, clearly_worse, judge, remark
from decktable.bots.worker import BotJob, decide
from decktable.bots.search import Budget
from decktable.engine.game import State
from decktable.session.match import Match, Seat
from decktable.engine.rng import Rng
from decktable.store import history, prefs, saves
from decktable.ui.coach import retry_match

# Schnapsen, Hearts trumps (the Queen turned up), from a stacked deck: Ann leads the Jack of Clubs,
# worth 2. Bob may take it with the King of Clubs (6 points his), or throw the Ace of Spades on
# it, which neither follows nor trumps: Ann takes 13 points with her Jack.
ANN = ["jc", "jd", "qd", "10s", "ks"]
BOB = ["ah", "as", "kc", "js", "qs"]
STOCK = ["kh", "10h", "jh", "ac", "10c", "qc", "ad", "10d", "kd"]


def _after_the_lead() -> tuple[decktable.engine.game.Game, State]:
    g = decktable.get_game("schnapsen")
    st = g.new(["Ann", "Bob"], seed=5, deck=ANN[:3] + BOB[:3] + ["qh"] + ANN[3:] + BOB[3:] + STOCK)
    g.apply(st, 0, "play jc")
    return g, st


def _judge(move: str) -> Judgement:
    g, st = _after_the_lead()
    det = g.determinize(st, 1, Rng(3))  # Bob's view: Ann's hand and the stock re-dealt
    return judge(g, det, 1, g.parse(move), Rng(4), iterations=3000, seconds=None)


def test_throwing_an_ace_away_on_a_worthless_lead_is_flagged_with_the_better_move() -> None:
    g, st = _after_the_lead()
    said = _judge("play as")
    assert said.flagged and said.best == "play kc"
    assert said.trials >= MIN_TRIALS and said.best_value is not None and said.value is not None
    assert said.best_value - said.value > 0.3
    words = remark(said, lambda t: g.label(st, g.parse(t)))
    assert words.startswith("Coach: Playing the King of Clubs would have been better than playing the Ace of Spades: ")
    assert "ends the hand about" in words and "yours about" in words and "trials)" in words


def test_the_search_s_own_pick_is_not_flagged() -> None:
    said = _judge("play kc")
    assert not said.flagged and said.best is None and remark(said, str) == ""


def test_the_judge_sees_only_the_seat_s_view() -> None:
    """The same judgement from two different re-deals of what Bob cannot see: the verdict is
    about his view, not about where Ann's cards really are."""
    g, st = _after_the_lead()
    verdicts = []
    for seed in (3, 8):
        det = g.determinize(st, 1, Rng(seed))
        verdicts.append(judge(g, det, 1, g.parse("play as"), Rng(4), iterations=3000, seconds=None).flagged)
    assert verdicts == [True, True]


def test_the_worker_answers_a_judgement_as_json() -> None:
    g, st = _after_the_lead()
    job = BotJob(game="schnapsen", state=g.determinize(st, 1, Rng(3)), seat=1, level="strong", seed=4, at=1,
                 judge="play as", budget=Budget(3000))
    said = Judgement.model_validate_json(decide(job))
    assert said.flagged and said.at == 1 and said.action == "play as"


def test_the_rule_on_the_ratings() -> None:
    """Few trials are never enough; a small gap is a matter of taste however sure; a big gap over
    few trials is within the noise; a big gap over many is flagged."""
    assert not clearly_worse(0.0, MIN_TRIALS - 1, 0.9, 3000)
    assert not clearly_worse(0.55, 2000, 0.6, 2000)  # 0.05 apart: below the margin
    assert not clearly_worse(0.4, 12, 0.6, 40)  # 0.2 apart, but 12 and 40 trials cannot tell
    assert clearly_worse(0.4, 300, 0.6, 2000)


def _played(moves: int) -> Match:
    g = decktable.get_game("schnapsen")
    m = Match(g, [Seat("Ann"), Seat("Bot 1", "bot", "random")], seed=17, save_path=saves.new_save_path(),
              on_finish=history.record)
    while len(m.steps) < moves:
        m.bot_step() if m.bot_to_act() is not None else m.act(0, g.legal_actions(m.state, 0)[0])
    return m


def test_try_again_from_here_reaches_the_same_position() -> None:
    m = _played(9)
    at = next(i for i in range(8, 0, -1) if m.steps[i].entry.seat == 0)  # one of Ann's moves
    again = retry_match(m, at)
    assert len(again.steps) == at and again.match_id != m.match_id
    assert again.observe(0) == m.game.observe(m.state_before(at), 0)
    assert 0 in again.to_act() and not again.coached
    again.act(0, m.steps[at].entry.action)  # the same move again: the same position as then
    assert again.observe(0) == m.game.observe(m.state_before(at + 1), 0)
    assert again.save_path is not None and saves.id_of_save(again.save_path) == again.match_id


def test_a_coached_game_stays_one_in_its_save() -> None:
    m = _played(3)
    m.note_coached()
    back = Match.from_save(saves.read_save(m.save_path))
    assert back.coached and back.hints == 0


def test_coached_games_are_counted_apart() -> None:
    ann_bot = [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "bot"}]
    history.add("schnapsen", ann_bot, [7, 3], [1, 2], match_id="a", coached=True)
    history.add("schnapsen", ann_bot, [2, 7], [2, 1], match_id="b", hints=2)
    history.add("schnapsen", ann_bot, [7, 0], [1, 2], match_id="c")
    st = history.stats()["schnapsen"]
    assert (st.played, st.hinted, st.coached) == (3, 1, 1)
    assert st.played_text == "3 (1 hinted, 1 coached)"
    assert [r.coached for r in history.recent(3)] == [False, False, True]
    # a finished match the coach watched is recorded as coached
    m = _played(0)
    m.note_coached()
    while m.to_act():
        m.bot_step() if m.bot_to_act() is not None else m.act(0, m.game.legal_actions(m.state, 0)[0])
    assert history.stats()["schnapsen"].coached == 2


def test_an_older_history_gains_the_column() -> None:
    """A history written before the coach: the column is added, its games uncoached."""
    db = history.history_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    history.add("schnapsen", [{"name": "Ann", "kind": "human"}], [1], [1], match_id="old")
    conn = sqlite3.connect(db)
    conn.execute("DROP INDEX games_coached")
    conn.execute("ALTER TABLE games DROP COLUMN coached")
    conn.commit()
    conn.close()
    assert history.stats()["schnapsen"].coached == 0
    history.add("schnapsen", [{"name": "Ann", "kind": "human"}], [1], [1], match_id="new", coached=True)
    assert history.stats()["schnapsen"].coached == 1


def test_the_switch_is_remembered_per_game() -> None:
    assert prefs.load()[0].coach == []
    assert prefs.set_coach("schnapsen", True) is None
    assert prefs.set_coach("bura", True) is None
    assert prefs.set_coach("bura", False) is None
    assert prefs.load()[0].coach == ["schnapsen"]
    assert prefs.parse({"coach": ["king", 3, "", "x" * 200]}).coach == ["king"]
    assert prefs.parse({"coach": "king"}).coach == []


def _moment(m: Match, at: int, cost: float, hand: int = 0):  # type: ignore[no-untyped-def]
    from decktable.ui.coach import Moment

    e = m.steps[at].entry
    j = Judgement(action=e.action, seat=e.seat, at=at, best="x", value=0.5 - cost, best_value=0.5, trials=100,
                  best_trials=1000, flagged=True)
    return Moment(j, {}, hand)


def test_the_key_moments_are_the_costliest_three_in_the_order_played() -> None:
    from types import SimpleNamespace

    from decktable.ui.coach import CoachDesk

    m = _played(12)
    ann = [i for i, s in enumerate(m.steps) if s.entry.seat == 0]
    desk = CoachDesk(SimpleNamespace(match=m, app=SimpleNamespace(prefs=prefs.Preferences())))
    costs = [0.2, 0.5, 0.15, 0.4, 0.3]
    desk.moments = [_moment(m, at, c, hand=0 if k < 4 else 1) for k, (at, c) in enumerate(zip(ann, costs))]
    assert [mo.at for mo in desk.key_moments()] == [ann[1], ann[3], ann[4]]  # 0.5, 0.4, 0.3, as played
    assert [mo.at for mo in desk.key_moments(hand=0)] == [ann[0], ann[1], ann[3]]
    assert [mo.at for mo in desk.key_moments(hand=1)] == [ann[4]]
    m.undo(0)  # a move taken back is no longer a moment
    assert ann[4] not in [mo.at for mo in desk.key_moments()] or ann[4] < len(m.steps)
    assert desk.can_retry  # Ann plays alone with a bot
    m.seats[1] = Seat("Bob")
    assert not desk.can_retry  # another person at the table: a review only


def test_a_move_is_named_as_the_subject_of_the_remark() -> None:
    from decktable.bots.coach import _gerund

    assert _gerund("Play the Ace of Hearts") == "playing the Ace of Hearts"
    assert _gerund("Bid MOST") == "bidding MOST"
    assert _gerund("Close the stock") == "closing the stock"
    assert _gerund("Marry in Hearts: show King and Queen (40)") == "marrying in Hearts"  # one colon a sentence
    assert _gerund("No special lead") == "“No special lead”"  # not a verb: quoted as the button says it
    # labels seen in random play of every game: a noun first is quoted, a doubled consonant doubles
    assert _gerund("Token on the Battle (c4)") == "“Token on the Battle (c4)”"  # Jacynth: not "tokening"
    assert _gerund("Hearts trump") == "“Hearts trump”"  # King's trump choice
    assert _gerund("Begin the second phase") == "beginning the second phase"  # Mattis
    assert _gerund("Crib the Ace of Knots (Ace)") == "cribbing the Ace of Knots (Ace)"  # Suitcases


def test_a_seat_joined_from_another_device_has_no_coach() -> None:
    """A joined device's table drives a copy that holds no state (decktable/share/join.py): the
    coach is not available there, and a move or an undo does not reach for the state."""
    from types import SimpleNamespace

    from decktable.ui.coach import CoachDesk

    remote = SimpleNamespace(humans=[0, 1], game=decktable.get_game("schnapsen"), seats=[Seat("Ann"), Seat("Bob")])
    desk = CoachDesk(SimpleNamespace(match=remote, app=SimpleNamespace(prefs=prefs.Preferences(coach=["schnapsen"]))))
    assert not desk.on and desk.before_move(0, "play kh") is None
    desk.undone()
    assert desk.key_moments() == []
    assert "host's device" in desk.toggle()
