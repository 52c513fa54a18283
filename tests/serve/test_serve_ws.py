"""`decktable serve` over its websocket, without a browser: the server runs in its own process
group as `decktable serve --port 0`, and a websocket client (wsclient.Tab) plays as a browser tab
would: it reaches a table from the lobby, plays a move, finds it in the autosave, closes, and the
app process behind the tab is gone."""

from __future__ import annotations

import asyncio
import shutil
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from wsclient import ServerProcess, Tab, alive, descendants, journal, saves, wait_gone  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")


@pytest.fixture
def server():
    started: list[ServerProcess] = []

    def start(*args: str) -> ServerProcess:
        s = ServerProcess(*args)
        started.append(s)
        return s

    yield start
    for s in started:
        if s.proc.poll() is None:
            s.kill_group()


async def start_head_solitaire(tab: Tab) -> None:
    """Lobby → (a click on the game) → setup, seed 1 (its first move is a discard) → ctrl+s → the
    table."""
    await tab.wait_for("Head Solitaire")
    await tab.settle()
    await tab.click(*tab.screen.find("Head Solitaire"))
    await tab.wait_for("New game of Head Solitaire")
    await tab.click(*tab.screen.find("random"))  # the seed
    await tab.press("1", "ctrl+s")
    await tab.wait_for("Player 1's hand")
    await tab.settle()


async def test_a_tab_plays_a_move_that_is_saved_and_closing_it_ends_its_app(server, decktable_home) -> None:
    t0 = time.monotonic()
    srv = server()
    assert srv.url.startswith("http://127.0.0.1:") and "token" not in srv.url  # loopback: no token
    async with aiohttp.ClientSession() as http:
        tab = await Tab.open(http, srv.ws_url())
        await start_head_solitaire(tab)
        apps = descendants(srv.proc.pid)
        assert apps, "an app process runs behind the tab"
        await tab.press("enter")  # discard the first card of the hand: a move
        await tab.wait_for("discards the")
        [save] = saves(decktable_home)
        lines = journal(save)
        assert len(lines) == 2 and lines[1].startswith("0 discard "), lines

        await tab.close()  # the tab is closed: its app quits and its process ends
        gone_in = await wait_gone(apps, timeout=5)
        assert gone_in < 3.0
        assert journal(save) == lines  # the move is still there, nothing else written
        assert descendants(srv.proc.pid) == set()

        again = await Tab.open(http, srv.ws_url())  # a new tab offers to resume it
        await again.wait_for("Resume Head Solitaire")
        await again.close()
    assert srv.stop() < 5
    print(f"websocket round trip: {time.monotonic() - t0:.1f} s, app gone {gone_in:.2f} s after the tab closed")


async def test_two_tabs_play_two_matches_with_two_saves(server, decktable_home) -> None:
    srv = server()
    async with aiohttp.ClientSession() as http:
        tabs = [await Tab.open(http, srv.ws_url()) for _ in range(2)]
        await asyncio.gather(*(start_head_solitaire(t) for t in tabs))
        await tabs[0].press("enter")
        await tabs[0].wait_for("discards the")
        [first] = saves(decktable_home)
        assert len(journal(first)) == 2
        apps = descendants(srv.proc.pid)
        await tabs[0].close()
        await asyncio.sleep(0.5)
        assert not tabs[1].closed and len([p for p in apps if alive(p)]) >= 1
        await tabs[1].press("enter")
        await tabs[1].wait_for("discards the")
        both = saves(decktable_home)
        assert len(both) == 2 and [len(journal(p)) for p in both] == [2, 2]  # a save each
        assert journal(first)[:2] == journal(first)  # the first tab's save untouched by the second
        await tabs[1].close()
        await wait_gone(apps, timeout=5)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_stopping_the_server_closes_tabs_and_ends_apps(server, sig) -> None:
    srv = server()
    async with aiohttp.ClientSession() as http:
        tab = await Tab.open(http, srv.ws_url())
        await tab.wait_for("Games")
        apps = descendants(srv.proc.pid)
        assert apps
        took = srv.stop(sig)
        assert srv.proc.returncode == 0, "".join(srv.output)
        assert took < 4.0, f"the server took {took:.1f} s to stop with a tab open"
        await wait_gone(apps, timeout=1)
        await tab.pump(2)
        assert tab.closed


async def test_a_killed_server_leaves_no_app_behind(server) -> None:
    srv = server()
    async with aiohttp.ClientSession() as http:
        tab = await Tab.open(http, srv.ws_url())
        await tab.wait_for("Games")
        apps = descendants(srv.proc.pid)
        srv.proc.kill()  # SIGKILL to the server alone, not its group
        srv.proc.wait()
        await wait_gone(apps, timeout=5)
        await tab.close()


async def test_other_hosts_need_the_token(server) -> None:
    srv = server("--host", "0.0.0.0")
    assert "token=" in srv.url
    port = srv.base.rsplit(":", 1)[1]
    local = f"http://127.0.0.1:{port}"
    token = srv.url.split("token=")[1]
    async with aiohttp.ClientSession() as http:
        for url in (f"{local}/", f"{local}/?token=wrong", f"{local}/?token={token[:-1]}"):
            async with http.get(url) as r:
                assert r.status == 403, url
        async with http.get(f"{local}/?token={token}") as r:
            assert r.status == 200
            page = await r.text()
        assert f"/ws/{token}" in page
        for ws_url in (f"ws://127.0.0.1:{port}/ws", f"ws://127.0.0.1:{port}/ws/wrong"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(ws_url)
            assert refused.value.status == 403
        tab = await Tab.open(http, f"ws://127.0.0.1:{port}/ws/{token}")
        await tab.wait_for("Games")
        await tab.close()


async def test_other_web_sites_cannot_open_a_table(server) -> None:
    """On loopback without a token: a page of another site (its Origin) or a DNS name that points
    here (its Host) is refused."""
    srv = server()
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await http.ws_connect(srv.ws_url(), headers={"Origin": "http://evil.example"})
        async with http.get(srv.base + "/", headers={"Host": "evil.example"}) as r:
            assert r.status == 403
        async with http.get(srv.base + "/", headers={"Origin": srv.base}) as r:
            assert r.status == 200


async def test_a_failing_app_shows_its_error_in_the_page(server, decktable_home) -> None:
    srv = server()
    shutil.rmtree(decktable_home, ignore_errors=True)
    decktable_home.write_text("not a folder")  # the data folder is gone from under the server
    async with aiohttp.ClientSession() as http:
        tab = await Tab.open(http, srv.ws_url())
        await tab.wait_for("decktable could not go on")
        await tab.pump(3)
        assert tab.closed
        assert "decktable:" in tab.screen.text()


async def test_static_files_are_local(server) -> None:
    srv = server()
    async with aiohttp.ClientSession() as http:
        async with http.get(srv.base + "/") as r:
            page = await r.text()
        assert "googleapis" not in page and "https://" not in page
        for path in ("/decktable/fonts/DejaVuSansMono.ttf", "/decktable/page.css", "/decktable/page.js",
                     "/static/js/textual.js", "/static/css/xterm.css"):
            async with http.get(srv.base + path) as r:
                assert r.status == 200, path


def test_bad_port_and_busy_port_are_one_line(capsys) -> None:
    import socket

    from decktable.cli import main

    with pytest.raises(SystemExit) as bad:
        main(["serve", "--port", "70000"])
    assert bad.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "65535" in err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"127.0.0.1:{port}" in err
