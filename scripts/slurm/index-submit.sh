#!/bin/bash
# index-submit.sh: index a collection on a Slurm cluster, one shard a
# file, then merge the shards (docs/distributed-index.md).
#
#   scripts/slurm/index-submit.sh LIST SHARDDIR DB [SBATCH_OPTION...]
#
# LIST has one PGN file a line (.pgn, .pgn.gz or .pgn.zst), best as
# absolute paths on a file system every node shares; the games of the
# index are in the order of the list. The script copies LIST to
# SHARDDIR/files.txt and submits two jobs:
#
#   - an array job (index-array.sh): task T runs `pgn index -o
#     SHARDDIR/shard-I FILE` for files I = T, T+S, T+2S, ... of the list
#     (from 0), where S, the number of tasks, is the number of files or
#     the cluster's MaxArraySize if that is smaller;
#   - a merge job (index-merge.sh), run after every task has succeeded
#     (--dependency=afterok): `pgn index -merge -o DB SHARDDIR/shard-0
#     SHARDDIR/shard-1 ...`, in the list's order.
#
# PGN is the pgn command the jobs run (default: pgn on PATH): it too must
# be where the nodes see it. CPUS (default 1) is each task's
# --cpus-per-task and pgn index's -j. SBATCH_OPTIONs (--partition=...,
# --time=..., --account=...) go to both jobs. The logs are in
# SHARDDIR/log. Standard output is the two job IDs, "ARRAY MERGE", for
# scripts; what was submitted goes to standard error.
#
# Running it again with the same LIST and SHARDDIR builds only the shards
# that are missing (a shard appears whole, by a rename, or not at all).
set -euo pipefail

if [ $# -lt 3 ]; then
	echo "usage: $0 LIST SHARDDIR DB [SBATCH_OPTION...]" >&2
	exit 2
fi
list=$1 shards=$2 db=$3
shift 3
here=$(dirname "$(realpath "$0")")
cpus=${CPUS:-1}
pgn=$(command -v "${PGN:-pgn}") || {
	echo "$0: no pgn command ${PGN:-pgn}: set PGN to the pgn binary (go build -o DIR/pgn ./cmd/pgn)" >&2
	exit 1
}
pgn=$(realpath "$pgn")
[[ $cpus =~ ^[1-9][0-9]*$ ]] || { echo "$0: CPUS=$cpus: want a number of CPUs" >&2; exit 2; }

# The list: every line a file that is there.
[ -r "$list" ] || { echo "$0: cannot read the list $list" >&2; exit 1; }
mapfile -t files < "$list"
n=${#files[@]}
[ "$n" -gt 0 ] || { echo "$0: $list names no file" >&2; exit 1; }
for i in "${!files[@]}"; do
	f=${files[$i]}
	if [ -z "$f" ]; then
		echo "$0: $list:$((i + 1)): an empty line (one file a line, no blank lines)" >&2
		exit 1
	fi
	[ -r "$f" ] || { echo "$0: $list:$((i + 1)): cannot read $f" >&2; exit 1; }
done
if [ -e "$db" ]; then
	echo "$0: $db exists: the merge makes it (remove it, or name another)" >&2
	exit 1
fi

# SHARDDIR keeps its list: shards of another list are never merged.
mkdir -p "$shards/log"
if [ -e "$shards/files.txt" ]; then
	if ! printf '%s\n' "${files[@]}" | cmp -s - "$shards/files.txt"; then
		echo "$0: $shards holds the shards of another list ($shards/files.txt): name another SHARDDIR" >&2
		exit 1
	fi
else
	printf '%s\n' "${files[@]}" > "$shards/files.txt"
fi

max=$(scontrol show config | awk '$1 == "MaxArraySize" { print $3 }')
[[ $max =~ ^[0-9]+$ ]] || max=1001
if [ "$max" -eq 0 ]; then
	echo "$0: this cluster runs no job arrays (MaxArraySize 0)" >&2
	exit 1
fi
tasks=$((n < max ? n : max))

array=$(sbatch --parsable --array="0-$((tasks - 1))" --job-name=pgn-index \
	--cpus-per-task="$cpus" --output="$shards/log/index-%A_%a.out" "$@" \
	"$here/index-array.sh" "$pgn" "$shards" "$tasks")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --job-name=pgn-index-merge \
	--output="$shards/log/merge-%j.out" "$@" \
	"$here/index-merge.sh" "$pgn" "$shards" "$db")
merge=${merge%%;*}
echo "submitted array job $array: $tasks task(s) for $n file(s) (MaxArraySize $max), shards in $shards" >&2
echo "submitted merge job $merge after it (afterok:$array): $db" >&2
echo "$array $merge"
