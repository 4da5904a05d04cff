package play

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// Width is the widest line Lines draws, in columns.
const Width = 80

// RenderBoard draws g's board for the screen as lines: Unicode pieces on
// ANSI-coloured squares with the last move and a king in check marked
// (game.Render does the drawing), or ASCII letters with ascii. With noColor
// there is no escape code at all: the last move's squares are marked with
// brackets, "[e2]" style ("[.|K]" side by side), and a king in check with
// "!" after it. flip shows
// the board from Black's side.
func RenderBoard(g *game.Game, flip, ascii, noColor bool) []string {
	out := g.Render(game.RenderOptions{Unicode: !ascii, Color: !noColor, Flip: flip, BoardOnly: true})
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !noColor || len(lines) < 9 {
		return lines
	}
	mark := func(sq core.Square, before, after rune) {
		row, col := 7-sq.Rank(), sq.File()
		if flip {
			row, col = sq.Rank(), 7-sq.File()
		}
		r := []rune(lines[1+row])
		if len(r) < 21 {
			return
		}
		// Two marked squares side by side share the space: "[.|K]".
		if before != 0 {
			if r[3+2*col] == ']' {
				before = '|'
			}
			r[3+2*col] = before
		}
		if r[5+2*col] == '[' {
			after = '|'
		}
		r[5+2*col] = after
		lines[1+row] = string(r)
	}
	if moves := g.Moves(); len(moves) > 0 {
		prev := g.StartPosition()
		for _, m := range moves[:len(moves)-1] {
			prev.MakeMove(m)
		}
		last := moves[len(moves)-1]
		squares := []core.Square{last.From(), last.To()}
		if last.IsCastle() {
			squares = []core.Square{last.From(), prev.CastleKingSquare(last)}
		}
		for _, sq := range squares {
			mark(sq, '[', ']')
		}
	}
	if pos := g.Position(); pos.InCheck() {
		mark(pos.KingSquare(pos.SideToMove()), 0, '!')
	}
	return lines
}

// refresh redraws what only changes with the game: the board, the side
// panel's moves, the status line.
func (s *Session) refresh() {
	s.board = RenderBoard(s.g, s.flip, s.cfg.ASCII, s.cfg.NoColor)
	s.status = s.statusLine()
}

// statusLine says whose move it is, a check, a claimable draw, or the end.
func (s *Session) statusLine() string {
	g := s.g
	if g.IsOver() {
		return "Game over: " + Describe(g.Outcome(), g.SideToMove())
	}
	pos := g.Position()
	side := capital(pos.SideToMove().String())
	st := fmt.Sprintf("Move %d, %s to move", pos.FullmoveNumber(), side)
	if s.cfg.Player != nil {
		if pos.SideToMove() == s.you {
			st += " (you)"
		} else {
			st += " (" + s.name + ")"
		}
	}
	if pos.InCheck() {
		st += ": check!"
	}
	if v := g.Variant(); v != core.Standard {
		st += "; " + pgn.VariantName(v)
	}
	if d := g.ClaimableDraw(); d != game.Ongoing {
		st += "; a draw by " + d.String() + " may be claimed (draw)"
	}
	if s.failed {
		st += "; the engine failed"
	}
	return st
}

// VisibleWidth returns how many columns s takes on a terminal: runes,
// not counting ANSI escape sequences.
func VisibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

// Clip cuts plain text to width columns, marking the cut with an ellipsis.
func Clip(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width-1]) + "…"
}

// playerName returns the name shown for side.
func (s *Session) playerName(side core.Color) string {
	name := capital(side.String())
	if s.cfg.Player != nil {
		if side == s.you {
			return name + ": you"
		}
		return name + ": " + s.name
	}
	return name
}

// clockLine returns side's clock as shown, with a mark when it runs.
func (s *Session) clockLine(side core.Color) string {
	if s.clock == nil {
		return ""
	}
	l := "  " + FormatClock(s.clock.Left(side, s.cfg.Now()))
	if c, on := s.clock.Running(); on && c == side {
		if s.cfg.ASCII {
			l += " <"
		} else {
			l += " ◀"
		}
	}
	return l
}

// moveRows returns the game's moves in SAN, a full move a row ("12. Nf3
// Nc6").
func moveRows(g *game.Game) []string {
	pos := g.StartPosition()
	var rows []string
	num := pos.FullmoveNumber()
	row := ""
	if pos.SideToMove() == core.Black {
		row = fmt.Sprintf("%d. ...", num)
	}
	for _, m := range g.Moves() {
		if pos.SideToMove() == core.White {
			row = fmt.Sprintf("%d. %s", pos.FullmoveNumber(), san.Format(&pos, m))
		} else {
			rows = append(rows, row+" "+san.Format(&pos, m))
			row = ""
		}
		pos.MakeMove(m)
	}
	if row != "" {
		rows = append(rows, row)
	}
	return rows
}

// moveColumns lays the move rows out in as many columns of height lines
// as width columns of text hold, one column after the other, and keeps
// the last rows when they do not all fit.
func moveColumns(rows []string, height, width int) []string {
	if height <= 0 || len(rows) == 0 {
		return nil
	}
	colWidth := 0
	for _, r := range rows {
		colWidth = max(colWidth, utf8.RuneCountInString(r))
	}
	colWidth += 2
	cols := max(1, (width+2)/colWidth)
	if keep := height * cols; len(rows) > keep {
		rows = rows[len(rows)-keep:]
	}
	out := make([]string, min(height, len(rows)))
	for i, r := range rows {
		line := i % height
		if pad := i/height*colWidth - utf8.RuneCountInString(out[line]); pad > 0 {
			out[line] += strings.Repeat(" ", pad)
		}
		out[line] += r
	}
	return out
}

// Lines returns the screen but for the input line: height-1 lines of at
// most Width columns (board and side panel, status, messages). Lines may
// be called while the engine thinks: it then reads only what refresh kept.
func (s *Session) Lines(height int) []string {
	board := s.board
	top, bottom := core.Black, core.White
	if s.flip {
		top, bottom = bottom, top
	}
	n := len(board)
	panel := make([]string, n)
	panel[0] = s.playerName(top)
	panel[1] = s.clockLine(top)
	panel[n-2] = s.clockLine(bottom)
	panel[n-1] = s.playerName(bottom)
	boardWidth := 0
	for _, l := range board {
		boardWidth = max(boardWidth, VisibleWidth(l))
	}
	// The moves between the two players' names and clocks, in columns
	// when they are many.
	first, rows := 2, n-4
	if s.clock == nil {
		first, rows = 1, n-2
	}
	if !s.thinking {
		s.rows = moveColumns(moveRows(s.g), rows, Width-boardWidth-3-2)
	}
	for i, r := range s.rows {
		panel[first+i] = "  " + r
	}
	lines := make([]string, 0, height)
	for i, l := range board {
		pad := strings.Repeat(" ", boardWidth-VisibleWidth(l)+3)
		lines = append(lines, l+pad+Clip(panel[i], Width-boardWidth-3))
	}
	lines = append(lines, Clip(s.status, Width))
	for _, m := range s.msgs {
		lines = append(lines, Clip(m, Width))
	}
	for len(lines) < height-1 {
		lines = append(lines, "")
	}
	if len(lines) > height-1 {
		// Keep the board and status; show the messages' end.
		keep := n + 1
		if height-1 > keep {
			lines = append(lines[:keep], lines[len(lines)-(height-1-keep):]...)
		} else {
			lines = lines[:max(height-1, 0)]
		}
	}
	return lines
}
