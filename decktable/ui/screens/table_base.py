"""TableScreen: the base of every table layout. It draws the Match and takes input; the turn
loop — whose turn, bots (thinking in the worker process), the hand-off curtain, hand summaries,
results and hints — is its TableController (decktable/ui/controller.py), which tells it when to
redraw. `H` asks for a hint, shown by the `Hinting` mixin (decktable/ui/screens/hinting.py).

Everything drawn comes from `match.observe()`; the screen never reads the match's state. Input
is generic: a card with legal actions is chosen from a hand or a zone; several actions on one card
open a small menu; actions with a cell are finished on the grid; actions without card or cell are
buttons. An attempt that matches no legal action is sent to the engine anyway, so that the game
itself says why it is refused (a notification) and nothing changes (the `Refusals` mixin,
decktable/ui/screens/refusals.py); plays of several cards are marked and confirmed by
`MarkedPlays` (decktable/ui/screens/marked_plays.py).

Layout subclasses implement `compose_main` and `update_main`.
"""

from __future__ import annotations

import dataclasses

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.reactive import Reactive
from textual.widgets import Button, Static

from decktable import themes
from decktable.engine.errors import DeckTableError
from decktable.engine.models import ActionView, Observation, ZoneView
from decktable.ui.controller import TableController
from decktable.ui.glyphs import card_full_name
from decktable.ui.screens.hinting import Hinting
from decktable.ui.screens.marked_plays import MarkedPlays, action_cards, legal_cards, multi_cards
from decktable.ui.screens.refusals import Refusals
from decktable.ui.screens.too_small import FULL_WIDTH
from decktable.ui.widgets.action_bar import ActionBar
from decktable.ui.widgets.card_strip import CardStrip
from decktable.ui.widgets.choice_menu import ChoiceMenu
from decktable.ui.widgets.grid_view import GridView
from decktable.ui.hand_order import ORDER_TITLES, ORDERS, NewCards, next_order, sort_cards
from decktable.ui.widgets.hand_view import HandView
from decktable.ui.widgets.log_panel import LogPanel
from decktable.ui.widgets.main_column import MainColumn
from decktable.ui.widgets.quiet_footer import QuietFooter
from decktable.ui.widgets.seats_panel import SeatsPanel
from decktable.ui.widgets.status_panel import StatusPanel
from decktable.ui.widgets.trick_view import TrickView
from decktable.ui.widgets.zone_row import ZoneRow

if TYPE_CHECKING:
    from decktable.session.match import Match

TABLE_CSS = Path(themes.__file__).parent / "table.tcss"


