"""A shared table's links outlive the host: `decktable host --resume` gives each person the link
they had, and the kept links go when the game ends."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _helpers import seat_table, start_host, stop_host  # noqa: E402
from wire_client import Host  # noqa: E402

from decktable.session.match import Match, parse_seats
from decktable.share.host import SharedTable
from decktable.share.links import links_path, load_links


def token(url: str) -> str:
    return url.rsplit("/t/", 1)[1]


def test_a_resumed_table_keeps_its_links(decktable_home: Path) -> None:
    proc, links = start_host("schnapsen", "--players", "Ann,Bob", "--seed", "11")
    try:
        assert seat_table(links["Bob"], act="")["at"] == 1  # Bob leads this deal
    finally:
        stop_host(proc, timeout=10)
    kept = list((decktable_home / "shared").iterdir())
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    proc, again = start_host("--resume")
    try:
        assert {k: token(v) for k, v in again.items()} == {k: token(v) for k, v in links.items()}
        back = seat_table(again["Bob"])
        assert back["at"] == 1 and back["observation"]["seat"] == 1
        assert [e["text"][:9] for e in back["events"]] == ["Bob leads"]  # the log of the saved moves
    finally:
        stop_host(proc, timeout=10)


async def test_the_kept_links_go_when_the_game_ends() -> None:
    m = Match("schnapsen", parse_seats("Ann,bot:random"), seed=5)
    async with Host(m, keep_links=True) as host:
        table = host.table
        path = links_path(m.match_id)
        assert path is not None and path.is_file() and load_links(m) == (table.seat_tokens, table.table_token)
        ann = await host.open(0)
        await ann.wait_at(0)
        for _ in range(2000):
            if m.game.is_over(m.state):
                break
            await ann.wait(lambda: m.game.is_over(m.state) or (m.to_act() == (0,) and ann.table()["at"] == len(m.steps)))
            if m.game.is_over(m.state):
                break
            t = ann.table()
            await ann.act(t["observation"]["legal"][0]["text"], t["at"])
            await ann.wait(lambda: len(m.steps) > t["at"])
        assert m.game.is_over(m.state) and not path.exists()


def test_links_that_do_not_fit_the_match_are_not_used(decktable_home: Path) -> None:
    m = Match("schnapsen", parse_seats("Ann,Bob"), seed=5)
    path = links_path(m.match_id)
    assert path is not None
    path.parent.mkdir(exist_ok=True)
    good = "A" * 24
    for bad in ({"seats": {"0": good}, "table": "B" * 24},  # a seat missing
                {"seats": {"0": good, "1": good}, "table": "B" * 24},  # two seats, one secret
                {"seats": {"0": good, "1": "short"}, "table": "B" * 24},  # not a secret of ours
                "not json"):
        path.write_text(bad if isinstance(bad, str) else json.dumps(bad))
        assert load_links(m) is None
        table = SharedTable(m, keep_links=True)
        assert good not in table.seat_tokens.values()
