"""The command line: `decktable` opens the lobby; `play`, `rules`, `list`, `resume`, `stats`, `serve`.

Textual is imported only by the commands that open the app, so `list`, `rules` and `stats`
start fast. Every mistake on the command line is ONE line on stderr and exit code 2, and so is a
data folder that cannot keep games; `resume` with no save left is exit code 1, each damaged save
met on the way one line (it is moved aside).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn, Sequence

if TYPE_CHECKING:
    from decktable.session.match import Match

CARD_SETS = ("unicode", "ascii", "four-colour", "ascii-four-colour")
EXIT_USAGE = 2
EXIT_FAILED = 1


class UsageError(Exception):
    """A command-line mistake; the message is the one line printed."""


class _Parser(argparse.ArgumentParser):
    """argparse, but every error is one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"decktable: {message}\n")
        raise SystemExit(EXIT_USAGE)


def _card_set(value: str) -> str:
    """`--cards`: a card set by name or alias (four-color, 4colour ...), as its set name."""
    from decktable.themes.glyphs import find_card_set

    found = find_card_set(value)
    if found is None:
        raise argparse.ArgumentTypeError(f"invalid choice: {value!r} (choose from {', '.join(CARD_SETS)})")
    return found.name


def build_parser() -> argparse.ArgumentParser:
    look = _Parser(add_help=False)
    look.add_argument(
        "--cards",
        type=_card_set,
        default=argparse.SUPPRESS,
        metavar="SET",
        help="card glyphs: unicode (default), ascii, four-colour or ascii-four-colour (French suits "
        "in four colours: spades black, hearts red, diamonds blue, clubs green); also env DECKTABLE_CARDS",
    )
    look.add_argument("--theme", default=argparse.SUPPRESS, help="colour theme: decktable (the default), decktable-high-contrast, or one of Textual's own (an unknown name lists them all)")

    parser = _Parser(
        prog="decktable",
        description="A terminal card table for pass-and-play. Without a command, opens the lobby.",
        parents=[look],
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="start a game directly", parents=[look])
    play.add_argument("game", help="game id or name (see `decktable list`)")
    play.add_argument(
        "--players",
        help='seats in order, e.g. "Ann,bot:strong,bot:easy" ("bot" fills a seat with a medium bot; '
        "bot:random, bot:easy, bot:medium or bot:strong names its level); "
        "default: one person and bots up to the least number of players",
    )
    play.add_argument("--seed", type=seed_arg, help="seed for a repeatable deal (0 to 2**63 - 1)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); see `decktable rules GAME`",
    )

    learn = sub.add_parser("learn", help="learn a game by playing a guided hand with a coach", parents=[look])
    learn.add_argument("game", help="game id or name (games with a lesson: see docs/learn.md)")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", help="game id or name")

    sub.add_parser("list", help="list the games")
    resume = sub.add_parser("resume", help="continue the most recent unfinished game", parents=[look])
    resume.add_argument("--list", action="store_true", help="list the unfinished games instead")
    sub.add_parser("stats", help="games played, wins and best scores")
    serve = sub.add_parser("serve", help="serve the lobby to web browsers (one game per tab)", parents=[look])
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; any other needs the printed token)")
    serve.add_argument("--port", type=port_arg, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.add_argument("--max-tables", type=tables_arg, default=None, metavar="N",
                       help="how many tabs may have a table at once (default 32; one more is told so)")
    share = sub.add_parser("host", help="share one table: a link per person, played from their own devices",
                           parents=[look])
    share.add_argument("game", nargs="?", help="game id or name (see `decktable list`)")
    share.add_argument("--resume", action="store_true",
                       help="share the most recent unfinished game instead, with the links it had")
    share.add_argument("--players", help='seats in order, as for `play`, e.g. "Ann,Bob,bot"')
    share.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)")
    share.add_argument("--port", type=port_arg, default=8100, help="port (default 8100; 0 picks a free one)")
    share.add_argument("--seed", type=seed_arg, help="seed for a repeatable deal (0 to 2**63 - 1)")
    share.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a game option (repeatable); see `decktable rules GAME`")
    from decktable.share import connections_arg

    share.add_argument("--max-connections", type=connections_arg, default=None, metavar="N",
                       help="devices connected at once (default 24)")
    share.add_argument("--qr", action="store_true",
                       help="draw each link as a QR code too, for a phone's camera (S at the table shows them again)")
    share.add_argument("--headless", action="store_true",
                       help="serve only, no table on this terminal (seats nobody opened wait for their link)")
    join = sub.add_parser("join", help="sit at your seat of a shared table from this terminal", parents=[look])
    join.add_argument("url", nargs="?", help="your seat's link, as `decktable host` printed it "
                      "(or env DECKTABLE_JOIN_URL, which other users of this machine cannot read)")
    return parser


