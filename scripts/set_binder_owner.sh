#!/usr/bin/env bash
# Give the project its GitHub home: the project URLs and the Binder badges and links.
#
#   bash scripts/set_binder_owner.sh OWNER          # OWNER/lcb_lab
#   bash scripts/set_binder_owner.sh OWNER NAME     # OWNER/NAME
#   bash scripts/set_binder_owner.sh --unset        # back to no home: no URLs, no badges
#
# The one setting is `repository = "OWNER/NAME"` in pyproject.toml's [tool.lcb_lab] table
# (empty: the repository has no home yet). This script sets it and writes what derives from it:
#   * pyproject.toml's [project.urls] table (absent while the setting is empty),
#   * the block between `<!-- binder -->` and `<!-- /binder -->` in README.md and
#     binder/README.md (the Binder badges and links; while unset, one sentence saying how),
#   * github.com/<old> and mybinder.org/v2/gh/<old>/ links in docs/*.md when the old value was set.
# Running it again with the same value changes nothing. Run it from anywhere; review with `git diff`.
set -euo pipefail

usage() { echo "usage: bash scripts/set_binder_owner.sh OWNER [NAME] | --unset" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage

cd "$(dirname "$0")/.."
old="$(sed -n -E 's/^repository = "([^"]*)".*/\1/p' pyproject.toml)"
grep -q -E '^repository = "' pyproject.toml \
    || { echo "set_binder_owner: no 'repository = \"...\"' line in pyproject.toml" >&2; exit 1; }
if [ "$1" = "--unset" ]; then
    [ $# -eq 1 ] || usage
    new=""
else
    owner="$1"
    name="${2:-${old#*/}}"
    name="${name:-lcb_lab}"
    # GitHub: an owner is 1-39 letters, digits or single inner hyphens; a name letters, digits, . _ -
    [[ "$owner" =~ ^[A-Za-z0-9]([A-Za-z0-9]|-[A-Za-z0-9]){0,38}$ ]] \
        || { echo "set_binder_owner: not a GitHub owner: '$owner'" >&2; exit 2; }
    [[ "$name" =~ ^[A-Za-z0-9._-]{1,100}$ ]] \
        || { echo "set_binder_owner: not a GitHub repository name: '$name'" >&2; exit 2; }
    new="$owner/$name"
fi

"${PYTHON:-python3}" - "$old" "$new" <<'PY'
import glob
import re
import sys
from pathlib import Path

old, new = sys.argv[1], sys.argv[2]
LAB = "lab/tree/notebooks/00_start_here.ipynb"
VOILA = "voila/render/notebooks/lab_app.ipynb"
HOW = "`bash scripts/set_binder_owner.sh <owner>`"
BLOCK = re.compile(r"(<!-- binder[^>]*-->\n).*?(<!-- /binder -->)", re.S)


def binder(repo: str, path: str) -> str:
    return f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={path}"


def readme_block(repo: str) -> str:
    if not repo:
        return f"Once the repository has a home, {HOW} adds the Binder badges and project URLs.\n"
    return (f"[![Open in Binder (JupyterLab)](https://mybinder.org/badge_logo.svg)]({binder(repo, LAB)})\n"
            f"[![Open the Voila app on Binder](https://mybinder.org/badge_logo.svg)]({binder(repo, VOILA)})\n\n"
            f"No install at all: **Open in Binder**: JupyterLab on the start notebook\n"
            f"<{binder(repo, LAB)}>,\nor the lab alone as a Voila app\n<{binder(repo, VOILA)}>.\n")


def binder_readme_block(repo: str) -> str:
    if not repo:
        return (f"Once the repository has a home, {HOW} adds the links that open the lab on Binder\n"
                "(JupyterLab on the start notebook, and the lab alone as a Voila app).\n")
    return (f"* JupyterLab on the start notebook:\n  <{binder(repo, LAB)}>\n"
            f"* the lab as a Voila app:\n  <{binder(repo, VOILA)}>\n")


def urls_table(repo: str) -> str:
    if not repo:
        return ""
    gh = f"https://github.com/{repo}"
    return ("[project.urls]\n# written by scripts/set_binder_owner.sh from [tool.lcb_lab] repository\n"
            f'Homepage = "{gh}"\nRepository = "{gh}"\nDocumentation = "{gh}/tree/HEAD/docs"\n'
            f'Issues = "{gh}/issues"\n\n')


def pyproject(text: str) -> str:
    text = re.sub(r"^\[project\.urls\]\n(?:[^\[\n].*\n|\n)*?(?=\[)", "", text, flags=re.M)
    text = re.sub(r'^repository = "[^"]*"', f'repository = "{new}"', text, count=1, flags=re.M)
    return text.replace("[project.scripts]\n", urls_table(new) + "[project.scripts]\n", 1)


def block(text: str, body: str, where: str) -> str:
    if not BLOCK.search(text):
        sys.exit(f"set_binder_owner: {where} has no '<!-- binder -->' ... '<!-- /binder -->' block")
    return BLOCK.sub(lambda m: m.group(1) + body + m.group(2), text, count=1)


def docs(text: str) -> str:
    if not old or old == new:
        return text
    o = re.escape(old)
    if new:
        text = re.sub(rf"(github\.com/){o}(?=[/\"')> ]|$)", rf"\g<1>{new}", text, flags=re.M)
        return re.sub(rf"(mybinder\.org/v2/gh/){o}/", rf"\g<1>{new}/", text)
    return text


edits = {"pyproject.toml": pyproject,
         "README.md": lambda t: block(t, readme_block(new), "README.md"),
         "binder/README.md": lambda t: block(t, binder_readme_block(new), "binder/README.md")}
edits.update({f: docs for f in sorted(glob.glob("docs/*.md"))})
changed = []
for name, edit in edits.items():
    path = Path(name)
    if not path.is_file():
        continue
    text = path.read_text(encoding="utf-8")
    out = edit(text)
    if out != text:
        path.write_text(out, encoding="utf-8")
        changed.append(name)
was, now = old or "(no home)", new or "(no home)"
print(f"repository: {was} -> {now}; changed: {', '.join(changed) or 'nothing'}")
PY
