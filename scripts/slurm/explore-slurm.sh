#!/bin/bash
# explore-slurm.sh: make explore-slurm. Runs index-submit.sh's array and
# merge jobs on a single-node Slurm started here (cluster.sh, as root),
# over the TWIC and Lichess files of testdata/pgn cut into pieces, and
# checks that the merged index and the shards queried together answer
# exactly as one `pgn index` of all the pieces in the same order:
# `pgn explore -json` and `pgn find -json -limit 50` of a set of
# positions, the start position among them, and `pgn find -material
# KRvKR -json`. Prints what it compared and PASS or FAIL; Slurm is
# stopped at the end whatever happens. Not part of make test.
#
# The work is in bin/explore-slurm (removed at the start, kept after).
# PIECES (default 6) is the number of pieces of each file, so 12 files
# and shards: shard-10 and shard-11 are there to sort before shard-2 by
# name. MAX_ARRAY_SIZE (default 8) is the Slurm's MaxArraySize, smaller
# than the number of files so that some tasks index two files, as on a
# cluster whose list is longer than its arrays may be.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."
root=$(pwd)

scripts/slurm/cluster.sh check || {
	echo "make explore-slurm: FAIL: Slurm is not installed, so nothing ran (see above)" >&2
	exit 1
}
if [ "$(id -u)" -ne 0 ]; then
	echo "make explore-slurm: FAIL: run as root: slurmctld, slurmd and munged run as root here" >&2
	exit 1
fi

pieces=${PIECES:-6}
export MAX_ARRAY_SIZE=${MAX_ARRAY_SIZE:-8}
work=$root/bin/explore-slurm
rm -rf "$work"
mkdir -p "$work/input" "$work/out"
pgn=$work/pgn
"${GO:-go}" build -o "$pgn" ./cmd/pgn

# The input: each file cut into PIECES pieces of whole games, in order.
list=$work/files.txt
: > "$list"
for src in testdata/pgn/twic1599_1000k.pgn testdata/pgn/lichess_db_1000k.pgn; do
	base=$(basename "$src" .pgn)
	games=$(grep -c '^\[Event ' "$src")
	awk -v n="$pieces" -v total="$games" -v pre="$work/input/$base" '
		/^\[Event / { g++ }
		{ p = g == 0 ? 0 : int((g - 1) * n / total); print > sprintf("%s-%02d.pgn", pre, p + 1) }' "$src"
	for ((p = 1; p <= pieces; p++)); do
		printf '%s\n' "$work/input/$base-$(printf %02d "$p").pgn" >> "$list"
	done
done
mapfile -t files < "$list"
n=${#files[@]}
echo "input: testdata/pgn/twic1599_1000k.pgn and lichess_db_1000k.pgn, $pieces pieces each: $n files in $list"

cluster() { scripts/slurm/cluster.sh "$1" "$work/slurm"; }
trap 'cluster down || true' EXIT
cluster up
export SLURM_CONF=$work/slurm/slurm.conf

# Submit as a user would; the one index is built meanwhile.
ids=$(PGN=$pgn scripts/slurm/index-submit.sh "$list" "$work/shards" "$work/merged") || {
	echo "make explore-slurm: FAIL: index-submit.sh could not submit the jobs (above)" >&2
	exit 1
}
read -r array merge <<< "$ids"
one=$work/one
"$pgn" index -progress=false -o "$one" "${files[@]}" > "$work/one.txt"
echo "one index: $pgn index -o $one FILE... ($n files in the list's order): $(grep '^games' "$work/one.txt")"
# The pieces hold every game of the two files, once.
want=$(cat testdata/pgn/twic1599_1000k.pgn testdata/pgn/lichess_db_1000k.pgn | grep -c '^\[Event ')
got=$(awk '$1 == "games" { print $2 }' "$work/one.txt")
if [ "$got" != "$want" ]; then
	echo "make explore-slurm: FAIL: the one index has $got games, the two files $want" >&2
	exit 1
fi

# Wait for the merge job: it ends after the array, or is cancelled when a
# task fails (DependencyParameters=kill_invalid_depend).
states() { scontrol show job -o "$1" | grep -o 'JobState=[A-Z_]*' | sed 's/JobState=//'; }
deadline=$((SECONDS + 600))
while :; do
	state=$(states "$merge") || state="unknown to scontrol"
	case $state in
	PENDING | RUNNING | CONFIGURING | COMPLETING) ;;
	*) break ;;
	esac
	if ((SECONDS > deadline)); then
		echo "make explore-slurm: FAIL: the merge job $merge is still $state after 600 s" >&2
		squeue >&2
		exit 1
	fi
	sleep 0.5