# -- helpers ------------------------------------------------------------------------------------


def seed_arg(text: str) -> int | None:
    """--seed: a whole number 0 <= seed < 2**63 (argparse turns a refusal into one line, exit 2)."""
    from decktable.engine.errors import BadOptions
    from decktable.engine.game import seed_from_text

    try:
        seed = seed_from_text(text)
    except BadOptions as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if seed is None:
        raise argparse.ArgumentTypeError("The seed must be a whole number from 0 to 2**63 - 1, not ''.")
    return seed


def tables_arg(text: str) -> int:
    """--max-tables: 1 to 1000 (each table is an app process of about 36 MiB)."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError(f"The number of tables must be a whole number from 1 to 1000, not {text!r}.")
    return n


def port_arg(text: str) -> int:
    """--port: 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"The port must be a whole number from 0 to 65535, not {text!r}.")
    return port


def parse_value(text: str) -> bool | int | str:
    """'true'/'false' -> bool, whole numbers -> int, anything else stays text."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        return text.strip()


def parse_options(pairs: Sequence[str], game: Any, players: int | None = None) -> dict[str, Any]:
    """KEY=VALUE pairs -> option values, checked against the game's Options model. A seat option
    is typed counted from 1 (`first_dealer=1` is the first seat) and becomes the API's seat."""
    from decktable.engine.seat_options import from_user

    fields = dict(game.Options.model_fields)
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise UsageError(f"--option needs KEY=VALUE, not {pair!r}.")
        if key not in fields:
            known = ", ".join(fields) or "none"
            raise UsageError(f"{game.info.name} has no option {key!r}; its options are: {known}.")
        values[key] = parse_value(raw)
    values = from_user(game.Options, values, players, game.info.name)
    game.options(**values)  # BadOptions with a sentence when a value is refused
    return values


def default_players(min_players: int) -> str:
    return ",".join(["Player 1"] + ["bot"] * (max(min_players, 1) - 1))


def make_match(game_id: str, players: str | None, seed: int | None, option_pairs: Sequence[str]) -> Match:
    """Build a Match from command-line words; raises UsageError with one sentence."""
    from decktable.engine.errors import DeckTableError
    from decktable.session.match import Match, parse_seats
    from decktable.engine.names import check_names
    from decktable.engine.registry import get_game, resolve
    from decktable.store import history
    from decktable.store.saves import new_save_path

    try:
        info = resolve(game_id)
    except DeckTableError as exc:
        raise UsageError(str(exc)) from None
    try:
        seats = parse_seats(players if players is not None else default_players(info.min_players))
    except ValueError as exc:
        raise UsageError(f"Bad --players: {exc}.") from None
    if not info.min_players <= len(seats) <= info.max_players:
        raise UsageError(f"{info.name} is for {info.players_phrase}, not {len(seats)}.")
    try:
        check_names([s.name for s in seats])  # the same check as the setup screen and Game.new
    except DeckTableError as exc:
        raise UsageError(f"Bad --players: {exc}") from None
    try:
        game = get_game(info.id)
    except DeckTableError as exc:
        raise UsageError(str(exc)) from None
    try:
        options = parse_options(option_pairs, game, len(seats))
        return Match(
            game,
            seats,
            seed=seed,
            options=options,
            save_path=new_save_path(),  # a save of its own: never replaces another game's
            on_finish=history.record,
        )
    except DeckTableError as exc:
        raise UsageError(str(exc)) from None


def load_autosave() -> Match:
    """The most recent unfinished game. Each damaged save met on the way is moved aside and
    reported in one line on stderr, and the next one is tried; UsageError when none is left (with
    no sentence of its own when damaged saves were already reported)."""
    from decktable.engine.errors import SaveError
    from decktable.store import history
    from decktable.session.resume import load_match
    from decktable.store.saves import list_saves

    listing = list_saves()
    problems = list(listing.problems)
    try:
        for entry in listing.saves:
            try:
                return load_match(entry.path, on_finish=history.record)
            except SaveError as exc:
                problems.append(str(exc))
    finally:
        for line in [*listing.newer, *problems]:
            say(line)
    if problems:
        raise UsageError("")
    raise UsageError("There is no saved game to resume; start one with `decktable` or `decktable play GAME`.")


