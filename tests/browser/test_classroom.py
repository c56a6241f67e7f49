"""A class plays Gotland Redux through the lab, by clicks only, checked after every step (Voila app).

An instructor with a projector, at 1366x768 and 1920x1080 (one Voila server for the file, a fresh
kernel per screen size): the instructor reveals 1 Anna; three impulses -- Blue's TF Boston fires at
1 Anna, Red answers its INTERCEPT question in the Red view and, after the hits, its MILDEC question
(*Take the 2 HP*: 1 Anna stands beside Red backs, 4.22); Red's TF Moscow fires at DDG-51 and
Blue answers; Blue's TF Memphis plays Tactical Cyber Attack and Red passes its card response --
with the screen handed over between the team views after every window (the lab's own *Hand over*
buttons and the view picker); then the instructor undoes a step, goes back in the History timeline
and to now, forks a branch (the compare view), presentation mode on and off, saves and loads the
game from the Game tab, and Red plays on.

After **every** step (:meth:`Walk.check`):

1. the controls the rules allow are there and enabled, the others greyed or absent -- computed from a
   *mirror*: the same lab built in this process (``open_lab``) and driven by the same clicks on its
   own widgets, its game's ``is_legal`` / ``pending`` deciding *End impulse*, *Begin impulse*,
   *Resolve combat* and the decision panel's *Answer* / *Pass* for the view on screen;
2. nothing in the lab is clipped (:func:`labui.clipping_problems`) and the map and the message line
   are wholly on screen (:func:`labui.viewport_problems`);
3. no console error and no outside request (the strict harness of conftest.py, checked again at
   each step so that the step that caused it is named);
4. what a class saw on the projector is mended (:data:`FINDINGS_JS`): a greyed button looks greyed (a grey
   fill, its text 3:1); one explained log, starting at the top of its box; no "Branch ... opened" once the
   branch is closed; a save path on the message line elided in the middle, never cut; *Load*'s question
   over a game in progress whole on its two lines (it was cut in JupyterLab at 1366x768); a team that may not
   play sees no *Play a card* form of empty lists;
5. in a team view, the whole page (``outerHTML``, every attribute and input value) names no
   designator, card name or hex of the other side's secrets: what the instructor's view names and
   the team's observer outputs do not (:func:`tests.secret_text.secrets` on the mirror's game).

Each check is shown able to fail (:meth:`Walk.plant_faults`, once per run): a hidden element holding
a secret in a team view, a clipped button, a disabled *End impulse*, a greyed button in a strong colour, a
stale "Branch ... opened" message, a console error -- each is
caught, then taken away.  Screenshots at the key steps: ``test-results/classroom-<size>-<step>.png``.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L
from tests.secret_text import leaks, secrets

VIEWS = {"US": "Blue (US)", "RU": "Red (RU)", "instructor": "Instructor"}


def _plain(markup: str) -> str:
    """A message's HTML as the page reads it."""
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", markup))
CARD = "Tactical Cyber Attack"
RESPONSE = "Attack on Command and Control"
"""RU's card that may answer CARD (a NULLIFY of a cyber card, 9.4)."""
SAVE = "classroom_save.json"
FINDINGS_JS = r"""
([mayPlay]) => {
  const out = [];
  const app = document.querySelector('.lcb-app'), grid = app && app.querySelector('.lcb-grid');
  if (!grid) return ["the lab's grid: not found"];
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                       return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  // a greyed button looks greyed: a grey fill (no strong colour left), its text 3:1 on it, not faded
  for (const b of app.querySelectorAll('button:disabled')) {
    if (!shown(b)) continue;
    const s = getComputedStyle(b), bg = rgb(s.backgroundColor), fg = rgb(s.color);
    const name = (b.innerText || b.title || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    if (bg.length < 3 || bg[3] === 0) continue;
    if (Math.max(bg[0], bg[1], bg[2]) - Math.min(bg[0], bg[1], bg[2]) > 16)
      out.push(`greyed button "${name}" keeps a strong colour (${s.backgroundColor})`);
    const [hi, lo] = [lum(bg), lum(fg)].sort((x, y) => y - x), k = (hi + 0.05) / (lo + 0.05);
    if (k < 3) out.push(`greyed button "${name}": its text contrast is ${k.toFixed(2)}:1 (< 3:1)`);
    if (parseFloat(s.opacity) < 0.9) out.push(`greyed button "${name}" is faded (opacity ${s.opacity})`);
  }
  // one explained log on screen, and a short log starts at the top of its box
  const tabs = [...grid.querySelectorAll('.lm-TabBar-tab')].map((t) => t.innerText.trim());
  if (tabs.includes('Log')) out.push('a Log tab draws the explained log a second time');
  const logs = [...grid.querySelectorAll('.lcb-log-box')].filter(shown);
  if (logs.length !== 1) out.push(`${logs.length} explained logs on screen (want one, beside the map)`);
  for (const log of grid.querySelectorAll('.lcb-log')) {
    const inner = log.querySelector('.lcb-log-inner');
    if (!shown(log) || !inner || inner.offsetHeight + 2 >= log.clientHeight) continue;
    const gap = inner.getBoundingClientRect().top - log.getBoundingClientRect().top;
    if (gap > 6) out.push(`the explained log starts ${gap.toFixed(0)} px below the top of its box`);
  }
  // the message line: no branch "opened" once it is closed; a file path shown whole or elided, never cut
  const fork = app.querySelector(':scope > .lcb-fork');
  for (const m of grid.querySelectorAll('.lcb-message')) {
    if (!shown(m)) continue;
    if ((!fork || !shown(fork)) && /Branch from step \d+ opened/.test(m.innerText))
      out.push(`the message line still says "${m.innerText.trim()}" with no branch open`);
    const box = m.getBoundingClientRect();
    for (const p of m.querySelectorAll('.lcb-path')) {
      const r = p.getBoundingClientRect();
      if (!p.title || r.bottom > box.bottom + 1 || r.right > box.right + 1 || m.scrollHeight > m.clientHeight + 2)
        out.push(`the path "${p.innerText}" is cut on the message line (title "${p.title}")`);
    }
  }
  // a team that may not play a card sees one line saying why, not a form of empty lists
  const play = grid.querySelector('.lcb-card-play');
  if (!mayPlay && play && shown(play)) {
    const lists = [...play.querySelectorAll('select, button')].filter(shown).length;
    if (lists) out.push(`the Play a card form shows ${lists} list(s) or button(s) to a team that may not play now`);
    if (!play.innerText.trim()) out.push('the Play a card section says nothing');
  }
  return out;
}
"""
"""The classroom's findings, checked on the page as it stands (``mayPlay``: may the view on screen
play its impulse -- the instructor, or the team whose impulse it is)."""
pytestmark = pytest.mark.browser     # the whole file: real Chromium, in `make test` (about 1.5 min for the four walks)
SIZES = ["1366x768", "1920x1080"]
SETTLE_S = 10
"""How long :meth:`Walk.check` lets the controls and the layout settle after a step's message said done."""


