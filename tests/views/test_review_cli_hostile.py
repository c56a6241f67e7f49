"""``lcb-lab review`` against hostile files: a malformed, truncated, wrong-typed save, a folder for a
save, ``-o`` into a missing folder, onto a folder, over an existing file.  Every refusal is one line
on stderr, exit 2, naming the file; an existing file is replaced only by a whole review."""
from __future__ import annotations

import json
import os

import pytest

from lcb_lab.__main__ import main
from lcb_lab.games.lcb.content.lesson import Lesson


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    path = tmp_path_factory.mktemp("saves") / "combat.json"
    Lesson("appendix_b_combat").run().save(path)
    return path


def _refused(capsys, argv) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


def _wrong(save, tmp_path, how: str):
    good = json.loads(save.read_text())
    text = {"truncated": save.read_text()[:3000], "list": "[]", "null": "null", "empty object": "{}",
            "record not a list": json.dumps({**good, "record": {"x": 1}}),
            "state a string": json.dumps({**good, "state": "x"}),
            "dice a number": json.dumps({**good, "dice": 10 ** 30}),
            "not UTF-8": None}[how]
    p = tmp_path / f"{how.replace(' ', '_')}.json"
    if text is None:
        p.write_bytes(b"\xff\xfe\x00garbage")
    else:
        p.write_text(text)
    return p


@pytest.mark.parametrize("how", ["truncated", "list", "null", "empty object", "record not a list", "state a string",
                                 "dice a number", "not UTF-8"])
def test_a_malformed_save_is_refused_on_one_line_naming_it(save, tmp_path, capsys, how):
    bad = _wrong(save, tmp_path, how)
    err = _refused(capsys, ["review", str(bad), "-o", str(tmp_path / "r.html")])
    assert err.startswith(f"error: {bad}: ")
    assert not (tmp_path / "r.html").exists()


def test_a_folder_given_as_the_save_is_refused(tmp_path, capsys):
    err = _refused(capsys, ["review", str(tmp_path), "-o", str(tmp_path / "r.html")])
    assert err == f"error: {tmp_path}: (file): is a directory, not a saved game file (only regular files are read)"


def test_o_into_a_missing_folder_says_the_folder_is_missing(save, tmp_path, capsys):
    out = tmp_path / "nowhere" / "r.html"
    err = _refused(capsys, ["review", str(save), "-o", str(out)])
    assert err == f"error: -o {out}: the folder {tmp_path / 'nowhere'} does not exist"


def test_o_onto_a_folder_says_it_is_a_folder(save, tmp_path, capsys):
    err = _refused(capsys, ["review", str(save), "-o", str(tmp_path)])
    assert err == f"error: -o {tmp_path}: is a folder: give a file name in it"


def test_o_over_an_existing_file_replaces_it_whole_keeping_its_mode_and_leaves_no_part_file(save, tmp_path, capsys):
    out = tmp_path / "old.html"
    out.write_text("an older review")
    os.chmod(out, 0o640)
    assert main(["review", str(save), "-o", str(out), "--team", "RU"]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out} (RU view, ")
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert (os.stat(out).st_mode & 0o777) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.html"]


def test_a_review_that_fails_while_being_made_leaves_the_existing_file_as_it_was(save, tmp_path, capsys, monkeypatch):
    from lcb_lab.ui.lcb import review
    out = tmp_path / "old.html"
    out.write_text("an older review")

    def full_disk(*_a, **_k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(review.Path, "write_text", full_disk)
    err = _refused(capsys, ["review", str(save), "-o", str(out)])
    assert err == f"error: -o {out}: No space left on device"
    monkeypatch.undo()
    assert out.read_text() == "an older review"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.html"]
