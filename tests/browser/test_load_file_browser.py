"""A file that is no save, loaded from the lab's Game tab in a real browser (the Voila app), at
1920x1080 and 1366x768: a folder and a named pipe are refused at once in one red line saying
what they are, the kernel does not block, and the game in play stays."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L
from lcb_lab.ui.lab.html import elide_middle, path_room


@pytest.mark.browser
def test_loading_a_folder_or_a_pipe_is_refused_in_one_line(page: Page, voila_app_url: str, screen,
                                                           tmp_path: Path) -> None:
    name, _size = screen
    page.goto(voila_app_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.tab(page, "Game").click()
    os.mkfifo(tmp_path / "pipe.json")
    box = page.locator(".lcb-app .widget-text:visible", has=page.locator("label", has_text="File")).first.locator(
        "input")
    for path, what in ((tmp_path, "is a directory"), (tmp_path / "pipe.json", "is a named pipe (FIFO)")):
        box.fill(str(path))
        box.press("Tab")
        L.button(page, "Load").click()
        # the path elided in the middle to fit one line, whole in its tooltip (nothing cut at 1366x768)
        text = f"Could not load {{path}}: {what}, not a saved game file (only regular files are read). Nothing changed."
        L.expect_message(page, text.replace("{path}", elide_middle(str(path), path_room(text))))
        expect(page.locator(".lcb-app .lcb-message .lcb-path").first).to_have_attribute("title", str(path))
    expect(L.button(page, "Load")).to_be_visible()          # not armed: nothing to confirm
    page.screenshot(path=str(tmp_path / f"load_refused_{name}.png"))