@pytest.fixture(scope="module")
def classroom_url(tmp_path_factory):
    """One Voila server for the file, serving the app (notebooks/lab_app.ipynb) the README's way."""
    try:
        server = D.start_voila(D.app_notebook(), tmp_path_factory.mktemp("classroom"))
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()

class Walk:
    """The page, its mirror lab and the view on screen; :meth:`check` after every step."""

    def __init__(self, page: Page, guard, size: str, text_root: str | None = None, scenario: str = "gotland_redux"):
        from lcb_lab.ui import open_lab
        self.page, self.guard, self.size = page, guard, size
        self.mirror = open_lab(scenario, seed=1)       # the app notebook's game (seed 1)
        self.viewer = "instructor"
        self.text_root = text_root
        """The part of the page a team view must keep clean (None: the whole page, Voila's app)."""
        self.steps: list[str] = []
        self.map_offset: float | None = None
        self.app_top = 0.0
        """The map's top less the lab's top at the first check: the lab's own layout, which no step may change."""
        self.secret_steps = 0
        """Team-view steps whose page was searched for a non-empty set of the other side's secrets."""

    # ------------------------------------------------------------ the checks
    def expected(self) -> dict[tuple[str, str], str]:
        """``{(button text, panel): state}`` the rules give the view on screen (from the mirror)."""
        from lcb_lab.games.lcb import actions as A
        g, v = self.mirror.game, self.viewer
        imp, pending = g.impulse, g.pending
        owner = imp.team if imp is not None else None
        plays = owner is not None and v in (owner, "instructor")
        out = {("End impulse", ".lcb-impulse"): ("absent" if not plays else
                                                 "enabled" if g.is_legal(A.EndImpulse()) else "disabled")}
        if plays and g.is_legal(A.ResolveCombat()):
            out[("Resolve combat", ".lcb-impulse")] = "enabled"
        may_begin = owner is None and pending is None and v in (g.to_act(), "instructor") and any(
            isinstance(a, A.BeginImpulse) for a in g.legal_actions(g.to_act()))
        if may_begin:
            out[("Begin impulse", ".lcb-impulse")] = "enabled"
        answers = pending is not None and v in (pending.team, "instructor")
        word = "Pass" if pending is not None and pending.kind == "card_response" else "Answer"
        if pending is not None and pending.kind == "mildec" and not pending.most:
            from lcb_lab.ui.lcb.decisions import take_label
            word = take_label(pending)                 # no MILDEC offered: the one button (4.22)
        out[(word, ".lcb-decision")] = "enabled" if answers else "absent"
        return out

    def control_problems(self, past: bool = False) -> list[str]:
        """The controls of :meth:`expected` not as the rules make them (``past``: a past step of the
        History tab is on screen, where acting is off: none of them may be enabled)."""
        L.tab(self.page, L.TAB_IMPULSE).click()
        out = []
        if past:
            for text, within in (*self.expected(), ("Begin impulse", ".lcb-impulse")):
                if L.control_state(self.page, text, within) == "enabled":
                    out.append(f"{text} ({within}) is enabled on a past step of the History tab")
            return out
        for (text, within), want in self.expected().items():
            got = L.control_state(self.page, text, within)
            if got != want:
                out.append(f"{text} ({within}) is {got}, the rules make it {want} in the {VIEWS[self.viewer]} view")
        return out

    def secret_problems(self) -> list[str]:
        if self.viewer == "instructor":
            return []
        hidden = secrets(self.mirror.game, self.viewer)
        if any(hidden.values()):
            self.secret_steps += 1
        return [f"the {VIEWS[self.viewer]} page names {s}" for s in leaks(L.page_text(self.page, self.text_root), hidden)]

    def may_play(self) -> bool:
        """May the view on screen play (the instructor, or the team whose impulse it is or begins next)?"""
        g = self.mirror.game
        playing = g.impulse.team if g.impulse is not None else g.next_team()
        return self.viewer in ("instructor", playing) or playing is None

    def finding_problems(self) -> list[str]:
        """What the classroom saw (:data:`FINDINGS_JS`): greyed buttons that kept their colour, blank
        space above a short log, a second log, "Branch ... opened" after *Close branch*, a cut save
        path, an empty *Play a card* form."""
        return self.page.evaluate(FINDINGS_JS, [self.may_play()])

    def notebook_scrolled(self) -> bool:
        """Scroll the notebook back if JupyterLab scrolled it under a lab whose layout is unchanged
        (the map as far below the lab's top as at the first check), as a person in the class would;
        True if it did.  A map moved *within* the lab is the lab's own fault and stays a problem."""
        app = self.page.locator(".lcb-app").first
        app_box, map_box = app.bounding_box(), self.page.locator(".lcb-app .bk-Canvas").first.bounding_box()
        if app_box is None or map_box is None:
            return False
        offset = map_box["y"] - app_box["y"]
        if self.map_offset is None:
            self.map_offset, self.app_top = offset, app_box["y"]
            return False
        moved = app_box["y"] - self.app_top
        if abs(offset - self.map_offset) > 1 or abs(moved) < 2:
            return False
        app.evaluate("(e, d) => { const s = e.closest('.jp-WindowedPanel-outer'); if (s) s.scrollTop += d; }", moved)
        print(f"note: after '{self.steps[-1]}' JupyterLab had scrolled the notebook by {moved:.0f} px; scrolled back")
        return True

    def layout_problems(self) -> list[str]:
        if self.text_root is not None and self.notebook_scrolled():
            self.page.wait_for_timeout(100)
        return L.clipping_problems(self.page) + L.viewport_problems(self.page, {
            "map": self.page.locator(".lcb-app .bk-Canvas").first,
            "message line": self.page.locator(".lcb-app .lcb-message").first})

    def browser_problems(self) -> str:
        self.guard.flush()
        return self.guard.problems()

    def check(self, step: str, controls: bool = True) -> None:
        """All the checks for the page as it stands after ``step`` (``controls=False``: a past
        step of the History tab is on screen, where no control may be enabled)."""
        self.steps.append(step)
        deadline = time.monotonic() + SETTLE_S
        while True:        # the page may still be drawing the step's last redraw: wait for it, then judge
            problems = self.control_problems(past=not controls) + self.layout_problems() + self.finding_problems()
            if not problems or time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(250)
        problems += self.secret_problems()
        browser = self.browser_problems()
        if browser:
            problems.append(browser)
        assert not problems, f"after '{step}' ({self.size}, {VIEWS[self.viewer]} view):\n  " + "\n  ".join(problems)

    def shot(self, name: str) -> None:
        D.RESULTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(D.RESULTS / f"classroom-{self.size}-{name}.png"))

    def next_task_force(self) -> str:
        """The first task force the rules let the team to act begin (from the mirror)."""
        from lcb_lab.games.lcb import actions as A
        g = self.mirror.game
        return next(a.task_force for a in g.legal_actions(g.to_act()) if isinstance(a, A.BeginImpulse))

    # ------------------------------------------------------------ the views
    def view(self, team: str) -> None:
        L.show_view(self.page, VIEWS[team])
        self.viewer = team
        self.check(f"view picker: {VIEWS[team]}")

    def hand_over(self, within: str, team: str) -> None:
        L.hand_over(self.page, within, VIEWS[team])
        self.viewer = team
        self.check(f"hand over to {VIEWS[team]}")

    # ------------------------------------------------------------ the acts, on the page and the mirror
    def reveal(self, unit: str, hex_label: str) -> None:
        L.reveal(self.page, unit, hex_label)
        self.mirror.select_hex(hex_label)
        self.mirror.apply_card_effect({"effect": "reveal", "rules": ["6.13"], "by": "the instructor in the lab",
                                       "units": [unit]})
        self.check(f"reveal {unit}")

    def begin(self, tf: str) -> None:
        L.begin_impulse(self.page, tf)
        self.mirror.begin_impulse(tf)
        self.check(f"begin impulse {tf}")

    def declare(self, hex_label: str, unit: str) -> None:
        L.add_action(self.page, hex_label, unit)
        L.button(self.page, L.DECLARE).click()
        L.expect_message(self.page, "Declare: done.")
        self.mirror.declare([{"kind": "move_combat", "units": [unit]}])
        self.check(f"declare {unit}")

    def fire(self, target: str) -> None:
        page = self.page
        L.fire_lrs(page, target)
        ip = self.mirror.impulse_panel
        ip.target.value = target
        ip.add_lrs_button.click()
        ip.commit_button.click()
        assert self.mirror.game.pending is not None and self.mirror.game.pending.kind == "intercept"
        self.check(f"commit combat at {target}")

    def answer_intercept(self) -> None:
        """The INTERCEPT question, answered with the dice the panel offers."""
        decision = self.page.locator(".lcb-app .lcb-decision").first
        expect(decision).to_contain_text("INTERCEPT", timeout=D.KERNEL_MS)
        team = VIEWS[self.mirror.game.pending.team]
        L.button(self.page, "Answer", ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
        self.mirror.decision.answer_button.click()
        assert self.mirror.game.pending is None
        said = _plain(self.mirror.message.value)       # names the units and their dice (7.54)
        assert said.startswith(f"{team} answered: ") and "INTERCEPT" in said, said
        L.expect_message(self.page, said)
        self.check("answer the INTERCEPT question")

    def take_the_hits(self) -> None:
        """The MILDEC question (4.22) that offers no MILDEC -- asked because the attacker sees the
        defender's backs in the hex (6.11) -- answered with its one button, *Take the N HP*."""
        from lcb_lab.ui.lcb.decisions import take_label
        pending = self.mirror.game.pending
        assert pending is not None and pending.kind == "mildec" and pending.most == 0
        decision = self.page.locator(".lcb-app .lcb-decision").first
        team, target, hp = VIEWS[pending.team], pending.options.target, pending.options.damage
        L.button(self.page, take_label(pending), ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
        L.expect_message(self.page, f"{team} answered: {target} takes the {hp} HP ({pending.rule}).")
        self.mirror.decision.take_button.click()
        assert self.mirror.game.pending is None
        self.check("take the hits (no MILDEC)")

    def resolve(self, mildec_for: str | None = None) -> None:
        """*Resolve combat*; ``mildec_for``: the team whose MILDEC question the hits then open
        (4.22), shown in the view on screen as one waiting line when it is the other team's."""
        L.button(self.page, "Resolve combat").click()
        L.expect_message(self.page, "Resolve combat: done.")
        self.mirror.resolve()
        pending = self.mirror.game.pending
        if mildec_for is None:
            assert pending is None
        else:
            assert pending is not None and (pending.kind, pending.team) == ("mildec", mildec_for)
        if mildec_for and self.viewer not in (mildec_for, "instructor"):
            expect(self.page.locator(".lcb-app .lcb-decision").first).to_contain_text(
                f"Waiting for {VIEWS[mildec_for]}'s MILDEC decision {pending.rule}.", timeout=D.KERNEL_MS)
        self.check("resolve combat")

    def end(self) -> None:
        L.tab(self.page, L.TAB_IMPULSE).click()
        L.button(self.page, "End impulse", ".lcb-impulse").click()
        L.expect_message(self.page, "End impulse: done.")
        self.mirror.end_impulse()
        self.check("end impulse")

    def pass_impulse(self) -> None:
        """*Pass* in the Impulse tab: no Core Action, the impulse ends (3.310)."""
        L.tab(self.page, L.TAB_IMPULSE).click()
        L.button(self.page, "Pass", ".lcb-impulse").click()
        L.expect_message(self.page, "Pass: done.")
        self.mirror.pass_impulse()
        assert self.mirror.game.impulse is None
        self.check("pass the impulse")

    def new_game(self, scenario: str) -> None:
        """Game tab: *New game* of ``scenario`` (seed 1, the Action Stage), as the mirror does."""
        from lcb_lab.ui import open_lab
        page = self.page
        L.tab(page, "Game").click()
        L.labelled(page, "dropdown", "Scenario").select_option(label=scenario)
        L.labelled(page, "dropdown", "Start at").select_option(label="Action Stage")
        L.button(page, "New game").click()
        L.expect_message(page, "New game: ")
        self.mirror = open_lab(scenario, seed=1, start="action")
        self.check(f"new game of {scenario}")

    def play_card(self, hex_label: str) -> None:
        """Declare *Play a JCC* (the card), click ``hex_label``, *Play* in the Cards section."""
        page = self.page
        L.add_card_action(page, CARD)
        L.button(page, L.DECLARE).click()
        L.expect_message(page, "Declare: done.")
        self.mirror.declare([{"kind": "play_jcc", "units": [], "jcc": CARD}])
        self.check(f"declare Play a JCC ({CARD})")
        play = page.locator(".lcb-app .lcb-card-play").first
        expect(play.locator("select").first.locator("option", has_text=CARD).first).to_be_attached(
            timeout=D.KERNEL_MS)
        L.click_hex(page, hex_label)
        expect(play).to_contain_text(hex_label, timeout=D.KERNEL_MS)
        L.button(page, "Play", ".lcb-card-play").click()
        expect(page.locator(".lcb-app .lcb-decision").first).to_contain_text("card response", timeout=D.KERNEL_MS)
        self.mirror.select_hex(hex_label)
        self.mirror.cards_panel.play_button.click()
        assert self.mirror.game.pending is not None and self.mirror.game.pending.kind == "card_response"
        self.check(f"play {CARD} at {hex_label}")

    def respond_card(self, card: str) -> None:
        """The card response answered: tick *Respond with <card>*, then *Respond* (9.41, 9.46); the
        chain resolves (no counter is offered here)."""
        decision = self.page.locator(".lcb-app .lcb-decision").first
        tick = decision.locator("label", has_text=f"Respond with {card}").first
        expect(tick).to_be_visible(timeout=D.KERNEL_MS)
        tick.click()
        L.button(self.page, "Respond", ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
        form = self.mirror.decision.cards_form
        form.choose(cards={c.cid: c.name == card for c, _box, _pick in form._cards})
        self.mirror.decision.answer_button.click()
        assert self.mirror.game.pending is None
        expect(L.lab(self.page)).to_contain_text(f"answers with {card}", timeout=D.KERNEL_MS)
        self.check(f"respond with {card}")

    def pass_response(self) -> None:
        decision = self.page.locator(".lcb-app .lcb-decision").first
        L.button(self.page, "Pass", ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
        self.mirror.decision.pass_button.click()
        assert self.mirror.game.pending is None
        self.check("pass the card response")

    # ------------------------------------------------------------ the History tab
    def red_fires_at_ddg51(self, blue_answers) -> None:
        """An impulse of TF Moscow (the Red view shown): DDG-605 fires at DDG-51, Blue's INTERCEPT
        question is answered in the Blue view by ``blue_answers()``, Red resolves and ends."""
        self.begin("TF Moscow")
        self.declare("AN-18", "DDG-605")
        self.fire("DDG-51")
        self.hand_over(".lcb-decision", "US")
        blue_answers()
        self.hand_over(".lcb-impulse", "RU")
        self.resolve()
        self.end()

    def blue_plays_a_card(self, red_answers) -> None:
        """An impulse of TF Memphis: Blue plays a card at AL-21, Red's card response window is
        answered in the Red view by ``red_answers()``, Blue ends."""
        self.hand_over(".lcb-impulse", "US")
        self.begin("TF Memphis")
        self.play_card("AL-21")
        self.hand_over(".lcb-decision", "RU")
        red_answers()
        self.hand_over(".lcb-impulse", "US")
        self.end()

    def timeline(self):
        return self.page.locator(".lcb-timeline select").first.locator("option")

    def undo(self) -> None:
        L.undo(self.page)
        assert self.mirror.undo()
        self.check("undo")

    def past_and_back(self) -> None:
        page = self.page
        L.tab(page, L.TAB_HISTORY).click()
        select = page.locator(".lcb-timeline select").first
        step = next(o for o in self.timeline().all_inner_texts() if o.strip().startswith("3."))
        select.select_option(label=step)
        L.expect_message(page, "Showing step 3 of")
        self.check("History: step 3", controls=False)
        self.shot("history-past")
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Back to now").click()
        L.expect_message(page, "Back to now.")
        self.check("History: back to now")

    def fork(self) -> None:
        page = self.page
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Fork here").click()
        L.expect_message(page, "opened")
        fork = page.locator(".lcb-fork").first
        expect(fork.locator(".lcb-fork-diff").first).to_contain_text("No difference yet", timeout=D.KERNEL_MS)
        expect(page.locator(".bk-Canvas")).to_have_count(2, timeout=D.LOAD_TIMEOUT_MS)
        self.check("fork here")
        self.shot("fork")
        L.button(page, "Close branch", ".lcb-fork").click()
        expect(page.locator(".bk-Canvas")).to_have_count(1, timeout=D.KERNEL_MS)
        self.check("close the branch")

    def presentation(self) -> None:
        toggle = self.page.locator(".lcb-app .lcb-toolbar button", has_text="Presentation").first
        for on in (True, False):
            toggle.click()
            self.page.wait_for_function(
                "([on]) => document.querySelector('.lcb-app').classList.contains('lcb-presentation') === on",
                arg=[on], timeout=D.KERNEL_MS)
            self.check(f"presentation mode {'on' if on else 'off'}")
            if on:
                self.shot("presentation")

    def save_and_load(self, folder: Path) -> None:
        page = self.page
        path = folder / SAVE
        L.tab(page, "Game").click()
        box = page.locator(".lcb-app .widget-text:visible", has=page.locator("label", has_text="File")).first.locator(
            "input")
        box.fill(str(path))
        box.press("Tab")
        L.button(page, "Save").click()
        L.expect_message(page, "Saved")
        assert path.is_file()
        shown = page.locator(".lcb-app .lcb-topbar .lcb-message .lcb-path").first    # elided, whole in its tooltip
        assert shown.get_attribute("title") == str(path) and shown.inner_text().endswith(SAVE)
        self.check("save")
        self.shot("saved")
        L.tab(page, "Game").click()
        L.button(page, "Load").click()
        L.expect_message(page, "Confirm load")
        msg = page.locator(".lcb-app .lcb-message").first        # the question whole: what to press in sight
        assert msg.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), f"cut: {msg.inner_text()!r}"
        L.button(page, "Confirm load").click()
        L.expect_message(page, "Loaded")
        self.mirror.load_game(path, confirm=True)
        self.check("load")

    # ------------------------------------------------------------ every check can fail
    def plant_faults(self) -> None:
        """Plant one fault per check and see each caught (then take it away); in a team view."""
        assert self.viewer != "instructor"
        page = self.page
        hidden = secrets(self.mirror.game, self.viewer)
        secret = sorted(hidden["designator"] or hidden["card"])[0]
        page.evaluate("([s]) => { const d = document.createElement('div'); d.id = 'planted'; d.hidden = true;"
                      " d.setAttribute('data-x', s); document.querySelector('.lcb-app').appendChild(d); }", [secret])
        assert any(secret in p for p in self.secret_problems()), "a hidden secret was not found"
        page.evaluate("() => document.getElementById('planted').remove()")
        page.evaluate("() => { const b = [...document.querySelectorAll('.lcb-app .lcb-toolbar button')][0];"
                      " b.dataset.w = b.style.width; b.style.width = '12px'; }")
        assert any("text cut" in p for p in self.layout_problems()), "a clipped button was not found"
        page.evaluate("() => { const b = [...document.querySelectorAll('.lcb-app .lcb-toolbar button')][0];"
                      " b.style.width = b.dataset.w; }")
        end = page.locator(".lcb-app .lcb-impulse button:visible", has_text="End impulse").first
        assert self.expected()[("End impulse", ".lcb-impulse")] == "enabled"
        end.evaluate("b => b.disabled = true")
        assert any("End impulse" in p for p in self.control_problems()), "a greyed End impulse was not found"
        end.evaluate("b => b.disabled = false")
        page.evaluate("() => { const b = document.createElement('button'); b.id = 'planted'; b.disabled = true;"
                      " b.className = 'jupyter-button mod-primary'; b.textContent = 'Planted';"
                      " b.style.setProperty('background', '#1976d2', 'important');"
                      " b.style.setProperty('color', '#ffffff', 'important');"
                      " document.querySelector('.lcb-app .lcb-toolbar').appendChild(b); }")
        assert any("Planted" in p and "strong colour" in p for p in self.finding_problems()), \
            "a greyed button in a strong colour was not found"
        page.evaluate("() => document.getElementById('planted').remove()")
        page.evaluate("() => { const m = document.querySelector('.lcb-app .lcb-message .widget-html-content');"
                      " m.dataset.was = m.innerHTML; m.innerHTML = 'Branch from step 3 opened (same dice).'; }")
        assert any("no branch open" in p for p in self.finding_problems()), "a stale branch message was not found"
        page.evaluate("() => { const m = document.querySelector('.lcb-app .lcb-message .widget-html-content');"
                      " m.innerHTML = m.dataset.was; }")
        page.evaluate("() => console.error('planted console error')")
        assert "planted console error" in self.browser_problems(), "a console error was not found"
        self.guard.errors.clear()
        assert not self.layout_problems() + self.control_problems() + self.secret_problems() + self.finding_problems()


def _walk(page: Page, url: str, request, size: str, tmp_path: Path) -> None:
    w = Walk(page, request.node._lcb_guard, size)
    try:
        L.open_voila_lab(page, url)
        w.check("open the lab")
        w.reveal("1 Anna", "AL-21")
        # impulse 1: Blue fires at 1 Anna; Red answers its INTERCEPT question in the Red view
        w.view("US")
        w.begin("TF Boston")
        w.plant_faults()
        w.declare("AL-29", "DDG-51")
        w.fire("1 Anna")
        w.hand_over(".lcb-decision", "RU")
        w.shot("red-intercept")
        w.answer_intercept()
        w.hand_over(".lcb-impulse", "US")
        w.resolve(mildec_for="RU")           # 2 hits on 1 Anna beside Red backs: Red's MILDEC question (4.22)
        w.hand_over(".lcb-decision", "RU")
        w.take_the_hits()
        w.hand_over(".lcb-impulse", "US")
        w.end()
        # impulse 2: Red fires at DDG-51; Blue answers in the Blue view
        w.hand_over(".lcb-impulse", "RU")
        w.red_fires_at_ddg51(lambda: w.answer_intercept())
        # impulse 3: Blue plays a card; Red passes its card response
        w.blue_plays_a_card(lambda: (w.shot("red-card-response"), w.pass_response()))
        # the instructor: Undo, History, Fork, presentation mode, Save and Load
        w.view("instructor")
        w.undo()
        w.past_and_back()
        w.fork()
        w.presentation()
        w.save_and_load(tmp_path)
        # the game goes on after the load: Blue's TF Memphis ends again, Red begins
        w.view("US")
        w.end()
        w.hand_over(".lcb-impulse", "RU")
        w.begin(w.next_task_force())
        w.shot("after-load")
        assert w.secret_steps >= 10, w.secret_steps        # the secret check had secrets to look for
    except BaseException:
        w.shot("failed")
        raise


@pytest.mark.parametrize("size", SIZES)
def test_a_class_plays_gotland_redux(page: Page, classroom_url: str, request, size: str, tmp_path: Path) -> None:
    width, height = (int(n) for n in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    _walk(page, classroom_url, request, size, tmp_path)


@pytest.mark.parametrize("size", SIZES)
def test_a_class_plays_return_to_slite(page: Page, classroom_url: str, request, size: str) -> None:
    """The second scenario, Return to Slite, started from the Game tab: three impulses passed in
    turn (Blue, Red, Blue), the screen handed over between them; checked after every step."""
    width, height = (int(n) for n in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    w = Walk(page, request.node._lcb_guard, f"slite-{size}")
    try:
        L.open_voila_lab(page, classroom_url)
        w.new_game("slite_landing")
        w.view("US")
        for team in ("US", "RU", "US"):
            if w.viewer != team:
                w.hand_over(".lcb-impulse", team)
            w.begin(w.next_task_force())
            w.pass_impulse()
        w.shot("three-impulses")
        assert w.secret_steps >= 4, w.secret_steps
    except BaseException:
        w.shot("failed")
        raise


@pytest.fixture(scope="module")
def classroom_lab(tmp_path_factory):
    """One JupyterLab server for the file, on a copy of the start notebook."""
    try:
        server = D.start_jupyterlab(tmp_path_factory.mktemp("classroom_lab"), [D.START_NOTEBOOK])
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("size", SIZES)
def test_a_class_plays_an_impulse_in_jupyterlab(page: Page, classroom_lab: D.Server, request, size: str,
                                                tmp_path: Path) -> None:
    """JupyterLab on the start notebook (Run All from the menu), where the lab is shorter than in
    Voila: the instructor reveals 1 Anna, Blue's TF Boston fires, Red answers its INTERCEPT question,
    Blue resolves and ends; Red's TF Moscow fires and Blue answers its (tall) INTERCEPT question;
    Blue's TF Memphis plays a card and Red answers it with a card of its own; the screen handed over
    after each window; the instructor saves and loads the game; checked after every step.  The secret check reads the lab only (the notebook's
    other cells print the rulebook's worked example, the instructor's material)."""
    width, height = (int(n) for n in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    w = Walk(page, request.node._lcb_guard, f"jupyterlab-{size}", text_root=".lcb-app")
    try:
        L.open_and_run_all(page, classroom_lab)
        page.locator(".lcb-app").first.scroll_into_view_if_needed()
        L.wait_kernel_listening(page)
        w.check("Run All")
        w.reveal("1 Anna", "AL-21")
        w.view("US")
        w.begin("TF Boston")
        w.declare("AL-29", "DDG-51")
        w.fire("1 Anna")
        w.hand_over(".lcb-decision", "RU")
        w.answer_intercept()
        w.shot("red-answered")
        w.hand_over(".lcb-impulse", "US")
        w.resolve(mildec_for="RU")
        w.hand_over(".lcb-decision", "RU")
        w.take_the_hits()
        w.hand_over(".lcb-impulse", "US")
        w.end()
        w.hand_over(".lcb-impulse", "RU")
        L.tab(page, "Game").click()          # the Game tab in JupyterLab's wider font: *Next opponent act* whole
        expect(page.locator(".lcb-app .lcb-seats").first).to_be_visible(timeout=D.KERNEL_MS)
        assert L.clipping_problems(page) == [], L.clipping_problems(page)
        # impulse 2: Red fires at DDG-51; Blue's INTERCEPT question (three ships may answer: a tall
        # decision) in the Blue view, drawn whole above the tabs with the Unit dropdown still on screen
        w.red_fires_at_ddg51(lambda: (w.shot("blue-intercept"), w.answer_intercept()))
        # impulse 3: Blue plays a card and Red answers it with one of its own (a NULLIFY, 9.4)
        w.blue_plays_a_card(lambda: (w.respond_card(RESPONSE), w.shot("red-responded")))
        # the instructor saves and loads: the message line (narrow beside five buttons) shows the saved file whole
        w.view("instructor")
        w.save_and_load(tmp_path)
    except BaseException:
        w.shot("failed")
        raise
