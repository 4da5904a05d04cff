#!/bin/sh
# scripts/sprt.sh: the strength gate of gambit-engine (make sprt BASE=<commit>).
#
# Builds gambit-engine at BASE (a commit, branch or tag, exported with git
# archive into a temporary directory under OUT, removed afterwards: the
# caller's checkout and its git worktrees are left alone) and from the
# working tree as it is, uncommitted changes included (or at the commit
# NEW, exported the same way), and runs an SPRT of the working tree or NEW
# ("head") against BASE ("base") with cmd/match: game
# pairs from the TWIC and Lichess samples of testdata/pgn (8 plies each,
# shuffled with SEED, each opening played with both colours), one thread
# and HASH MB each, adjudicated as cutechess-cli users do (a draw after
# move 40 at 8 moves within 0.10, a loss at 3 moves below -6.00 agreed by
# both). It prints match's progress and summary, then one result line:
#
#   sprt: head (the working tree) vs base (abc1234): 1234 games, W-D-L 300-634-300, Elo 0.00 +/- 10.10, LLR 0.12 (-2.94, 2.94), no decision
#
# and exits with match's status: 0 H1 accepted (head is elo1 better), 1 H0
# accepted, 2 no decision (GAMES games played, or interrupted), 3 an error.
#
# Settings (environment): BASE (required), NEW (none: the working tree),
# ELO0 (0), ELO1 (5), TC (2+0.05;
# a clock as match reads it, or an engine limit such as nodes=20000 or
# depth=6), CONCURRENCY (2), GAMES (the hard cap: at most this many games,
# rounded up to whole pairs; 20000), HASH (16), SEED (1), OUT (bin/sprt:
# the binaries, games.pgn, summary.json and match.log), GO (go), and
# HEAD_OPTIONS and BASE_OPTIONS (none: match's engine settings for one
# side only, space-separated, such as option.EvalFile=<builtin> to play
# gambit's own network against the hand-written evaluation with BASE=HEAD).
set -eu

die() {
	echo "sprt: $*" >&2
	exit 3
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

BASE=${BASE:-}
NEW=${NEW:-}
ELO0=${ELO0:-0}
ELO1=${ELO1:-5}
TC=${TC:-2+0.05}
CONCURRENCY=${CONCURRENCY:-2}
GAMES=${GAMES:-20000}
HASH=${HASH:-16}
SEED=${SEED:-1}
OUT=${OUT:-bin/sprt}
GO=${GO:-go}
HEAD_OPTIONS=${HEAD_OPTIONS:-}
BASE_OPTIONS=${BASE_OPTIONS:-}

[ -n "$BASE" ] || die "BASE is not set: make sprt BASE=<commit> (a commit, branch or tag to test the working tree against)"
for v in CONCURRENCY GAMES HASH SEED; do
	eval "n=\$$v"
	case $n in
	'' | *[!0-9]*) die "$v=$n: want a whole number" ;;
	esac
done
[ "$GAMES" -ge 1 ] || die "GAMES=$GAMES: want at least 1"
[ "$CONCURRENCY" -ge 1 ] || die "CONCURRENCY=$CONCURRENCY: want at least 1"
commit=$(git rev-parse --verify --quiet "$BASE^{commit}") ||
	die "BASE=$BASE is not a commit of this repository (git rev-parse found none)"
short=$(git rev-parse --short "$commit")
headname="the working tree"
if [ -n "$NEW" ]; then
	new=$(git rev-parse --verify --quiet "$NEW^{commit}") ||
		die "NEW=$NEW is not a commit of this repository (git rev-parse found none)"
	headname=$(git rev-parse --short "$new")
fi
case $TC in
*=*) limit=$TC ;;
*) limit=tc=$TC ;;
esac

mkdir -p "$OUT"
out=$(cd "$OUT" && pwd)
src=$(mktemp -d "$out/src.XXXXXX")
trap 'rm -rf "$src"' EXIT
trap 'exit 3' INT TERM

# build NAME COMMIT LABEL builds gambit-engine at COMMIT as OUT/NAME.
# -trimpath: a package the two versions share is compiled once, from the
# build cache, whatever directory it is built in.
build() {
	mkdir "$src/$1"
	git archive "$2" | tar -x -C "$src/$1" || die "cannot export $3 with git archive"
	[ -d "$src/$1/cmd/gambit-engine" ] || die "$3 has no cmd/gambit-engine to build"
	(cd "$src/$1" && "$GO" build -trimpath -o "$out/$1" ./cmd/gambit-engine) || die "building gambit-engine at $3 failed"
}
echo "sprt: building gambit-engine at BASE=$BASE ($short) and at $headname"
build base "$commit" "BASE=$BASE ($short)"
if [ -n "$NEW" ]; then
	build head "$new" "NEW=$NEW ($headname)"
else
	"$GO" build -trimpath -o "$out/head" ./cmd/gambit-engine || die "building gambit-engine from the working tree failed"
fi
"$GO" build -trimpath -o "$out/match" ./cmd/match || die "building cmd/match from the working tree failed"
rm -rf "$src"

{
	cat testdata/pgn/twic1599_1000k.pgn
	echo
	cat testdata/pgn/lichess_db_1000k.pgn
} >"$out/openings.pgn"
rm -f "$out/games.pgn" "$out/summary.json"

rounds=$(((GAMES + 1) / 2))
echo "sprt: head ($headname) vs base ($short): SPRT elo0=$ELO0 elo1=$ELO1 at $limit, at most $((rounds * 2)) games, $CONCURRENCY at a time"
# Ctrl-C reaches match, which ends the games in progress, prints its
# summary and exits with 2; tee -i and this shell wait for that.
trap : INT
rm -f "$out/status"
{
	trap '' INT
	# shellcheck disable=SC2086 # the options are words, split on purpose
	"$out/match" -engine cmd="$out/head" name=head $HEAD_OPTIONS -engine cmd="$out/base" name=base $BASE_OPTIONS \
		-each proto=uci "$limit" "option.Hash=$HASH" option.Threads=1 \
		-openings file="$out/openings.pgn" format=pgn order=random plies=8 -srand "$SEED" \
		-games 2 -repeat -rounds "$rounds" -concurrency "$CONCURRENCY" \
		-draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 twosided=true \
		-sprt elo0="$ELO0" elo1="$ELO1" alpha=0.05 beta=0.05 \
		-pgnout "$out/games.pgn" -json "$out/summary.json" 2>&1 || code=$?
	echo "${code:-0}" >"$out/status"
} | tee -i "$out/match.log"
status=$(cat "$out/status" 2>/dev/null || echo 3)

pair=$(sed -n -E 's/^head vs base: W-D-L ([0-9-]+) \(([0-9]+) games\)  Elo (.*)  nElo .*/\2 games, W-D-L \1, Elo \3/p' "$out/match.log" | tail -n 1)
sprt=$(sed -n -E 's/^SPRT .*: (LLR .*) (H[01] accepted|no decision)$/\1, \2/p' "$out/match.log" | tail -n 1)
if [ -z "$pair" ] || [ -z "$sprt" ]; then
	echo "sprt: match ended with status $status and no result (see $out/match.log)" >&2
	[ "$status" -ne 0 ] || status=3
	exit "$status"
fi
echo "sprt: head ($headname) vs base ($short): $pair, $sprt"
exit "$status"
