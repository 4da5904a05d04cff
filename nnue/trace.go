package nnue

import (
	"fmt"
	"math"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Trace is what Stockfish 15.1's eval command prints of the network, as
// numbers: the derived value of each piece and each layer stack's terms.
// Values are in internal units (PawnValue a pawn).
type Trace struct {
	// SideToMove is the side to move of the traced position.
	SideToMove core.Color
	// Bucket is the layer stack the position uses: (pieces-1)/4.
	Bucket int
	// PSQT and Positional are each layer stack's material (PSQT) and
	// positional (layers) terms for the position, from the side to move's
	// point of view, each divided by 16 on its own as Stockfish does (so
	// their sum, the table's Total, can differ by one from Eval).
	PSQT, Positional [Buckets]int
	// Eval is the NNUE evaluation from White's point of view: the "NNUE
	// evaluation" line.
	Eval int
	// Final is the final evaluation from White's point of view, with the
	// optimism 0 (EvaluateFinal): the value of the "Final evaluation" line
	// when Stockfish evaluates the position with its network (FormatFinal
	// writes that line).
	Final int
	// Board is the traced position's board.
	Board [64]core.Piece
	// PieceValue holds, for each square with a piece other than a king,
	// White's evaluation less White's evaluation without that piece
	// ("NNUE derived piece values"); 0 elsewhere.
	PieceValue [64]int
}

// Trace fills t with pos's trace. It returns an error matching ErrPosition
// for a position CheckPosition refuses.
func (e *Evaluator) Trace(pos *core.Position, t *Trace) error {
	if err := CheckPosition(pos); err != nil {
		return err
	}
	e.setBoard(pos)
	*t = Trace{SideToMove: e.stm, Bucket: e.bucket(-1)}
	white := func(v int32) int {
		if e.stm == core.Black {
			return -int(v)
		}
		return int(v)
	}
	e.refresh(-1)
	for b := range Buckets {
		psqt, positional := e.run(b)
		t.PSQT[b] = int(psqt / outputScale)
		t.Positional[b] = int(positional / outputScale)
		if b == t.Bucket {
			t.Eval = white((psqt + positional) / outputScale)
			t.Final = white(int32(finalValue(pos, psqt, positional, 0)))
		}
	}
	for i := range e.n {
		t.Board[e.sq[i]] = e.pc[i]
		if e.pc[i].Type() == core.King {
			continue
		}
		e.refresh(i)
		psqt, positional := e.run(e.bucket(i))
		t.PieceValue[e.sq[i]] = t.Eval - white((psqt+positional)/outputScale)
	}
	return nil
}

// Trace is Evaluator.Trace with an Evaluator from the network's pool.
func (n *Network) Trace(pos *core.Position, t *Trace) error {
	e := n.pool.Get().(*Evaluator)
	err := e.Trace(pos, t)
	n.pool.Put(e)
	return err
}

// String returns the trace as Stockfish 15.1's eval command prints the
// network's part of it, character for character: the board of derived
// piece values, the table of network contributions, and the "NNUE
// evaluation" line.
func (t *Trace) String() string {
	var sb strings.Builder
	sb.WriteString(" NNUE derived piece values:\n")
	for _, row := range t.boardRows() {
		sb.WriteString(row)
		sb.WriteByte('\n')
	}
	sb.WriteByte('\n')
	side := "White"
	if t.SideToMove == core.Black {
		side = "Black"
	}
	const rule = "+------------+------------+------------+------------+\n"
	fmt.Fprintf(&sb, " NNUE network contributions (%s to move)\n", side)
	sb.WriteString(rule)
	sb.WriteString("|   Bucket   |  Material  | Positional |   Total    |\n")
	sb.WriteString("|            |   (PSQT)   |  (Layers)  |            |\n")
	sb.WriteString(rule)
	for b := range Buckets {
		fmt.Fprintf(&sb, "|  %d         |  %s   |  %s   |  %s   |", b,
			FormatPawns(t.PSQT[b]), FormatPawns(t.Positional[b]), FormatPawns(t.PSQT[b]+t.Positional[b]))
		if b == t.Bucket {
			sb.WriteString(" <-- this bucket is used")
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(rule)
	fmt.Fprintf(&sb, "\nNNUE evaluation        %+.2f (white side)\n", float64(t.Eval)/PawnValue)
	return sb.String()
}

// boardRows draws the 25 rows of the piece-value board: a box of 8 by 3
// characters a square, the piece's letter and its value inside.
func (t *Trace) boardRows() []string {
	var grid [25][65]byte
	for y := range grid {
		for x := range grid[y] {
			grid[y][x] = ' '
		}
	}
	for sq := core.Square(0); sq < 64; sq++ {
		x, y := sq.File()*8, (7-sq.Rank())*3
		for i := 1; i < 8; i++ {
			grid[y][x+i], grid[y+3][x+i] = '-', '-'
		}
		for i := 1; i < 3; i++ {
			grid[y+i][x], grid[y+i][x+8] = '|', '|'
		}
		grid[y][x], grid[y][x+8], grid[y+3][x], grid[y+3][x+8] = '+', '+', '+', '+'
		pc := t.Board[sq]
		if pc == core.NoPiece {
			continue
		}
		grid[y+1][x+4] = pc.Letter()
		if pc.Type() != core.King {
			copy(grid[y+2][x+2:], FormatPieceValue(t.PieceValue[sq]))
		}
	}
	rows := make([]string, len(grid))
	for y := range grid {
		rows[y] = string(grid[y][:])
	}
	return rows
}

// FormatPawns writes v (internal units) in pawns as the network table of
// Stockfish's eval does: a sign (a space for zero) and the magnitude in
// six characters with two decimals.
func FormatPawns(v int) string {
	sign := byte(' ')
	if v < 0 {
		sign = '-'
	} else if v > 0 {
		sign = '+'
	}
	return fmt.Sprintf("%c%6.2f", sign, math.Abs(float64(v))/PawnValue)
}

// FormatPieceValue writes v (internal units) in five characters as the
// piece-value board of Stockfish's eval does: a sign (a space for zero),
// then the truncated centipawns as d.dd, dd.d or ddd (and a space).
func FormatPieceValue(v int) string {
	b := []byte{' ', 0, 0, 0, 0}
	if v < 0 {
		b[0] = '-'
	} else if v > 0 {
		b[0] = '+'
	}
	cp := 100 * v / PawnValue
	if cp < 0 {
		cp = -cp
	}
	switch {
	case cp >= 10000:
		b[1], b[2], b[3], b[4] = digit(cp/10000), digit(cp/1000), digit(cp/100), ' '
	case cp >= 1000:
		b[1], b[2], b[3], b[4] = digit(cp/1000), digit(cp/100), '.', digit(cp/10)
	default:
		b[1], b[2], b[3], b[4] = digit(cp/100), '.', digit(cp/10), digit(cp)
	}
	return string(b)
}

// digit is the last decimal digit of n.
func digit(n int) byte { return byte('0' + n%10) }
