"""`decktable host --qr`: each link drawn as a QR code with half blocks (decktable/share/qr.py).
The drawing is read back into pixels and decoded (zxing-cpp, a test dependency); its structure is
checked too (finder patterns, quiet zone, size for the link's length)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from decktable.share.qr import QUIET, modules, print_codes, qr_rows, qr_text

LINK = "http://192.168.1.20:8100/t/" + "Zq9_xY-3" * 3  # a seat's link: a 24-character secret
FINDER = [
    "#######",
    "#.....#",
    "#.###.#",
    "#.###.#",
    "#.###.#",
    "#.....#",
    "#######",
]


def pixels(rows: list[str], scale: int = 6) -> np.ndarray:
    """The plain drawing back to an image: light modules (drawn) white, dark ones black."""
    light = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    grid = []
    for line in rows:
        upper = [light[ch][0] for ch in line]
        lower = [light[ch][1] for ch in line]
        grid += [upper, lower]
    img = np.array(grid, dtype=np.uint8) * 255
    return np.kron(img, np.ones((scale, scale), dtype=np.uint8))


def decode(img: np.ndarray) -> list[str]:
    import zxingcpp  # a test dependency (pyproject.toml): the drawing is read as a phone would

    return [r.text for r in zxingcpp.read_barcodes(img)]


def test_the_drawn_code_decodes_back_to_the_link() -> None:
    assert decode(pixels(qr_rows(LINK))) == [LINK]
    other = LINK.replace("Zq9", "Wk2")
    assert decode(pixels(qr_rows(other))) == [other]


def test_the_decoder_sees_a_damaged_drawing_as_no_code() -> None:
    rows = qr_rows(LINK)
    half = len(rows) // 2
    # the upper half's finder patterns painted light: the check above is one that can fail
    broken = ["█" * len(r) if i < half else r for i, r in enumerate(rows)]
    assert decode(pixels(broken)) == []


def test_the_codes_structure_finder_patterns_quiet_zone_and_size() -> None:
    grid = modules(LINK)
    size = len(grid) - 2 * QUIET
    assert all(len(r) == len(grid) for r in grid)
    assert (size - 17) % 4 == 0  # a QR code of version (size - 17) / 4
    version = (size - 17) // 4
    # byte mode, lowest error level: version 3 holds 53 bytes, version 4 holds 78
    assert len(LINK) == 51 and version == 3
    assert (len(modules("http://h:1/t/x")) - 2 * QUIET - 17) // 4 == 1
    assert (len(modules(LINK + "x" * 20)) - 2 * QUIET - 17) // 4 == 4
    # the quiet zone is light all round
    for r in list(range(QUIET)) + list(range(len(grid) - QUIET, len(grid))):
        assert not any(grid[r])
    assert not any(row[c] for row in grid for c in (*range(QUIET), *range(len(grid) - QUIET, len(grid))))
    # three finder patterns: top left, top right, bottom left
    want = [[ch == "#" for ch in line] for line in FINDER]
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        got = [grid[QUIET + top + i][QUIET + left: QUIET + left + 7] for i in range(7)]
        assert got == want, (top, left)
    # no finder pattern bottom right
    got = [grid[QUIET + size - 7 + i][QUIET + size - 7: QUIET + size] for i in range(7)]
    assert got != want
    # half blocks: two module rows per line of text
    assert len(qr_rows(LINK)) == (len(grid) + 1) // 2
    assert all(len(line) == len(grid) for line in qr_rows(LINK))


def test_the_coloured_drawing_is_the_plain_one_in_black_and_white() -> None:
    text = qr_text(LINK)
    lines = text.plain.split("\n")
    rows = qr_rows(LINK)
    assert len(lines) == len(rows) and all(set(line) == {"▀"} for line in lines)
    # each cell: the upper module is the glyph's colour, the lower one its background
    spans = [span.style for span in sorted(text.spans, key=lambda sp: sp.start)]
    assert len(spans) == sum(len(r) for r in rows)
    cells = [ch for line in rows for ch in line]
    light = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    for style, ch in zip(spans, cells):
        up, down = light[ch]
        assert (style.color.triplet.red == 255) == up and (style.bgcolor.triplet.red == 255) == down


def test_print_codes_names_each_link_and_draws_its_code(tmp_path) -> None:
    out = tmp_path / "codes.txt"
    with out.open("w") as f:
        print_codes([("Ann", LINK), ("Table", LINK + "T")], file=f)
    text = out.read_text()
    assert f"Ann: {LINK}\n" in text and f"Table: {LINK}T\n" in text
    assert "\n".join(qr_rows(LINK)) in text


def test_host_qr_is_on_the_command_line() -> None:
    shown = subprocess.run([sys.executable, "-m", "decktable", "host", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert "--qr" in shown.stdout and "--headless" in shown.stdout


def test_decktable_host_qr_prints_each_links_code_and_each_decodes_to_its_link() -> None:
    """`decktable host --qr` (its output not a terminal: the plain drawing, no table on screen)."""
    import os
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "decktable", "host", "schnapsen", "--players", "Ann,Bob",
                             "--port", "0", "--qr"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while len([ln for ln in lines if ln == ""]) < 3:  # a blank line after each of the three codes
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            lines.append(line.rstrip("\n"))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    links = dict(ln.split(": ", 1) for ln in lines[:3])
    assert set(links) == {"Ann", "Bob", "Table"} and len(set(links.values())) == 3
    for name, url in links.items():
        at = lines.index(f"{name}: {url}", 3)
        end = lines.index("", at)
        assert decode(pixels(lines[at + 1:end])) == [url]
