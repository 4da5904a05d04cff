#!/usr/bin/env bash
# check-binaries.sh fails when a file tracked by git is an executable
# binary (an ELF, Mach-O or PE/COFF image): build outputs belong in bin/ or
# the Go build cache, never in the repository. It reads the first four bytes
# of every tracked file; `make lint` (and so `make test`) runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

found=0
while IFS= read -r -d '' file; do
	[[ -f $file ]] || continue # deleted in the work tree, not yet committed
	magic=$(head -c 4 -- "$file" | od -An -tx1 | tr -d ' \n')
	case $magic in
	7f454c46) kind=ELF ;;
	feedface | feedfacf | cefaedfe | cffaedfe | cafebabe) kind=Mach-O ;;
	4d5a*) kind=PE ;;
	*) continue ;;
	esac
	echo "tracked executable binary ($kind): $file" >&2
	found=1
done < <(git ls-files -z)

if ((found)); then
	echo "remove it with git rm --cached and add the path to .gitignore" >&2
	exit 1
fi
