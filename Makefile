# gambit: the two set-up commands are `make perft` and `make test`.
GO ?= go
# staticcheck and benchstat are versioned in go.mod (and bench/go.mod) with
# the tool directive.
STATICCHECK ?= $(GO) tool staticcheck
DEPTH ?= 6
FUZZTIME ?= 60s

.PHONY: all help deps generate test lint perft perft-suite bench bench-core bench-compare bench-history bench-test explore-corpus FORCE bench-natives variant-speed fuzz check-generate san-oracle-deep variant-oracle-deep oracle oracle-suite pgo pgn-deep hub-load book-deep syzygy-deep syzygy-bench-fathom engine-bench engine-nps engine-strength engine-peers engine-wac match-proof

## all: the default target, make test
all: test

## help: list every make target with one line each
help:
	@awk 'function flush() { if (name != "") { if ((j = index(text, ". ")) > 0) text = substr(text, 1, j - 1); \
			sub(/\.$$/, "", text); printf "  %-20s %s\n", name, text }; name = "" } \
		/^## [a-z][a-z0-9-]*: / { flush(); sub(/^## /, ""); i = index($$0, ": "); \
			name = substr($$0, 1, i - 1); text = substr($$0, i + 2); next } \
		name != "" && /^## / { sub(/^## /, ""); text = text " " $$0; next } \
		{ flush() } END { flush() }' $(MAKEFILE_LIST)

## generate: regenerate tables/ from gen/ (the committed files must not change)
generate:
	$(GO) generate ./...

## deps: install what the tests need and is not Go (scripts/test-deps.sh)
# install what the tests need and is not Go (Stockfish, socat,
# Node.js and the chessops oracle); stops at once with the command to run
# when it cannot install (not root, no passwordless sudo)
deps:
	@scripts/test-deps.sh

## test: everything CI runs: lint, every test, the bench module's tests
# everything CI runs: formatting, vet, staticcheck, all tests with the
# published perft suites to 10M nodes a line and the Stockfish oracle
test: deps lint
	$(GO) test -count=1 ./...
	$(MAKE) bench-test

## lint: gofmt, go vet, staticcheck; no executable binary tracked by git
# scripts/check-binaries.sh fails on a tracked binary, scripts/check-make-help.sh
# on a target without its one line for make help, scripts/check-readme-deps.sh
# when the README's list of test dependencies is not scripts/test-deps.sh's
lint:
	@scripts/check-binaries.sh
	@scripts/check-make-help.sh
	@scripts/check-readme-deps.sh
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...

## perft: perft of the start position to DEPTH (6), built for this CPU
# perft of the start position (DEPTH=6 by default), built for the
# highest GOAMD64 level the machine runs (scripts/goamd64.sh: v3 or v2 on
# x86-64 machines since 2013 or 2008; PERFT_GOAMD64=v1 builds Go's default)
PERFT_GOAMD64 ?= $(shell scripts/goamd64.sh)
perft:
	GOAMD64=$(PERFT_GOAMD64) $(GO) run ./cmd/perft -fen startpos -depth $(DEPTH)

## perft-suite: every published suite at full depth (minutes)
perft-suite:
	GOAMD64=$(PERFT_GOAMD64) $(GO) build -o bin/perft ./cmd/perft
	bin/perft -epd testdata/perft/standard.epd
	bin/perft -epd testdata/perft/tricky.perft
	bin/perft -epd testdata/perft/chess960.epd

## bench: gambit's benchmarks beside other Go move generators (bench/)
# gambit's benchmarks and the same work on other Go move generators
# (bench/, its own module), with -benchmem; then the benchstat summary and
# the Markdown tables of docs/performance.md. BENCH selects benchmarks (a go test -bench
# pattern; write $$ for $), BENCHCOUNT repeats each. Output: bin/bench.txt.
BENCH ?= .
BENCHCOUNT ?= 1
bench:
	@mkdir -p bin
	cd bench && $(GO) test -run '^$$' -bench '$(BENCH)' -benchmem -count $(BENCHCOUNT) . | tee ../bin/bench.txt
	@grep -q '^ok' bin/bench.txt || { echo 'make bench: the benchmarks failed (see above)'; exit 1; }
	cd bench && $(GO) tool benchstat ../bin/bench.txt
	cd bench && $(GO) run ./cmd/benchtable ../bin/bench.txt

## bench-core: the micro-benchmarks inside the main module's packages
bench-core:
	$(GO) test -run '^$$' -bench . -benchmem ./core ./perft ./san ./game ./game/hub ./polyglot