done
echo "array job $array:"
scontrol show job -o "$array" | sed -E 's/.*ArrayTaskId=([0-9]+).*JobState=([A-Z_]+).*ExitCode=([0-9:]+).*NodeList=([^ ]*).*/  task \1: \2 (exit \3) on \4/' | sort -k2,2n
tasks=$(scontrol show job -o "$array" | grep -c 'JobState=COMPLETED' || true)
echo "merge job $merge: $state"
if [ "$state" != COMPLETED ] || [ "$tasks" -lt 4 ]; then
	for log in "$work"/shards/log/*.out; do
		sed "s|^|  $(basename "$log"): |" "$log"
	done
	echo "make explore-slurm: FAIL: merge job $state, $tasks array task(s) completed (want 4 or more)" >&2
	exit 1
fi
# What each task did, and the merge, from their logs.
grep -h '^shard-[0-9]*:' "$work"/shards/log/index-*.out | sort -t- -k2,2n | sed 's/^/  /'
grep -h '^index ' "$work"/shards/log/merge-*.out | sed 's/^index */  merged: /'
shards=()
for ((i = 0; i < n; i++)); do
	shards+=("$work/shards/shard-$i")
done
byname=("$work"/shards/shard-*) # LC_ALL=C: shard-0 shard-1 shard-10 shard-11 shard-2 ...

# The queries: each asked of the one index, the merged index, and the
# shards together, the answers compared byte for byte.
lines=(
	""
	"1. e4"
	"1. d4"
	"1. e4 c5"
	"1. e4 e5 2. Nf3 Nc6"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5"
	"1. e4 c6"
	"1. e4 e6 2. d4 d5"
	"1. d4 Nf6 2. c4 e6"
	"1. d4 d5 2. c4"
	"1. d4 d5 2. Nf3"
	"1. Nf3 d5 2. d4"
	"1. c4"
	"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3"
)
queries=()
for m in "${lines[@]}"; do
	queries+=("explore -json -moves" "$m")
	queries+=("find -json -limit 50 -moves" "$m")
done
queries+=("find -json -limit 50 -material" KRvKR)
fails=0 k=0 ordered=0
echo "compared, byte for byte: one index of the $n files; the merged index; the $n shards queried together"
for ((q = 0; q < ${#queries[@]}; q += 2)); do
	read -ra cmd <<< "${queries[q]}"
	arg=${queries[q + 1]}
	k=$((k + 1))
	"$pgn" "${cmd[@]}" "$arg" "$one" > "$work/out/$k.one.json"
	"$pgn" "${cmd[@]}" "$arg" "$work/merged" > "$work/out/$k.merged.json"
	"$pgn" "${cmd[@]}" "$arg" "${shards[@]}" > "$work/out/$k.shards.json"
	# The shards in their names' order (shard-10 before shard-2) must
	# answer otherwise somewhere, or the comparison could not see an
	# order wrong.
	"$pgn" "${cmd[@]}" "$arg" "${byname[@]}" > "$work/out/$k.byname.json"
	cmp -s "$work/out/$k.one.json" "$work/out/$k.byname.json" || ordered=$((ordered + 1))
	games=$(grep -o '"\(games\|total\)":[0-9]*' "$work/out/$k.one.json" | head -n 1 | sed 's/.*://')
	verdict=same
	for db in merged shards; do
		if ! cmp -s "$work/out/$k.one.json" "$work/out/$k.$db.json"; then
			verdict="DIFFERENT ($db: $work/out/$k.$db.json)"
			fails=$((fails + 1))
		fi
	done
	if [ "${games:-0}" -eq 0 ]; then
		verdict="$verdict; no game: FAIL (a query of nothing proves nothing)"
		fails=$((fails + 1))
	fi
	printf '  %-32s %-52s %5s games  %s\n' "pgn ${queries[q]}" "\"${arg:-start position}\"" "${games:-0}" "$verdict"
done
echo "the shards in their names' order (shard-10 before shard-2): $ordered of $k answers differ from the one index's"
if [ "$ordered" -eq 0 ]; then
	echo "make explore-slurm: FAIL: not one query sees the shards' order" >&2
	fails=$((fails + 1))
fi
if [ "$fails" -gt 0 ]; then
	echo "make explore-slurm: FAIL: $fails difference(s); the answers are in $work/out"
	exit 1
fi
echo "make explore-slurm: PASS: $k queries, the merged index and the $n shards answer as the one index ($tasks array tasks, $(sinfo -V))"
