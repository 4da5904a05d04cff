package main

import (
	"fmt"
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
	name  string // start, kiwipete, ... or the FEN given
	fen   string
	depth int
	want  uint64
}

// label is the target's name in the tables: "start d6".
func (t target) label() string { return fmt.Sprintf("%s d%d", t.name, t.depth) }

// parseTargets reads -positions: comma-separated NAME:DEPTH items, NAME one
// of namedFENs or a FEN. Every target must have a published count.
func parseTargets(spec string, pub published) ([]target, error) {
	var ts []target
	for item := range strings.SplitSeq(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		i := strings.LastIndexByte(item, ':')
		if i < 0 {
			return nil, fmt.Errorf("-positions: %q is not NAME:DEPTH", item)
		}
		name, ds := strings.TrimSpace(item[:i]), strings.TrimSpace(item[i+1:])
		depth, err := strconv.Atoi(ds)
		if err != nil || depth < 1 {
			return nil, fmt.Errorf("-positions: %q: the depth must be a whole number of plies from 1", item)
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
		ts = append(ts, target{name: name, fen: fen, depth: depth, want: want})
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("-positions: no position given")
	}
	return ts, nil
}
