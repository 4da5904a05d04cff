package svg

import (
	"math"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// The pieces are gambit's own shapes, drawn for this package in a 45 by
// 45 box and under gambit's licence. White pieces are white with a black
// outline, black pieces black with white details.

// Piece colours: what a test looks for in the middle of a piece.
const (
	whiteFill = "#ffffff"
	blackFill = "#000000"
)

const pieceBase = `<path d="M10,39 h25 v-4 h-25 z"/>`

var pieceShapes = [...]string{
	core.Pawn: `<circle cx="22.5" cy="14" r="6"/><path d="M14,36 C14,28 18,23 22.5,21 C27,23 31,28 31,36 Z"/>` + pieceBase,
	core.Knight: `<path d="M12,39 h22 c0,-10 -2,-18 -6,-24 l-3,-6 l-2,4 l-3,-4 l-1,5 c-4,2 -8,8 -10,13 l2,3 l4,-2 l4,-3 c-1,5 -5,8 -7,14 z"/>` +
		`<circle fill="DETAIL" stroke="DETAIL" cx="19" cy="17" r="1.5"/>`,
	core.Bishop: `<circle cx="22.5" cy="8" r="3"/><path d="M15,34 C13,27 16,19 22.5,12 C29,19 32,27 30,34 Z"/>` +
		`<path stroke="DETAIL" fill="none" d="M22.5,18 v8 M18.5,22 h8"/>` + pieceBase,
	core.Rook: `<path d="M11,39 h23 v-4 h-3 l-2,-17 h3 v-8 h-4.5 v3 h-2.75 v-3 h-4.5 v3 h-2.75 v-3 h-4.5 v8 h3 l-2,17 h-3 z"/>`,
	core.Queen: `<path d="M10,36 L8,14 L15,26 L17,11 L22.5,25 L28,11 L30,26 L37,14 L35,36 Z"/>` +
		`<circle cx="8" cy="13" r="2.5"/><circle cx="17" cy="10" r="2.5"/><circle cx="28" cy="10" r="2.5"/><circle cx="37" cy="13" r="2.5"/>` + pieceBase,
	core.King: `<path d="M20.5,3 h4 v4 h4 v4 h-4 v6 h-4 v-6 h-4 v-4 h4 z"/><path d="M10,36 C7,26 12,19 22.5,21 C33,19 38,26 35,36 Z"/>` +
		`<path stroke="DETAIL" fill="none" d="M12,31 C18,29 27,29 33,31"/>` + pieceBase,
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