## bench-compare: the benchmark regression gate (bench/cmd/benchgate, see
## docs/benchgate.md). Runs gambit's benchmarks (not the peers') at BASE,
## checked out in a temporary git worktree, and in the working tree. With
## METRIC=time (the default) it runs them COUNT times each, alternately,
## prints the benchstat comparison and fails when one is slower by more than
## THRESHOLD (default 5%) with p < 0.05. With METRIC=instructions it counts
## each benchmark's instructions per op under valgrind and fails when one
## executes more than THRESHOLD (default 0.5%) more, naming the functions that
## grew; the wall-time table (COUNT rounds, default 5; 0 skips it) is then
## informative. GATE_SKIP (a go test -skip pattern) leaves benchmarks out:
## with METRIC=instructions, by default PGNWorkers, which times pgn stats
## child processes that valgrind does not follow, and the two perfts of
## seconds an op (start d6, kiwipete d5: the code of the shallower depths,
## which are counted, at a third of the gate's time). Both sides run the
## working tree's bench/ code. Results go to
## bin/bench-compare/: base.txt and head.txt (wall time), report.json and
## summary.md (a pull-request comment).
BASE ?= HEAD
METRIC ?= time
COUNT ?= $(if $(filter instructions,$(METRIC)),5,10)
THRESHOLD ?=
GATE_BENCH ?= /gambit
GATE_BENCHTIME ?= 200ms
GATE_SKIP ?= $(if $(filter instructions,$(METRIC)),PGNWorkers|Perft$$/gambit/start/d6|Perft$$/gambit/kiwipete/d5)
bench-compare:
	@mkdir -p bin/bench-compare
	$(GO) build -C bench/cmd/benchgate -o $(CURDIR)/bin/benchgate .
	cd bench && ../bin/benchgate -metric '$(METRIC)' -base '$(BASE)' -count $(COUNT) $(if $(THRESHOLD),-threshold '$(THRESHOLD)') \
		-bench '$(GATE_BENCH)' -skip '$(GATE_SKIP)' -benchtime '$(GATE_BENCHTIME)' -head-dir . -o ../bin/bench-compare \
		-json ../bin/bench-compare/report.json -markdown ../bin/bench-compare/summary.md .

.PHONY: bench-gate
## bench-gate: gambit's pull-request gate: the instruction gate against the
## merge base with PR_BASE (default origin/main, else main); about 6
## minutes on 2 cores. Not part of make test.
PR_BASE ?= $(if $(shell git rev-parse --verify --quiet origin/main),origin/main,main)
bench-gate:
	$(MAKE) bench-compare METRIC=instructions COUNT=0 BASE=$$(git merge-base HEAD $(PR_BASE))

## bench-history: instructions per op of gambit's core benchmarks at each commit from FROM to TO (default HEAD), as a table and an SVG chart
# benchgate -history (docs/benchgate.md): each commit built once, the
# benchmarks of HISTORY_BENCH counted under valgrind at each, with
# bench/ of the working tree; bin/bench-history/history.{md,json,svg}.
FROM ?=
TO ?= HEAD
HISTORY_BENCH ?= ^Benchmark(Perft|LegalMoves|MakeUnmake)$$/gambit
bench-history:
	@[ -n '$(FROM)' ] || { echo 'make bench-history: give FROM=REV, the first commit to count' >&2; exit 2; }
	@mkdir -p bin/bench-history
	$(GO) build -C bench/cmd/benchgate -o $(CURDIR)/bin/benchgate .
	cd bench && ../bin/benchgate -metric instructions -history '$(FROM)..$(TO)' -bench '$(HISTORY_BENCH)' -skip 'Perft$$/gambit/start/d6|Perft$$/gambit/kiwipete/d5' \
		-head-dir . -json ../bin/bench-history/history.json -markdown ../bin/bench-history/history.md \
		-svg ../bin/bench-history/history.svg .

## bench-natives: the perft command against native perfts (Stockfish, qperft, MPerft)
# gambit's perft command (built with its PGO profile, for
# each GOAMD64 level of NATIVES_GOAMD64) against native perfts, one thread,
# NATIVES_ROUNDS interleaved rounds in random order, every count checked:
# Debian's Stockfish, and qperft and MPerft when GAMBIT_QPERFT and
# GAMBIT_MPERFT name binaries built from their authors' sources (see
# bench/README.md). Markdown tables on standard output and in
# bin/natives.md, every measurement in bin/natives.tsv.
NATIVES_ROUNDS ?= 5
NATIVES_POSITIONS ?= start:6,kiwipete:5
NATIVES_GOAMD64 ?= v1,v3
bench-natives:
	@mkdir -p bin
	cd bench && $(GO) run ./cmd/natives -root .. -go '$(GO)' -rounds $(NATIVES_ROUNDS) -positions '$(NATIVES_POSITIONS)' \
		-goamd64 '$(NATIVES_GOAMD64)' -raw ../bin/natives.tsv > ../bin/natives.md
	@cat bin/natives.md

## variant-speed: gambit's perft against Fairy-Stockfish's from each variant's start position, one thread, each program at a depth it takes seconds to count
# bench/cmd/natives -variants: gambit's cmd/perft -variant
# NAME (PGO, GOAMD64=v1) and Debian's Fairy-Stockfish (UCI_Variant, "go
# perft"), bulk counting, VARIANT_ROUNDS interleaved rounds in random
# order. NAME:D/E has gambit count depth D and Fairy-Stockfish depth E:
# at one depth gambit's run is too short to time, at the next
# Fairy-Stockfish's takes minutes; leaves a second compare across depths
# of one position, both bulk counts. The depths were chosen by leaf
# counts and callgrind's instructions a leaf (docs/performance.md) so that
# every run lasts seconds, not milliseconds; natives marks (†) and warns
# of any run under a second. Every count is
# checked against testdata/variants where published, else against
# bench/testdata/variants (counted by both programs, which agree), else
# against the other program's count of that depth made before the
# rounds. Mnps tables on standard output and in bin/variant-speed.md (in
# brackets Fairy-Stockfish's speed over gambit's), every measurement in
# bin/variant-speed.tsv. A round is about 2,000 billion instructions
# (11 minutes at 3e9 a second; this project's machine runs both programs
# several times faster): run it on a quiet machine.
VARIANT_ROUNDS ?= 5
VARIANT_SPEED ?= 3check:7/6,kingofthehill:7/6,antichess:7/6,horde:8/7,racingkings:7/6,crazyhouse:7/6
variant-speed:
	@mkdir -p bin
	cd bench && $(GO) run ./cmd/natives -root .. -go '$(GO)' -rounds $(VARIANT_ROUNDS) -positions '' -variants '$(VARIANT_SPEED)' \
		-modes bulk -goamd64 v1 -fairy /usr/games/fairy-stockfish -raw ../bin/variant-speed.tsv > ../bin/variant-speed.md
	@cat bin/variant-speed.md

