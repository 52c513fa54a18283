"""TrickView: the trick in the centre of a trick table — who played what, the note, last trick."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from decktable.engine.models import SeatView, TrickPlay
from decktable.engine.models import TrickView as TrickModel
from decktable.ui.glyphs import (
    SUIT_COMPONENTS,
    card_caption,
    card_full_name,
    card_label,
    card_name,
    card_text,
    current_card_set,
    shorten,
    suit_styles,
    wrapped_height,
)

COL_W = 12
MAX_COL_W = 27  # a 24-character name, its turn mark and a gap
SEAT_COLOURS = 5
TIGHT_SEP = "│ "  # between two seats on one line of a tight trick


class TrickView(Widget):
    """One column per seat, in seat order: the seat's name, then its card(s) in this trick.

    The seat(s) to act show `…`; the leader is marked. Below, the previous trick in words.
    When the seats do not fit side by side (up to eight of them, a narrow terminal), they wrap
    onto several rows of columns; every name is shown whole. A seat that played several cards
    shows them all. Compact (small terminals): no line of card names under the labels, and a
    long previous trick is written with card labels instead of full names.

    A tap (a click) on the trick area is the `t` key's target where there is no key to press (a
    phone): it posts `Tapped` when there is a last trick to put away or to show, and the table
    does what `t` does. On a narrow table (`taps`) the lines say so.
    """

    class Tapped(Message):
        """The trick area was tapped while a last trick could be put away or shown again."""

    DEFAULT_CSS = """
    TrickView {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {
        "trick-view--title",
        "trick-view--card",
        "trick-view--winner",
        "trick-view--muted",
        *SUIT_COMPONENTS,
        *(f"seat--{i}" for i in range(SEAT_COLOURS)),
    }

    def __init__(self, family: str = "decktet", *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.family = family
        self.trick: TrickModel | None = None
        self.seats: list[SeatView] = []
        self.to_act: list[int] = []
        self.compact = False
        #: one line per row of seats (name, then card): the table switches to this when the
        #: trick of many seats would push the hand off the screen
        self.tight = False
        #: tight, and the line under the seats kept to one line (the last trick in labels, cut
        #: where it is longer; `t` shows it whole) or left out before any trick: the table's last
        #: resort, when even the tight trick would push the hand off the screen (a lesson's coach
        #: above Mattis's 43-card last trick at 80x24)
        self.trim = False
        #: the last trick drawn in the trick area: "held" (a finished trick stays until the next
        #: lead), "peek" (the `t` key: shown again during a trick), or "" (the current trick)
        self.peek = False
        self.keys = True  # say which key puts a held trick away (not on the read-only results)
        self.taps = False  # a narrow table (a phone): the lines say a tap does what `t` does
        self._dismissed: tuple[tuple[int, str], ...] | None = None  # a held trick put away (`t`)

    def show_trick(self, trick: TrickModel | None, seats: list[SeatView], to_act: list[int]) -> None:
        """Repaint; relayout only when the height changes (rows of seats, the last-trick line)."""
        width = self.content_size.width or 76
        before = self._height(width)
        if self.peek and (self.trick is None or trick is None or len(trick.plays) != len(self.trick.plays)):
            self.peek = False  # a card was played: back to the trick being played
        self.trick = trick
        self.seats = seats
        self.to_act = to_act
        self.refresh(layout=self._height(width) != before)

    @staticmethod
    def _key(trick: TrickModel) -> tuple[tuple[int, str], ...]:
        return tuple((p.seat, p.card) for p in trick.last)

    @property
    def held(self) -> bool:
        """A finished trick is on the table: no card of the next trick yet, not put away."""
        t = self.trick
        return bool(t is not None and not t.plays and t.last and self._key(t) != self._dismissed)

    @property
    def showing_last(self) -> bool:
        t = self.trick
        return bool(t is not None and t.last and (self.held or self.peek))

    def toggle_last(self) -> bool:
        """The `t` key: put a held trick away, or show the last trick again. False when there is
        no last trick."""
        t = self.trick
        if t is None or not t.last:
            return False
        width = self.content_size.width or 76
        before = self._height(width)
        if self.held:
            self._dismissed = self._key(t)
        elif self.peek:
            self.peek = False
        else:
            self.peek = True
        self.refresh(layout=self._height(width) != before)
        return True

    def put_away(self) -> None:
        """A hand's summary has covered the held trick: it is put away as `t` would, so the next
        hand does not open on the last hand's trick (it is still `t`'s "last trick" until a new
        one is finished)."""
        t = self.trick
        if t is not None and t.last:
            self._dismissed = self._key(t)
            self.peek = False
            self.refresh(layout=True)

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.refresh(layout=True)

    def set_taps(self, taps: bool) -> None:
        if taps != self.taps:
            self.taps = taps
            self.refresh(layout=True)

    def on_click(self, event: events.Click) -> None:
        """A tap on the trick area: `t`, when there is a last trick to put away or show again
        (not on the results' read-only trick, nor before any trick or where none is shown)."""
        t = self.trick
        if self.keys and t is not None and t.last:
            event.stop()
            self.post_message(self.Tapped())

    def set_tight(self, tight: bool, trim: bool = False) -> None:
        trim = tight and trim
        if tight != self.tight or trim != self.trim:
            self.tight, self.trim = tight, trim
            self.refresh(layout=True)

    def height_if(self, tight: bool, width: int, trim: bool = False) -> int:
        """Outer height (frame included) at a content width, tight (and trimmed) or not."""
        was = self.tight, self.trim
        self.tight, self.trim = tight, tight and trim
        try:
            return self._height(width) + 2
        finally:
            self.tight, self.trim = was

    # -- geometry -------------------------------------------------------------------------------

    def col_w(self) -> int:
        longest = max((len(s.name) for s in self.seats), default=0)
        if self.tight:  # a separator, the name, turn mark, a card label (up to 6) and a gap
            return max(COL_W, min(MAX_COL_W, longest + 2)) + 7 + len(TIGHT_SEP)
        return max(COL_W, min(MAX_COL_W, longest + 3))

    def per_row(self, width: int) -> int:
        return max(1, min(len(self.seats) or 1, width // self.col_w()))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height(width)

    def _height(self, width: int) -> int:
        w = max(1, width)
        return wrapped_height(self, self._lines(w, Style()), w)

    # -- drawing --------------------------------------------------------------------------------

    def _seat_style(self, seat: int) -> Style:
        if not self.is_attached:
            return Style()
        return self.get_component_rich_style(f"seat--{seat % SEAT_COLOURS}", partial=True)

    def _seat_name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return "?"
        return self.seats[seat].name

    def render(self) -> Text:
        get = self.get_component_rich_style
        width = self.content_size.width or 76
        return Text("\n").join(self._lines(width, get("trick-view--muted", partial=True)))

    def _lines(self, width: int, muted: Style) -> list[Text]:
        attached = self.is_attached
        get = self.get_component_rich_style
        title = Text("Trick", style=get("trick-view--title", partial=True) if attached else Style())
        trick = self.trick or TrickModel()
        last = self.showing_last
        winner = trick.last_winner if last else None
        if last:
            title = Text("Last trick" if self.peek else "Trick over",
                         style=get("trick-view--title", partial=True) if attached else Style())
            if winner is not None:
                title.append(" — won by ", style=muted)
                win_style = self._seat_style(winner) + Style(bold=True)
                if attached:
                    win_style += get("trick-view--winner", partial=True)
                title.append(self._seat_name(winner), style=win_style)
        elif trick.note:
            title.append(f" — {trick.note}", style=muted)
        plays: dict[int, list[TrickPlay]] = {}
        for p in (trick.last if last else trick.plays):
            plays.setdefault(p.seat, []).append(p)
        leader = trick.last[0].seat if last and trick.last else trick.leader
        to_act = [] if last else self.to_act
        styles = suit_styles(get) if attached else {}
        styles["card"] = get("trick-view--card", partial=True) if attached else Style()
        col = self.col_w()
        n = self.per_row(width)
        if not self.compact and not self.tight:
            # room to spare: the columns widen so that the played cards' names and their notes
            # ("won, penalty") show whole
            longest = max((len(card_name(p.card, self.family)) + 1 for ps in plays.values() for p in ps),
                          default=0)
            longest = max([longest] + [len(self._note(s, ps, leader, winner)) + 1 for s, ps in plays.items()])
            col = max(col, min(longest, width // n, MAX_COL_W))
        lines = [title]
        gs = current_card_set()
        for start in range(0, len(self.seats), n):
            names, labels, cards, notes = Text(), Text(), Text(), Text()
            for seat in range(start, min(start + n, len(self.seats))):
                name = self._seat_name(seat)
                mark = f" {gs.turn}" if seat in to_act else f" {gs.winner}" if seat == winner else ""
                name_style = self._seat_style(seat)
                if seat == winner:
                    name_style += Style(bold=True)
                mine = plays.get(seat)
                if self.tight:  # one line: "Ann ▸ … │ Bot 1 A♣"; each seat set apart from the last
                    if seat != start:
                        names.append(TIGHT_SEP, style=muted)
                    name_w = col - 8 - len(TIGHT_SEP)
                    names.append((shorten(name, name_w - len(mark)) + mark).ljust(name_w) + " ", style=name_style)
                    if not mine:
                        names.append(("…" if seat in to_act else "·").ljust(7), style=muted)
                    elif len(mine) == 1:
                        label = card_text(mine[0].card, self.family, styles=styles, width=6)
                        names.append_text(label)
                        names.append(" " * max(1, 7 - label.cell_len))
                    else:
                        names.append_text(self._several(mine, styles, 6))
                        names.append(" ")
                    continue
                names.append((shorten(name, col - len(mark) - 1) + mark).ljust(col), style=name_style)
                if not mine:
                    labels.append(("…" if seat in to_act else "·").ljust(col), style=muted)
                    cards.append(" " * col)
                    notes.append(" " * col)
                    continue
                if len(mine) == 1:
                    labels.append_text(card_text(mine[0].card, self.family, styles=styles, width=col - 2))
                    labels.append("  ")
                    cards.append(self._caption(mine[0].card, col - 1).ljust(col))
                else:
                    # two spaces before the next seat, as after one card: a run is not read on
                    # into the next seat's cards
                    labels.append_text(self._several(mine, styles, col - 2))
                    labels.append("  ")
                    cards.append(f"{len(mine)} cards".ljust(col))
                notes.append(self._note(seat, mine, leader, winner, col - 1)[: col - 1].ljust(col), style=muted)
            if self.tight:
                lines.append(names)
                continue
            lines += [names, labels] + ([] if self.compact else [cards]) + [notes]
        if not self.compact and not self.tight:
            lines.append(Text())
        if last:
            if self.keys:
                key = "Tap here or t" if self.taps else "t"
                lines.append(Text(f"{key}: back to the table" if self.peek else f"{key}: put the trick away",
                                  style=muted))
        elif self.trim:
            if trick.last:
                lines.append(self._last_short(trick, muted, width))
            elif trick.last_hidden or trick.last_gone:
                lines.append(self._last_text(trick, muted, width))
            # before any trick, no line: "No trick played yet." says nothing the seats do not
        else:
            lines.append(self._last_text(trick, muted, width))
        return lines

    @staticmethod
    def _note(seat: int, mine: list[TrickPlay], leader: int | None, winner: int | None, room: int = 0) -> str:
        """The line under a seat's card: the game's note ("trump"), else "led"; "won, ..." for
        the winner of a trick over, or the game's note alone where that does not fit in `room`
        (King's "won, penalty" in a column of 12: the ♛ by the name says who won)."""
        note = next((p.note for p in mine if p.note), "") or ("led" if seat == leader else "")
        if seat == winner:
            won = "won" + (f", {note}" if note else "")
            note = note if room and len(won) > room and note else won
        return note

    def _caption(self, card: str, width: int) -> str:
        if self.family == "decktet":
            return card_name(card, self.family)[:width]  # as the Decktet tables always were
        return card_caption(card, self.family, width)

    def _several(self, mine: list[TrickPlay], styles: dict[str, Style], width: int) -> Text:
        """The labels of a seat's several cards side by side (`7♥ 9♥`), cut to the column."""
        text = Text()
        for i, p in enumerate(mine):
            label = card_text(p.card, self.family, styles=styles)
            if text.cell_len + (1 if i else 0) + label.cell_len > width:
                more = f"+{len(mine) - i}"
                text.truncate(max(0, width - len(more) - 1))
                text.rstrip()
                text.append(" " + more if text.cell_len else more)
                break
            if i:
                text.append(" ")
            text.append_text(label)
        if text.cell_len < width:
            text.append(" " * (width - text.cell_len))
        return text

    def _last_text(self, trick: TrickModel, muted: Style, width: int = 0) -> Text:
        if not trick.last:
            if trick.last_hidden:
                return Text("The last trick is face down (no look back in this game).", style=muted)
            if trick.last_gone:
                return Text(trick.last_gone, style=muted)
            return Text("No trick played yet.", style=muted)
        full = self._last_line(trick, muted, card_full_name)
        if self.compact and width and full.cell_len > 2 * width:
            return self._last_line(trick, muted, card_label)
        return full

    def _last_short(self, trick: TrickModel, muted: Style, width: int) -> Text:
        """The last trick on one line (trimmed): in labels, and where even that is longer, its
        first plays and "…" before the winner ("Last trick: Ann 4♥, Bea K♠, … — won by Cai")."""
        line = self._last_line(trick, muted, card_label)
        if line.cell_len <= width:
            return line
        tail = Text()
        if trick.last_winner is not None:
            tail.append(" — won by ", style=muted)
            tail.append(self._seat_name(trick.last_winner),
                        style=self._seat_style(trick.last_winner) + Style(bold=True))
        text = Text("Last trick (tap): " if self.taps and self.keys else "Last trick: ", style=muted)
        shown = 0
        for p in trick.last:
            part = Text(", " if shown else "", style=muted)
            part.append(self._seat_name(p.seat), style=self._seat_style(p.seat))
            part.append(f" {card_label(p.card, self.family)}")
            if text.cell_len + part.cell_len + 3 + tail.cell_len > width:
                break
            text.append_text(part)
            shown += 1
        text.append(", …" if shown else "…", style=muted)
        text.append_text(tail)
        text.truncate(max(1, width), overflow="ellipsis")
        return text

    def _last_line(self, trick: TrickModel, muted: Style, name_of) -> Text:  # type: ignore[no-untyped-def]
        text = Text("Last trick (tap): " if self.taps and self.keys else "Last trick: ", style=muted)
        groups: list[tuple[int, list[str]]] = []  # a seat's several cards in a row go together
        for p in trick.last:
            if groups and groups[-1][0] == p.seat:
                groups[-1][1].append(name_of(p.card, self.family))
            else:
                groups.append((p.seat, [name_of(p.card, self.family)]))
        for i, (seat, names) in enumerate(groups):
            if i:
                text.append(", ", style=muted)
            text.append(self._seat_name(seat), style=self._seat_style(seat))
            # "Ann the 7 of Hearts and the 9 of Hearts", "Bob the 8, the 9 and the 10 of Hearts"
            said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            text.append(f" {said}")
        if trick.last_winner is not None:
            text.append(" — won by ", style=muted)
            text.append(self._seat_name(trick.last_winner), style=self._seat_style(trick.last_winner) + Style(bold=True))
        return text
