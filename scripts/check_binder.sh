#!/usr/bin/env bash
# Check binder/requirements.txt the way Binder (repo2docker) builds it:
#   1. a fresh venv with Binder's base environment (the versions below),
#   2. `pip install -r binder/requirements.txt` from the repository root (as repo2docker does),
#   3. `pip check` must pass,
#   4. `jupyter labextension list`: no extension disabled, incompatible (X), in error or outdated,
#      and the lab's own (widgets, Bokeh, Voila, notebook) present and OK,
#   5. `jupyter server extension list`: voila enabled and OK,
#   6. the package loads Gotland Redux in that venv,
#   7. through binder/start, Voila's server extension uses lcb_lab's offline template.
#
#   bash scripts/check_binder.sh            # ~2-4 min; needs the package registry
#   KEEP=1 bash scripts/check_binder.sh     # keep the venv (its path is printed)
#   PYTHON=python3.11 bash scripts/check_binder.sh
#   REQUIREMENTS=other.txt bash scripts/check_binder.sh   # try another requirements file
#
# The base environment: repo2docker's repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock
# (frozen 2025-10-16), the Jupyter packages it holds, by their pip names (conda's
# jupyterhub-base / jupyterhub-singleuser = jupyterhub, nbconvert-core = nbconvert).
# When repo2docker refreezes it, update BASE (or pass BASE="pkg==v ..." in the environment).
set -euo pipefail

BASE_DEFAULT="pip==25.2 setuptools==80.9.0
jupyterlab==4.4.9 notebook==7.4.7 notebook-shim==0.2.4
jupyter_server==2.17.0 jupyter_server_terminals==0.5.3 jupyterlab_server==2.27.3 jupyter-lsp==2.3.0
jupyter_client==8.6.3 jupyter_core==5.8.1 jupyter_events==0.12.0
ipykernel==7.0.1 ipython==9.6.0 traitlets==5.14.3 tornado==6.5.2 comm==0.2.3
ipywidgets==8.1.7 jupyterlab_widgets==3.0.15 widgetsnbextension==4.0.14
nbclient==0.10.2 nbconvert==7.16.6 nbformat==5.10.4
jupyterhub==5.4.0 jupyter-resource-usage==1.2.0 jupyter-offlinenotebook==0.3.2"
BASE="${BASE:-$BASE_DEFAULT}"
PYTHON="${PYTHON:-python3.11}"
REQUIREMENTS="${REQUIREMENTS:-binder/requirements.txt}"  # another file to try, relative to the root
REQUIRED_LABEXTENSIONS="@jupyter-widgets/jupyterlab-manager @bokeh/jupyter_bokeh @voila-dashboards/jupyterlab-preview @jupyter-notebook/lab-extension"

cd "$(dirname "$0")/.."
ROOT="$PWD"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/lcb_binder.XXXXXX")"
cleanup() { if [ -z "${KEEP:-}" ]; then rm -rf "$WORK"; else echo "kept: $WORK/env"; fi; }
trap cleanup EXIT
fail() { echo "check_binder: FAIL: $*" >&2; exit 1; }
step() { echo; echo "== $*"; }
export PIP_DISABLE_PIP_VERSION_CHECK=1

step "fresh venv ($("$PYTHON" --version 2>&1)) in $WORK/env"
"$PYTHON" -m venv "$WORK/env"
PY="$WORK/env/bin/python"
JUPYTER="$WORK/env/bin/jupyter"

step "Binder's base environment"
# shellcheck disable=SC2086  # BASE is a whitespace-separated list of requirements
"$PY" -m pip install -q $BASE

step "pip install -r $REQUIREMENTS (from $ROOT)"
"$PY" -m pip install -q -r "$REQUIREMENTS"

step "pip check"
"$PY" -m pip check || fail "pip check found broken requirements"

step "jupyter labextension list"
nocolour() { sed -E $'s/\x1b\\[[0-9;]*m//g'; }  # the lists colour "enabled"/"OK" even into a pipe
labext="$("$JUPYTER" labextension list 2>&1 | nocolour)" || fail "jupyter labextension list failed"
echo "$labext"
# extension lines: "<name> v<version> enabled|disabled OK|X (python, <package>)"
bad="$(grep -E '^[[:space:]]+[^[:space:]]+ v[^[:space:]]+ ' <<<"$labext" | grep -E ' disabled | X\b' || true)"
[ -z "$bad" ] || fail "lab extensions disabled or incompatible (X):"$'\n'"$bad"
bad="$(grep -i -E 'error|outdated|incompatible|conflict' <<<"$labext" || true)"
[ -z "$bad" ] || fail "jupyter labextension list reports:"$'\n'"$bad"
for ext in $REQUIRED_LABEXTENSIONS; do
    grep -q -E "^[[:space:]]+${ext} v[^[:space:]]+ enabled OK" <<<"$labext" || fail "lab extension $ext missing or not 'enabled OK'"
done

step "jupyter server extension list"
srvext="$("$JUPYTER" server extension list 2>&1 | nocolour)" || fail "jupyter server extension list failed"
echo "$srvext"
# voila 0.5 registers "voila.server_extension"; validation lines read "<name> [<version>] OK"
grep -q -E '^[[:space:]]+voila(\.server_extension)? enabled' <<<"$srvext" || fail "the voila server extension is not enabled"
grep -q -E '^[[:space:]]+voila(\.server_extension)?( [0-9][^[:space:]]*)? +OK$' <<<"$srvext" \
    || fail "the voila server extension does not validate OK"
bad="$(grep -E ' X$|^[[:space:]]+[^[:space:]]+ disabled' <<<"$srvext" || true)"
[ -z "$bad" ] || fail "server extensions disabled or failing validation:"$'\n'"$bad"

step "the package loads Gotland Redux (from outside the repository)"
(cd "$WORK" && "$PY" -c '
import lcb_lab, lcb_lab.games.lcb.io.resources as r
game = lcb_lab.load_scenario("gotland_redux", seed=1)
print("lcb_lab", lcb_lab.__version__, "scenarios:", r.scenario_names(), "lessons:", r.lesson_names(),
      "units:", len(game.state.units))
import bokeh, jupyter_bokeh, ipywidgets, milsymbol, voila  # noqa: F401  the lab stack imports
') || fail "the package does not load in the Binder environment"

step "binder/start: Voila's server extension picks the offline lcb template (no CDN)"
# repo2docker runs the server through binder/start, with the environment's python first on PATH
PATH="$WORK/env/bin:$PATH" bash binder/start "$PY" -c '
import os, sys
from voila.configuration import VoilaConfiguration
from voila.server_extension import load_config_file
from voila.paths import collect_template_paths
conf, local = VoilaConfiguration(), load_config_file()   # as the server extension reads them
if local is not None:
    conf.update_config(local)
name = conf.template
found = [p for p in collect_template_paths(["voila", "nbconvert"], name, prune=True)
         if os.path.isfile(os.path.join(p, "index.html.j2"))]
print("voila template:", name, "from", found[0])
sys.exit(0 if name == "lcb" and found[0].endswith(os.path.join("voila", "templates", "lcb")) else 1)
' || fail "binder/start does not give Voila the lcb template (lcb_lab/ui/lab/data/jupyter in the installed package?)"

step "versions"
"$PY" -m pip list 2>/dev/null | grep -i -E '^(jupyterlab|notebook|jupyter_server|jupyter-server|voila|ipywidgets|jupyterlab_widgets|jupyterlab-widgets|bokeh|jupyter_bokeh|jupyter-bokeh|milsymbol|lcb_lab|lcb-lab) '
echo
echo "check_binder: OK"
