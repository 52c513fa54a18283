// decktable's additions to textual-serve's page (textual.js): the fonts are loaded before the
// terminal measures its cells, the websocket address follows the address the page was opened at,
// and the terminal has the keyboard focus as soon as the table is drawn. On a touch screen (a
// phone) the terminal's hidden text box says inputmode="none": a tap is a click for the table and
// never raises the on-screen keyboard (a hardware keyboard still types into it), and a swipe up or
// down scrolls what is under the finger: xterm.js ignores touches while the app takes the mouse,
// so the swipe is handed to it as turns of a mouse wheel, one per row's height the finger moves.
(function () {
  "use strict";
  const startTerminal = window.onload; // textual.js's: builds the terminal and connects
  window.onload = null;
  const touch = navigator.maxTouchPoints > 0 || window.matchMedia("(pointer: coarse)").matches;

  function noSoftKeyboard(root) {
    if (!touch) return;
    for (const box of root.querySelectorAll("textarea, input")) {
      if (box.getAttribute("inputmode") !== "none") {
        box.setAttribute("inputmode", "none");
        box.setAttribute("virtualkeyboardpolicy", "manual"); // Chromium: no keyboard on focus
      }
    }
  }

  function swipesScroll() {
    const terminal = document.getElementById("terminal");
    const step = 1.2 * Number((terminal && terminal.dataset.fontSize) || 16); // about a row's height
    let swipe = null;
    document.addEventListener("touchstart", (event) => {
      const t = event.touches[0];
      swipe = event.touches.length === 1 ? { x: t.clientX, y: t.clientY, last: t.clientY, moved: 0 } : null;
    }, { passive: true });
    document.addEventListener("touchmove", (event) => {
      const screen = document.querySelector(".xterm-screen");
      if (!swipe || !screen || event.touches.length !== 1) return;
      const y = event.touches[0].clientY;
      swipe.moved += swipe.last - y; // the finger going up scrolls down, as a page does
      swipe.last = y;
      while (Math.abs(swipe.moved) >= step) {
        const down = swipe.moved > 0;
        swipe.moved -= down ? step : -step;
        // at the swipe's start: the widget the finger first touched keeps scrolling
        screen.dispatchEvent(new WheelEvent("wheel", {
          deltaY: down ? 1 : -1, deltaMode: WheelEvent.DOM_DELTA_LINE,
          clientX: swipe.x, clientY: swipe.y, bubbles: true, cancelable: true,
        }));
      }
      event.preventDefault(); // no page bounce, no click at the end of a swipe
    }, { passive: false });
    document.addEventListener("touchend", () => { swipe = null; }, { passive: true });
  }

  function focusTerminal() {
    const input = document.querySelector(".xterm-helper-textarea");
    if (input) {
      input.blur(); // a focus that was there before the connection was never told to the app
      input.focus();
    }
  }

  window.addEventListener("load", async (event) => {
    const terminal = document.getElementById("terminal");
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    terminal.dataset.sessionWebsocketUrl = scheme + location.host + terminal.dataset.websocketPath;
    try {
      await Promise.all([
        document.fonts.load('16px "Roboto Mono"', "\u263e\u2660"),
        document.fonts.load('bold 16px "Roboto Mono"', "\u263e\u2660"),
      ]);
    } catch (error) {
      console.log("decktable: fonts", error);
    }
    if (startTerminal) startTerminal.call(window, event);
  });

  document.addEventListener("DOMContentLoaded", () => {
    if (touch) swipesScroll();
    if (touch) {
      // xterm.js makes its text box when the terminal opens: mark it as soon as it is there
      const terminal = document.getElementById("terminal") || document.body;
      noSoftKeyboard(terminal);
      new MutationObserver(() => noSoftKeyboard(terminal)).observe(terminal, { childList: true, subtree: true });
    }
    let focused = false;
    new MutationObserver(() => {
      if (!focused && document.body.classList.contains("-first-byte")) {
        focused = true; // the first frame is drawn: the connection is open, the app listens
        focusTerminal();
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["class"] });
  });
  window.addEventListener("focus", () => {
    if (!document.body.classList.contains("-closed")) focusTerminal();
  });
  document.addEventListener("click", (event) => {
    if (event.target && event.target.id === "again") location.reload();
  });
})();
