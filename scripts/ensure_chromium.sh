#!/usr/bin/env bash
# Make sure Debian's `chromium` is on PATH for the browser test (tests/browser/).
# Playwright cannot download its own browsers on our machines, so we use the
# distribution package. Installs it with apt-get when missing (as root, or via
# sudo when available). Prints what it did.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "ensure_chromium: found $(command -v chromium) ($(chromium --version 2>/dev/null || echo 'version unknown'))"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "ensure_chromium: chromium is missing and we are not root and have no sudo;" >&2
    echo "ensure_chromium: install it yourself: apt-get install -y chromium" >&2
    exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure_chromium: chromium is missing and apt-get is not available; install Chromium and put 'chromium' on PATH" >&2
    exit 1
fi

echo "ensure_chromium: chromium not found; installing Debian package 'chromium' with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q chromium
echo "ensure_chromium: installed $(command -v chromium) ($(chromium --version 2>/dev/null || echo 'version unknown'))"
