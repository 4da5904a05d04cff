package perft_test

import (
	"fmt"
	"slices"
	"strings"
)

// Stockfish and gambit write the same position with different, equally
// valid FENs: Stockfish writes Chess960 castling as Shredder-FEN rook files
// ("HFhf") where gambit writes X-FEN ("KQkq" for the outermost rooks), and
// Stockfish keeps an en-passant square whenever an enemy pawn stands next to
// the pawn that advanced two squares, where gambit writes it only when the
// capture is legal. fenFacts reads a FEN into what both must agree on, with
// its own small parser so that gambit's FEN reader is not part of the check.

// fenFacts is the content of a FEN, castling resolved to rook squares.
type fenFacts struct {
	board, side, ep, halfmove, fullmove string
	castling                            []string // "white h1", "black a8", ..., sorted
}

// readFENFacts parses a six-field FEN.
func readFENFacts(fen string) (fenFacts, error) {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return fenFacts{}, fmt.Errorf("FEN %q: want 6 fields, have %d", fen, len(f))
	}
	var board [8][8]byte // [rank][file], rank 0 is the first rank
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return fenFacts{}, fmt.Errorf("FEN %q: want 8 ranks", fen)
	}
	for i, row := range rows {
		file := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			if file > 7 {
				return fenFacts{}, fmt.Errorf("FEN %q: rank %d too long", fen, 8-i)
			}
			board[7-i][file] = c
			file++
		}
	}
	facts := fenFacts{board: f[0], side: f[1], ep: f[3], halfmove: f[4], fullmove: f[5]}
	if f[2] == "-" {
		return facts, nil
	}
	for _, c := range []byte(f[2]) {
		color, rank, rook, king := "white", 0, byte('R'), byte('K')
		if c >= 'a' && c <= 'z' {
			color, rank, rook, king = "black", 7, 'r', 'k'
		}
		kf := slices.Index(board[rank][:], king)
		if kf < 0 {
			return fenFacts{}, fmt.Errorf("FEN %q: castling %q without a king on its first rank", fen, c)
		}
		rf := -1
		switch lc := c | 0x20; {
		case lc == 'k': // the outermost rook on the h-side
			for x := 7; x > kf && rf < 0; x-- {
				if board[rank][x] == rook {
					rf = x
				}
			}
		case lc == 'q': // the outermost rook on the a-side
			for x := 0; x < kf && rf < 0; x++ {
				if board[rank][x] == rook {
					rf = x
				}
			}
		case lc >= 'a' && lc <= 'h':
			if x := int(lc - 'a'); board[rank][x] == rook {
				rf = x
			}
		}
		if rf < 0 {
			return fenFacts{}, fmt.Errorf("FEN %q: castling %q names no rook", fen, c)
		}
		facts.castling = append(facts.castling, fmt.Sprintf("%s %c%d", color, 'a'+rf, rank+1))
	}
	slices.Sort(facts.castling)
	return facts, nil
}

// compareFENs returns an error saying how gambit's FEN of a position differs
// from Stockfish's FEN of the same position, or nil when they agree. An
// en-passant square only Stockfish writes is accepted: it marks a capture
// that is not legal, and the perft comparison then proves gambit right not
// to offer it.
func compareFENs(gambit, stockfish string) error {
	g, err := readFENFacts(gambit)
	if err != nil {
		return fmt.Errorf("gambit's FEN: %w", err)
	}
	s, err := readFENFacts(stockfish)
	if err != nil {
		return fmt.Errorf("stockfish's FEN: %w", err)
	}
	var diffs []string
	diff := func(what, gv, sv string) {
		if gv != sv {
			diffs = append(diffs, fmt.Sprintf("%s: gambit %q, Stockfish %q", what, gv, sv))
		}
	}
	diff("board", g.board, s.board)
	diff("side to move", g.side, s.side)
	diff("castling rooks", strings.Join(g.castling, ", "), strings.Join(s.castling, ", "))
	if g.ep != "-" {
		diff("en passant", g.ep, s.ep)
	}
	diff("halfmove clock", g.halfmove, s.halfmove)
	diff("fullmove number", g.fullmove, s.fullmove)
	if len(diffs) > 0 {
		return fmt.Errorf("gambit FEN %q, Stockfish FEN %q: %s", gambit, stockfish, strings.Join(diffs, "; "))
	}
	return nil
}
