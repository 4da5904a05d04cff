package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

// suiteFiles are the published perft suites, relative to the repository's
// top, that every count is checked against (see testdata/perft/SOURCES.md).
var suiteFiles = []string{"testdata/perft/standard.epd", "testdata/perft/tricky.perft"}

// namedFENs are the positions -positions accepts by name: those of the
// bench module's positions.go.
var namedFENs = map[string]string{
	"start":      core.StartFEN,
	"kiwipete":   "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"middlegame": "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"endgame":    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"checks":     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
}

// published holds the published leaf counts: by position (fenKey), by depth.
type published map[string]map[int]uint64

// fenKey is the part of a FEN that decides the move tree: placement, side
// to move, castling rights and en passant square (the clocks do not).
func fenKey(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 4 {
		f = f[:4]
	}
	return strings.Join(f, " ")
}

// loadPublished reads the suites of suiteFiles under root.
func loadPublished(root string) (published, error) {
	pub := published{}
	for _, name := range suiteFiles {
		cases, err := perft.ReadSuiteFile(filepath.Join(root, name))
		if err != nil {
			return nil, fmt.Errorf("reading the published counts: %w", err)
		}
		for _, c := range cases {
			k := fenKey(c.FEN)
			if pub[k] == nil {
				pub[k] = map[int]uint64{}
			}
			for _, e := range c.Counts {
				if old, ok := pub[k][e.Depth]; ok && old != e.Nodes {
					return nil, fmt.Errorf("%s: depth %d of %q is published as both %d and %d", name, e.Depth, c.FEN, old, e.Nodes)
				}
				pub[k][e.Depth] = e.Nodes
			}
		}
	}
	return pub, nil
}

// target is one position and depth to measure, with its published count.
type target struct {
	name  string // start, kiwipete, ... or the FEN given; "horde start" for a variant's
	fen   string
	depth int
	want  uint64
	// known says whether want is known before the rounds: published
	// (testdata), agreed on by gambit and Fairy-Stockfish (agreedSuites),
	// or counted once before the rounds by another program (checkSplit);
	// source says which, for the error of a count that differs. Where it
	// is not, want is 0 until the first count of the run, which every
	// other count must then equal.
	known  bool
	source string
	// variant is the variant's lichess name (core.Variant.String), or ""
	// for standard chess.
	variant string
	// engine, when not nil, is the same position at the depth the UCI
	// engines (Fairy-Stockfish) count, which -variants NAME:D/E sets
	// apart from the depth of the programs run as processes (gambit's
	// cmd/perft): one depth gives gambit too few leaves to time, the next
	// Fairy-Stockfish too many. Both are bulk counts of the same position,
	// so their leaves a second compare.
	engine *target
}

// label is the target's name in the tables: "start d6", or "horde start
// d8/d7" for one whose UCI engines count another depth.
func (t target) label() string {
	if t.engine != nil {
		return fmt.Sprintf("%s d%d/%d", t.name, t.depth, t.engine.depth)
	}
	return fmt.Sprintf("%s d%d", t.name, t.depth)
}

// ownLabel is the target's name at its own depth, "horde start d8",
// where label gives both depths of a target with an engine depth.
func (t target) ownLabel() string { return fmt.Sprintf("%s d%d", t.name, t.depth) }

// forProgram returns the target as a program counts it: for a UCI engine
// (engine), the engine's depth where it has one of its own.
func (t *target) forProgram(engine bool) *target {
	if engine && t.engine != nil {
		return t.engine
	}
	return t
}

// parseTargets reads -positions: comma-separated NAME:DEPTH items, NAME one
// of namedFENs or a FEN. Every target must have a published count.
func parseTargets(spec string, pub published) ([]target, error) {
	var ts []target
	for item := range strings.SplitSeq(spec, ",") {
		name, depth, err := splitItem("-positions", item)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		fen, ok := namedFENs[name]
		if !ok {
			if _, err := core.ParseFEN(name); err != nil {
				return nil, fmt.Errorf("-positions: %q is neither a known name (start, kiwipete, middlegame, endgame, checks) nor a FEN: %w", name, err)
			}
			fen = name
		}
		want, ok := pub[fenKey(fen)][depth]
		if !ok {
			return nil, fmt.Errorf("-positions: %q: no published count at depth %d in %s", name, depth, strings.Join(suiteFiles, " or "))
		}
		ts = append(ts, target{name: name, fen: fen, depth: depth, want: want, known: true, source: sourcePublished})
	}
	return ts, nil
}