def cmd_resume_list() -> int:
    """`decktable resume --list`: the unfinished games, most recent first."""
    from decktable.engine.names import printable
    from decktable.engine.registry import games
    from decktable.store.saves import list_saves

    listing = list_saves()
    for line in [*listing.newer, *listing.problems]:
        say(line)
    if not listing.saves:
        print("No unfinished games.")
        return 0
    names = {i.id: i.name for i in games()}
    for n, entry in enumerate(listing.saves, 1):
        # seat names, a game id and a file name come from the file: never raw to the terminal
        print(printable(f"{n:>3}. {entry.when}  {entry.describe(names)}  [{entry.path.name}]"))
    return 0


def say(line: str) -> None:
    """One line on stderr about a file (a damaged save, a newer one): what came from the file
    goes through the same guard as `decktable stats` (escapes instead of control characters)."""
    from decktable.engine.names import printable

    sys.stderr.write(f"decktable: {printable(line)}\n")


def check_data_folder() -> None:
    """UsageError (one line) when the data folder cannot keep games."""
    from decktable.store.paths import DataDirError, check_data_dir

    try:
        check_data_dir()
    except DataDirError as exc:
        raise UsageError(str(exc)) from None


def _choose_cards(args: argparse.Namespace) -> str | None:
    cards = getattr(args, "cards", None) or os.environ.get("DECKTABLE_CARDS") or None
    if cards is None:
        return None
    from decktable.themes.glyphs import find_card_set

    found = find_card_set(cards)
    if found is None:
        raise UsageError(f"Unknown card set {cards!r}; choose {', '.join(CARD_SETS[:-1])} or {CARD_SETS[-1]}.")
    return found.name


def _check_theme(name: str | None) -> str | None:
    if name is None:
        return None
    from textual.theme import BUILTIN_THEMES

    from decktable.themes.colours import THEMES

    known = list(THEMES) + sorted(BUILTIN_THEMES)
    if name not in known:
        raise UsageError(f"Unknown theme {name!r}; themes: {', '.join(known)}.")
    return name


def run_app(match: Match | None, cards: str | None, theme: str | None) -> int:
    from decktable.ui.app import DeckTableApp

    app = DeckTableApp(match=match, cards=cards, theme_name=theme)
    app.run()
    return 0


# -- commands -------------------------------------------------------------------------------------


def cmd_learn(game_id: str, cards: str | None, theme: str | None) -> int:
    """`decktable learn GAME`: the game's guided hand (decktable/ui/screens/learn_table.py)."""
    from decktable.engine.errors import DeckTableError
    from decktable.engine.registry import resolve
    from decktable.learn import has_lesson, lesson_games

    try:
        info = resolve(game_id)
    except DeckTableError as exc:
        raise UsageError(str(exc)) from None
    if not has_lesson(info.id):
        raise UsageError(f"{info.name} has no guided hand yet; games with one: {', '.join(lesson_games())}.")
    from decktable.ui.screens.learn_table import lesson_app

    lesson_app(info.id, cards=cards, theme=theme).run()
    return 0


def cmd_list() -> int:
    from decktable.engine.registry import games

    infos = games()
    if not infos:
        print("No games are installed.")
        return 0
    from decktable.ui.game_list import by_pack, pack_name

    width = max(len(i.id) for i in infos)
    name_w = max(len(i.name) for i in infos)
    for n, (family, group) in enumerate(by_pack(infos)):
        if n:
            print()
        print(f"{pack_name(family)}:")
        for info in group:
            players = info.players_phrase
            print(f"  {info.id:<{width}}  {info.name:<{name_w}}  {players:<11}  {info.summary}")
    return 0


def help_text(game_id: str) -> tuple[str, str]:
    """(game name, the game's help.md text with its pack's suit legend); UsageError for an
    unknown game or missing help."""
    import importlib
    from pathlib import Path

    from decktable.engine.errors import DeckTableError
    from decktable.engine.registry import resolve

    try:
        info = resolve(game_id)
    except DeckTableError as exc:
        raise UsageError(str(exc)) from None
    from decktable.primers import with_legend

    try:
        pkg = importlib.import_module(f"decktable.rulesets.{info.id}")
        text = (Path(str(pkg.__file__)).parent / "help.md").read_text(encoding="utf-8")
    except (ImportError, OSError):
        raise UsageError(f"{info.name} has no rules written yet (no help.md).") from None
    return info.name, with_legend(text, info.family)


