#!/usr/bin/env bash
# check-make-help.sh fails when a target of the Makefile has no
# `## target: text` comment, the sentence `make help` prints for it, or
# when the line `make help` prints is not a whole sentence: the whole of
# the comment's first sentence (which may run over several `## ` lines, up
# to a full stop that ends a line or is followed by a space), its
# parentheses closed.
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

# Each target's whole comment, its `## ` lines joined by spaces.
declare -A comment
while IFS=$'\t' read -r name text; do
	comment[$name]=$text
done < <(awk '
	/^## [a-z][a-z0-9-]*: / { if (name != "") print name "\t" text; sub(/^## /, ""); i = index($0, ": ");
		name = substr($0, 1, i - 1); text = substr($0, i + 2); next }
	name != "" && /^## / { sub(/^## /, ""); text = text " " $0; next }
	{ if (name != "") print name "\t" text; name = "" }
	END { if (name != "") print name "\t" text }' Makefile)

bad=0
while read -r name text; do
	full=${comment[$name]-}
	rest=${full#"$text"}
	opened=${text//[^(]/}
	closed=${text//[^)]/}
	if [[ -z $text || $rest == "$full" ]]; then
		echo "make help: $name: \"$text\" is not the start of its comment \"$full\"" >&2
		bad=1
	elif [[ -n $rest && $rest != . && $rest != ". "* ]]; then
		echo "make help: $name: \"$text\" stops mid-sentence (the comment goes on \"${rest:0:40}\")" >&2
		bad=1
	elif [[ ${#opened} != "${#closed}" ]]; then
		echo "make help: $name: \"$text\" leaves a parenthesis open" >&2
		bad=1
	fi
done < <(make -s --no-print-directory help | sed 's/^  //')
exit $bad
