#!/bin/sh
# scripts/smp-speedup.sh: the time to depth of Lazy SMP (make engine-smp).
#
# Builds gambit-engine and runs ROUNDS (5) rounds, each of
# `gambit-engine bench DEPTH 1` then `gambit-engine bench DEPTH THREADS`:
# the eleven bench positions, each to DEPTH (12) plies with a fresh 16 MB
# table, at one thread and at THREADS (2). The two runs of a round follow
# each other, so that a change in the machine's load falls on both. It
# prints each run's time and node count (all threads' nodes), then one
# line with the mean time at each count of threads and the speed-up, the
# mean time at one thread over the mean time at THREADS:
#
#   smp: depth 12, 5 rounds: threads 1 4210 ms, threads 2 2650 ms, speed-up 1.59
#
# For a quiet machine: the speed-up is a ratio of wall times. Settings
# (environment): ROUNDS, DEPTH, THREADS, GO (go).
set -eu

die() {
	echo "smp: $*" >&2
	exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

ROUNDS=${ROUNDS:-5}
DEPTH=${DEPTH:-12}
THREADS=${THREADS:-2}
GO=${GO:-go}
for v in ROUNDS DEPTH THREADS; do
	eval "n=\$$v"
	case $n in
	'' | *[!0-9]*) die "$v=$n: want a whole number" ;;
	esac
done
[ "$ROUNDS" -ge 1 ] || die "ROUNDS=$ROUNDS: want at least 1"
[ "$THREADS" -ge 2 ] || die "THREADS=$THREADS: want at least 2"

"$GO" build -o bin/gambit-engine ./cmd/gambit-engine || die "building gambit-engine failed"

one=0
more=0
round=1
while [ "$round" -le "$ROUNDS" ]; do
	for threads in 1 "$THREADS"; do
		out=$(bin/gambit-engine bench "$DEPTH" "$threads") || die "bench $DEPTH $threads failed: $out"
		ms=$(echo "$out" | awk '$1 == "time" { print $2 }')
		nodes=$(echo "$out" | awk '$1 == "nodes" { print $2 }')
		[ -n "$ms" ] && [ -n "$nodes" ] || die "bench $DEPTH $threads: no time or nodes in: $out"
		echo "round $round, threads $threads: $ms ms, $nodes nodes"
		if [ "$threads" = 1 ]; then
			one=$((one + ms))
		else
			more=$((more + ms))
		fi
	done
	round=$((round + 1))
done
awk -v one="$one" -v more="$more" -v rounds="$ROUNDS" -v depth="$DEPTH" -v threads="$THREADS" 'BEGIN {
	printf "smp: depth %d, %d rounds: threads 1 %.0f ms, threads %d %.0f ms, speed-up %.2f\n",
		depth, rounds, one / rounds, threads, more / rounds, (more > 0 ? one / more : 0)
}'
