#!/bin/bash
#SBATCH --job-name=pgn-index-merge
# index-merge.sh: the merge job of index-submit.sh, which submits it to
# run after the array job (docs/distributed-index.md):
#
#   sbatch --dependency=afterok:ARRAYJOB index-merge.sh PGN SHARDDIR DB
#
# Merges SHARDDIR/shard-0, shard-1, ... in the order of
# SHARDDIR/files.txt (numbers, not names: shard-10 comes after shard-9)
# into DB with `PGN index -merge`. A shard missing fails the job and
# names the files to index again; nothing is merged then.
set -euo pipefail

if [ $# -ne 3 ]; then
	echo "usage: sbatch --dependency=afterok:ARRAYJOB $0 PGN SHARDDIR DB" >&2
	exit 2
fi
pgn=$1 shards=$2 db=$3
mapfile -t files < "$shards/files.txt"
n=${#files[@]}
args=()
missing=0
for ((i = 0; i < n; i++)); do
	if [ -d "$shards/shard-$i" ]; then
		args+=("$shards/shard-$i")
	else
		echo "shard-$i missing: ${files[$i]} is not indexed" >&2
		missing=$((missing + 1))
	fi
done
if [ "$missing" -gt 0 ]; then
	echo "$missing of $n shards missing: nothing merged" >&2
	exit 1
fi
echo "merging $n shards of $shards into $db on $(hostname)"
"$pgn" index -merge -o "$db" "${args[@]}"
