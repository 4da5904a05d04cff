# gambit: the two set-up commands are `make perft` and `make test`.
GO ?= go
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
DEPTH ?= 6
FUZZTIME ?= 60s

.PHONY: all generate test lint perft perft-suite bench fuzz check-generate san-oracle-deep

all: test

## generate: regenerate tables/ from gen/ (the committed files must not change)
generate:
	$(GO) generate ./...

## test: everything CI runs: formatting, vet, staticcheck, all tests with the
## published perft suites to 10M nodes a line and the Stockfish oracle
test: lint
	$(GO) test -count=1 ./...

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...

## perft: perft of the start position (DEPTH=6 by default)
perft:
	$(GO) run ./cmd/perft -fen startpos -depth $(DEPTH)

## perft-suite: every published suite at full depth (minutes)
perft-suite:
	$(GO) build -o bin/perft ./cmd/perft
	bin/perft -epd testdata/perft/standard.epd
	bin/perft -epd testdata/perft/tricky.perft
	bin/perft -epd testdata/perft/chess960.epd

## bench: benchmarks of the core and perft
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core ./perft ./san

## fuzz: run every fuzz target for FUZZTIME each
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

## san-oracle-deep: 5,000 random games (half Chess960) against chessops
san-oracle-deep:
	GAMBIT_SAN_ORACLE_GAMES=5000 GAMBIT_SAN_ORACLE_SEED=7 $(GO) test -count=1 -run TestOracleChessops -v ./san

## check-generate: fail if `go generate` changes the committed tables
check-generate:
	$(GO) test -count=1 -run TestTablesAreReproducible ./gen
