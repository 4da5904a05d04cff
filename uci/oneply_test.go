package uci_test

import (
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// onePly is a tiny engine built on uci.Serve, as an engine author would
// write one: it mates in one when it can, otherwise takes the most
// material it can at once, otherwise plays the first legal move. Ties go
// to the first move in core's generation order, so it is deterministic.
type onePly struct {
	mu       sync.Mutex
	options  map[string]string
	newGames int
	searches int
}

func newOnePly() *onePly { return &onePly{options: map[string]string{}} }

func (*onePly) ID() (string, string) { return "OnePly 1.0", "gambit tests" }

func (*onePly) Options() []uci.Option {
	return []uci.Option{
		{Name: "Style", Type: uci.TypeCombo, Default: "Greedy", Vars: []string{"Greedy", "Very Greedy"}},
		{Name: "Hash", Type: uci.TypeSpin, Default: "1", Min: 1, Max: 64},
		{Name: "Clear Hash", Type: uci.TypeButton},
	}
}

func (o *onePly) SetOption(name, value string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.options[name] = value
	return nil
}

func (o *onePly) NewGame() {
	o.mu.Lock()
	o.newGames++
	o.mu.Unlock()
}

var pieceValue = [...]int{core.Pawn: 100, core.Knight: 300, core.Bishop: 300, core.Rook: 500, core.Queen: 900, core.King: 0}

// pick returns the best move by one-ply greed among moves, and its score.
func pick(pos core.Position, moves []core.Move) (core.Move, int) {
	best, bestScore := core.NoMove, -1
	for _, m := range moves {
		score := pieceValue[m.Captured()] + pieceValue[m.Promotion()]
		u := pos.MakeMove(m)
		if pos.IsCheckmate() {
			score = 100000
		}
		pos.UnmakeMove(m, u)
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, bestScore
}

func (o *onePly) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	o.mu.Lock()
	o.searches++
	o.mu.Unlock()
	pos := req.Position
	var ml core.MoveList
	pos.LegalMoves(&ml)
	moves := ml.Moves()
	if len(req.SearchMoves) > 0 {
		moves = req.SearchMoves
	}
	if len(moves) == 0 {
		return core.NoMove, core.NoMove
	}
	best, score := pick(pos, moves)
	after := pos
	after.MakeMove(best)
	var replies core.MoveList
	after.LegalMoves(&replies)
	ponder, _ := pick(after, replies.Moves())
	pv := []core.Move{best}
	if ponder != core.NoMove {
		pv = append(pv, ponder)
	}
	s := uci.Score{CP: score}
	if score == 100000 {
		s = uci.Score{Mate: 1, IsMate: true}
	}
	info(uci.Info{Depth: 1, SelDepth: 2, Score: &s, Nodes: int64(len(moves)), Time: time.Millisecond, PV: pv})
	return best, ponder
}

// pipeConn joins the two ends a GUI holds of a pair of pipes.
type pipeConn struct {
	io.Reader
	io.WriteCloser
	r *io.PipeReader
}

func (c pipeConn) Close() error {
	c.WriteCloser.Close()
	return c.r.Close()
}

// serveInProcess runs eng on uci.Serve and connects gambit's client to it
// through in-memory pipes: the whole protocol, no process.
func serveInProcess(t *testing.T, eng uci.Searcher, cfg uci.Config) *uci.Engine {
	t.Helper()
	guiR, engW := io.Pipe()
	engR, guiW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		err := uci.Serve(context.Background(), eng, engR, engW)
		engW.Close()
		served <- err
	}()
	e, err := cfg.Connect(testCtx(t, 10*time.Second), pipeConn{Reader: guiR, WriteCloser: guiW, r: guiR})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, e.Close())
		require.NoError(t, <-served, "Serve ends cleanly on quit")
	})
	return e
}