// splitItem reads one NAME:DEPTH item of flag's list; an empty item gives
// an empty name.
func splitItem(flag, item string) (name string, depth int, err error) {
	name, depth, other, err := splitDepths(flag, item)
	if err == nil && other != 0 {
		return "", 0, fmt.Errorf("%s: %q: one depth only (NAME:DEPTH)", flag, item)
	}
	return name, depth, err
}

// splitDepths reads one NAME:DEPTH or NAME:DEPTH/ENGINEDEPTH item of
// flag's list (other is 0 where there is no second depth); an empty item
// gives an empty name.
func splitDepths(flag, item string) (name string, depth, other int, err error) {
	item = strings.TrimSpace(item)
	if item == "" {
		return "", 0, 0, nil
	}
	i := strings.LastIndexByte(item, ':')
	if i < 0 {
		return "", 0, 0, fmt.Errorf("%s: %q is not NAME:DEPTH", flag, item)
	}
	name = strings.TrimSpace(item[:i])
	ds, es, split := strings.Cut(item[i+1:], "/")
	bad := fmt.Errorf("%s: %q: the depth must be a whole number of plies from 1", flag, item)
	if depth, err = strconv.Atoi(strings.TrimSpace(ds)); err != nil || depth < 1 {
		return "", 0, 0, bad
	}
	if split {
		if other, err = strconv.Atoi(strings.TrimSpace(es)); err != nil || other < 1 {
			return "", 0, 0, bad
		}
	}
	return name, depth, other, nil
}

// variantSuites is the folder, under the repository's top, of the
// variants' published counts: a file a variant, named for it
// (horde.perft; see testdata/SOURCES.md).
const variantSuites = "testdata/variants"

// agreedSuites is the folder, under the repository's top, of counts of
// the variants' start positions deeper than any published: each counted
// by gambit's cmd/perft and by Fairy-Stockfish, which agree (a file a
// variant, as in variantSuites; see its files' headers).
const agreedSuites = "bench/testdata/variants"

// The sources of a count known before the rounds, as an error names them
// ("the published count is ..."); a count another program made before the
// rounds has its own (checkSplit).
const (
	sourcePublished = "published count"
	sourceAgreed    = "count gambit and Fairy-Stockfish agreed on (" + agreedSuites + ")"
)

// parseVariantTargets reads -variants: comma-separated NAME:DEPTH items,
// NAME a variant gambit plays (3check, kingofthehill, antichess, horde,
// racingkings, or any name core.ParseVariant reads), each counted from
// its start position; NAME:DEPTH/EDEPTH has the UCI engines
// (Fairy-Stockfish) count EDEPTH instead. A depth's count is the one
// published in the variant's suite under root where there is one, else
// the one of agreedSuites, and otherwise unknown until the run.
func parseVariantTargets(spec, root string) ([]target, error) {
	var ts []target
	for item := range strings.SplitSeq(spec, ",") {
		name, depth, other, err := splitDepths("-variants", item)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		v, err := core.ParseVariant(name)
		if err != nil {
			return nil, fmt.Errorf("-variants: %w", err)
		}
		if v == core.Standard {
			return nil, fmt.Errorf("-variants: %q is standard chess (give it to -positions)", name)
		}
		if _, err := core.VariantStartPosition(v); err != nil {
			return nil, fmt.Errorf("-variants: %q: %w", name, err)
		}
		t := target{name: v.String() + " start", fen: core.VariantStartFEN(v), depth: depth, variant: v.String()}
		if other != 0 && other != depth {
			e := t
			e.depth = other
			t.engine = &e
		}
		for _, dir := range []struct{ dir, source string }{
			{variantSuites, sourcePublished},
			{agreedSuites, sourceAgreed},
		} {
			path := filepath.Join(root, dir.dir, v.String()+".perft")
			cases, err := perft.ReadSuiteFile(path)
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("-variants: reading the known counts: %w", err)
			}
			for _, c := range cases {
				if fenKey(c.FEN) != fenKey(t.fen) {
					continue
				}
				for _, e := range c.Counts {
					for _, x := range []*target{&t, t.engine} {
						if x != nil && e.Depth == x.depth && !x.known {
							x.want, x.known, x.source = e.Nodes, true, dir.source
						}
					}
				}
			}
		}
		ts = append(ts, t)
	}
	return ts, nil
}
