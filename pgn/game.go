package pgn

import "github.com/gambit-chess/gambit/core"

// Game is one game of a PGN file: its tags, its start position and its
// move tree.
type Game struct {
	// Tags are the tag pairs in file order.
	Tags Tags
	// Start is the start position: the FEN tag's, or the standard one,
	// marked as Chess960 when the Variant tag says so; in a variant named
	// by the Variant tag ("Three-check", "Horde", ...), the FEN tag's
	// position under its rules or the variant's own start position.
	Start core.Position
	// Root stands for the start position: its Children are the first move
	// and its alternatives, its Comments the comments before the first move.
	Root *Node
	// Result is the game's termination marker: "1-0", "0-1", "1/2-1/2" or
	// "*". When the movetext has none it is the Result tag's value, or "*".
	Result string
}

// NewGame returns a game with no moves from the standard start position,
// with the seven tag roster's defaults.
func NewGame() *Game {
	return &Game{
		Tags: Tags{
			{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
			{"White", "?"}, {"Black", "?"}, {"Result", "*"},
		},
		Start:  startPosition,
		Root:   &Node{},
		Result: "*",
	}
}

// Node is a position in the move tree, reached by Move from its Parent.
// Children[0] continues the line; the other children are variations, the
// alternatives to it.
type Node struct {
	// Move is the move that leads here from Parent: core.NoMove at the root
	// and for a null move.
	Move     core.Move
	Parent   *Node
	Children []*Node
	// CommentsBefore are the comments before the move, written at the start
	// of a variation.
	CommentsBefore []string
	// Comments are the comments after the move (at the root: before the
	// first move of the game).
	Comments []string
	// NAGs are the move's annotation glyphs, $n and suffixes alike.
	NAGs []NAG
}

// IsNull reports whether the node's move is a null move ("--").
func (n *Node) IsNull() bool { return n.Parent != nil && n.Move == core.NoMove }

// Next returns the move that continues the line, or nil.
func (n *Node) Next() *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// Add appends a child reached by m (core.NoMove for a null move) and
// returns it: the continuation if the node has none, else a variation.
// m must be legal in the node's position.
func (n *Node) Add(m core.Move) *Node {
	c := &Node{Move: m, Parent: n}
	n.Children = append(n.Children, c)
	return c
}

// Ply returns the number of moves from the root to the node.
func (n *Node) Ply() int {
	k := 0
	for ; n.Parent != nil; n = n.Parent {
		k++
	}
	return k
}

// Mainline returns the nodes of the mainline, first move first.
func (g *Game) Mainline() []*Node {
	var line []*Node
	for n := g.Root.Next(); n != nil; n = n.Next() {
		line = append(line, n)
	}
	return line
}

// MainlineMoves returns the moves of the mainline (core.NoMove for a null
// move).
func (g *Game) MainlineMoves() []core.Move {
	var moves []core.Move
	for n := g.Root.Next(); n != nil; n = n.Next() {
		moves = append(moves, n.Move)
	}
	return moves
}

// End returns the last node of the mainline (the root if there is no move).
func (g *Game) End() *Node {
	n := g.Root
	for n.Next() != nil {
		n = n.Next()
	}
	return n
}

// Position returns the position at node n of the game's tree, after its
// move, by playing the moves from the start.
func (g *Game) Position(n *Node) core.Position {
	var path []core.Move
	for ; n != nil && n.Parent != nil; n = n.Parent {
		path = append(path, n.Move)
	}
	p := g.Start
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(path[i])
		}
	}
	return p
}

// FinalPosition returns the position at the end of the mainline.
func (g *Game) FinalPosition() core.Position {
	p := g.Start
	for n := g.Root.Next(); n != nil; n = n.Next() {
		if n.Move == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(n.Move)
		}
	}
	return p
}
