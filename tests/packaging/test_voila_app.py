"""``lcb-lab voila`` (lcb_lab/ui/lab/voila_app.py) without a browser: the README's one command, the app
notebook, the offline template found through the package's own folders, Binder's ``start``.

The browser side (the README's command run from the top folder, the lab on screen, nothing asked
of an outside host) is tests/browser/test_voila_app_browser.py; the wheel side is test_wheel.py.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.ui.lab import voila_app as V
from lcb_lab.__main__ import main as cli

ROOT = Path(__file__).resolve().parents[2]
README_COMMAND = ".venv/bin/lcb-lab voila"          # as tests/browser/test_voila_app_browser.py runs it
LOCAL = [V.LOCAL_SOCKETS] if os.name == "posix" else []
CLEAN = {k: v for k, v in os.environ.items()
         if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH")}


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    return text[start:text.find("\n## ", start + 1)]


def test_the_readme_starts_the_app_one_way_and_make_voila_runs_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    app = _section(readme, "## The lab as an app, offline")
    assert f"{README_COMMAND}     # from the repository's top folder" in app
    assert "bin/voila " not in readme and "voila.json" not in readme and "JUPYTER_PATH=" not in readme
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "voila: $(STAMP_RUN)\n\t$(VENV)/bin/lcb-lab voila $(LAB_ARGS)\n" in make
    assert "JUPYTER_PATH" not in make
    assert not (ROOT / "voila.json").exists()            # no template named from the top folder


def test_the_app_notebook_has_the_cells_of_notebooks_lab_app(tmp_path):
    stored = json.loads((ROOT / "notebooks" / "lab_app.ipynb").read_text(encoding="utf-8"))
    written = json.loads(V.write_app_notebook(tmp_path).read_text(encoding="utf-8"))
    cells = lambda nb: [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]   # noqa: E731
    assert cells(written) == cells(stored) == list(V.APP_CELLS)
    assert written["nbformat"] == 4 and written["metadata"]["kernelspec"]["name"] == "python3"
    assert [c["id"] for c in written["cells"]] == ["lab-app-0", "lab-app-1"]


def test_game_archipelago_writes_the_cells_of_notebooks_archipelago_lab(tmp_path, capsys, monkeypatch):
    stored = json.loads((ROOT / "notebooks" / "archipelago_lab.ipynb").read_text(encoding="utf-8"))
    written = json.loads(V.write_app_notebook(tmp_path, "archipelago").read_text(encoding="utf-8"))
    cells = lambda nb: [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]   # noqa: E731
    assert cells(written) == cells(stored) == list(V.ARCHIPELAGO_CELLS)
    assert (tmp_path / "archipelago_lab.ipynb").is_file()
    assert V.pop_start(["--game", "archipelago", "--port=1"], "--game") == ("archipelago", ["--port=1"])
    monkeypatch.setattr(V.importlib.util, "find_spec", lambda name: object())
    assert cli(["voila", "--game=chess"]) == 2
    assert capsys.readouterr().err == "error: --game=chess: the labs are lcb, archipelago, force_on_force, order_of_battle\n"


def test_the_template_and_its_voila_json_ship_in_the_package():
    template = V.JUPYTER_DATA / "voila" / "templates" / V.TEMPLATE
    assert json.loads((template / "conf.json").read_text()) == {"base_template": "lab"}
    assert (template / "index.html.j2").read_text().startswith("{%- extends 'lab/index.html.j2' -%}")
    config = json.loads((V.JUPYTER_CONFIG / "voila.json").read_text())
    assert config == {"VoilaConfiguration": {"template": "lcb"}}
    assert ROOT / "lcb_lab" in V.JUPYTER_DATA.parents       # inside the package: a wheel carries it


def test_the_jupyter_paths_put_the_package_first_and_keep_the_rest():
    sep = os.pathsep
    env = V.jupyter_env({"JUPYTER_PATH": f"/a{sep}{V.JUPYTER_DATA}{sep}/b"})
    assert env == {"JUPYTER_PATH": f"{V.JUPYTER_DATA}{sep}/a{sep}/b", "JUPYTER_CONFIG_PATH": str(V.JUPYTER_CONFIG)}
    assert V.shell_exports({}).splitlines() == [f"export JUPYTER_PATH={V.JUPYTER_DATA}",
                                                f"export JUPYTER_CONFIG_PATH={V.JUPYTER_CONFIG}"]


@pytest.mark.parametrize("argv, notebook, rest", [
    ([], None, []),
    (["--no-browser", "--port=8870"], None, ["--no-browser", "--port=8870"]),
    (["--port", "8870", "notebooks/x.ipynb"], "notebooks/x.ipynb", ["--port", "8870"]),
])
def test_a_notebook_argument_is_served_and_every_option_goes_to_voila(argv, notebook, rest):
    assert V.split_args(argv) == (notebook, rest)
    assert V.voila_args(Path("nb.ipynb"), rest) == ["nb.ipynb", "--template=lcb", "--preheat_kernel=True",
                                                    "--VoilaKernelManager.fill_delay=4", *LOCAL, *rest]


@pytest.mark.parametrize("options", [["--preheat_kernel=False"], ["--VoilaConfiguration.preheat_kernel=False"],
                                     ["--progressive_rendering=True"], ["--port", "8870", "--preheat_kernel", "False"]])
def test_the_app_preheats_its_kernel_unless_the_options_say_otherwise(options):
    """A page load shows a lab already built (Voila's pre-heated kernel); an option that sets the
    pre-heating, or one Voila refuses beside it (progressive rendering), is passed alone."""
    assert V.voila_args(Path("nb.ipynb"), options) == ["nb.ipynb", "--template=lcb", *LOCAL, *options]


@pytest.mark.parametrize("options", [["--VoilaKernelManager.fill_delay=0"], ["--VoilaKernelManager.fill_delay", "9"]])
def test_the_next_kernel_starts_after_the_page_drew_its_map_unless_the_options_say_otherwise(options):
    """The kernel kept ready for the next page starts :data:`REFILL_DELAY_S` after a page took its own
    (Voila's default, 1 s, had it import and build a lab on the same cores while the page drew the map);
    an option that sets the delay is passed alone."""
    assert V.REFILL_DELAY_S == 4.0
    assert V.voila_args(Path("nb.ipynb"), []) == ["nb.ipynb", "--template=lcb", "--preheat_kernel=True",
                                                  "--VoilaKernelManager.fill_delay=4", *LOCAL]
    assert V.voila_args(Path("nb.ipynb"), options) == ["nb.ipynb", "--template=lcb", "--preheat_kernel=True",
                                                       *LOCAL, *options]


@pytest.mark.parametrize("options, local", [([], os.name == "posix"), (["--KernelManager.transport=tcp"], False),
                                            (["--KernelManager.transport", "tcp"], False)])
def test_the_kernels_talk_over_local_sockets_unless_the_options_choose(options, local):
    """On POSIX the server reaches its kernels over Unix sockets (no TCP port, no kernel warning of
    plain-text TCP); an option that chooses a transport is passed alone."""
    args = V.voila_args(Path("nb.ipynb"), options)
    assert (V.LOCAL_SOCKETS in args) is local and args[len(args) - len(options):] == options


def test_help_and_refusals_are_one_plain_line(capsys, monkeypatch):
    assert cli(["voila", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "usage: lcb-lab voila [NOTEBOOK] [--start=planning|action] [--game=GAME] [VOILA OPTIONS]"
    assert "lcb-lab voila --no-browser --port=8870   every other option goes to Voila unchanged" in out
    assert cli(["voila", "missing.ipynb"]) == 2
    assert capsys.readouterr().err == "error: no notebook at missing.ipynb\n"
    monkeypatch.setattr(V.importlib.util, "find_spec", lambda name: None)
    assert cli(["voila"]) == 2
    assert capsys.readouterr().err == "error: the Voila app needs Voila, part of the lab extra: pip install 'lcb_lab[lab]'\n"


@pytest.mark.parametrize("argv, stray", [
    (["README.md"], "README.md"),
    (["--no-browser", "notes.txt"], "notes.txt"),
    (["--port", "8870", "--no-browser"], None),               # 8870 is --port's value
    (["--Voila.port", "8870", "x.ipynb"], None),
    (["--port=8870", "a", "--debug"], "a"),
])
def test_an_argument_that_is_neither_an_option_nor_its_value_is_stray(argv, stray):
    assert V.stray_argument(V.split_args(argv)[1], ["port", "base_url"]) == stray


def test_the_console_script_refuses_a_non_notebook_argument_in_one_line(tmp_path):
    """As a student types it: one ``error:`` line (not Voila's usage), exit 2; a missing
    notebook says ``error:`` the same way."""
    script = Path(sys.executable).parent / "lcb-lab"
    for argv, line in ((["voila", "README.md"], "error: unrecognized argument README.md: the notebook to serve "
                                                "is a .ipynb file (lcb-lab voila --help)"),
                       (["voila", "nosuch.ipynb"], "error: no notebook at nosuch.ipynb")):
        r = subprocess.run([str(script), *argv], cwd=ROOT, env=CLEAN, capture_output=True, text=True, timeout=120)
        assert (r.returncode, r.stdout, r.stderr) == (2, "", line + "\n")


FIND_TEMPLATE = r"""
import os
from voila.configuration import VoilaConfiguration
from voila.server_extension import load_config_file
from voila.paths import collect_template_paths
conf, local = VoilaConfiguration(), load_config_file()   # as the server extension reads them
if local is not None:
    conf.update_config(local)
name = conf.template
found = [p for p in collect_template_paths(["voila", "nbconvert"], name, prune=True)
         if os.path.isfile(os.path.join(p, "index.html.j2"))]
print(name, found[0])
"""


def test_binder_start_gives_voilas_server_extension_the_lcb_template(tmp_path):
    """What Binder's voila/render route reads: voila.json from the config path, the template from the
    data path (run from the top folder, as repo2docker does, with no JUPYTER_* of its own)."""
    env = {**CLEAN, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    r = subprocess.run(["bash", "binder/start", sys.executable, "-c", FIND_TEMPLATE], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["lcb", str(V.JUPYTER_DATA / "voila" / "templates" / "lcb")]
    plain = subprocess.run([sys.executable, "-c", FIND_TEMPLATE], cwd=tmp_path, env=CLEAN, capture_output=True,
                           text=True, timeout=120)
    assert plain.stdout.split()[0] == "lab"     # without it: Voila's default template, the CDN links


def test_the_app_saves_where_it_was_started_not_in_its_temporary_notebook_folder(tmp_path, monkeypatch):
    """The app notebook lives in a temporary folder deleted when the app stops; a lab opened in it
    saves under the folder ``lcb-lab voila`` was started from (a saved class game outlives the app)."""
    from lcb_lab.ui.lcb.app import default_files_dir
    seen = {}

    def serve(notebook, options):          # Voila's kernel runs in the notebook's folder
        os.chdir(notebook.parent)
        seen["notebook_dir"], seen["files_dir"] = notebook.parent, default_files_dir()
        os.chdir(tmp_path)
        return 0
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(V.FILES_DIR_ENV, raising=False)
    monkeypatch.setattr(V, "_serve", serve)
    assert V.main([]) == 0
    assert seen["files_dir"] == tmp_path and seen["notebook_dir"] != tmp_path
    assert not seen["notebook_dir"].exists()               # the notebook's folder is gone; the saves are not
    monkeypatch.delenv(V.FILES_DIR_ENV)
    assert default_files_dir() == tmp_path                  # JupyterLab: the notebook's own folder


@pytest.mark.parametrize("game, name", [("force_on_force", "force_on_force_lab.ipynb"),
                                        ("order_of_battle", "order_of_battle_lab.ipynb")])
def test_game_writes_the_cells_of_its_lab_notebook(tmp_path, game, name):
    stored = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    written = json.loads(V.write_app_notebook(tmp_path, game).read_text(encoding="utf-8"))
    cells = lambda nb: [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]   # noqa: E731
    assert cells(written) == cells(stored) and (tmp_path / name).is_file()
    assert f"--game={game}" in V.HELP


def test_the_app_page_loads_core_bokehjs_itself():
    """``lcb-lab voila``'s page config names ``bokeh.min.js`` (versioned, under the base URL) where its
    server serves Bokeh's scripts; the ``lcb`` template loads it as a deferred script only when named
    (Binder's route names none: the lab's loader widget carries it there)."""
    import bokeh
    from bokeh.util.paths import bokehjs_path
    cfg = V.bokehjs_page_config({"baseUrl": "/x/"}, "/x/")
    assert cfg == {"baseUrl": "/x/", V.PAGE_CONFIG_KEY: f"/x/lcb_lab/bokehjs/bokeh.min.js?v={bokeh.__version__}"}
    assert (Path(bokehjs_path()) / "js" / "bokeh.min.js").is_file()
    template = (V.JUPYTER_DATA / "voila" / "templates" / "lcb" / "index.html.j2").read_text()
    assert "page_config.get('lcbBokehjs')" in template and "<script defer src=\"{{ page_config['lcbBokehjs'] }}\"" in template
    app = V._app_class()
    assert app.__mro__[1].__name__ == "Voila"


# ------------------------------------------------------------------ stopping the app: no ZMQ traceback
RACE = """
import sys, tempfile, time
from jupyter_client import KernelManager
err = tempfile.TemporaryFile()
km = KernelManager()
km.start_kernel(stderr=err)
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
kc.execute(sys.argv[1] + "\\nimport time; time.sleep(2)")      # the pre-heated kernel, still in its cell
time.sleep(1)
km.shutdown_kernel(now=False)                                  # the app stopped: the kernel told to stop
kc.stop_channels()
err.seek(0)
sys.stdout.write(err.read().decode())
"""


@pytest.mark.parametrize("cell", ["import lcb_lab", "x = 1"])
def test_a_kernel_shut_down_in_its_cell_logs_no_zmq_traceback_once_lcb_lab_is_imported(tmp_path, cell):
    """Stopping ``lcb-lab voila`` while its pre-heated kernel still runs the app notebook: the cell's
    reply meets a closed socket.  Before: ipykernel logged 'Exception in message handler' and a ZMQ
    traceback on the app's terminal; a kernel that imported lcb_lab drops that one record
    (lcb_lab/ui/lab/kernel_log.py) -- a kernel that did not still logs it (the race is real)."""
    r = subprocess.run([sys.executable, "-c", RACE, cell], capture_output=True, text=True, timeout=120,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    if cell == "import lcb_lab":
        assert "Traceback" not in r.stdout and "ZMQError" not in r.stdout, r.stdout[-2000:]
    else:
        assert "ZMQError: Socket operation on non-socket" in r.stdout


def test_the_closed_socket_filter_drops_only_a_closed_sockets_zmq_error():
    import errno
    import logging

    import zmq

    from lcb_lab.ui.lab import kernel_log

    class Kernel:
        log = logging.getLogger("lcb_lab_test_kernel_log")
    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda rec: seen.append(rec.getMessage())
    Kernel.log.addHandler(handler)
    assert kernel_log.install(Kernel()) and kernel_log.install(Kernel())
    assert len(Kernel.log.filters) == 1                     # installed once
    for i, exc in enumerate([zmq.ZMQError(errno.ENOTSOCK), zmq.ZMQError(errno.EAGAIN), ValueError("x")]):
        Kernel.log.error("handler %d", i, exc_info=(type(exc), exc, None))
    Kernel.log.error("no exception")
    assert seen == ["handler 1", "handler 2", "no exception"]
    assert kernel_log.install(object()) is False


@pytest.mark.parametrize("game", ["archipelago", "force_on_force", "order_of_battle"])
def test_start_with_another_games_lab_is_refused_in_one_line(capsys, monkeypatch, game):
    """Before: ``lcb-lab voila --game=archipelago --start=planning`` served the Archipelago lab and
    dropped --start without a word (only LC:B's game has stages to start at)."""
    monkeypatch.delenv(V.START_ENV, raising=False)
    assert cli(["voila", f"--game={game}", "--start=planning"]) == 2
    assert capsys.readouterr().err == (f"error: --start=planning is the stage an LC:B game begins in; the {game} "
                                       "lab has no stages to start at: leave --start out\n")
    assert V.START_ENV not in os.environ


def test_the_trust_warning_is_dropped_and_every_other_line_kept():
    """jupyter_server warns that the app notebook "is not trusted" each time Voila opens it; trust is
    about stored outputs, which Voila never shows (it runs the notebook itself): the app's log drops
    that line only (the browser test of the README's command reads the real server's log)."""
    import logging
    log = logging.getLogger("lcb_lab_test_voila_trust")
    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda rec: seen.append(rec.getMessage())
    log.addHandler(handler)
    log.addFilter(V.QuietTrust())
    log.warning("Notebook %s is not trusted", "lab_app.ipynb")
    log.warning("Kernel started: %s", "k1")
    assert seen == ["Kernel started: k1"]
