package game_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/san"
)

// longestGame returns the longest game of the TWIC sample, replayed.
func longestGame(b *testing.B) *game.Game {
	var best *game.Game
	for _, pg := range readPGN(b, pgnDir+"/twic1599_1000k.pgn") {
		g := game.New()
		for _, tok := range pg.Moves {
			if g.MoveSAN(tok) != nil {
				break
			}
		}
		if best == nil || g.Ply() > best.Ply() {
			best = g
		}
	}
	return best
}

// BenchmarkRestore compares the ways a server can bring back a stored
// game of a few hundred plies: the binary form, JSON, and replaying its
// moves as UCI or SAN text.
func BenchmarkRestore(b *testing.B) {
	g := longestGame(b)
	data, err := g.MarshalBinary()
	require.NoError(b, err)
	js, err := g.MarshalJSON()
	require.NoError(b, err)
	ucis := g.MovesUCI()
	sans := make([]string, 0, len(ucis))
	r := game.New()
	for _, m := range ucis {
		sans = append(sans, sanOf(b, r, m))
		require.NoError(b, r.Move(m))
	}
	b.Logf("%d plies, %d bytes binary, %d bytes JSON", g.Ply(), len(data), len(js))

	b.Run("binary", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var r game.Game
			if err := r.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var r game.Game
			if err := r.UnmarshalJSON(js); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("replay-uci", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := game.New()
			for _, m := range ucis {
				if err := r.Move(m); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("replay-san", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := game.New()
			for _, m := range sans {
				if err := r.MoveSAN(m); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// sanOf returns the SAN of the UCI move m in g.
func sanOf(b *testing.B, g *game.Game, m string) string {
	p := g.Position()
	mv, err := p.ParseUCI(m)
	require.NoError(b, err)
	return san.Format(&p, mv)
}

func BenchmarkMarshalBinary(b *testing.B) {
	g := longestGame(b)
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = g.AppendBinary(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveUndo is the cost of one move with every rule checked (UCI
// parse, legality, status, repetition), and its undo.
func BenchmarkMoveUndo(b *testing.B) {
	g := newGame(b, "", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3")
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Move("f6h5"); err != nil {
			b.Fatal(err)
		}
		if err := g.Undo(); err != nil {
			b.Fatal(err)
		}
	}
}
