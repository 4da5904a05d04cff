#!/bin/sh
# goamd64.sh prints the highest GOAMD64 level this machine runs (v3, v2 or
# v1), for building cmd/perft: v2 gives POPCNT without a run-time test,
# which is most of the bulk-counting gain, v3 a little more
# (docs/performance.md). It asks the Go runtime itself: a program built for a level
# the CPU lacks refuses to start. On other architectures it prints v1,
# which Go ignores there.
set -eu
GO=${GO:-go}
[ "$($GO env GOARCH)" = amd64 ] || { echo v1; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'package main\n\nfunc main() {}\n' >"$dir/main.go"
for level in v3 v2; do
	if GOAMD64=$level GOFLAGS= $GO build -o "$dir/probe" "$dir/main.go" 2>/dev/null && "$dir/probe" 2>/dev/null; then
		echo "$level"
		exit 0
	fi
done
echo v1
