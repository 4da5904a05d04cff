package pgn_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// readResult is one call of Next.
type readResult struct {
	game *pgn.Game
	err  error
}

// readAll calls Next until io.EOF; an error that is not a game's stops it
// with a test failure.
func readAll(t testing.TB, r io.Reader) []readResult {
	t.Helper()
	pr := pgn.NewReader(r)
	var out []readResult
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out
		}
		var perr *pgn.Error
		if err != nil && !errors.As(err, &perr) {
			t.Fatalf("Next: %v", err)
		}
		require.NotNil(t, g, "Next returned no game with %v", err)
		out = append(out, readResult{g, err})
	}
}

// sanLine returns the SAN of the moves from the start to node n ("--" for
// a null move).
func sanLine(g *pgn.Game, n *pgn.Node) []string {
	var path []*pgn.Node
	for ; n != nil && n.Parent != nil; n = n.Parent {
		path = append(path, n)
	}
	p := g.Start
	out := []string{}
	for i := len(path) - 1; i >= 0; i-- {
		m := path[i].Move
		out = append(out, san.Format(&p, m))
		if m == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(m)
		}
	}
	return out
}

// mainlineSAN returns the SAN of the game's mainline.
func mainlineSAN(g *pgn.Game) []string { return sanLine(g, g.End()) }

// child returns the node reached from n by the move written s.
func child(t testing.TB, g *pgn.Game, n *pgn.Node, s string) *pgn.Node {
	t.Helper()
	p := g.Position(n)
	for _, c := range n.Children {
		if san.Format(&p, c.Move) == s {
			return c
		}
	}
	t.Fatalf("no child %s after %v", s, sanLine(g, n))
	return nil
}

// walk returns the node reached by a path of SAN moves from the root.
func walk(t testing.TB, g *pgn.Game, moves string) *pgn.Node {
	t.Helper()
	n := g.Root
	for _, s := range strings.Fields(moves) {
		n = child(t, g, n, s)
	}
	return n
}

// childrenSAN returns the SAN of n's children, mainline first.
func childrenSAN(g *pgn.Game, n *pgn.Node) []string {
	p := g.Position(n)
	var out []string
	for _, c := range n.Children {
		out = append(out, san.Format(&p, c.Move))
	}
	return out
}
