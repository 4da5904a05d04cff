#!/bin/bash
#SBATCH --job-name=pgn-index
#SBATCH --cpus-per-task=1
# index-array.sh: one task of the array job of index-submit.sh, which
# submits it (docs/distributed-index.md):
#
#   sbatch --array=0-$((S - 1)) index-array.sh PGN SHARDDIR S
#
# Task T indexes files T, T+S, T+2S, ... (from 0) of SHARDDIR/files.txt,
# file I with `PGN index -o SHARDDIR/shard-I FILE`. A shard is built under
# shard-I.tmp and renamed when it is whole, so a retried task starts its
# file again and a shard that is there is complete; it is not built again.
# A file with broken games is indexed without them (pgn index exits 1 and
# names them in the log); any other failure fails the task, and so the
# merge, which runs only after every task succeeded.
set -euo pipefail

if [ $# -ne 3 ] || [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
	echo "usage: sbatch --array=0-\$((S - 1)) $0 PGN SHARDDIR S (a task of a Slurm array job)" >&2
	exit 2
fi
pgn=$1 shards=$2 stride=$3
mapfile -t files < "$shards/files.txt"
n=${#files[@]}
echo "task $SLURM_ARRAY_TASK_ID of array job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname): files $SLURM_ARRAY_TASK_ID, +$stride, ... of $n"
for ((i = SLURM_ARRAY_TASK_ID; i < n; i += stride)); do
	out=$shards/shard-$i
	if [ -d "$out" ]; then
		echo "shard-$i: there already (${files[$i]})"
		continue
	fi
	rm -rf "$out.tmp"
	status=0
	"$pgn" index -progress=false -j "${SLURM_CPUS_PER_TASK:-1}" -o "$out.tmp" "${files[$i]}" || status=$?
	case $status in
	0) ;;
	1) echo "shard-$i: ${files[$i]} has broken games, left out of the shard (above)" ;;
	*)
		echo "shard-$i: pgn index failed on ${files[$i]} (exit status $status)" >&2
		exit "$status"
		;;
	esac
	mv -T "$out.tmp" "$out"
	echo "shard-$i: ${files[$i]} indexed"
done
