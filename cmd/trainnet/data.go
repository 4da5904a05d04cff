package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/posfile"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// positions are training positions: for each, its inputs from White's
// perspective (perspective.Feature(core.White, ...)), the side to move
// and the target, White's expected score from 0 to 1.
type positions struct {
	start  []uint32 // position i's inputs are feats[start[i]:start[i+1]]
	feats  []uint16
	black  []bool // Black to move
	target []float32
}

func newPositions() positions { return positions{start: []uint32{0}} }

func (p *positions) len() int { return len(p.target) }

// add appends pos with White's expected score t.
func (p *positions) add(pos *core.Position, t float64) {
	for bb := pos.Occupied(); bb != 0; {
		s := bb.PopFirst()
		if f := perspective.Feature(core.White, s, pos.PieceAt(s)); f >= 0 {
			p.feats = append(p.feats, uint16(f))
		}
	}
	p.start = append(p.start, uint32(len(p.feats)))
	p.black = append(p.black, pos.SideToMove() == core.Black)
	p.target = append(p.target, float32(t))
}

// addMirror appends the last position again with the board mirrored left
// to right (files a and h swapped): the same target, chess being
// symmetric that way but for castling, which the network does not see.
func (p *positions) addMirror() {
	last := len(p.target) - 1
	for _, f := range p.feats[p.start[last]:p.start[last+1]] {
		p.feats = append(p.feats, f^7) // the square's file: its low three bits
	}
	p.start = append(p.start, uint32(len(p.feats)))
	p.black = append(p.black, p.black[last])
	p.target = append(p.target, p.target[last])
}

// blackFeature turns an input from White's perspective into Black's: the
// colours swapped and the ranks turned over.
func blackFeature(f int) int {
	if f < 384 {
		return (f ^ 56) + 384
	}
	return (f ^ 56) - 384
}

// expected is White's expected score of a score of cp centipawns for
// White: 1/(1+10^(-cp/k)), cmd/label's curve with k = 400.
func expected(cp, k float64) float64 { return 1 / (1 + math.Pow(10, -cp/k)) }

// data is what load read: the positions to train on and those held out.
type data struct {
	train, valid positions
	results      int // lines with a game result (FEN;score;result)
}

// load reads the positions of o.files. A line is "FEN;expected" (White's
// expected score from 0 to 1, cmd/label's and testdata/tune's lines: the
// target as it is) or "FEN;score;result" (self-play: the score in
// centipawns and the game's result, 1, 0.5 or 0, both White's: the target
// lambda*expected(score) + (1-lambda)*result). A file whose name ends in
// .gz is read through gzip. -holdout sets that fraction of the lines
// apart, drawn with -seed; -max keeps the first N lines in all; -mirror
// adds each position trained on mirrored left to right.
func load(o *options) (*data, error) {
	d := &data{train: newPositions(), valid: newPositions()}
	n := 0
	for _, path := range o.files {
		if err := d.readFile(o, path, &n); err != nil {
			return nil, err
		}
		if o.max > 0 && n >= o.max {
			break
		}
	}
	return d, nil
}

func (d *data) readFile(o *options, path string, n *int) error {
	err := posfile.Lines(path, func(line int, text string) error {
		if o.max > 0 && *n >= o.max {
			return errEnough
		}
		pos, t, withResult, err := parseLine(text, o.k, o.lambda)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if withResult {
			d.results++
		}
		rng := rand.New(rand.NewPCG(o.seed, uint64(*n)))
		*n++
		if rng.Float64() < o.holdout {
			d.valid.add(&pos, t)
		} else {
			d.train.add(&pos, t)
			if o.mirror {
				d.train.addMirror()
			}
		}
		return nil
	})
	if errors.Is(err, errEnough) {
		return nil
	}
	return err
}

// errEnough stops readFile's reading at -max positions.
var errEnough = errors.New("enough positions")

// parseLine reads one line and returns its position and target, and
// whether it had a game result.
func parseLine(text string, k, lambda float64) (core.Position, float64, bool, error) {
	fields := strings.Split(text, ";")
	if len(fields) != 2 && len(fields) != 3 {
		return core.Position{}, 0, false, fmt.Errorf("want FEN;expected or FEN;score;result, got %d fields", len(fields))
	}
	pos, err := core.ParseFEN(strings.TrimSpace(fields[0]))
	if err != nil {
		return core.Position{}, 0, false, err
	}
	num := func(s, what string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%s %q: want a number", what, s)
		}
		return v, nil
	}
	if len(fields) == 2 {
		e, err := num(fields[1], "expected score")
		if err != nil {
			return pos, 0, false, err
		}
		if e < 0 || e > 1 {
			return pos, 0, false, fmt.Errorf("expected score %g: want 0 to 1", e)
		}
		return pos, e, false, nil
	}
	cp, err := num(fields[1], "score")
	if err != nil {
		return pos, 0, false, err
	}
	r, err := num(fields[2], "result")
	if err != nil {
		return pos, 0, false, err
	}
	if r != 0 && r != 0.5 && r != 1 {
		return pos, 0, false, fmt.Errorf("result %g: want 1, 0.5 or 0", r)
	}
	return pos, lambda*expected(cp, k) + (1-lambda)*r, true, nil
}

// position returns position i of p as a core.Position: its pieces and
// side to move (no castling rights, no en passant square: the network
// does not read them).
func (p *positions) position(i int) (core.Position, error) {
	var board [64]byte
	for _, f := range p.feats[p.start[i]:p.start[i+1]] {
		rel, t, sq := int(f)/384, int(f)/64%6, int(f)%64
		c := "PNBRQK"[t]
		if rel == 1 {
			c += 'a' - 'A'
		}
		board[sq] = c
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := board[8*r+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.black[i] {
		b.WriteString(" b - - 0 1")
	} else {
		b.WriteString(" w - - 0 1")
	}
	return core.ParseFEN(b.String())
}
