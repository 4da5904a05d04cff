package xboard

import (
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// editBoard is the board of edit mode.
type editBoard struct {
	board [64]core.Piece
	black bool // pieces placed are black ("c" toggles)
	side  core.Color
}

func newEditBoard(p core.Position) *editBoard {
	b := &editBoard{side: p.SideToMove()}
	for sq := core.Square(0); sq < 64; sq++ {
		b.board[sq] = p.PieceAt(sq)
	}
	return b
}

// editCommand handles one command of edit mode.
func (s *server) editCommand(line string) {
	b := s.edit
	switch {
	case line == "#":
		b.board = [64]core.Piece{}
	case line == "c":
		b.black = !b.black
	case line == ".":
		s.edit = nil
		p, err := core.ParseVariantFEN(s.variant, b.fen())
		if err != nil {
			s.fail("illegal position", "edit")
			return
		}
		s.resetGame(p)
	case len(line) == 3 && strings.ContainsRune("PNBRQKXpnbrqkx", rune(line[0])):
		sq, err := core.ParseSquare(line[1:])
		if err != nil {
			s.fail("bad square", line)
			return
		}
		c := line[0] | 0x20 // lower case
		if c == 'x' {
			b.board[sq] = core.NoPiece
			return
		}
		color := core.White
		if b.black {
			color = core.Black
		}
		b.board[sq] = core.NewPiece(color, core.PieceType(strings.IndexByte("pnbrqk", c)+1))
	default:
		s.fail("bad edit command", line)
	}
}

// fen writes the edited board as a FEN, castling rights for kings and
// rooks on their squares.
func (b *editBoard) fen() string {
	var sb strings.Builder
	sb.WriteString(core.PlacementFEN(&b.board))
	if b.side == core.White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	wk, wr := core.NewPiece(core.White, core.King), core.NewPiece(core.White, core.Rook)
	bk, br := core.NewPiece(core.Black, core.King), core.NewPiece(core.Black, core.Rook)
	castle := ""
	if b.board[core.E1] == wk {
		if b.board[core.H1] == wr {
			castle += "K"
		}
		if b.board[core.A1] == wr {
			castle += "Q"
		}
	}
	if b.board[core.E8] == bk {
		if b.board[core.H8] == br {
			castle += "k"
		}
		if b.board[core.A8] == br {
			castle += "q"
		}
	}
	if castle == "" {
		castle = "-"
	}
	sb.WriteString(castle + " - 0 1")
	return sb.String()
}