## bench-test: the bench module's own tests and lint
# the bench module's own tests (every peer's perft against the
# published counts, the gate's decision logic and an end-to-end gate run)
# and its lint
bench-test:
	cd bench && $(GO) vet ./...
	cd bench && $(STATICCHECK) ./...
	cd bench && $(GO) test -count=1 ./...
	cd bench/cmd/benchgate && $(GO) vet ./...
	cd bench/cmd/benchgate && $(STATICCHECK) ./...
	cd bench/cmd/benchgate && $(GO) test -count=1 ./...

## explore-corpus: write bin/explore/corpus.pgn.zst, the position index benchmarks' collection of distinct games, unless it is up to date
# CORPUS_GAMES (1,000,000) games for CORPUS_SEED (1), made by
# bench/cmd/gamegen from the TWIC and Lichess samples of testdata/pgn
# continued by its playout policy (testdata/SOURCES.md says how). Made
# again only when the generator, the packages whose moves and PGN it
# writes (core, san, pgn, tables), the source files or one of the two
# settings change. About 2 minutes on 2 idle cores: an estimate from
# the 224 s of CPU that one goroutine (-j 1) took for the 1,000,000 games,
# not a timing.
CORPUS_GAMES ?= 1000000
CORPUS_SEED ?= 1
CORPUS := bin/explore/corpus.pgn.zst
CORPUS_INPUTS := $(filter-out %_test.go,$(wildcard bench/cmd/gamegen/*.go core/*.go san/*.go pgn/*.go tables/*.go)) \
	bench/go.mod bench/go.sum testdata/pgn/twic1599_1000k.pgn testdata/pgn/lichess_db_1000k.pgn
explore-corpus: $(CORPUS)

$(CORPUS): $(CORPUS_INPUTS) bin/explore/corpus.settings
	cd bench && $(GO) run ./cmd/gamegen -n $(CORPUS_GAMES) -seed $(CORPUS_SEED) -o ../$(CORPUS)

# The settings the collection was made with: rewritten, and so newer than
# the collection, only when they change.
bin/explore/corpus.settings: FORCE
	@mkdir -p $(@D)
	@echo 'CORPUS_GAMES=$(CORPUS_GAMES) CORPUS_SEED=$(CORPUS_SEED)' | cmp -s - $@ 2>/dev/null || \
		echo 'CORPUS_GAMES=$(CORPUS_GAMES) CORPUS_SEED=$(CORPUS_SEED)' > $@

FORCE:

## explore-bench: the position index's five figures (build, size, explorer, find, scans) on the explore-corpus collection, beside their goals and pgn-extract
# Builds bin/pgn, indexes $(CORPUS) with `pgn index` (every core) into
# bin/explore/corpus.db, and times in one process the explorer and find's
# first page on EXPLORE_POSITIONS positions drawn from the games, a scan
# that replays every game, a material query, and pgn-extract -H over the
# first 111,000 games. The table goes to standard output and
# bin/explore/bench.md. Wall time: run it on a quiet machine.
EXPLORE_POSITIONS ?= 1000
.PHONY: explore-bench
explore-bench: $(CORPUS)
	$(GO) build -o bin/pgn ./cmd/pgn
	cd bench && $(GO) run ./cmd/explorebench -pgn ../bin/pgn -corpus ../$(CORPUS) -db ../bin/explore/corpus.db \
		-positions $(EXPLORE_POSITIONS) | tee ../bin/explore/bench.md

## storage-bench: the position index's segments against Pebble on the same postings, TWIC 1599 ×100, interleaved rounds (bench/storage)
# bench/storage, a module of its own (Pebble's dependencies stay out of
# bench and CI): gamedb's Create/AddPGN/Commit and Pebble v1.1.5 fed every
# distinct position of every game of TWIC 1599 ×100 (111,000 games), one
# goroutine each, STORAGE_ROUNDS (3) rounds: build time, size, and the
# time to look up the games of 1,000 positions of the games. Wall time:
# run it on a quiet machine (docs/gamedb.md).
STORAGE_ROUNDS ?= 3
.PHONY: storage-bench
storage-bench:
	@mkdir -p bin/storage
	@[ -s bin/storage/twic100.pgn ] || for i in $$(seq 100); do cat testdata/pgn/twic1599_1000k.pgn; done > bin/storage/twic100.pgn
	cd bench/storage && $(GO) run . -in ../../bin/storage/twic100.pgn -rounds $(STORAGE_ROUNDS) | tee ../../bin/storage/storage.md

## fuzz: run every fuzz target for FUZZTIME each
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

## nnue-oracle: nnue's trace against Stockfish 15.1's eval on about 38,000 positions
# nnue's Trace text for text against Stockfish 15.1's eval (every piece
# value, each layer stack's terms, the NNUE evaluation, the final
# evaluation where Stockfish uses the network) on NNUE_ORACLE_N
# (20000) real-game positions, half as many random-game positions (half
# from Chess960 starts) and NNUE_ORACLE_N/60 placed positions of each piece
# count from 2 to 32 (about 38,000 positions compared; 31 s here)
NNUE_ORACLE_N ?= 20000
.PHONY: nnue-oracle
nnue-oracle:
	GAMBIT_NNUE_ORACLE_N=$(NNUE_ORACLE_N) $(GO) test -count=1 -timeout 60m -run 'TestOracleStockfish$$' -v ./nnue

## san-oracle-deep: 5,000 random games (half Chess960) against chessops
san-oracle-deep:
	GAMBIT_SAN_ORACLE_GAMES=5000 GAMBIT_SAN_ORACLE_SEED=7 $(GO) test -count=1 -run TestOracleChessops -v ./san

## variant-oracle-deep: chessops against Fairy-Stockfish on 1,000 random positions a variant, then gambit's perft of all seven variants against chessops and Fairy-Stockfish (all but Atomic) deeper, and every published variant count
# the two variant oracles of internal/variantoracle on 1,000 random
# positions of each variant both have (and 200 from Chess960 starts),
# compared at depths 1 to 4 while a depth stays under 300,000 leaves, and
# every published variant perft count of testdata/variants; then gambit's
# perft of each of the seven lichess variants (3check, kingofthehill,
# antichess, atomic, horde, racingkings, crazyhouse) against chessops and,
# in all but atomic, which it does not have, Fairy-Stockfish (its known
# Racing Kings rule difference logged, not failed), divide by divide, on
# 1,000 random positions from the standard start and 1,000 from Chess960
# starts where chessops has them (all but horde and racingkings), at
# depths 1 to 4 under the same bound (Atomic's run before), 300 more (60
# from Chess960 starts where chessops has them) at depth 4 however many
# leaves (Crazyhouse's run before), the start position to depth 5, and
# every published count of testdata/variants (perft TestVariantOracles
# and TestVariantPublished)
variant-oracle-deep:
	GAMBIT_VARIANT_ORACLE_N=1000 GAMBIT_VARIANT_ORACLE_SEED=101 GAMBIT_VARIANT_ORACLE_DEPTH=4 GAMBIT_VARIANT_ORACLE_NODES=300000 \
		GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES=100000000 \
		$(GO) test -count=1 -timeout 180m -run 'TestOraclesAgreeOnRandomPositions|TestPublishedCounts' -v ./internal/variantoracle
	GAMBIT_VARIANT_GAMBIT_N=1000 GAMBIT_VARIANT_GAMBIT_DEPTH=4 GAMBIT_VARIANT_GAMBIT_NODES=300000 GAMBIT_VARIANT_GAMBIT_START_DEPTH=5 \
		GAMBIT_VARIANT_GAMBIT_DEEP_N=300 GAMBIT_VARIANT_GAMBIT_DEEP_DEPTH=4 GAMBIT_VARIANT_ORACLE_PUBLISHED_NODES=100000000 \
		$(GO) test -count=1 -timeout 120m -run 'TestVariantOracles|TestVariantPublished' -v ./perft

## oracle: 5,000 random positions against Stockfish (~2 min)
oracle:
	GAMBIT_ORACLE_N=5000 $(GO) test -count=1 -timeout 30m -run 'TestOracle$$' ./perft

## oracle-suite: regenerate testdata/perft/random-oracle.epd from Stockfish
oracle-suite:
	GAMBIT_ORACLE_WRITE=$(CURDIR)/testdata/perft/random-oracle.epd $(GO) test -count=1 -run TestOracleWriteSuite ./perft

## pgo: regenerate cmd/perft/default.pgo, the perft command's PGO profile
# regenerate cmd/perft/default.pgo, the CPU profile the perft command
# is built with (profile-guided optimisation), from the perft benchmarks
pgo:
	$(GO) test -run '^$$' -bench 'Count(Full)?(Start5|Kiwipete4)' -benchtime 3s -cpuprofile cmd/perft/default.pgo -o bin/perft.test ./perft

## pgn-deep: 5,000 chessops games through package pgn and pgn json (~2 min)
# 5,000 chessops games through the pgn API and pgn json, and the
# fast SAN path against san.Parse on every test position (~2 min)
pgn-deep:
	GAMBIT_PGN_ORACLE_GAMES=5000 GAMBIT_PGN_ORACLE_SEED=7 GAMBIT_PGN_DEEP=1 $(GO) test -count=1 -timeout 30m -run 'TestOracleCorpus|TestResolveMatchesParse|TestOracleJSON' ./pgn ./cmd/pgn

## book-deep: pgn book on 64 MB inputs against polyglot make-book (~20 s)
# pgn book on 64 MB inputs (64 copies of the TWIC and Lichess
# samples) byte for byte against polyglot make-book, weight halving
# included (~20 s)
book-deep:
	GAMBIT_BOOK_DEEP=1 $(GO) test -count=1 -timeout 30m -run TestBookDeepAgainstPolyglot ./cmd/pgn

.PHONY: explore-slurm
## explore-slurm: the position index built as shards by a Slurm array job on a single-node Slurm started here as root, checked against one index (not in make test).
# Needs Debian's Slurm and munge (apt-get install slurmctld slurmd
# slurm-client munge; it says so and fails without them). Starts
# slurmctld, slurmd and munged in bin/explore-slurm/slurm
# (scripts/slurm/cluster.sh), runs scripts/slurm/index-submit.sh over the
# TWIC and Lichess samples cut into 12 files, then compares pgn explore
# and find of the merged index and of the shards together with one index
# of the 12 files; stops Slurm. See docs/distributed-index.md.
explore-slurm:
	@GO='$(GO)' scripts/slurm/explore-slurm.sh

## hub-load: the hub's load test at full size under the race detector (~40 s)
hub-load:
	GAMBIT_HUB_LOAD_GAMES=100000 GAMBIT_HUB_LOAD_MOVES=1000000 $(GO) test -race -count=1 -run TestLoad ./game/hub

## match-proof: the match runner's proof run: 1,000 Stockfish-Fairy-Max games
# the match runner's proof run, 1,000 games at 1+0.01
# between Stockfish and Fairy-Max, two at a time (20 to 40 minutes,
# niced): every game re-read from the PGN, time losses listed with the
# engine's own times, no process left, the runner's overhead per move.
# Output: bin/match-proof.
MATCH_PROOF_GAMES ?= 1000
match-proof:
	GAMBIT_MATCH_PROOF=1 GAMBIT_MATCH_PROOF_GAMES=$(MATCH_PROOF_GAMES) nice $(GO) test -count=1 -timeout 120m -run 'TestProof$$' -v ./match

## check-generate: fail if go generate would change the committed generated files
# fail if `go generate` would change the committed tables,
# the generators' copies (core/movegen_sides.go, core/pseudogen_sides.go,
# core/atomicgen_sides.go), nnue's SIMD kernels (nnue/simd_amd64.s and
# nnue/simd_stubs_amd64.go, from the avo program nnue/internal/asmgen) or
# core's BMI2 kernel (core/kernel_amd64.s, kernel_stubs_amd64.go and
# kernel_layout_amd64.go, from the avo program core/internal/kernelgen)
check-generate:
	$(GO) test -count=1 -run 'TestTablesAreReproducible|TestSidesAreReproducible' ./gen
	$(GO) test -count=1 -run 'TestAssemblyIsReproducible' ./nnue/internal/asmgen ./core/internal/kernelgen

## syzygy-deep: the syzygy oracle test at 10,000 positions a table (~90 min)
# the syzygy oracle test at 10,000 random positions per
# committed table (210,000 fathom runs: about 90 min on two loaded cores;
# SYZYGY_N sets the count, SYZYGY_SEED the seed, SYZYGY_DIR another
# directory of tables, e.g. every 3- to 5-piece table made with the
# generator as testdata/syzygy/SOURCES describes)
SYZYGY_N ?= 10000
SYZYGY_SEED ?= 11
SYZYGY_DIR ?=
syzygy-deep:
	GAMBIT_SYZYGY_N=$(SYZYGY_N) GAMBIT_SYZYGY_SEED=$(SYZYGY_SEED) GAMBIT_SYZYGY_DIR=$(SYZYGY_DIR) $(GO) test -count=1 -timeout 600m -run 'TestOracleFathom$$' -v ./syzygy

## syzygy-bench-fathom: WDL and DTZ probes a second: gambit's syzygy against Fathom's C
# WDL and DTZ probes a second of gambit's syzygy and
# of Fathom (C, built from a Fathom checkout: FATHOM_SRC=path/to/Fathom/src,
# e.g. git clone https://github.com/jdart1/Fathom, commit 97fb5ca, Debian's
# version) on the same 1,000 positions
FATHOM_SRC ?= ../Fathom/src
syzygy-bench-fathom:
	@mkdir -p bin
	cc -O2 -march=native -w -I$(FATHOM_SRC) -o bin/fathom-bench bench/fathom/fathom_bench.c -lpthread
	GAMBIT_SYZYGY_BENCH_OUT=$(CURDIR)/bin/syzygy-bench.txt $(GO) test -count=1 -run TestWriteBenchPositions ./syzygy
	bin/fathom-bench testdata/syzygy bin/syzygy-bench.txt 200
	$(GO) test -run '^$$' -bench 'ProbeWDL|ProbeDTZ' -benchmem -benchtime 2s ./syzygy

## engine-bench: gambit-engine's bench: the search's node signature and nps
# gambit-engine's bench (total nodes: the search's signature,
# checked by go test ./search against search/testdata/bench.txt) and nps
engine-bench:
	$(GO) build -o bin/gambit-engine ./cmd/gambit-engine
	bin/gambit-engine bench

.PHONY: tune tune-data
## tune: fit the evaluation's weights to Stockfish's scores of quiet positions (testdata/tune, cmd/tune -scores)
# writes search/evalweights.go again: the command of docs/engine.md
# ("Tuning the evaluation"); the same files and flags give the same file
# (about 15 s of one core)
TUNE_FLAGS ?=
tune:
	$(GO) run ./cmd/tune -scores -epochs 500 $(TUNE_FLAGS) -o search/evalweights.go \
		testdata/tune/games-stockfish.txt.gz testdata/tune/selfplay-stockfish.txt.gz

## tune-data: Stockfish's scores of the TWIC and Lichess games' quiet positions (cmd/label), as in testdata/tune
# Writes bin/games-stockfish.txt (about 42,500 positions, 15-40 minutes
# at one thread): what testdata/tune/games-stockfish.txt.gz holds, with
# Debian's Stockfish 15.1 (see docs/engine.md).
tune-data:
	$(GO) run ./cmd/label -engine /usr/games/stockfish -depth 7 -per-game 30 -o bin/games-stockfish.txt \
		testdata/pgn/twic1599_1000k.pgn testdata/pgn/lichess_db_1000k.pgn

.PHONY: nnue-data
## nnue-data: write training positions for gambit's own network, quiet positions of gambit-engine's self-play scored by its search (cmd/datagen), to bin/nnue-data/selfplay.txt.gz.
# POSITIONS lines (2,000,000) of "FEN;score;result", the games played at
# NODES nodes a move (5,000) from SEED's openings (1), JOBS games at a
# time (1, one thread each); the same variables give the same file (see
# docs/engine.md: 250 to 370 positions a second a job here, about two
# hours for the default)
POSITIONS ?= 2000000
NODES ?= 5000
SEED ?= 1
JOBS ?= 1
nnue-data:
	@mkdir -p bin/nnue-data
	$(GO) run ./cmd/datagen -positions $(POSITIONS) -nodes $(NODES) -seed $(SEED) -j $(JOBS) -o bin/nnue-data/selfplay.txt.gz

.PHONY: nnue-label
## nnue-label: score nnue-data's positions again with Stockfish 15.1 at LABEL_DEPTH plies (cmd/label -rescore), to bin/nnue-data/selfplay-sf.txt.gz.
# Each position of bin/nnue-data/selfplay.txt.gz (or LABEL_IN) gets
# Stockfish's score at LABEL_DEPTH (7) plies in centipawns in place of
# gambit's, the game's result kept (FEN;score;result), JOBS engines at a
# time, one thread each (600 to 700 positions a second a job here at
# depth 7); the same file, depth and JOBS give the same lines.
LABEL_DEPTH ?= 7
LABEL_IN ?= bin/nnue-data/selfplay.txt.gz
nnue-label:
	$(GO) run ./cmd/label -rescore -engine /usr/games/stockfish -depth $(LABEL_DEPTH) -j $(JOBS) \
		-o bin/nnue-data/selfplay-sf.txt.gz $(LABEL_IN)

## engine-wac: Win At Chess at 10,000 and 30,000 nodes a position
# Win At Chess at 10,000 and 30,000 nodes a position, each
# count checked against its floor (about 12M nodes: 10 s to a minute)
engine-wac:
	GAMBIT_WAC_DEEP=1 $(GO) test -count=1 -run TestWAC -v ./search

## engine-strength: gambit-engine's matches against the Debian engines and Stockfish
# gambit-engine's matches, played by cmd/match, against
# the Debian engines and Stockfish at three Skill Levels: ROUNDS pairs of
# games each (the TWIC sample's openings, 8 plies, each played with both
# colours) at TC, CONCURRENCY games at a time; PGN and JSON summaries in
# bin/strength (minutes: about 25 s a game at 10+0.1)
ROUNDS ?= 10
TC ?= 10+0.1
CONCURRENCY ?= 2
STRENGTH = bin/match -engine cmd=bin/gambit-engine name=gambit-engine proto=uci \
	-each tc=$(TC) -openings file=testdata/pgn/twic1599_1000k.pgn format=pgn order=sequential plies=8 \
	-rounds $(ROUNDS) -games 2 -repeat -concurrency $(CONCURRENCY) -quiet
engine-strength:
	$(GO) build -o bin/gambit-engine ./cmd/gambit-engine
	$(GO) build -o bin/match ./cmd/match
	@mkdir -p bin/strength
	$(STRENGTH) -engine cmd=/usr/games/fairymax name=Fairy-Max proto=xboard -pgnout bin/strength/fairymax.pgn -json bin/strength/fairymax.json
	$(STRENGTH) -engine cmd=/usr/games/sjeng name=Sjeng proto=xboard -pgnout bin/strength/sjeng.pgn -json bin/strength/sjeng.json
	$(STRENGTH) -engine cmd=/usr/games/phalanx name=Phalanx proto=xboard -pgnout bin/strength/phalanx.pgn -json bin/strength/phalanx.json
	$(STRENGTH) -engine cmd=/usr/games/glaurung name=Glaurung proto=uci -pgnout bin/strength/glaurung.pgn -json bin/strength/glaurung.json
	$(STRENGTH) -engine cmd=/usr/games/toga2 name=Toga-II proto=uci -pgnout bin/strength/toga2.pgn -json bin/strength/toga2.json
	for skill in 0 5 10; do \
		$(STRENGTH) -engine cmd=/usr/games/stockfish name=Stockfish-Skill-$$skill proto=uci "option.Skill Level=$$skill" "option.Move Overhead=100" \
			-pgnout bin/strength/stockfish-skill-$$skill.pgn -json bin/strength/stockfish-skill-$$skill.json || exit 1; \
	done

## engine-peers: gambit-engine against Glaurung, Toga II, Phalanx, Blunder and Counter at 2+0.05 and 10+0.1, one thread each (issue #28's table, issue #40's Counter row)
# gambit-engine against issue #28's opponents: Glaurung 2.2 (Threads=1: its
# default is 2), Toga II 3.0, Phalanx XXV and, when BLUNDER and COUNTER name
# their binaries (Blunder 8.5.5 and Counter 5.5 build from their public
# sources with go build, see docs/engine.md; the network here cannot fetch
# them, so they are not installed by make deps), Blunder (60 s to start: it
# searches its magic numbers first) and Counter. PEERS_ONLY (default all:
# glaurung toga2 phalanx blunder counter) picks the rows; EVALFILE, when
# set, is gambit-engine's EvalFile option (a network file; <empty> for
# the hand-written evaluation, where the default is its own network).
# PEER_ROUNDS (20) pairs of games at each of PEER_TCS, TWIC openings of 8
# plies with colours swapped, every engine at one thread and the UCI ones
# at Hash 64, CONCURRENCY games at a time; PGN and JSON in bin/peers. For a
# quiet machine: load decides fast games.
PEER_TCS ?= 2+0.05 10+0.1
PEER_ROUNDS ?= 20
BLUNDER ?=
COUNTER ?=
EVALFILE ?=
PEERS_ONLY ?= glaurung toga2 phalanx blunder counter
PEERS = bin/match -engine cmd=bin/gambit-engine name=gambit-engine proto=uci option.Hash=64 option.Threads=1 \
	$(if $(EVALFILE),'option.EvalFile=$(EVALFILE)') \
	-openings file=testdata/pgn/twic1599_1000k.pgn format=pgn order=sequential plies=8 \
	-rounds $(PEER_ROUNDS) -games 2 -repeat -concurrency $(CONCURRENCY) -quiet
# peer runs one row of engine-peers when PEERS_ONLY names $(1): the
# opponent's match flags $(2), its PGN and JSON named $(1)-TC.
# An opponent without a binary (BLUNDER or COUNTER unset) is named and
# skipped.
peer = $(if $(filter $(1),$(PEERS_ONLY)),$(if $(2),$(PEERS) -each tc=$$tc $(2) -pgnout bin/peers/$(1)-$$tc.pgn -json bin/peers/$(1)-$$tc.json || exit 1;,echo "engine-peers: no binary for $(1) (set BLUNDER or COUNTER): no row";))
engine-peers:
	$(GO) build -o bin/gambit-engine ./cmd/gambit-engine
	$(GO) build -o bin/match ./cmd/match
	@mkdir -p bin/peers
	for tc in $(PEER_TCS); do \
		$(call peer,glaurung,-engine cmd=/usr/games/glaurung name=Glaurung-2.2 proto=uci option.Threads=1 option.Hash=64) \
		$(call peer,toga2,-engine cmd=/usr/games/toga2 name=Toga-II-3.0 proto=uci "option.Number of Threads=1" option.Hash=64) \
		$(call peer,phalanx,-engine cmd=/usr/games/phalanx name=Phalanx-XXV proto=xboard) \
		$(call peer,blunder,$(if $(BLUNDER),-engine cmd=$(BLUNDER) name=Blunder-8.5.5 proto=uci option.Hash=64 timeout=60)) \
		$(call peer,counter,$(if $(COUNTER),-engine cmd=$(COUNTER) name=Counter-5.5 proto=uci option.Hash=64 option.Threads=1)) \
	done

## engine-nps: nodes a second of gambit-engine (on Stockfish's network, its own and hand-written) beside Stockfish and Counter on the same positions, one thread (bench/cmd/enginenps)
# gambit-engine's bench positions searched by Stockfish 15.1, gambit-engine
# on the network Stockfish exports (bin/sf.nnue, written by export_net),
# on its own network (its default), on its hand-written evaluation
# (EvalFile <empty>) and, when COUNTER names its
# binary, Counter (without the Chess960 position, which Counter does not
# play): NPS_MOVETIME (1000) ms a position, NPS_ROUNDS (3) interleaved
# rounds, one thread and Hash 16 each. Timing-sensitive: a quiet machine.
NPS_MOVETIME ?= 1000
NPS_ROUNDS ?= 3
engine-nps:
	$(GO) build -o bin/gambit-engine ./cmd/gambit-engine
	cd bench && $(GO) build -o ../bin/enginenps ./cmd/enginenps
	test -s bin/sf.nnue || printf 'uci\nexport_net bin/sf.nnue\nquit\n' | /usr/games/stockfish >/dev/null
	bin/enginenps -movetime $(NPS_MOVETIME) -rounds $(NPS_ROUNDS) $(if $(COUNTER),-chess960=false) \
		stockfish=/usr/games/stockfish gambit-nnue=bin/gambit-engine,EvalFile=bin/sf.nnue gambit-own=bin/gambit-engine \
		'gambit-hand=bin/gambit-engine,EvalFile=<empty>' \
		$(if $(COUNTER),counter=$(COUNTER))

# given returns the variable $(1) when the command line or the environment
# sets it, else $(2): a default of a target's own for a name (TC, GAMES)
# that another target defaults otherwise.
given = $(if $(filter command line environment%,$(origin $(1))),$($(1)),$(2))

.PHONY: nnue-train
## nnue-train: train gambit's own network (cmd/trainnet) on NNUE_DATA and testdata/tune, to search/ownnet.gnn (the built-in EvalFile <builtin>).
# NNUE_DATA (bin/nnue-data/selfplay-sf.txt.gz: self-play positions
# scored by Stockfish, FEN;score;result, as make nnue-label writes them) and the two files of
# testdata/tune, with TRAINNET_FLAGS (the flags search/ownnet.gnn was
# trained with: see docs/engine.md) at nice 10, NNUE_JOBS (1) goroutines
# (-j changes nothing in the file).
NNUE_DATA ?= bin/nnue-data/selfplay-sf.txt.gz
NNUE_JOBS ?= 1
TRAINNET_FLAGS ?= -hidden 256 -epochs 7 -batch 2048 -lr 0.004 -drop 5 -lambda 1.0 -qb 1024 -mirror -seed 1
nnue-train:
	nice -n 10 $(GO) run ./cmd/trainnet $(TRAINNET_FLAGS) -j $(NNUE_JOBS) -o search/ownnet.gnn \
		$(NNUE_DATA) testdata/tune/games-stockfish.txt.gz testdata/tune/selfplay-stockfish.txt.gz

.PHONY: sprt engine-clock engine-movetime engine-smp engine-smp-elo
## sprt: SPRT of the working tree's gambit-engine against BASE's (scripts/sprt.sh)
# builds gambit-engine at BASE (default HEAD: the working
# tree's uncommitted change against its last commit) in a temporary
# directory and from the working tree (or at the commit NEW), and plays them with cmd/match until
# the SPRT elo0=ELO0 (0) elo1=ELO1 (5) decides or GAMES (20000) games are
# played: TC (2+0.05, or an engine limit such as nodes=20000), CONCURRENCY
# (2) games at a time, one thread and Hash 16 each, TWIC and Lichess
# openings of 8 plies with colours swapped; HEAD_OPTIONS and BASE_OPTIONS
# (none) add match engine settings to one side, e.g.
# HEAD_OPTIONS='option.EvalFile=<builtin>' with BASE=HEAD for gambit's own
# network against the hand-written evaluation. Prints one result line and
# exits 0 for H1, 1 for H0, 2 without a decision, 3 on an error. Output
# in bin/sprt (see docs/engine.md).
sprt:
	BASE='$(BASE)' ELO0='$(call given,ELO0,0)' ELO1='$(call given,ELO1,5)' TC='$(call given,TC,2+0.05)' \
		CONCURRENCY='$(CONCURRENCY)' GAMES='$(call given,GAMES,20000)' NEW='$(NEW)' GO='$(GO)' \
		HEAD_OPTIONS='$(HEAD_OPTIONS)' BASE_OPTIONS='$(BASE_OPTIONS)' scripts/sprt.sh

## engine-smp: Lazy SMP's time to depth: gambit-engine bench at 1 and 2 threads, interleaved (scripts/smp-speedup.sh)
# SMP_ROUNDS (5) rounds of `gambit-engine bench SMP_DEPTH 1`
# and `bench SMP_DEPTH SMP_THREADS` (12 plies, 2 threads), one after the
# other; prints each run's time and the speed-up of the mean times. For a
# quiet machine (see docs/engine.md).
SMP_ROUNDS ?= 5
SMP_DEPTH ?= 12
SMP_THREADS ?= 2
engine-smp:
	ROUNDS='$(SMP_ROUNDS)' DEPTH='$(SMP_DEPTH)' THREADS='$(SMP_THREADS)' GO='$(GO)' scripts/smp-speedup.sh

## engine-smp-elo: gambit-engine at Threads=SMP_THREADS against itself at Threads=1, at SMP_TC (2+0.05), one game at a time
# SMP_GAMES_ROUNDS (100) pairs of games, TWIC openings of
# 8 plies with colours swapped, Hash 64 each, concurrency 1 so that the
# side to move has both cores; PGN and JSON in bin/smp. For a quiet
# machine (see docs/engine.md).
SMP_TC ?= 2+0.05
SMP_GAMES_ROUNDS ?= 100
engine-smp-elo:
	$(GO) build -o bin/gambit-engine ./cmd/gambit-engine
	$(GO) build -o bin/match ./cmd/match
	@mkdir -p bin/smp
	rm -f bin/smp/games.pgn bin/smp/summary.json
	bin/match -engine cmd=bin/gambit-engine name=threads-$(SMP_THREADS) option.Threads=$(SMP_THREADS) \
		-engine cmd=bin/gambit-engine name=threads-1 option.Threads=1 \
		-each proto=uci tc=$(SMP_TC) option.Hash=64 \
		-openings file=testdata/pgn/twic1599_1000k.pgn format=pgn order=sequential plies=8 \
		-rounds $(SMP_GAMES_ROUNDS) -games 2 -repeat -concurrency 1 -quiet \
		-pgnout bin/smp/games.pgn -json bin/smp/summary.json

## engine-clock: gambit-engine's clock over whole games at 1+0.01, 2+0.05, 10+0.1 and 40/60
# against Stockfish at Skill Level CLOCK_SKILL (7, about
# even; one thread, Hash 16 each), GAMES (4) games at each control of CLOCK_TCS, CONCURRENCY at a
# time, TWIC openings with colours swapped: fails when gambit-engine ends
# the games it played out (the opponent's time losses left out) with less
# than 5 % or more than 60 % of its base time left on average (for 40/60
# at the control passed last), or loses a game on time.
# For a quiet machine. PGN and JSON per control in bin/engine-clock.
CLOCK_TCS ?= 1+0.01 2+0.05 10+0.1 40/60
CLOCK_SKILL ?= 7
engine-clock:
	GAMBIT_ENGINE_CLOCK_GAMES='$(call given,GAMES,4)' GAMBIT_ENGINE_CLOCK_TCS='$(CLOCK_TCS)' GAMBIT_ENGINE_CLOCK_SKILL='$(CLOCK_SKILL)' \
		GAMBIT_ENGINE_CLOCK_CONCURRENCY='$(CONCURRENCY)' GAMBIT_ENGINE_CLOCK_OUT='$(CURDIR)/bin/engine-clock' \
		$(GO) test -count=1 -timeout 600m -run 'TestWholeGameClocks$$' -v ./cmd/gambit-engine

## engine-movetime: MOVETIME_RUNS (10) go movetime 1000 over UCI: wall time mean, min, max; each 900-1100 ms
# the wall time from go written to bestmove read, and
# the engine's own search time from its last info line, over
# MOVETIME_RUNS middlegames of the bench; fails when one answer comes
# outside 900 to 1100 ms. For a quiet machine (make test checks the
# engine's own time against the window, and the wall time from below).
MOVETIME_RUNS ?= 10
engine-movetime:
	GAMBIT_MOVETIME_RUNS='$(MOVETIME_RUNS)' $(GO) test -count=1 -run 'TestMovetimeOnAQuietMachine$$' -v ./cmd/gambit-engine
