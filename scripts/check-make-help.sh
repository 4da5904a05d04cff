#!/usr/bin/env bash
# check-make-help.sh fails when a target of the Makefile has no
# `## target: one line` comment, the line `make help` prints for it.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=$(grep -oE '^[a-z][a-z0-9-]*:([^=]|$)' Makefile | sed 's/:.*//' | sort -u)
helped=$(grep -oE '^## [a-z][a-z0-9-]*: ' Makefile | sed 's/^## //; s/: $//' | sort -u)
missing=$(comm -23 <(echo "$targets") <(echo "$helped"))
if [[ -n $missing ]]; then
	echo "Makefile targets without a '## target: text' line for make help:" >&2
	echo "$missing" >&2
	exit 1
fi