def cmd_rules(game_id: str) -> int:
    name, text = help_text(game_id)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_stats() -> int:
    import sqlite3

    from decktable.engine.discovery import info_dicts
    from decktable.engine.errors import DeckTableError
    from decktable.engine.names import printable
    from decktable.store import history

    try:
        table = history.stats()
    except OSError as exc:  # the data folder itself: one sentence and exit 2, as `play` says it
        from decktable.store.paths import data_dir_problem

        sys.stderr.write(f"decktable: {data_dir_problem(exc, 'Cannot read the play history in {where}')}.\n")
        return EXIT_USAGE
    except sqlite3.Error as exc:
        sys.stderr.write(f"decktable: The play history cannot be read now: {exc}.\n")
        return EXIT_FAILED
    for notice in history.take_notices():  # a damaged history was moved aside: say so, go on
        sys.stderr.write(f"decktable: {notice}\n")
    if not table:
        print("No finished games yet.")
        return 0
    rows = []
    known = {gid: str(info.get("name", gid)) for gid, info in info_dicts()}  # no pydantic: fast
    for game_id, st in sorted(table.items()):
        name = known.get(game_id)
        if name is None:
            try:
                from decktable.engine.registry import resolve

                name = resolve(game_id).name
            except DeckTableError:
                name = game_id
        best = st.best_text
        # names are text: control characters escaped, and never read as Rich markup below
        played = st.played_text  # games with hints, and with the coach, counted apart
        rows.append((printable(name), played, printable(best), printable(st.wins_text)))
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        t = Table(title="decktable statistics")
        for col in ("Game", "Played", "Best score", "Wins"):
            t.add_column(col, justify="right" if col == "Played" else "left")
        for row in rows:
            t.add_row(*(Text(c) for c in row))
        Console().print(t)
    else:
        heads = ("Game", "Played", "Best score", "Wins")
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
        print("  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip())
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `decktable list | head`: the reader went away; leave quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "list":
            return cmd_list()
        if args.command == "rules":
            return cmd_rules(args.game)
        if args.command == "stats":
            return cmd_stats()
        cards = _choose_cards(args)
        theme = _check_theme(getattr(args, "theme", None))
        check_data_folder()  # play, resume and the lobby keep games there
        if args.command == "resume" and args.list:
            return cmd_resume_list()
        if args.command == "serve":
            from decktable.web.server import serve

            look = [*(["--cards", cards] if cards else []), *(["--theme", theme] if theme else [])]
            return serve(args.host, args.port, look, max_tables=args.max_tables)
        if args.command == "host":
            from decktable.share.server import DEFAULT_MAX_CONNECTIONS, host

            if args.resume:
                if args.game:
                    raise UsageError("host --resume shares the most recent unfinished game; name no GAME with it.")
                try:
                    match = load_autosave()
                except UsageError as exc:
                    if str(exc):
                        sys.stderr.write(f"decktable: {exc}\n")
                    return EXIT_FAILED
            elif not args.game:
                raise UsageError("host needs a GAME (see `decktable list`), or --resume.")
            else:
                match = make_match(args.game, args.players, args.seed, args.option)
            look = [*(["--cards", cards] if cards else []), *(["--theme", theme] if theme else [])]
            return host(match, args.host, args.port, args.max_connections or DEFAULT_MAX_CONNECTIONS, look=look,
                        qr=args.qr, keyboard=False if args.headless else None, cards=cards, theme=theme)
        if args.command == "join":
            from decktable.share.join import join, websocket_url

            url = args.url or os.environ.get("DECKTABLE_JOIN_URL", "")
            if not url:
                raise UsageError("join needs your seat's link, as `decktable host` printed it.")
            try:
                websocket_url(url)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            return join(url, cards, theme)
        if args.command == "learn":
            return cmd_learn(args.game, cards, theme)
        if args.command == "play":
            match = make_match(args.game, args.players, args.seed, args.option)
            return run_app(match, cards, theme)
        if args.command == "resume":
            try:
                match = load_autosave()
            except UsageError as exc:
                if str(exc):
                    sys.stderr.write(f"decktable: {exc}\n")
                return EXIT_FAILED
            return run_app(match, cards, theme)
        return run_app(None, cards, theme)
    except UsageError as exc:
        sys.stderr.write(f"decktable: {exc}\n")
        return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
