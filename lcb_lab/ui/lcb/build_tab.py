"""The *Build* tab: a scenario made by clicking, checked as it is made (2.0, 3.0-3.5, 17.0).

The tab edits a :class:`~lcb_lab.games.lcb.io.builder.ScenarioDraft` on the lab's map: pick what
to place (a unit of a catalog type, a MILDEC or Naval MILDEC marker, secret mines, a gray cube, or
*Clear hex*) and the Task Force it belongs to, then click a hex on the map (or type the hex and
press *Place*); set each team's CP and Tactical Network cubes, the prescribed cards, the victory
conditions, the optional rules and the stage the game starts in.  After every edit the draft is
checked by the scenario file's own checks (:meth:`ScenarioDraft.problems`) and each problem is
shown beside its field, in the words ``load_scenario`` would use for the saved file.  *Save TOML*
writes the file (under the lab's files folder); *Play it* starts its game in the lab (a second
click confirms over a game in progress).

Everything the tab shows is drawn from the draft (:meth:`BuildPanel.draw`): the lists, the
problems, *Play it* enabled only when there is none.  While the tab is open (the controller's
``tab``) in the Instructor view, the map draws the draft instead of the game -- its units,
MILDECs, mines and gray cubes, titled "Draft: <name>" (the controller's ``map_draft``,
:meth:`BuildPanel.show_on_map`); another tab brings the game back.  A draft shows both teams' forces and
secret mines (13.37): the tab is the Instructor view's; a team view shows only a note.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Callable, Protocol

import ipywidgets as W

from lcb_lab.games.lcb.io.builder import (TEAMS, VICTORY_KINDS, ScenarioDraft, card_names,
                                          optional_rules, unit_prefix, unit_types)
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.messages import INPUT_ERRORS, error_text
from lcb_lab.ui.lab.sync import set_children

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui.lcb.controller import LcbController

PLACE_KINDS = ("Off", "Unit", "MILDEC", "Naval MILDEC", "Mines", "Gray cube", "Clear hex")
"""What a click on the map does while the tab is open ("Off": nothing)."""
POOL = "(pool)"
TEAM_VIEW_NOTE = ('<div class="lcb-muted">The scenario builder shows both teams\' forces and secret mines: '
                  "it is in the Instructor view.</div>")
MAP_NOTE = ('<div class="lcb-small lcb-muted">While this tab is open the map shows the draft (its title starts '
            "\u201cDraft:\u201d), both teams\u2019 pieces; choose another tab to see the game again.</div>")
FIELDS = ("scenario.id", "scenario.name", "scenario.max_turns", "scenario.initiative", "scenario.influence",
          "scenario.start", "scenario.optional_rules", "task_force", "unit", "marker", "mines", "gray_cube",
          "teams.US.cp", "teams.RU.cp", "teams.US.network_cubes", "teams.RU.network_cubes",
          "teams.US.cards", "teams.RU.cards", "victory", "other")
"""The fields a problem is shown beside (:func:`~lcb_lab.games.lcb.io.builder.field_of`)."""


class BuildCommands(Protocol):
    """What the tab calls on the lab."""

    def set_game(self, game: "Game") -> None:
        """Show ``game`` in the lab."""

    def save_path(self, filename: str | None = None) -> "Path":
        """``filename`` resolved against the lab's files folder."""


def _w(width: str) -> W.Layout:
    """A field ``width`` wide at most, never wider than the tab (the compact column is ~450 px)."""
    return W.Layout(width=width, max_width="100%")


def _row(*parts: W.Widget) -> W.HBox:
    """Fields side by side, wrapping to the next line when the column is narrow."""
    return W.HBox(list(parts), layout=W.Layout(flex_flow="row wrap", align_items="center"))


