#!/usr/bin/env bash
# test-deps.sh installs what `make test` needs and is not Go: the real
# engine and tools the tests talk to (Debian packages) and the chessops
# oracles (npm, each from its lockfile). It runs first in `make test` and returns
# in well under a second when everything is there. Where it cannot install
# (not root, no passwordless sudo) it stops at once with the command to run.
#
# Environment: GAMBIT_STOCKFISH names a Stockfish to use instead of Debian's
# (then the stockfish package is not needed).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each Debian package the tests need, and the file or command that shows it
# is installed.
declare -A need=(
	[stockfish]=/usr/games/stockfish # the perft oracle and the UCI engine under test
	[socat]=socat                    # serves an engine over TCP for the uci tests
	[fairymax]=/usr/games/fairymax   # XBoard engines the xboard client plays
	[gnuchess]=/usr/games/gnuchess
	[phalanx]=/usr/games/phalanx
	[sjeng]=/usr/games/sjeng
	[hoichess]=/usr/games/hoichess
	[xboard]=/usr/games/xboard       # the GUI the xboard tests run under Xvfb
	[xvfb]=/usr/bin/Xvfb
	[imagemagick]=/usr/bin/import    # screenshots of XBoard
	[chromium]=/usr/bin/chromium # renders the svg boards in a real browser
	[polyglot]=/usr/games/polyglot # make-book and dump-book, the oracle of the polyglot tests
	[tmux]=tmux # the terminal cmd/play's tests type into
	[fathom]=/usr/games/fathom     # probes the Syzygy tables, the oracle of the syzygy tests
	[glaurung]=/usr/games/glaurung # UCI opponents of make engine-strength
	[toga2]=/usr/games/toga2
	[valgrind]=/usr/bin/valgrind # counts instructions for benchgate -metric instructions (bench/cmd/benchgate's tests, make bench-gate)
	[fairy-stockfish]=/usr/games/fairy-stockfish # the variants' perft oracle beside chessops, all but atomic (internal/variantoracle, core, perft)
	[pgn-extract]=/usr/games/pgn-extract # the oracle of package gamedb's positional search (-H), and reads bench/cmd/gamegen's games
)
# Node.js runs the chessops oracles; Debian's nodejs and npm are enough.
# Each folder pins its chessops in its package-lock.json: 0.14.2 for the
# san tests, 0.15.1 (lichess's variant rules) for internal/variantoracle.
oracles=(san/testdata/oracle internal/variantoracle/js)
node_major_min=18

have() { [[ $1 == /* ]] && [[ -x $1 ]] || command -v "$1" >/dev/null 2>&1; }

missing=()
for pkg in "${!need[@]}"; do
	if [[ $pkg == stockfish && -n ${GAMBIT_STOCKFISH:-} ]]; then
		continue
	fi
	have "${need[$pkg]}" || missing+=("$pkg")
done
have node || missing+=(nodejs)
have npm || missing+=(npm)

if ((${#missing[@]})); then
	IFS=$'\n' missing=($(sort <<<"${missing[*]}")); unset IFS
	if [[ $(id -u) == 0 ]]; then
		sudo=()
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo=(sudo -n)
	else
		echo "make test needs Debian packages that are not installed: ${missing[*]}" >&2
		echo "install them (as root) with:" >&2
		echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
		echo "then run make test again." >&2
		exit 1
	fi
	echo "test-deps: installing ${missing[*]} (apt-get)"
	export DEBIAN_FRONTEND=noninteractive
	"${sudo[@]}" apt-get update -qq
	"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

major=$(node -p 'process.versions.node.split(".")[0]')
if ((major < node_major_min)); then
	echo "make test needs Node.js $node_major_min or later for the chessops oracle; $(command -v node) is $(node --version)" >&2
	exit 1
fi

# npm ci when node_modules is missing or older than the lockfile; npm
# writes node_modules/.package-lock.json on every install.
for oracle in "${oracles[@]}"; do
	stamp=$oracle/node_modules/.package-lock.json
	if [[ ! -f $stamp || $oracle/package-lock.json -nt $stamp ]]; then
		echo "test-deps: installing the chessops oracle (npm ci --prefix $oracle)"
		npm ci --prefix "$oracle" --no-audit --no-fund --loglevel=error
	fi
done