class TableScreen(Hinting, Refusals, MarkedPlays, Screen[None]):
    """A match at the table: the layout's main area, a side column (players, status, log),
    an action bar and the footer."""

    CSS_PATH = TABLE_CSS

    #: Textual's Screen repaints the WHOLE screen when the focus moves (a reactive with
    #: repaint=True). The widgets that gain and lose focus repaint themselves (focus styles), so
    #: the table does without: moving between two buttons repaints two buttons.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS: list[BindingType] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("l", "toggle_log", "Log"),
        # the footer is full at 80 columns: the whole game (L) is in the help, the README and
        # on the results screen's footer
        Binding("L", "history", "Whole game", show=False),
        Binding("pageup", "log_back", "Log back", show=False),
        Binding("pagedown", "log_forward", "Log forward", show=False),
        Binding("H", "hint_move", "Hint"),  # before `i`: shown in the footer at 80 columns too
        Binding("C", "coach", "Coach"),  # the coach on or off for this game (decktable/ui/coach.py)
        Binding("i", "inspect", "Card info"),
        Binding("o", "sort_hand", "Sort"),  # the hand as dealt, by suit, by rank
        Binding("escape", "cancel", "Back"),
        Binding("q", "lobby", "Lobby"),
    ]

    #: zone kinds drawn as full rows in this layout (others are summarised in one line)
    ROW_KINDS: frozenset[str] = frozenset({"row", "fan"})
    #: draw visible zones of a row kind even when empty (a tableau keeps its shape)
    EMPTY_ROWS: bool = False

    def __init__(self, match: Match, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.match = match
        self.family = match.game.info.family
        self.obs: Observation | None = None
        self.pending: str | None = None  # a chosen card waiting for a cell
        #: whose turn, bots, curtain, hand summaries, results and hints (this screen draws)
        self.controller = TableController(self, match)
        self._hint_line = ""  # the hint on screen: "Hint: Play the Savage. Rated 72% over ..."
        self._hint_card: str | None = None  # the card the hinted move plays, if any
        self._hint_cards: list[str] = []  # every card it takes (a play of several: marked)
        self._zone_rows: dict[str, ZoneRow] = {}
        self._texts: dict[int, Text] = {}
        #: the cards just drawn, one memory per seat (decktable/ui/hand_order.py)
        self.new_cards = NewCards()
        self._hand_order = "dealt"  # when the app keeps no preferences

    # -- composition ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-body"):
            # no focus stop of its own (it has no highlight); a focused card row or the grid
            # is scrolled into view
            with MainColumn(id="table-main", can_focus=False):
                yield from self.compose_main()
            with Vertical(id="table-side"):
                yield Static(self.match.game.info.name, id="table-title")
                notice = Static("", id="save-notice")  # autosave failing: stays until it works
                notice.display = False
                yield notice
                yield SeatsPanel(id="seats")
                yield StatusPanel(id="status")
                yield LogPanel(id="log")
        yield ActionBar(id="actions")
        yield QuietFooter()

    def compose_main(self) -> ComposeResult:
        """The layout's own widgets (subclasses)."""
        yield from ()

    def update_main(self, obs: Observation) -> None:
        """Draw the layout's own widgets from an observation (subclasses)."""

    def on_mount(self) -> None:
        if not self.controller.offers_undo:
            # a shared table: `u` leaves the footer but still answers with the reason, if pressed
            keys = self._bindings.key_to_bindings  # this screen's own copy of the map
            keys["u"] = [dataclasses.replace(b, show=False) for b in keys.get("u", [])]
        self.controller.prepare()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.controller.stop()

    # -- the turn loop: decktable/ui/controller.py ----------------------------------------------

    @property
    def curtain_up(self) -> bool:
        return self.controller.curtain_up

    @curtain_up.setter
    def curtain_up(self, value: bool) -> None:
        self.controller.curtain_up = value

    @property
    def results_shown(self) -> bool:
        return self.controller.results_shown

    @results_shown.setter
    def results_shown(self, value: bool) -> None:
        self.controller.results_shown = value

    @property
    def summary_up(self) -> bool:
        return self.controller.summary_up

    @summary_up.setter
    def summary_up(self, value: bool) -> None:
        self.controller.summary_up = value

    @property
    def bot_delay(self) -> float:
        return self.controller.bot_delay

    @property
    def seat(self) -> int | None:
        """The seat whose view is on screen (the one that acts through this keyboard)."""
        return self.match.viewer if self.match.viewer is not None else self.match.human_to_act()

    def advance(self) -> None:
        """Run bots, then hand the table to the next human (the controller decides)."""
        self.controller.advance()

    def _stop_bots(self) -> None:
        self.controller.cancel_bot()

    # -- drawing ------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the viewer's observation (a spectator's when nobody is shown)."""
        obs = self.match.observe()
        self.obs = obs
        if self.pending is not None and not any(a.card == self.pending for a in obs.legal):
            self.pending = None
        if self.pending is None and self.query(GridView):
            self.pending = self.sole_card(obs)  # nothing to choose: the card waits for its cell
        self.update_main(obs)
        seats = self.match.seats
        self.query_one(SeatsPanel).show(obs, bots={i for i, s in enumerate(seats) if s.is_bot},
                                        levels={i: s.level for i, s in enumerate(seats) if s.is_bot},
                                        thinking=self.controller.thinking)
        self.query_one(StatusPanel).show(obs, hint=self.hint())
        self.query_one(LogPanel).show_lines(self.log_lines())
        self.query_one(ActionBar).show_actions(self.button_actions(obs), no_default=obs.no_default,
                                               start_on=obs.start_on)
        title = self.match.game.info.name
        if obs.seat is not None:
            title += f" — {obs.seats[obs.seat].name}'s view"
        self.set_text(self.query_one("#table-title", Static), Text(title))
        self.show_save_notice()
        self.call_after_refresh(self.fit_main)
        self.call_after_refresh(self.focus_best)

    def put_trick_away(self) -> None:
        """The finished trick on the table (if this table shows tricks) is put away, as by `t`."""
        for view in self.query(TrickView):
            view.put_away()

    def show_save_notice(self) -> None:
        """While autosave fails the game goes on in memory, and this notice says so."""
        notice = self.query_one("#save-notice", Static)
        error = self.match.save_error
        if error:
            self.set_text(notice, Text(f"Not saved: {error}", style="bold white on dark_red"))
        self.show_if(notice, bool(error))

    # -- fitting the table to the terminal ----------------------------------------------------

    #: below this height the table is compact: no log (l shows it), no margins around the trick
    COMPACT_HEIGHT = 32

    @staticmethod
    def is_narrow(width: int) -> bool:
        """Narrower than the full table: one column (the side column's seats and prompt above the
        table, the log a screen of its own), as on a phone in portrait."""
        return width < FULL_WIDTH

    def on_resize(self, event: events.Resize) -> None:
        narrow = self.is_narrow(event.size.width)
        compact = narrow or event.size.height < self.COMPACT_HEIGHT or event.size.width < 100
        self.set_class(narrow, "-narrow")
        if narrow:  # the narrow table opens the log as a screen of its own: the CSS hides the panel
            self.query_one(LogPanel).styles.clear_rule("display")
            self.remove_class("-log-open")
        self.set_class(compact, "-compact")
        self.query_one(SeatsPanel).set_compact(compact, narrow=narrow)
        self.query_one(StatusPanel).set_compact(compact)
        self.call_after_refresh(self.fit_main)

    def on_main_column_resized(self, event: MainColumn.Resized) -> None:
        """The main column lost or gained rows with no redraw and no resize of the terminal (the
        footer taking a second row), or its content changed size: fit it again, once the layout
        is done. Fitting changes only the heights it works out itself, so it settles."""
        event.stop()
        self.call_after_refresh(self.fit_main)

    def fit_main(self) -> None:
        """Draw the card rows, the grid and the hand dense (one line per card row, no frame;
        no spacer lines in the grid) when the full drawing would not fit in the main column —
        rows first, then the grid, then the hand, and at the last the rows as labels only and the
        grid one line a row (a lesson's coach over Jacynth at 80x24) — so that nothing needs
        scrolling. Beyond that last resort (a lesson's coach takes 5 of 24 rows): the rows' labels
        packed (a chip as wide as its widest label) and the trick's last line kept to one line,
        then the hand as packed labels too (Lórum's three open hands, Mattis's 43-card last
        trick, Chicago's played cards under the coach at 80x24)."""
        if not self.is_attached:
            return
        main = self.query_one("#table-main")
        region = main.scrollable_content_region
        avail, width = region.height, region.width - 4
        if avail <= 0 or width <= 0:
            return
        rows = [r for r in self._zone_rows.values() if r.display and r.is_attached]
        hands = [h for h in self.query(HandView) if h.display]
        grids = [g for g in self.query(GridView) if g.display]
        fixed = 0
        #: widgets that can be drawn tighter (a trick of many seats: one line per row of seats)
        tights = [c for c in main.children if c.display and hasattr(c, "set_tight")]
        for child in main.children:
            if not child.display or child.id == "zone-rows" or isinstance(child, (HandView, GridView)):
                continue
            margin = child.styles.margin
            if child in tights:
                fixed += margin.top + margin.bottom
                continue
            fixed += child.outer_size.height + margin.top + margin.bottom

        narrow = self.has_class("-narrow")

        def hand_dense(h: HandView, dense: bool, bare: bool, squeeze: int = 0) -> tuple[bool, bool]:
            """(dense, bare) for a hand: in a narrow column a dense chip (label and name on one
            line, 19 wide) goes one to a row and can be taller than the usual chips, so a hand
            is dense only where that is not taller; a narrow table's last resort is its labels
            only (`K♠ 10♥`, rank and suit still readable: a 15-card Rally hand above a trick),
            a wide table's only beyond that (`squeeze` 2)."""
            bare = bare and (narrow or squeeze >= 2)
            if dense and not bare and narrow and h.height_if(True, width) > h.height_if(False, width):
                dense = False
            return dense or bare, bare

        def need(dense_rows: bool, dense_grid: bool, dense_hand: bool, tight: bool = False, bare: bool = False,
                 roomy: bool = False, squeeze: int = 0) -> int:
            packed = squeeze >= 1
            total = fixed + sum(r.height_if(dense_rows, width, bare, roomy, packed) for r in rows)
            total += sum(t.height_if(tight, width, packed) for t in tights)  # type: ignore[attr-defined]
            for h in hands:
                dense, labels_only = hand_dense(h, dense_hand, bare, squeeze)
                total += h.height_if(dense, width, labels_only, roomy=roomy, packed=packed)
            total += sum(g.height_if(dense_grid, bare) for g in grids)
            return total

        # the first choice: chips wide enough for every whole name, on more rows (`roomy`);
        # the last resort: the card rows as labels only (`K♠ 10♥`), names left to `i`
        # beyond it (`squeeze`): 1 packs the rows' labels and keeps the trick's last line to one
        # line, 2 makes the hand packed labels too
        plans: list[tuple[bool, bool, bool, bool, bool, bool, int]] = [
            (False, False, False, False, False, True, 0), (False, False, False, False, False, False, 0),
            (True, False, False, False, False, False, 0), (True, False, False, True, False, False, 0),
            (True, True, False, True, False, False, 0), (True, True, True, True, False, False, 0),
            (True, True, True, True, True, False, 0), (True, True, True, True, True, False, 1),
            (True, True, True, True, True, False, 2)]
        plan = next((p for p in plans if need(*p) <= avail), plans[-1])
        packed = plan[6] >= 1
        for t in tights:
            t.set_tight(plan[3], packed)  # type: ignore[attr-defined]
        for r in rows:
            r.set_dense(plan[0], plan[4], plan[5], packed)
        for g in grids:
            g.set_dense(plan[1] or g.base_width() + 4 > region.width, region.width, bare=plan[4])
        for h in hands:
            dense, bare = hand_dense(h, plan[2], plan[4], plan[6])
            h.set_dense(dense, bare=bare, roomy=plan[5], packed=packed)

    def set_text(self, static: Static, text: Text) -> None:
        """Update a Static only when its text changed (an update costs a relayout)."""
        if self._texts.get(id(static)) != text:
            self._texts[id(static)] = text
            static.update(text)

    @staticmethod
    def show_if(widget: Widget, flag: bool) -> None:
        if widget.display != flag:
            widget.display = flag

    def update_summary(self, zones: list[ZoneView]) -> None:
        summary = self.query_one("#zone-summary", Static)
        self.set_text(summary, self.summary_text(zones))
        self.show_if(summary, bool(zones))

    def log_lines(self) -> list[str]:
        lines: list[str] = []
        for entry in self.match.log:
            for ev in entry.events:
                if ev.text:
                    lines.append(ev.text)
        return lines

    @staticmethod
    def sole_card(obs: Observation) -> str | None:
        """The one card every legal action puts on a cell (a placement with nothing left to
        choose, e.g. Thricewise's revealed card): it counts as chosen already."""
        if not obs.legal or any(a.cell is None or len(action_cards(a)) != 1 for a in obs.legal):
            return None
        cards = {a.card for a in obs.legal}
        return cards.pop() if len(cards) == 1 else None

    def button_actions(self, obs: Observation) -> list[ActionView]:
        return [a for a in obs.legal if a.card is None and a.cell is None]

    def _watch_focused(self) -> None:
        super()._watch_focused()
        if self.focused is None and self.is_attached:
            # the focused button went with its action bar (a bid was made): find the next place
            self.call_after_refresh(self.focus_best)

    def offers_action(self, widget: Widget | None, obs: Observation) -> bool:
        """Whether the keyboard can do something legal from this widget right now."""
        if widget is None or not widget.is_attached or not widget.display:
            return False
        if isinstance(widget, CardStrip):
            return bool(legal_cards(obs) & set(widget.cards))
        if isinstance(widget, GridView):
            on_board = self.board_cards(obs)
            return self.pending is not None or any(
                (a.cell and a.card is None) or (a.card in on_board and a.cell is None) for a in obs.legal
            )
        bar = self.query_one(ActionBar)
        return widget in bar.buttons or (widget is bar and bar.no_default)

    def focus_best(self) -> None:
        """Put the keyboard where the next decision is. The focus stays where it is while that
        widget still offers a legal action; else it goes to the hand when a hand card has a
        legal action, else a zone row with legal cards, the grid when cells are targets, else
        the action bar's first button (and, with nothing to do, the hand)."""
        if self.curtain_up or self.app.screen is not self or self.obs is None or not self.is_attached:
            return
        obs = self.obs
        grids = self.query(GridView)
        grid = grids.first() if grids else None
        if self.pending is not None and grid is not None:
            if self.focused is not grid:
                grid.focus()
            return
        here = self.focused
        if self.offers_action(here, obs):
            return  # never steal the focus from a widget that still has legal actions
        legal = legal_cards(obs)
        hands = [h for h in self.query(HandView) if h.display]
        for hand in hands:
            if legal & set(hand.cards):
                hand.focus()
                return
        for strip in self.query(ZoneRow):
            if strip.display and legal & set(strip.cards):
                strip.focus()
                return
        for strip in self.query(CardStrip):  # any other strip a layout may add
            if strip.display and legal & set(strip.cards):
                strip.focus()
                return
        if grid is not None and grid.display and any(a.cell for a in obs.legal):
            grid.focus()
            return
        bar = self.query_one(ActionBar)
        buttons = bar.buttons
        if buttons:
            # where passing is a choice, the keyboard starts on Pass, as a bidding box does: a
            # stray Enter must not call a Solo (Rally) or raise the stake (Envite); where the
            # choice changes the score and none is safe, on no button (the bar itself)
            start = bar.start_button
            (start or bar).focus()
            return
        if here is not None and here.is_attached and here.display and not isinstance(here, Button):
            return  # nothing to do: leave the focus alone (no footer churn while bots play)
        if hands:
            hands[0].focus()
        elif grid is not None and grid.display:
            grid.focus()

    # zones ----------------------------------------------------------------------------------

    def own_hand(self, obs: Observation) -> ZoneView | None:
        """The viewer's hand: all its visible "hand" zones as one (a game may keep the cards of a
        hand that were shown to all in a zone of their own, e.g. Schnapsen's shown cards)."""
        mine = [z for z in obs.zones if z.kind == "hand" and obs.seat is not None and z.owner == obs.seat and z.visible]
        if len(mine) <= 1:
            return mine[0] if mine else None
        first = mine[0]
        return first.model_copy(update={"cards": [c for z in mine for c in z.cards],
                                         "count": sum(z.count for z in mine)})

    def board_cards(self, obs: Observation) -> set[str]:
        if obs.board is None:
            return set()
        return {c.card for c in obs.board.cells.values() if c.card}

    def trick_cards(self, obs: Observation) -> set[str]:
        if obs.trick is None:
            return set()
        return {p.card for p in obs.trick.plays}

    def split_zones(self, obs: Observation, hand: ZoneView | None) -> tuple[list[ZoneView], list[ZoneView]]:
        """(zones drawn as rows, zones summarised in one line) — hands of other seats are counted
        in the players panel, and zones already drawn by the trick or the grid are left out."""
        legal = legal_cards(obs)
        on_board = self.board_cards(obs)
        in_trick = self.trick_cards(obs)
        rows: list[ZoneView] = []
        summary: list[ZoneView] = []
        for z in obs.zones:
            if hand is not None and (z.name == hand.name or (z.kind == "hand" and z.owner == hand.owner and z.visible)):
                continue  # drawn as (part of) the viewer's hand
            cards = set(z.cards)
            if z.visible and cards and legal & cards:
                rows.append(z)
                continue
            if z.kind == "hand" and z.visible and z.cards and obs.seat is not None and z.owner != obs.seat:
                rows.append(z)  # cards of another seat's hand open to all (shown): drawn as a row
                continue
            if z.kind == "hand" and ("hand" not in self.ROW_KINDS or not z.visible):
                continue  # other seats' hands: their counts are in the players panel
            if z.visible and cards and (cards <= on_board or (obs.trick is not None and cards <= in_trick)):
                continue
            if obs.trick is not None and "trick" in z.name and not (z.visible and cards - in_trick):
                continue
            if z.visible and z.kind in self.ROW_KINDS and (z.cards or (self.EMPTY_ROWS and z.kind != "pile")):
                rows.append(z)
            elif z.count or not z.visible:
                summary.append(z)
        return rows, summary

    #: a run of more face-down zones than this, of one size each, is summed up in one entry
    #: ("Card 1 … Card 16: 1 face down each")
    HIDDEN_LISTED = 4

    def summary_text(self, zones: Iterable[ZoneView]) -> Text:
        entries: list[ZoneView | list[ZoneView]] = []
        for z in zones:
            last = entries[-1] if entries else None
            if not z.visible and isinstance(last, list) and last[0].count == z.count:
                last.append(z)
            elif not z.visible:
                entries.append([z])
            else:
                entries.append(z)
        flat: list[ZoneView | list[ZoneView]] = []
        for e in entries:
            if isinstance(e, list) and len(e) <= self.HIDDEN_LISTED:
                flat.extend(e)
            else:
                flat.append(e)
        text = Text()
        for z in flat:
            if isinstance(z, list):
                if text:
                    text.append("  ·  ", style="dim")
                text.append(f"{z[0].label or z[0].name} … {z[-1].label or z[-1].name}: ", style="bold")
                text.append(f"{z[0].count} face down each")
                continue
            if text:
                text.append("  ·  ", style="dim")
            text.append(f"{z.label or z.name}: ", style="bold")
            if z.visible and z.cards and z.kind != "pile":
                text.append(", ".join(card_full_name(c, self.family) for c in z.cards[:4]))
                if len(z.cards) > 4:
                    text.append(f" … ({len(z.cards)})")
            elif z.tricks is not None:  # a pile of won tricks is counted in tricks
                text.append(f"{z.tricks} trick{'' if z.tricks == 1 else 's'}" if z.tricks else "—")
                if z.visible and z.cards:
                    text.append(f" (top {card_full_name(z.cards[-1], self.family)})")
            elif z.visible and z.cards:
                text.append(f"{z.count} (top {card_full_name(z.cards[-1], self.family)})")
            else:
                text.append(str(z.count) if z.count else "—")
        return text

    def sync_zone_rows(self, container: Widget, zones: list[ZoneView], obs: Observation) -> None:
        """Keep one ZoneRow per zone in `container`, in order; repaint them from `obs`."""
        legal, multi = legal_cards(obs), multi_cards(obs)
        names = [z.name for z in zones]
        for name in list(self._zone_rows):
            if name not in names:
                gone = self._zone_rows.pop(name)
                gone.display = False  # not drawn again while its removal is pending (a hand)
                gone.remove()
        new: list[ZoneRow] = []
        for z in zones:
            row = self._zone_rows.get(z.name)
            if row is None:
                row = ZoneRow(z.label or z.name, zone=z.name, family=self.family, classes="zone-row")
                self._zone_rows[z.name] = row
                new.append(row)
            row.show_zone(z, legal=legal & frozenset(z.cards), dim_illegal=bool(legal),
                          marked=self.pending, family=self.family, multi=bool(multi & frozenset(z.cards)))
            row.special = {c: r for c, r in obs.card_marks.items() if c in z.cards}  # ★ (card_info)
            row.chosen = frozenset(obs.chosen) & frozenset(z.cards)  # ✓ (a payment being made)
        if new:
            container.mount_all(new)
        ordered = [self._zone_rows[n] for n in names]
        current = [c for c in container.children if isinstance(c, ZoneRow)]
        if current != ordered:
            for i, row in enumerate(ordered):
                if i and row.parent is container:
                    container.move_child(row, after=ordered[i - 1])

    def show_hand(self, hand_view: HandView, hand: ZoneView | None, obs: Observation) -> None:
        legal, multi = legal_cards(obs), multi_cards(obs)
        if hand is None:
            hidden = sum(z.count for z in obs.zones if z.kind == "hand" and z.owner == obs.seat)
            title = "Hand" if obs.seat is None else f"{obs.seats[obs.seat].name}'s hand"
            if obs.seat is None:
                title = "Hands are hidden"
            hand_view.set_cards([], title=title, hidden=hidden)
            return
        title = hand.label if hand.label and hand.label != hand.name.capitalize() else f"{obs.seats[obs.seat].name}'s hand" if obs.seat is not None else "Hand"
        order = self.hand_order
        fresh = self.new_cards.seen(obs.seat, hand.cards) if obs.seat is not None else frozenset()
        hand_view.set_cards(sort_cards(hand.cards, self.family, order, obs.rank_order), title=title + ORDER_TITLES.get(order, ""),
                            legal=legal & frozenset(hand.cards),
                            marked=self.pending, family=self.family, multi=bool(multi & frozenset(hand.cards)),
                            special=obs.card_marks, fresh=fresh)
        hand_view.chosen = frozenset(obs.chosen) & frozenset(hand.cards)

    # -- input: cards, cells, buttons ---------------------------------------------------------

    def on_card_strip_card_chosen(self, event: CardStrip.CardChosen) -> None:
        event.stop()
        self.choose_card(event.card)

    def on_hand_view_card_chosen(self, event: HandView.CardChosen) -> None:
        event.stop()
        self.choose_card(event.card)

    def on_zone_row_card_chosen(self, event: ZoneRow.CardChosen) -> None:
        event.stop()
        self.choose_card(event.card)

    def on_grid_view_cell_chosen(self, event: GridView.CellChosen) -> None:
        event.stop()
        self.choose_cell(event.cell)

    def on_action_bar_rebuilt(self, event: ActionBar.Rebuilt) -> None:
        event.stop()
        self.call_after_refresh(self.focus_best)  # the new buttons exist only now

    def on_action_bar_action_chosen(self, event: ActionBar.ActionChosen) -> None:
        event.stop()
        self.do(event.action)

    def choose_card(self, card: str) -> None:
        obs = self.obs
        if obs is None or self.curtain_up:
            return
        acts = [a for a in obs.legal if a.card == card and len(action_cards(a)) <= 1]
        if not acts and card in multi_cards(obs):
            self.notify(f"{card_full_name(card, self.family)[:1].upper()}{card_full_name(card, self.family)[1:]}"
                        " goes with other cards: mark each card with space, then press Enter.")
            return
        if not acts:
            self.explain_card(card)
            return
        with_cell = [a for a in acts if a.cell]
        if with_cell and self.query(GridView):
            self.pending = card
            grid = self.query_one(GridView)
            grid.set_targets(frozenset(a.cell for a in with_cell if a.cell))
            self.redraw_hint()
            self.set_focus(grid)  # at once: the keys typed next are for the grid
            return
        self.choose_among(acts, f"What to do with {card_full_name(card, self.family)}?")

    def choose_cell(self, cell: str) -> None:
        obs = self.obs
        if obs is None or self.curtain_up:
            return
        if self.pending is not None:
            acts = [a for a in obs.legal if a.card == self.pending and a.cell == cell]
            if acts:
                self.choose_among(acts, f"{card_full_name(self.pending, self.family)} on {cell}:")
            else:
                self.explain_cell(cell, self.pending)
            return
        acts = [a for a in obs.legal if a.cell == cell and a.card is None]
        if not acts and obs.board is not None:
            view = obs.board.cells.get(cell)
            if view is not None and view.card:
                acts = [a for a in obs.legal if a.card == view.card and a.cell is None]
        if acts:
            self.choose_among(acts, f"On {cell}:")
            return
        if any(a.cell == cell for a in obs.legal):
            self.notify("Choose a card from your hand first, then the cell.", severity="information")
            hand = self.query(HandView)
            if hand:
                self.set_focus(hand.first())  # at once: the keys typed next are for the hand
            return
        self.explain_cell(cell, None)

    def choose_among(self, acts: list[ActionView], title: str) -> None:
        if len(acts) == 1:
            self.do(acts[0].text)
            return

        def chosen(text: str | None) -> None:
            if text:
                self.do(text)

        self.app.push_screen(ChoiceMenu(title, [(a.label, a.text) for a in acts]), chosen)

    def do(self, text: str) -> None:
        """Send an action for the viewing seat; a refusal becomes a notification."""
        seat = self.seat
        if seat is None or self.curtain_up:
            return
        try:
            self.controller.act(seat, text)
        except DeckTableError as exc:
            self.say_refusal(exc)
            return
        self.pending = None
        self.advance()

    def redraw_hint(self) -> None:
        if self.obs is not None:
            self.query_one(StatusPanel).show(self.obs, hint=self.hint())
            for strip in self.query(CardStrip):
                if strip.cards:
                    strip.marked = self.pending
                    strip.refresh()

    # -- keys ---------------------------------------------------------------------------------

    def action_rules(self) -> None:
        show = getattr(self.app, "show_help", None)
        if callable(show):
            show(self.match.game.info.id)
        else:
            self.notify("Help is not available here.", severity="warning")

    def action_undo(self) -> None:
        if self.curtain_up:
            return
        seat = self.seat
        if seat is None:
            self.notify("There is nobody to undo for.", severity="warning")
            return
        try:
            sentence = self.controller.undo(seat)  # a bot thinking meanwhile is cancelled
        except DeckTableError as exc:
            self.notify(str(exc), severity="warning", markup=False)  # names are text
            return
        self.pending = None
        self.notify(sentence, markup=False)
        self.advance()

    @property
    def hand_order(self) -> str:
        """How the own hand is shown: "dealt", "suit" or "rank" (a preference)."""
        order = getattr(getattr(self.app, "prefs", None), "hand_order", None)
        return order if order in ORDERS else self._hand_order

    def action_sort_hand(self) -> None:
        """Cycle the own hand's order (as dealt, by suit, by rank); presentation only."""
        if not any(h.cards for h in self.query(HandView) if h.display):
            # Lórum's Hairy Ape holds your cards facing out: the key would seem to do nothing
            self.notify("You see none of your own cards: there is nothing to sort.", severity="information")
            return
        order = next_order(self.hand_order)
        self._hand_order = order
        remember = getattr(self.app, "remember", None)
        if callable(remember):
            remember(hand_order=order)
        if self.obs is not None and not self.curtain_up:
            current = {h: h.current for h in self.query(HandView)}
            self.redraw()
            for h, card in current.items():  # the cursor stays on its card
                if card is not None:
                    h.focus_card(card)

    def action_inspect(self) -> None:
        """`i`: the card under the cursor in full (decktable/ui/screens/card_info.py)."""
        from decktable.ui.screens.card_info import inspect_card

        inspect_card(self)

    def action_toggle_log(self) -> None:
        if self.has_class("-narrow"):
            self.action_history()  # one column has no room beside the table: the log in full
            return
        log = self.query_one(LogPanel)
        self.show_log(not log.display)

    def show_log(self, shown: bool) -> None:
        """Show or hide the log. In a compact table the seats and the status fill the side
        column, so an open log takes the status panel's place (`-log-open` in table.tcss)
        until `l` closes it: at 80x24 it would otherwise open with no room at all."""
        self.query_one(LogPanel).display = shown
        self.set_class(shown, "-log-open")

    def action_log_back(self) -> None:
        """PgUp: the log looks further back (shown first if it was hidden)."""
        if self.has_class("-narrow"):
            self.action_history()
            return
        log = self.query_one(LogPanel)
        self.show_log(True)
        log.scroll_lines(max(1, log.content_size.height - 1))

    def action_log_forward(self) -> None:
        if self.has_class("-narrow"):
            self.action_history()
            return
        log = self.query_one(LogPanel)
        self.show_log(True)
        log.scroll_lines(-max(1, log.content_size.height - 1))

    def action_history(self) -> None:
        """`L`: the whole game's log in a screen of its own (public sentences only)."""
        from decktable.ui.screens.history_screen import HistoryScreen

        if self.curtain_up:
            return
        self.app.push_screen(HistoryScreen(self.match))

    def action_cancel(self) -> None:
        """Esc: unmark marked cards, drop a chosen card waiting for its cell, or else take back a
        half-made move the game itself keeps (its legal `cancel`, e.g. Adaman's target)."""
        if self.unmark_all():
            return
        if self.pending is not None and (self.obs is None or self.sole_card(self.obs) != self.pending):
            self.pending = None
            if self.obs is not None:
                self.update_main(self.obs)
                self.redraw_hint()
            self.call_after_refresh(self.focus_best)
            return
        cancel = self.engine_cancel()
        if cancel is not None:
            self.do(cancel)

    def engine_cancel(self) -> str | None:
        """The game's own legal "cancel" action for the viewer now, if it offers one."""
        if self.obs is None or self.obs.seat is None or self.curtain_up:
            return None
        return next((a.text for a in self.obs.legal if a.text == "cancel"), None)

    def action_lobby(self) -> None:
        self.go_to_lobby()

    def go_to_lobby(self) -> None:
        self.controller.stop()
        back = getattr(self.app, "back_to_lobby", None)
        if callable(back):
            back()
        elif len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()
