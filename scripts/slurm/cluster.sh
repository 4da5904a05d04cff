#!/bin/bash
# cluster.sh: a single-node Slurm on this machine, for trying the array
# scripts of docs/distributed-index.md without a cluster. Run as root.
#
#   scripts/slurm/cluster.sh up DIR     start munged, slurmctld and slurmd;
#                                       wait until sinfo shows the node idle
#   scripts/slurm/cluster.sh down DIR   cancel what is queued, stop the three
#   scripts/slurm/cluster.sh env DIR    print the export that points Slurm's
#                                       commands (sbatch, squeue, ...) at it
#   scripts/slurm/cluster.sh check      exit 1, saying what to install, when
#                                       Slurm or munge is not installed
#
# Everything lives in DIR (it is created; an absolute path is best): a
# munge key and socket of its own, slurm.conf naming this host with the
# CPUs and memory slurmd finds on it (slurmd -C), the daemons' state, logs
# and pid files. /etc/slurm and /etc/munge are not read or changed, and a
# munged or Slurm already running here is left alone as long as the ports
# differ: SLURMCTLD_PORT and SLURMD_PORT (default 6817 and 6818).
# MAX_ARRAY_SIZE sets slurm.conf's MaxArraySize (default Slurm's 1001).
#
# Needs Debian's slurm-wlm (or slurmctld, slurmd and slurm-client) and
# munge: apt-get install slurmctld slurmd slurm-client munge.
set -euo pipefail

usage() {
	echo "usage: $0 up|down|env DIR, or $0 check" >&2
	exit 2
}
[ $# -ge 1 ] || usage
cmd=$1
if [ "$cmd" = check ]; then
	[ $# -eq 1 ] || usage
else
	[ $# -eq 2 ] || usage
	dir=$(realpath -m "$2")
	conf=$dir/slurm.conf
fi

# need names the programs missing from this machine, if any.
need() {
	local missing=()
	for p in munged mungekey slurmctld slurmd sbatch sinfo scontrol squeue scancel; do
		command -v "$p" > /dev/null || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		echo "$0: Slurm is not installed here (no ${missing[*]});" \
			"install it with: apt-get install slurmctld slurmd slurm-client munge" >&2
		exit 1
	fi
}

# alive PIDFILE NAME: whether the process of the pid file runs and is NAME.
alive() {
	local pid comm
	pid=$(cat "$1" 2> /dev/null) || return 1 # the daemon removes it as it ends
	comm=$(cat "/proc/$pid/comm" 2> /dev/null) || return 1
	[ "$comm" = "$2" ]
}

# stop PIDFILE NAME: end that process (TERM, then KILL after 15 s).
stop() {
	local pid i
	alive "$1" "$2" || { rm -f "$1"; return 0; }
	pid=$(cat "$1" 2> /dev/null) || return 0
	kill "$pid" 2> /dev/null || true
	for ((i = 0; i < 150; i++)); do
		alive "$1" "$2" || { rm -f "$1"; return 0; }
		sleep 0.1
	done
	echo "$0: $2 (pid $pid) did not stop in 15 s: killed" >&2
	kill -9 "$pid" 2> /dev/null || true
	rm -f "$1"
}

# fail MESSAGE: say what went wrong, show the daemons' logs, stop them.
fail() {
	echo "$0: $1" >&2
	for log in "$dir"/log/*.log; do
		[ -s "$log" ] || continue
		echo "--- last lines of $log" >&2
		tail -n 20 "$log" >&2
	done
	down
	exit 1
}

up() {
	need
	[ "$(id -u)" -eq 0 ] || { echo "$0: run as root (the daemons run as root here)" >&2; exit 1; }
	if alive "$dir/run/slurmctld.pid" slurmctld || alive "$dir/run/slurmd.pid" slurmd; then
		echo "$0: a Slurm of $dir runs already: $0 down $dir first" >&2
		exit 1
	fi
	rm -rf "$dir/state" "$dir/log" "$dir/run"
	mkdir -p "$dir/munge" "$dir/state/ctld" "$dir/state/d" "$dir/log" "$dir/run"
	chmod 700 "$dir/munge"

	# munge: a key of this cluster's own, a socket of its own.
	[ -s "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key"
	chmod 600 "$dir/munge/munge.key"
	local sock=$dir/munge/munge.socket
	munged --force --socket="$sock" --key-file="$dir/munge/munge.key" \
		--pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
		--seed-file="$dir/munge/munged.seed" ||
		fail "munged did not start"
	munge --socket="$sock" -n | unmunge --socket="$sock" > /dev/null ||
		fail "munge does not answer on $sock"

	# slurm.conf: this host, its CPUs and memory as slurmd counts them.
	local host node
	host=$(hostname -s)
	node=$(slurmd -C | head -n 1)
	case $node in
	NodeName=*) ;;
	*) fail "slurmd -C did not describe this node: $node" ;;
	esac
	cat > "$conf" << CONF
# A single-node Slurm written by scripts/slurm/cluster.sh; see there.
ClusterName=gambit
SlurmctldHost=$host
SlurmctldPort=${SLURMCTLD_PORT:-6817}
SlurmdPort=${SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$dir/state/ctld
SlurmdSpoolDir=$dir/state/d
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: they may be missing or read-only in a container.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SwitchType=switch/none
# One CPU a task by default, memory not counted, so tasks share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=${MAX_ARRAY_SIZE:-1001}
# A job whose dependency can no longer be met is cancelled, not left pending.
DependencyParameters=kill_invalid_depend
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

	slurmctld -f "$conf" -i || fail "slurmctld did not start"
	slurmd -f "$conf" || fail "slurmd did not start"
	export SLURM_CONF=$conf
	local i state=
	for ((i = 0; i < 300; i++)); do
		state=$(sinfo -h -N -n "$host" -o %t 2> /dev/null || true)
		[ "$state" = idle ] && break
		sleep 0.2
	done
	[ "$state" = idle ] || fail "node $host is not idle after 60 s (sinfo: ${state:-no answer})"
	echo "slurm up: $(sinfo -V), node $host idle; export SLURM_CONF=$conf"
}

down() {
	if [ -s "$conf" ] && alive "$dir/run/slurmctld.pid" slurmctld; then
		SLURM_CONF=$conf scancel --full --quiet --user=root 2> /dev/null || true
	fi
	stop "$dir/run/slurmd.pid" slurmd
	stop "$dir/run/slurmctld.pid" slurmctld
	stop "$dir/run/munged.pid" munged
}

case $cmd in
up) up ;;
down)
	down
	echo "slurm down: $dir"
	;;
env) echo "export SLURM_CONF=$conf" ;;
check) need ;;
*) usage ;;
esac