class BuildPanel:
    """The *Build* tab (``.widget``) and its draft (``.draft``, a :class:`ScenarioDraft` on
    ``map_name``).  ``shown()`` says whether the tab is the one open (a map click places only
    then).  Each field's problems are in ``errors[field]`` (an HTML beside it)."""

    def __init__(self, ctl: "LcbController", cmd: BuildCommands, map_name: str, shown: Callable[[], bool]):
        self.ctl, self.cmd, self.shown, self.map_name = ctl, cmd, shown, map_name
        self.draft = ScenarioDraft.new(map_name=map_name)
        self._drawing = False
        self._armed = False
        self.errors = {f: W.HTML() for f in FIELDS}
        for e in self.errors.values():
            e.add_class("lcb-field-error")
        self.status = W.HTML()
        self.here = W.HTML()
        """What the draft has in the last hex placed in (drawn from the draft)."""
        self.last_hex: str | None = None
        self._make_scenario_fields()
        self._make_place_fields()
        self._make_team_fields()
        self._make_card_fields()
        self._make_victory_fields()
        self._make_file_fields()
        self.body = W.VBox(self._sections())
        self.note = W.HTML(TEAM_VIEW_NOTE)
        self.widget = W.VBox()
        self.widget.add_class("lcb-build-tab")
        self.follower = follow(ctl, ["viewer"], self.draw)
        self.map_follower = follow(ctl, ["tab", "viewer"], self.show_on_map)
        self.draw()

    # ------------------------------------------------------------------ the fields
    def _make_scenario_fields(self) -> None:
        from lcb_lab.games.lcb.io.resources import scenario_names
        self.open_picker = W.Dropdown(options=["(empty)"] + scenario_names(), layout=_w("180px"))
        self.open_button = W.Button(description="Open", layout=_w("70px"),
                                    tooltip="start the draft from a packaged scenario of this map, or empty")
        self.open_button.on_click(lambda _b: self.open(self.open_picker.value))
        self.sc_id = W.Text(description="id", layout=_w("220px"))
        self.sc_name = W.Text(description="name", layout=_w("300px"))
        self.sc_turns = W.IntText(description="turns", layout=_w("140px"))
        self.sc_influence = W.IntText(description="Influence", layout=_w("150px"))
        self.sc_initiative = W.ToggleButtons(options=list(TEAMS), description="initiative",
                                             style={"button_width": "54px"})
        self.sc_start = W.ToggleButtons(options=["action", "planning"], description="starts in",
                                        style={"button_width": "80px"},
                                        tooltips=["the Action Stage, units placed", "the Planning Stage (3.1)"])
        self.sc_rules = W.SelectMultiple(options=optional_rules(), rows=5, description="optional",
                                         layout=_w("440px"))    # the longest rule's name whole, in JupyterLab's font too
        for w, k in ((self.sc_id, "id"), (self.sc_name, "name"), (self.sc_turns, "max_turns"),
                     (self.sc_influence, "influence"), (self.sc_initiative, "initiative"), (self.sc_start, "start"),
                     (self.sc_rules, "optional_rules")):
            w.observe(lambda ch, k=k: self._edit(lambda: self.draft.set_info(**{k: _plain(ch["new"])})), names="value")
        self.tf_name = W.Text(placeholder="TF name", layout=_w("150px"))
        self.tf_team = W.ToggleButtons(options=list(TEAMS), style={"button_width": "54px"})
        self.tf_add = W.Button(description="Add Task Force", layout=_w("130px"))
        self.tf_add.on_click(lambda _b: self._edit(lambda: self.draft.add_task_force(self.tf_name.value.strip(),
                                                                                       self.tf_team.value)))

    def _make_place_fields(self) -> None:
        self.place_kind = W.Dropdown(options=PLACE_KINDS, value="Off", description="a click places",
                                     layout=_w("260px"), style={"description_width": "initial"})
        self.place_tf = W.Dropdown(description="Task Force", layout=_w("250px"))
        self.place_type = W.Dropdown(description="unit type", layout=_w("330px"))
        self.place_id = W.Text(description="designator", placeholder="blank: numbered", layout=_w("250px"))
        self.place_cubes = W.IntText(value=1, description="mine cubes", layout=_w("150px"))
        self.place_hits = W.IntText(value=13, description="hits on", layout=_w("140px"))
        self.place_gray = W.Dropdown(options=["civilians", "objective"], description="gray cube", layout=_w("220px"))
        self.place_hex = W.Text(placeholder="hex, e.g. AK-23", layout=_w("120px"))
        self.place_button = W.Button(description="Place", layout=_w("70px"))
        self.place_button.on_click(lambda _b: self.place(self.place_hex.value.strip().upper()))
        self.place_tf.observe(lambda _ch: self._types(), names="value")
        self.remove_pick = W.Dropdown(description="placed", layout=_w("300px"))
        self.remove_button = W.Button(description="Remove", layout=_w("80px"))
        self.remove_button.on_click(lambda _b: self._remove(self.remove_pick.value))

    def _make_team_fields(self) -> None:
        self.cp = {t: W.IntText(description=f"{t} CP", layout=_w("140px")) for t in TEAMS}
        self.cubes = {t: W.IntText(description=f"{t} network", layout=_w("160px")) for t in TEAMS}
        for t in TEAMS:
            self.cp[t].observe(lambda ch, t=t: self._edit(lambda: self.draft.set_cp(t, ch["new"])), names="value")
            self.cubes[t].observe(lambda ch, t=t: self._edit(lambda: self.draft.set_network_cubes(t, ch["new"])),
                                  names="value")

    def _make_card_fields(self) -> None:
        self.card_team = W.ToggleButtons(options=list(TEAMS), style={"button_width": "54px"})
        self.card_name = W.Dropdown(layout=_w("260px"))
        self.card_host = W.Dropdown(description="attached to", layout=_w("250px"))
        self.card_add = W.Button(description="Add card", layout=_w("90px"))
        self.card_add.on_click(lambda _b: self._edit(self._add_card))
        self.card_team.observe(lambda _ch: self._card_options(), names="value")

    def _make_victory_fields(self) -> None:
        self.v_team = W.ToggleButtons(options=list(TEAMS), style={"button_width": "54px"})
        self.v_kind = W.Dropdown(options=VICTORY_KINDS, layout=_w("160px"))
        self.v_count = W.IntText(value=1, description="count", layout=_w("130px"))
        self.v_hex = W.Text(placeholder="hex (hold_hex)", layout=_w("120px"))
        self.v_add = W.Button(description="Add condition", layout=_w("120px"))
        self.v_add.on_click(lambda _b: self._edit(lambda: self.draft.add_victory(
            self.v_team.value, self.v_kind.value, self.v_count.value, self.v_hex.value.strip().upper() or None)))

    def _make_file_fields(self) -> None:
        self.file_name = W.Text(value="my_scenario.toml", description="file", layout=_w("260px"))
        self.save_button = W.Button(description="Save TOML", icon="save", layout=_w("110px"))
        self.save_button.on_click(lambda _b: self.save())
        self.play_button = W.Button(description="Play it", icon="play", button_style="primary", layout=_w("110px"))
        self.play_button.on_click(lambda _b: self.play(confirm=self._armed))

    def _sections(self) -> list[W.Widget]:
        e, h = self.errors, lambda parts: _row(*parts)
        return [
            W.HTML(MAP_NOTE), h([self.open_picker, self.open_button]),
            W.HTML("<b>Scenario</b>"), h([self.sc_id, e["scenario.id"]]), h([self.sc_name, e["scenario.name"]]),
            h([self.sc_turns, e["scenario.max_turns"], self.sc_influence, e["scenario.influence"]]),
            h([self.sc_initiative, e["scenario.initiative"]]), h([self.sc_start, e["scenario.start"]]),
            h([self.sc_rules, e["scenario.optional_rules"]]),
            W.HTML("<b>Task Forces</b> (4.31)"), h([self.tf_name, self.tf_team, self.tf_add]), e["task_force"],
            W.HTML("<b>Place on the map</b>: choose, then click a hex"), self.place_kind,
            h([self.place_tf, self.place_type]), h([self.place_id, self.place_hex, self.place_button]),
            h([self.place_cubes, self.place_hits, self.place_gray]), self.here,
            e["unit"], e["marker"], e["mines"], e["gray_cube"], h([self.remove_pick, self.remove_button]),
            W.HTML("<b>Teams</b>: CP (3.12) and Tactical Network cubes (7.6)"),
            *[h([self.cp[t], e[f"teams.{t}.cp"], self.cubes[t], e[f"teams.{t}.network_cubes"]]) for t in TEAMS],
            W.HTML("<b>Prescribed cards</b> (3.01, free)"), h([self.card_team, self.card_name]),
            h([self.card_host, self.card_add]), e["teams.US.cards"], e["teams.RU.cards"],
            W.HTML("<b>Victory conditions</b> (3.5)"), h([self.v_team, self.v_kind, self.v_count]),
            h([self.v_hex, self.v_add]), e["victory"],
            W.HTML("<b>File</b>"), h([self.file_name, self.save_button, self.play_button]), e["other"], self.status,
        ]

    # ------------------------------------------------------------------ acts
    def open(self, name: str) -> None:
        """Start the draft anew: empty, or from packaged scenario ``name`` (its map must be the lab's)."""
        try:
            draft = ScenarioDraft.new(map_name=self.map_name) if name == "(empty)" else ScenarioDraft.from_scenario(name)
        except INPUT_ERRORS as e:
            self.ctl.say(error_text(f"Open {name}", e))
            return
        if draft.info.get("map", "gotland") != self.map_name:
            self.ctl.say(f"Open {name}: it is on the {draft.info.get('map')} map; this lab shows the "
                         f"{self.map_name} map. Nothing changed.")
            return
        self.draft, self.last_hex = draft, None
        self.file_name.value = f"{draft.info.get('id', 'my_scenario')}.toml"
        self.draw()

    def on_hex(self, label: str) -> None:
        """A click on the map: place what is chosen in ``label`` when the tab is open (Instructor view)."""
        if self.shown() and self.ctl.viewer == "instructor" and self.place_kind.value != "Off":
            self.place(label)

    def place(self, label: str) -> None:
        """Place the chosen piece in hex ``label`` (the *Place kind*'s choice) and check the draft."""
        kind, d = self.place_kind.value, self.draft
        tf, given = self.place_tf.value, self.place_id.value.strip()
        if kind == "Off" or not label:
            self.ctl.say("Place: choose what a click places (Unit, MILDEC, ...) and a hex. Nothing changed.")
            return
        team = next((t.get("team") for t in d.entries("task_force") if t.get("name") == tf), "US")
        acts = {
            "Unit": lambda: d.place_unit(given or d.free_designator("unit", unit_prefix(self.place_type.value)),
                                         self.place_type.value, label, tf),
            "MILDEC": lambda: d.place_mildec(given or d.free_designator("marker", "M"), label, tf),
            "Naval MILDEC": lambda: d.place_mildec(given or d.free_designator("marker", "M"), label, tf, naval=True),
            "Mines": lambda: d.place_mines(team, label, self.place_cubes.value, self.place_hits.value),
            "Gray cube": lambda: d.place_gray_cube(label, self.place_gray.value),
            "Clear hex": lambda: d.clear_hex(label),
        }
        self.place_id.value = ""
        self.last_hex = label
        self._edit(acts[kind], f"{kind} in {label}")

    def save(self) -> "Path | None":
        """Write the draft's TOML to the *file* name (under the lab's files folder); returns the path."""
        name = self.file_name.value.strip() or "my_scenario.toml"
        path = self.cmd.save_path(name if name.endswith(".toml") else name + ".toml")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.draft.save(path)
        except (*INPUT_ERRORS, OSError) as e:
            self.ctl.say(error_text("Save TOML", e))
            return None
        left = len(self.draft.problems())
        self.ctl.say(f"Saved the scenario to {html.escape(str(path))}" +
                     (f"; {left} problem(s) left: it will not load yet." if left else "; load_scenario loads it."),
                     refused=bool(left))
        return path

    def play(self, confirm: bool = False) -> "Game | None":
        """Start the draft's game in the lab (seed 1; saved as *Save TOML* saves). Over a game in
        progress the first call only asks (*Confirm play*)."""
        if self.ctl.game_in_progress() and not confirm:
            self._armed = True
            self.play_button.description = "Confirm play"
            self.ctl.say("A game is in progress: press Confirm play to replace it by the scenario built here. "
                         "Nothing changed yet.")
            return None
        self._armed, self.play_button.description = False, "Play it"
        path = self.save()
        if path is None:
            return None
        try:
            game = self.draft.game(seed=1, folder=path.parent)
        except INPUT_ERRORS as e:
            self.ctl.say(error_text("Play it", e))
            return None
        self.cmd.set_game(game)
        self.ctl.say(f"Playing the scenario built here: {html.escape(str(self.draft.info.get('name')))} (seed 1).",
                     refused=False)
        return game

    def _add_card(self) -> None:
        host = self.card_host.value
        self.draft.add_card(self.card_team.value, self.card_name.value, attach_to=None if host in (None, POOL) else host)

    def _remove(self, which: tuple[str, int] | None) -> None:
        if which is not None:
            self._edit(lambda: self.draft.remove(*which))

    def _edit(self, act: Callable[[], object], what: str = "Edit the scenario") -> None:
        if self._drawing:
            return
        try:
            act()
        except INPUT_ERRORS as e:
            self.ctl.say(error_text(what, e))
        self.draw()

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        """Draw everything from the draft: the fields' values, the choices, the problems beside
        their fields, *Play it* enabled only when the draft loads; a team view shows a note only."""
        if self.ctl.viewer != "instructor":
            set_children(self.widget, [self.note])
            return
        set_children(self.widget, [self.body])
        self._drawing = True
        try:
            self._draw_fields()
        finally:
            self._drawing = False
        self._draw_problems()
        self.show_on_map()

    def show_on_map(self) -> None:
        """The controller's ``map_draft``: the draft's preview game
        (:func:`~lcb_lab.games.lcb.io.draft_preview.preview_game`) while the *Build* tab is open
        in the Instructor view, else None (the map draws the game)."""
        from lcb_lab.games.lcb.io.draft_preview import preview_game
        on = self.ctl.tab == "Build" and self.ctl.viewer == "instructor"
        try:
            self.ctl.map_draft = preview_game(self.draft) if on else None
        except INPUT_ERRORS as e:
            self.ctl.say(error_text("Show the draft on the map", e))
            self.ctl.map_draft = None

    def _draw_fields(self) -> None:
        d, info = self.draft, self.draft.info
        for w, k in ((self.sc_id, "id"), (self.sc_name, "name")):
            w.value = str(info.get(k, ""))
        for w, k, default in ((self.sc_turns, "max_turns", 1), (self.sc_influence, "influence", 0)):
            w.value = info.get(k, default) if _is_int(info.get(k, default)) else default
        self.sc_initiative.value = info.get("initiative") if info.get("initiative") in TEAMS else "US"
        self.sc_start.value = info.get("start") if info.get("start") in ("action", "planning") else "action"
        known = {r for _, r in optional_rules()}
        self.sc_rules.value = tuple(r for r in info.get("optional_rules", []) if r in known)
        for t in TEAMS:
            for w, k in ((self.cp[t], "cp"), (self.cubes[t], "network_cubes")):
                v = d.team(t).get(k, 0)
                w.value = v if _is_int(v) else 0
        tfs = [(f"{t.get('name')} ({t.get('team')})", t.get("name")) for t in d.entries("task_force")]
        _options(self.place_tf, tfs)
        self._types()
        self._card_options()
        _options(self.remove_pick, self._placed())
        at = self.draft.at(self.last_hex) if self.last_hex else []
        self.here.value = "" if not self.last_hex else (
            f'<div class="lcb-muted">In {html.escape(self.last_hex)}: '
            f'{html.escape(", ".join(at)) if at else "nothing placed"}.</div>')

    def _types(self) -> None:
        tf = next((t for t in self.draft.entries("task_force") if t.get("name") == self.place_tf.value), None)
        _options(self.place_type, unit_types(tf["team"]) if tf and tf.get("team") in TEAMS else [])

    def _card_options(self) -> None:
        team = self.card_team.value
        _options(self.card_name, card_names(team))
        units = [u.get("uid") for u in self.draft.entries("unit") if self._team_of(u) == team]
        _options(self.card_host, [POOL] + units)

    def _team_of(self, unit: dict) -> str | None:
        return next((t.get("team") for t in self.draft.entries("task_force") if t.get("name") == unit.get("task_force")), None)

    def _placed(self) -> list[tuple[str, tuple[str, int]]]:
        d, out = self.draft, []
        for kind, label in (("unit", lambda e: f"{e.get('uid')} ({e.get('type')}) in {e.get('hex') or e.get('embarked_on')}"),
                            ("marker", lambda e: f"{e.get('mid')} ({e.get('type')}) in {e.get('hex')}"),
                            ("mines", lambda e: f"{e.get('team')} mines x{e.get('cubes')} in {e.get('hex')}"),
                            ("gray_cube", lambda e: f"gray cube ({e.get('kind')}) in {e.get('hex')}"),
                            ("victory", lambda e: f"victory {e.get('team')}: {e.get('type')} {e.get('count')}"),
                            ("task_force", lambda e: f"{e.get('name')} ({e.get('team')})")):
            out += [(f"{kind}: {label(e)}", (kind, i)) for i, e in enumerate(d.entries(kind))]
        for t in TEAMS:
            out += [(f"{t} card: {c.get('name')}", (f"teams.{t}.prescribed", i))
                    for i, c in enumerate(d.team(t).get("prescribed", []))]
        return out

    def _draw_problems(self) -> None:
        try:
            problems = self.draft.problems_by_field()
        except INPUT_ERRORS as e:
            problems = {"other": [error_text("Check the scenario", e)]}
        for f, box in self.errors.items():
            lines = problems.get(f, []) if f != "other" else \
                [x for k, v in problems.items() if k not in self.errors or k == "other" for x in v]
            box.value = "".join(f'<div class="lcb-refused">{html.escape(x)}</div>' for x in lines)
        n = sum(len(v) for v in problems.values())
        self.play_button.disabled = bool(n)
        self.status.value = (f'<div class="lcb-refused">{n} problem(s): see beside the fields.</div>' if n else
                             '<div class="lcb-ok">No problem: the scenario loads.</div>')


def _options(dd: W.Dropdown, options: list) -> None:
    """Set ``dd``'s options when they changed, keeping its value when it is still one of them
    (else the first option)."""
    keep = dd.value
    if list(dd.options) != list(options):
        dd.options = options
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if keep in values or values:
        dd.value = keep if keep in values else values[0]


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _plain(v: object) -> object:
    return list(v) if isinstance(v, tuple) else v
