"""A save is written whole (lcb_lab/kernel/files.py ``write_whole``): ``--save`` over an existing save, the
lab's *Save*, a scenario draft's save -- a full disk or a Ctrl-C while writing leaves the file that was
there as it was, and no part file (they wrote in place: the old save was cut short first, then lost)."""
from __future__ import annotations

import io
import json
import os
import pathlib

import pytest

from lcb_lab import load_scenario
from lcb_lab.__main__ import main as cli
from lcb_lab.kernel import files


def _half_then(exc: BaseException):
    """A ``Path.write_text`` that opens the file (cutting it to nothing), writes half the text, then fails."""
    def write_text(self, data, encoding=None, errors=None, newline=None):
        with open(self, "w", encoding=encoding) as fh:
            fh.write(data[: len(data) // 2])
        raise exc
    return write_text


@pytest.mark.parametrize("exc", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_save_cut_short_leaves_the_older_save_as_it_was(tmp_path, monkeypatch, exc):
    out = tmp_path / "game.json"
    load_scenario("gotland_redux", seed=1).save(out)
    before = out.read_bytes()
    monkeypatch.setattr(pathlib.Path, "write_text", _half_then(exc))
    with pytest.raises(Exception if isinstance(exc, OSError) else KeyboardInterrupt):
        load_scenario("gotland_redux", seed=2).save(out)
    monkeypatch.undo()
    assert out.read_bytes() == before and json.loads(before)["version"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_cli_save_over_a_save_on_a_full_disk_is_one_line_and_keeps_it(tmp_path, monkeypatch, capsys):
    out = tmp_path / "game.json"
    out.write_text("an older save", encoding="utf-8")
    os.chmod(out, 0o640)
    monkeypatch.setattr(pathlib.Path, "write_text", _half_then(OSError(28, "No space left on device")))
    assert cli(["appendix_b_combat", "--save", str(out)]) == 2
    monkeypatch.undo()
    assert capsys.readouterr().err == f"error: cannot save the game to {out}: No space left on device\n"
    assert out.read_text(encoding="utf-8") == "an older save" and (os.stat(out).st_mode & 0o777) == 0o640
    assert cli(["appendix_b_combat", "--save", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["version"] and (os.stat(out).st_mode & 0o777) == 0o640


def test_write_whole_refuses_a_folder_and_writes_through_a_link(tmp_path):
    with pytest.raises(IsADirectoryError):
        files.write_whole(tmp_path, "x")
    target = tmp_path / "target.json"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    files.write_whole(tmp_path / "link.json", "new")
    assert target.read_text(encoding="utf-8") == "new" and (tmp_path / "link.json").is_symlink()
    assert not isinstance(files.write_whole(tmp_path / "a.txt", "é"), io.IOBase)
    assert (tmp_path / "a.txt").read_bytes() == "é".encode("utf-8")


def test_ctrl_c_while_golden_rewrites_a_transcript_leaves_the_older_one_whole(tmp_path, monkeypatch, capsys):
    (tmp_path / "appendix_b.txt").write_text("an older transcript\n", encoding="utf-8")
    monkeypatch.setattr(pathlib.Path, "write_text", _half_then(KeyboardInterrupt()))
    assert cli(["golden", "--regen", "--out", str(tmp_path), "appendix_b"]) == 130
    monkeypatch.undo()
    assert capsys.readouterr().err == "interrupted\n"
    assert (tmp_path / "appendix_b.txt").read_text(encoding="utf-8") == "an older transcript\n"
    assert [p.name for p in tmp_path.iterdir()] == ["appendix_b.txt"]
