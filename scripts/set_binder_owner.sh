#!/usr/bin/env bash
# Set the GitHub repository behind the project URLs and the Binder badges.
#
#   bash scripts/set_binder_owner.sh OWNER          # OWNER/lcb_lab
#   bash scripts/set_binder_owner.sh OWNER NAME     # OWNER/NAME
#
# The one setting is `repository = "OWNER/NAME"` in pyproject.toml's [tool.lcb_lab] table;
# this script changes it and rewrites every link derived from it (github.com/<repository>,
# mybinder.org/v2/gh/<repository>) in pyproject.toml's [project.urls], README.md,
# binder/README.md and docs/*.md. Run it from anywhere; review with `git diff`.
set -euo pipefail

usage() { echo "usage: bash scripts/set_binder_owner.sh OWNER [NAME]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage

cd "$(dirname "$0")/.."
old="$(sed -n -E 's/^repository = "([^"]+)".*/\1/p' pyproject.toml)"
[ -n "$old" ] || { echo "set_binder_owner: no 'repository = \"...\"' line in pyproject.toml" >&2; exit 1; }
owner="$1"
name="${2:-${old#*/}}"
# GitHub: an owner is 1-39 letters, digits or single inner hyphens; a name letters, digits, . _ -
[[ "$owner" =~ ^[A-Za-z0-9]([A-Za-z0-9]|-[A-Za-z0-9]){0,38}$ ]] || { echo "set_binder_owner: not a GitHub owner: '$owner'" >&2; exit 2; }
[[ "$name" =~ ^[A-Za-z0-9._-]{1,100}$ ]] || { echo "set_binder_owner: not a GitHub repository name: '$name'" >&2; exit 2; }
new="$owner/$name"
if [ "$old" = "$new" ]; then echo "repository is already $new"; exit 0; fi

files=(pyproject.toml)
for f in README.md binder/README.md docs/*.md; do
    if [ -f "$f" ]; then files+=("$f"); fi
done
o="$(sed -e 's/[.[\*^$|+?(){}]/\\&/g' <<<"$old")"  # the old value as a literal pattern (ERE)
for f in "${files[@]}"; do  # '#' delimits: it is in neither value
    sed -i -E \
        -e "s#(github\.com/)$o([/\"')> ]|\$)#\1$new\2#g" \
        -e "s#(mybinder\.org/v2/gh/)$o/#\1$new/#g" \
        -e "s#^repository = \"$o\"#repository = \"$new\"#" \
        "$f"
done
echo "repository: $old -> $new in ${files[*]}"
