"""What a class must read in a narrow JupyterLab column, in a real browser: Order of Battle's cards and LC:B's
card pickers.

* **Order of Battle** (``notebooks/order_of_battle_lab.ipynb``): in the Purchase Phase, every Commander's Fame
  hand drawn and the Lead Commander's Fortune draw beside it, in the Umpire's view (compact faces) and in the
  Lead Commander's (its own hand and draw as whole faces).  At 1366x768 in JupyterLab with the file browser
  open, in presentation mode there, and in Voila at 1920x1080: no card is cut inside its own box (its text wraps
  in it), no box scrolls sideways, and a box that holds more below than it shows says so on the page -- a "more
  below" cue at its bottom edge, drawn on top there (headless Chromium draws no scrollbar, and a Mac's overlay
  scrollbar hides too: a scrollbar alone is no cue); scrolled to its end, the cue is gone (under its cover) and
  the last card shows whole.  In JupyterLab every animation is switched off, as a browser without scroll-driven
  animations (Firefox, Safari) runs the page: the cue was drawn by one, so only Chromium showed it.
* **LC:B's Play a card** (``notebooks/lab_app.ipynb``) at 1366x768 beside the file browser: every option of
  *Card*, *At card* and *Detail* is as wide as its select shows (measured in the select's own font): "Signals
  Management (Red (RU), in the p" was all a student read.
Screenshots: ``test-results/narrow_<what>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

OOB = "notebooks/order_of_battle_lab.ipynb"

_BOXES_JS = """
() => {
  const app = document.querySelector('.lcb-app');
  const scroller = el => { for (let e = el.parentElement; e && e !== app; e = e.parentElement) {
      const o = getComputedStyle(e).overflowY; if (o === 'auto' || o === 'scroll') return e; } return null; };
  const hand = app.querySelector('.oob-hand'), table = scroller(app.querySelector('.oob-display'));
  const out = {};
  for (const [name, box] of [['hand', hand], ['table', table]]) {
    if (!box) { out[name] = {missing: true}; continue; }
    const r = box.getBoundingClientRect();
    const cards = [...box.querySelectorAll('.oob-card, .oob-back')];
    const cut = cards.filter(c => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
                     .map(c => `${c.innerText.split('\\n')[0]} (${c.scrollWidth}x${c.scrollHeight} in ${c.clientWidth}x${c.clientHeight})`);
    const cue = box.querySelector('.oob-more');
    const cr = cue && cue.getBoundingClientRect();
    if (cue) cue.style.pointerEvents = 'auto';               // what is drawn on top there: the cue, or its cover
    const hit = cue && document.elementFromPoint((cr.left + cr.right) / 2, (cr.top + cr.bottom) / 2);
    if (cue) cue.style.pointerEvents = '';
    const shown = !!cue && cr.height > 8 && cr.bottom <= r.bottom + 1 && cr.top >= r.top - 1 && cr.bottom >= r.bottom - 24
                  && parseFloat(getComputedStyle(cue).opacity) > 0.9 && !!hit && cue.contains(hit);
    const last = cards[cards.length - 1], lr = last && last.getBoundingClientRect();
    out[name] = {w: box.clientWidth, h: box.clientHeight, sw: box.scrollWidth, sh: box.scrollHeight,
                 top: box.scrollTop, cards: cards.length, cut, cue: !!shown,
                 last_whole: !!last && lr.top >= r.top - 1 && lr.bottom <= r.bottom + 1,
                 last: last ? last.innerText.split('\\n')[0] : ''};
  }
  return out;
}
"""


def _scroll(page: Page, where: str) -> None:
    """Scroll the hand box and the table to ``where`` ("start" or "end") and let the page draw."""
    page.evaluate("""(where) => {
      const app = document.querySelector('.lcb-app');
      const scroller = el => { for (let e = el.parentElement; e && e !== app; e = e.parentElement) {
          const o = getComputedStyle(e).overflowY; if (o === 'auto' || o === 'scroll') return e; } return null; };
      for (const b of [app.querySelector('.oob-hand'), scroller(app.querySelector('.oob-display'))])
        if (b) b.scrollTop = where === 'end' ? b.scrollHeight : 0; }""", where)
    page.wait_for_timeout(300)


def _oob_problems(page: Page, where: str) -> tuple[list[str], dict]:
    """What of the hand and the table a class cannot read whole or cannot tell is there, and the figures."""
    _scroll(page, "start")
    first = page.evaluate(_BOXES_JS)
    _scroll(page, "end")
    end = page.evaluate(_BOXES_JS)
    _scroll(page, "start")
    out = []
    for name, b in first.items():
        if b.get("missing"):
            out.append(f"{where}: the {name} box is not on the page")
            continue
        out += [f"{where}: in the {name}, a card cut inside its own box: {c}" for c in b["cut"]]
        if b["sw"] > b["w"] + 1:
            out.append(f"{where}: the {name} scrolls sideways ({b['sw']} px of content in {b['w']})")
        more = b["sh"] > b["h"] + 1
        if more and not b["cue"]:
            out.append(f"{where}: the {name} shows {b['h']} px of {b['sh']} and no 'more below' cue at its bottom")
        e = end[name]
        if more and (e["cue"] or not e["last_whole"]):
            out.append(f"{where}: scrolled to its end, the {name} " + ("still shows the cue" if e["cue"] else
                       f"cuts its last card ({e['last']})"))
    return out, first


NO_ANIMATIONS = "*, *::before, *::after { animation: none !important; }"
"""A page with no animation: what a browser without scroll-driven animations shows of a cue that needs one."""


def _to_the_purchase(page: Page) -> str:
    """The Umpire draws every Fame hand, collects revenue and draws the Initiative: the Purchase Phase, the Lead
    Commander's Fortune draw to buy from; returns the Lead Commander."""
    L.tab(page, "Acts").click()
    for act, done in (("draw up to the hand maximum", "draw fame"), ("Legit", "revenue"),
                      ("Draw a Fortune card", "draw initiative")):
        for _ in range(3):                                        # the Umpire acts for each Commander in turn
            L.button(page, act).click()
            L.expect_message(page, f"{done}: done.")
    expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text("IV. Purchase Phase", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app .oob-hand .oob-card")).to_have_count(20, timeout=D.KERNEL_MS)
    return page.locator(".lcb-app .oob-display.oob-acting b").first.inner_text()


def _both_views(page: Page, where: str, lead: str, shot: str) -> tuple[list[str], dict]:
    """:func:`_oob_problems` in the Umpire's view and in ``lead``'s (then back to the Umpire's); screenshots."""
    problems, _got = _oob_problems(page, f"{where}, the Umpire's view")
    page.screenshot(path=str(D.RESULTS / f"{shot}_umpire.png"))
    L.show_view(page, lead)
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text(f"{lead} (yours)", timeout=D.KERNEL_MS)
    page.wait_for_timeout(500)
    more, got = _oob_problems(page, f"{where}, {lead}'s view")
    page.screenshot(path=str(D.RESULTS / f"{shot}_{lead.lower()}.png"))
    L.show_view(page, "Umpire")
    expect(page.locator(".lcb-app .oob-hand").first).not_to_contain_text("(yours)", timeout=D.KERNEL_MS)
    return problems + more, got


@pytest.mark.browser
def test_order_of_battle_beside_the_file_browser_shows_whole_cards_or_says_more_below(page: Page,
                                                                                       jupyterlab_server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_notebook(page, jupyterlab_server, OOB)
    L.open_file_browser(page)
    L.run_all(page)
    expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.wait_kernel_idle(page)
    page.add_style_tag(content=NO_ANIMATIONS)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    lead = _to_the_purchase(page)
    page.wait_for_timeout(500)
    D.RESULTS.mkdir(exist_ok=True)
    problems, got = _both_views(page, "JupyterLab 1366x768", lead, "narrow_oob_jupyterlab_1366x768")
    assert got["hand"]["sh"] > got["hand"]["h"] + 1, f"the hand holds no more than it shows: not this test's case {got}"
    L.presentation(page)
    more, _got = _both_views(page, "JupyterLab 1366x768, presentation", lead,
                             "narrow_oob_jupyterlab_1366x768_presentation")
    assert not problems + more, "\n  ".join(["", *problems, *more])


@pytest.mark.browser
def test_order_of_battle_in_voila_at_1920x1080_shows_whole_cards_or_says_more_below(page: Page, tmp_path) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    server = D.start_voila(OOB, tmp_path)
    try:
        page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        lead = _to_the_purchase(page)
        page.wait_for_timeout(500)
        D.RESULTS.mkdir(exist_ok=True)
        problems, _got = _both_views(page, "Voila 1920x1080", lead, "narrow_oob_voila_1920x1080")
        L.presentation(page)
        more, _got = _both_views(page, "Voila 1920x1080, presentation", lead, "narrow_oob_voila_1920x1080_presentation")
        assert not problems + more, "\n  ".join(["", *problems, *more])
    finally:
        page.goto("about:blank")
        server.stop()


_OPTIONS_JS = """
(label) => {
  const box = [...document.querySelectorAll('.lcb-app .widget-dropdown')]
                .find(d => d.querySelector('label') && d.querySelector('label').innerText.trim() === label);
  if (!box) return {error: `no dropdown labelled ${label}`};
  const s = box.querySelector('select'), cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return {room, visible: s.getBoundingClientRect().width > 0,
          options: [...s.options].map(o => [o.text, ctx.measureText(o.text).width])};
}
"""


def _cut_options(page: Page, label: str) -> list[str]:
    got = page.evaluate(_OPTIONS_JS, label)
    assert "error" not in got and got["visible"] and got["options"], got
    return [f"{label}: {t!r} is {w:.0f} px, the select shows {got['room']:.0f}"
            for t, w in got["options"] if w > got["room"] + 0.5]


@pytest.mark.browser
def test_play_a_card_beside_the_file_browser_shows_every_option_whole(page: Page, jupyterlab_server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_and_run_all(page, jupyterlab_server, D.APP_NOTEBOOK, file_browser=True)
    L.begin_impulse(page, "TF Memphis")
    L.add_card_action(page, "Tactical Cyber Attack")
    L.button(page, L.DECLARE).click()
    L.expect_message(page, "Declare: done.")
    play = page.locator(".lcb-app .lcb-card-play")
    expect(play.locator("select").first.locator("option", has_text="Tactical Cyber Attack").first).to_be_attached(
        timeout=D.KERNEL_MS)
    L.click_hex(page, "AL-21")
    expect(play).to_contain_text("AL-21", timeout=D.KERNEL_MS)
    cut = _cut_options(page, "Card") + _cut_options(page, "Detail")
    L.button(page, "Play", ".lcb-card-play").click()
    decision = page.locator(".lcb-app .lcb-decision")
    played = page.locator(".lcb-app .lcb-log-panel").filter(has_text="JCC played: Tactical Cyber Attack").first
    expect(decision.filter(has_text="card response").or_(played).first).to_be_visible(timeout=D.KERNEL_MS)
    if decision.is_visible():
        L.button(page, "Pass", ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
    expect(played).to_be_attached(timeout=D.KERNEL_MS)
    at_card = play.locator(".widget-dropdown", has=page.locator("label", has_text="At card")).first.locator("select")
    for attempt in range(3):            # the play's redraw of the Card picker may land after a first pick (CI's load)
        cap = play.locator("select").first.locator("option", has_text="Combat Air Patrols").first
        play.locator("select").first.select_option(value=cap.get_attribute("value"))
        try:
            expect(at_card.locator("option:checked")).to_contain_text("Combat Air Patrols", timeout=D.KERNEL_MS // 3)
            break
        except AssertionError:
            if attempt == 2:
                raise
    at_card.scroll_into_view_if_needed()
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "narrow_play_a_card_jupyterlab_1366x768.png"))
    cut += _cut_options(page, "Card") + _cut_options(page, "At card") + _cut_options(page, "Detail")
    assert not cut, "\n  ".join(["at 1366x768 beside the file browser, options cut:", *dict.fromkeys(cut)])
