#!/usr/bin/env bash
# check-readme-deps.sh fails when the README's list of what `make test`
# installs differs from what scripts/test-deps.sh installs: every Debian
# package of the script's `need` table, and nodejs and npm, must be named
# in README.md as `package`, and every package the README's list names
# must be in the script.
set -euo pipefail
cd "$(dirname "$0")/.."

script=$(grep -oE '^\s*\[[a-z0-9.+-]+\]=' scripts/test-deps.sh | tr -d ' \t[]=' | sort -u)
script=$(printf '%s\nnodejs\nnpm\n' "$script" | sort -u)
# The README's list: the paragraph that names the `need` table.
list=$(awk '/`need` table/ { on = 1 } on { print } on && /^$/ { exit }' README.md |
	grep -oE '`[a-z0-9.+-]+`' | tr -d '`' | grep -vxE 'need|npm ci|make help' | sort -u)
missing=$(comm -23 <(echo "$script") <(echo "$list"))
extra=$(comm -13 <(echo "$script") <(echo "$list"))
if [[ -n $missing || -n $extra ]]; then
	[[ -z $missing ]] || echo "README.md does not list what scripts/test-deps.sh installs: $missing" | tr '\n' ' ' >&2
	[[ -z $extra ]] || echo "README.md lists what scripts/test-deps.sh does not install: $extra" | tr '\n' ' ' >&2
	echo >&2
	exit 1
fi
