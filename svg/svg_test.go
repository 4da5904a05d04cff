package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/stretchr/testify/require"
)

// elements parses doc with encoding/xml and counts its elements by name;
// it fails the test when doc is not well-formed XML with one <svg> root.
func elements(t testing.TB, doc []byte) map[string]int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	n := map[string]int{}
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the document is not well-formed XML")
		switch e := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				require.Equal(t, "svg", e.Name.Local)
				require.Equal(t, "http://www.w3.org/2000/svg", e.Name.Space)
			}
			depth++
			n[e.Name.Local]++
		case xml.EndElement:
			depth--
		}
	}
	require.Equal(t, 1, roots)
	return n
}

func TestBoardStart(t *testing.T) {
	p := core.StartPosition()
	doc := Board(&p, Options{})
	n := elements(t, doc)
	require.Equal(t, 12, n["symbol"], "each piece defined once")
	require.Equal(t, 32, n["use"], "one use a piece")
	require.Equal(t, 64, n["rect"])
	require.Zero(t, n["text"])
	require.Contains(t, string(doc), `width="360" height="360"`)
}

func TestBoardEverything(t *testing.T) {
	p, err := core.ParseFEN("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1")
	require.NoError(t, err)
	o := Options{
		Size: 500, Flipped: true, Coordinates: true,
		LastMove: core.NoMove,
		Fills:    map[core.Square]string{core.A1: "#00ff00", core.H8: "rgba(0,0,255,0.5)"},
		Arrows:   []Arrow{{From: core.B1, To: core.C3}, {From: core.A1, To: core.A8, Color: `"<&>`}, {From: core.D4, To: core.D4}},
		Marks:    []Mark{{Square: core.E4}, {Square: core.E5, Color: "blue"}},
		Colors:   Colors{Light: "white"},
	}
	doc := Board(&p, o)
	n := elements(t, doc)
	require.Equal(t, 3, n["symbol"])
	require.Equal(t, 16, n["text"], "a to h and 1 to 8")
	require.Equal(t, 1+64+2+1, n["rect"], "border, squares, fills, check")
	require.Equal(t, 2, n["polyline"], "an arrow to its own square is not drawn")
	require.Equal(t, 2+5, n["circle"], "marks and the five balls of the queen's crown")
	require.Contains(t, string(doc), `class="check"`)
	require.Contains(t, string(doc), `&#34;&lt;&amp;&gt;`, "colours are escaped")
	require.Equal(t, doc, Board(&p, o), "deterministic")

	o.NoCheck = true
	require.NotContains(t, string(Board(&p, o)), `class="check"`)
}

func TestKnightArrow(t *testing.T) {
	p := core.StartPosition()
	doc := string(Board(&p, Options{Arrows: []Arrow{{From: core.G1, To: core.F3}, {From: core.B1, To: core.D2}}}))
	// g1 (277.5,337.5) up to g3 then left to f3; b1 (67.5,337.5) right to d1 then up.
	require.Contains(t, doc, `points="292.5,337.5 292.5,247.5 `)
	require.Contains(t, doc, `points="67.5,337.5 157.5,337.5 `)
}

func TestLastMoveCastling(t *testing.T) {
	p, err := core.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	m, err := p.ParseUCI("e1g1")
	require.NoError(t, err)
	p.MakeMove(m)
	doc := string(Board(&p, Options{LastMove: m}))
	// e1 and g1, the king's squares, not h1.
	require.Contains(t, doc, `<rect class="lastmove" x="180" y="315"`)
	require.Contains(t, doc, `<rect class="lastmove" x="270" y="315"`)
}

func TestGame(t *testing.T) {
	g := game.New()
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		require.NoError(t, g.MoveSAN(m))
	}
	doc, err := Game(g, 7, Options{})
	require.NoError(t, err)
	s := string(doc)
	require.Contains(t, s, `class="check"`)
	require.Equal(t, 2, strings.Count(s, `class="lastmove"`))
	elements(t, doc)

	doc0, err := Game(g, 0, Options{})
	require.NoError(t, err)
	st := core.StartPosition()
	require.Equal(t, Board(&st, Options{}), doc0)

	_, err = Game(g, 8, Options{})
	require.ErrorContains(t, err, "ply 8 out of range")
	_, err = Game(g, -1, Options{})
	require.Error(t, err)
}

func FuzzBoard(f *testing.F) {
	f.Add(core.StartFEN, true, uint8(12), uint8(21), "#123")
	f.Add("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1", false, uint8(0), uint8(63), "x<y")
	f.Fuzz(func(t *testing.T, fen string, flip bool, from, to uint8, col string) {
		p, err := core.ParseFEN(fen)
		if err != nil {
			return
		}
		doc := Board(&p, Options{Flipped: flip, Coordinates: flip,
			Arrows: []Arrow{{From: core.Square(from % 64), To: core.Square(to % 64), Color: col}},
			Marks:  []Mark{{Square: core.Square(to % 64), Color: col}},
			Fills:  map[core.Square]string{core.Square(from % 64): col}})
		elements(t, doc)
	})
}

func ExampleBoard() {
	p := core.StartPosition()
	doc := Board(&p, Options{Size: 400, Coordinates: true,
		Arrows: []Arrow{{From: core.G1, To: core.F3}}})
	fmt.Println(string(doc[:strings.IndexByte(string(doc), '\n')]))
	fmt.Println(strings.Count(string(doc), "<use "), "pieces")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="400" height="400" viewBox="0 0 400 400">
	// 32 pieces
}

func TestAnimation(t *testing.T) {
	g := game.New()
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		require.NoError(t, g.MoveSAN(m))
	}
	doc, err := Animation(g, Options{Size: 200}, 500*time.Millisecond)
	require.NoError(t, err)
	n := elements(t, doc)
	require.Equal(t, 8+12, n["g"], "a frame a position, and one in each piece's symbol")
	require.Equal(t, 8, n["set"])
	require.Equal(t, 12, n["symbol"])
	s := string(doc)
	require.Contains(t, s, `begin="3500ms" fill="freeze"`)
	require.Contains(t, s, `begin="0ms" dur="500ms"`)
	again, err := Animation(g, Options{Size: 200}, 500*time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, doc, again)
}
