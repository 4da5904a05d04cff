package svg

import (
	"math"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// The pieces are gambit's own shapes, drawn for this package in a 45 by
// 45 box and under gambit's licence: Staunton outlines (a crowned king, a
// queen's five-pointed crown, a mitred bishop, a horse's head, a
// crenellated rook, a round-headed pawn) standing on a common plinth. The
// king and the queen fill about 90 % of a square's height, the pawn about
// 80 %. White pieces are white with a black outline, black pieces black
// with white details.

// Piece colours: what a test looks for in the middle of a piece.
const (
	whiteFill = "#ffffff"
	blackFill = "#000000"
)

// pieceBase is the plinth every piece stands on, from y 39 to 42.75.
const pieceBase = `<path d="M9.5,42.75 h26 q1.5,0 1.5,-1.5 v-0.75 q0,-1.5 -1.5,-1.5 h-26 q-1.5,0 -1.5,1.5 v0.75 q0,1.5 1.5,1.5 z"/>`

// pieceFoot is the ring between a piece's body and its plinth, the plinth,
// and the line between them.
const pieceFoot = `<path d="M11,39 v-2 q0,-2 2,-2 h19 q2,0 2,2 v2 z"/>` + pieceBase +
	`<path fill="none" stroke="DETAIL" stroke-width="1" d="M12,39 h21"/>`

var pieceShapes = [...]string{
	core.Pawn: `<path d="M14.5,35 C14.5,29 18,25.5 19.5,21.5 h6 C27,25.5 30.5,29 30.5,35 z"/>` +
		`<path d="M16.5,22 q0,-2.5 6,-2.5 q6,0 6,2.5 z"/><circle cx="22.5" cy="13" r="5.75"/>` + pieceFoot,
	core.Knight: `<path d="M13,35 C13,29 18,25.5 20,21 C17.5,22.5 15,23 12.5,25 C10.5,26.5 8,26.5 7,24.5 C6,22.5 7,20 9,17 C11,13 13,10 16,8 L15.5,3.5 L19,6.5 L21,3 L22.5,7 C30,8.5 35.5,15 36,24 C36.3,29 35,32 34,35 z"/>` +
		`<circle fill="DETAIL" stroke="none" cx="16.5" cy="13" r="1.6"/>` +
		`<path fill="none" stroke="DETAIL" d="M22.5,7.8 C28,10 31.5,15 32.5,22 M9.5,21.5 h1.5"/>` + pieceFoot,
	core.Bishop: `<path d="M15,35 C11.5,29 13,20 22.5,10 C32,20 33.5,29 30,35 z"/>` +
		`<circle cx="22.5" cy="7" r="3"/>` +
		`<path fill="none" stroke="DETAIL" d="M22.5,17.5 v9 M18,22 h9"/>` + pieceFoot,
	core.Rook: `<path d="M14,35 l1.5,-16 h14 l1.5,16 z"/>` +
		`<path d="M11,19 v-13.5 h5 v4 h3.5 v-4 h6 v4 h3.5 v-4 h5 v13.5 z"/>` +
		`<path fill="none" stroke="DETAIL" d="M12.5,15.5 h20"/>` + pieceFoot,
	core.Queen: `<path d="M11,35 L6.5,13.5 L13,25 L14.5,9.5 L19.5,23.5 L22.5,7.5 L25.5,23.5 L30.5,9.5 L32,25 L38.5,13.5 L34,35 z"/>` +
		`<circle cx="6.5" cy="11.5" r="2.5"/><circle cx="14.5" cy="7.5" r="2.5"/><circle cx="22.5" cy="5.25" r="2.5"/>` +
		`<circle cx="30.5" cy="7.5" r="2.5"/><circle cx="38.5" cy="11.5" r="2.5"/>` +
		`<path fill="none" stroke="DETAIL" d="M11.5,31.5 q11,-3 22,0"/>` + pieceFoot,
	core.King: `<path d="M21,2.25 h3 v3 h3 v3 h-3 v4 h-3 v-4 h-3 v-3 h3 z"/>` +
		`<path d="M10.5,35 C1.5,27.5 5,16.5 15,16.5 C18.5,16.5 20.5,19.5 22.5,23 C24.5,19.5 26.5,16.5 30,16.5 C40,16.5 43.5,27.5 34.5,35 z"/>` +
		`<path d="M18.5,19.5 C18.5,14.5 20,12.5 22.5,12.5 C25,12.5 26.5,14.5 26.5,19.5 L22.5,23 z"/>` +
		`<path fill="none" stroke="DETAIL" d="M12,32 q10.5,-3 21,0"/>` + pieceFoot,
}

// pieceID is a piece's symbol id: "wK", "bP".
func pieceID(p core.Piece) string {
	c := "w"
	if p.Color() == core.Black {
		c = "b"
	}
	return c + string(core.NewPiece(core.White, p.Type()).Letter())
}

// pieceShape is the inside of a piece's symbol.
func pieceShape(p core.Piece) string {
	fill, detail := whiteFill, "#000000"
	if p.Color() == core.Black {
		fill, detail = blackFill, "#ffffff"
	}
	return `<g fill="` + fill + `" stroke="#000000" stroke-width="1.5" stroke-linejoin="round">` +
		strings.ReplaceAll(pieceShapes[p.Type()], "DETAIL", detail) + `</g>`
}

func hypot(x, y float64) float64 { return math.Hypot(x, y) }
