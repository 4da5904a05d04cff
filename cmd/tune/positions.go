package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/quiet"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/search"
)

// samples are traced positions: for each, the counts of the weights that
// it uses (search.EvalTrace.Coef without its zeros), the shares of the
// middlegame and endgame values in its evaluation (the phase's blend and
// the drawish division) and the result of its game for White.
type samples struct {
	start    []int32 // position i's counts are idx and coef[start[i]:start[i+1]]
	idx      []uint16
	coef     []int16
	mg, eg   []float64
	result   []float64
	maxError float64 // the largest gap between the linear form and search.Evaluate
}

// set is what load read: the positions to fit and those held out.
type set struct {
	train, valid              samples
	games, heldGames, skipped int
}

// loadGames reads the games of o.files and traces their quiet positions.
func loadGames(o options) (*set, error) {
	s := &set{train: samples{start: []int32{0}}, valid: samples{start: []int32{0}}}
	eng := search.New()
	defer eng.Close()
	init := newVector(search.EvalWeights())
	var (
		g      pgn.Mainline
		picked []core.Position
		trace  search.EvalTrace
	)
	for _, path := range o.files {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("reading games: %w", err)
		}
		r := pgn.NewReader(f)
		for n := 0; o.games == 0 || n < o.games; n++ {
			err := r.NextMainline(&g)
			if errors.Is(err, io.EOF) {
				break
			}
			var perr *pgn.Error
			if errors.As(err, &perr) {
				s.skipped++
				continue
			} else if err != nil {
				f.Close()
				return nil, fmt.Errorf("reading games of %s: %w", path, err)
			}
			res, ok := resultForWhite(g.Result)
			if !ok {
				s.skipped++
				continue
			}
			rng := rand.New(rand.NewPCG(o.seed, uint64(s.games)))
			s.games++
			into := &s.train
			if rng.Float64() < o.holdout {
				into = &s.valid
				s.heldGames++
			}
			picked = quiet.Sample(rng, quiet.Positions(eng, &g, o.skip, nil, picked[:0]), o.perGame)
			for i := range picked {
				if err := into.add(&picked[i], &trace, res, init); err != nil {
					f.Close()
					return nil, err
				}
			}
		}
		f.Close()
	}
	return s, nil
}

// resultForWhite returns a game's result for White: 1, 0.5 or 0, and
// false for an unfinished game.
func resultForWhite(r string) (float64, bool) {
	switch r {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// add traces p into s, with its game's result res, and checks that the
// linear form with the weights w gives search.Evaluate's value.
func (s *samples) add(p *core.Position, t *search.EvalTrace, res float64, w vector) error {
	v := search.TraceEvaluate(p, t)
	if p.SideToMove() == core.Black {
		v = -v
	}
	for i, c := range t.Coef {
		if c != 0 {
			s.idx = append(s.idx, uint16(i))
			s.coef = append(s.coef, c)
		}
	}
	s.start = append(s.start, int32(len(s.idx)))
	mg := float64(t.Phase) / search.EvalMaxPhase
	eg := 1 - mg
	if t.Drawish {
		mg, eg = mg/8, eg/8
	}
	s.mg = append(s.mg, mg)
	s.eg = append(s.eg, eg)
	s.result = append(s.result, res)
	// The blend and the division round towards zero: less than 1 and 1/8.
	gap := math.Abs(s.eval(len(s.result)-1, w) - float64(v))
	if gap >= 1.125 {
		return fmt.Errorf("the evaluation's trace of %s gives %.2f, Evaluate %d: search.EvalTrace is out of step with the evaluation", p.FEN(), s.eval(len(s.result)-1, w), v)
	}
	s.maxError = max(s.maxError, gap)
	return nil
}

// loadScores reads the scored positions of o.files (cmd/label's lines: a
// FEN, a semicolon and White's expected score from 0 to 1; a file whose
// name ends in .gz is read through gzip) and traces them; -holdout sets that fraction of the lines apart, drawn with -seed.
func loadScores(o options) (*set, error) {
	s := &set{train: samples{start: []int32{0}}, valid: samples{start: []int32{0}}}
	init := newVector(search.EvalWeights())
	var trace search.EvalTrace
	n := 0
	for _, path := range o.files {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("reading scored positions: %w", err)
		}
		var in io.Reader = f
		if strings.HasSuffix(path, ".gz") {
			z, err := gzip.NewReader(f)
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("reading %s: %w", path, err)
			}
			in = z
		}
		sc := bufio.NewScanner(in)
		for line := 1; sc.Scan(); line++ {
			fen, val, ok := strings.Cut(sc.Text(), ";")
			if !ok {
				f.Close()
				return nil, fmt.Errorf("%s:%d: want a FEN, a semicolon and a score", path, line)
			}
			p, err := core.ParseFEN(fen)
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %w", path, line, err)
			}
			r, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
			if err != nil || !(r >= 0 && r <= 1) {
				f.Close()
				return nil, fmt.Errorf("%s:%d: score %q: want a number from 0 to 1", path, line, val)
			}
			rng := rand.New(rand.NewPCG(o.seed, uint64(n)))
			n++
			into := &s.train
			if rng.Float64() < o.holdout {
				into = &s.valid
			}
			if err := into.add(&p, &trace, r, init); err != nil {
				f.Close()
				return nil, err
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return s, nil
}
