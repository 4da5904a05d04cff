package xboard_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/xboard"
)

// scripted is a Searcher for the Serve tests: it reports each request, and
// either answers at once (a mate when there is one, else the first legal
// move) or, with wait set, only when its context ends.
type scripted struct {
	wait     bool
	ponder   core.Move // returned as the ponder move when legal
	requests chan engine.Request
	mu       sync.Mutex
	options  map[string]string
}

func newScripted() *scripted {
	return &scripted{requests: make(chan engine.Request, 64), options: map[string]string{}}
}

func (s *scripted) ID() (string, string) { return "scripted \"test\"", "gambit" }
func (s *scripted) Options() []engine.Option {
	return []engine.Option{
		{Name: "Hash", Type: engine.TypeSpin, Default: "16", Min: 1, Max: 1024},
		{Name: "Own Book", Type: engine.TypeCheck, Default: "false"},
		{Name: "Style", Type: engine.TypeCombo, Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}},
		{Name: "Clear Hash", Type: engine.TypeButton},
	}
}
func (s *scripted) SetOption(name, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.options[name] = value
	return nil
}
func (s *scripted) NewGame() {}

func (s *scripted) Search(ctx context.Context, req engine.Request, info func(engine.Info)) (core.Move, core.Move) {
	select {
	case s.requests <- req:
	default: // nobody reads them (the fuzz test)
	}
	pos := req.Position
	var ml core.MoveList
	pos.LegalMoves(&ml)
	best := ml.At(0)
	for _, m := range ml.Moves() {
		q := pos
		q.MakeMove(m)
		if q.InCheck() && !q.HasLegalMoves() {
			best = m
		}
	}
	info(engine.Info{Depth: 1, Score: &engine.Score{CP: 12}, Nodes: 20, Time: 30 * time.Millisecond, PV: []core.Move{best}})
	if s.wait || req.Limits.Infinite || req.Limits.Ponder {
		select {
		case <-ctx.Done():
		case <-req.PonderHit:
		}
	}
	return best, s.ponder
}

// gui drives Serve in-process, like a GUI.
type gui struct {
	t     *testing.T
	w     *io.PipeWriter
	lines chan string
	done  chan error
}

func startServe(t *testing.T, eng engine.Searcher) *gui {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &gui{t: t, w: inW, lines: make(chan string, 256), done: make(chan error, 1)}
	go func() {
		err := xboard.Serve(context.Background(), eng, inR, outW)
		_ = outW.Close()
		_ = inR.Close()
		g.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.lines <- sc.Text()
		}
		close(g.lines)
	}()
	t.Cleanup(func() {
		_ = inW.Close()
		select {
		case <-g.done:
		case <-time.After(5 * time.Second):
			t.Error("Serve did not return")
		}
		for range g.lines {
		}
	})
	return g
}

func (g *gui) send(lines ...string) {
	g.t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(g.w, l+"\n")
		require.NoError(g.t, err)
	}
}

// expect reads lines until one starts with prefix and returns it with the
// lines before it.
func (g *gui) expect(prefix string) (string, []string) {
	g.t.Helper()
	var before []string
	timeout := time.After(5 * time.Second)
	for {
		select {
		case l, ok := <-g.lines:
			if !ok {
				g.t.Fatalf("output ended waiting for %q; got %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			g.t.Fatalf("no %q within 5s; got %q", prefix, before)
		}
	}
}

// sync sends ping and returns the lines before its pong.
func (g *gui) sync(n string) []string {
	g.t.Helper()
	g.send("ping " + n)
	_, before := g.expect("pong " + n)
	return before
}

func request(t *testing.T, s *scripted) engine.Request {
	t.Helper()
	select {
	case r := <-s.requests:
		return r
	case <-time.After(5 * time.Second):
		t.Fatal("no search request")
	}
	return engine.Request{}
}

func TestServeHandshake(t *testing.T) {
	g := startServe(t, newScripted())
	g.send("xboard", "protover 2")
	_, feats := g.expect("feature done=1")
	all := strings.Join(feats, "\n")
	for _, want := range []string{"feature done=0", "ping=1", "setboard=1", "usermove=1", "analyze=1",
		`myname="scripted 'test'"`, `variants="normal,fischerandom"`,
		`feature option="Hash -spin 16 1 1024"`, `feature option="Own Book -check 0"`,
		`feature option="Style -combo Solid /// *Normal /// Risky"`, `feature option="Clear Hash -button"`} {
		assert.Contains(t, all, want)
	}
	// The lines read back with the client's parser.
	for _, l := range feats {
		_, err := xboard.ParseFeatures(l)
		require.NoError(t, err, l)
	}
}

func TestServeMoveNow(t *testing.T) {
	s := newScripted()
	s.wait = true
	g := startServe(t, s)
	g.send("new", "st 30", "go")
	req := request(t, s)
	assert.Equal(t, 30*time.Second, req.Limits.MoveTime)
	begin := time.Now()
	g.send("?")
	mv, before := g.expect("move ")
	assert.Less(t, time.Since(begin), time.Second)
	assert.Equal(t, "move "+req.Position.UCI(mustFirst(req.Position)), mv)
	require.NotEmpty(t, before, "thinking output came first")
	assert.Regexp(t, `^1 12 3 20\t`, before[0])
}

func mustFirst(p core.Position) core.Move {
	var ml core.MoveList
	p.LegalMoves(&ml)
	return ml.At(0)
}

func TestServeForceThenMoves(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	g.send("new", "force", "e2e4", "e7e5", "usermove g1f3")
	assert.Empty(t, g.sync("1"), "no move in force mode")
	g.send("go")
	req := request(t, s)
	assert.Len(t, req.Moves, 3)
	assert.Equal(t, 3, req.History.Len())
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", req.Position.FEN())
	mv, _ := g.expect("move ")
	m, err := req.Position.ParseUCI(strings.TrimPrefix(mv, "move "))
	require.NoError(t, err)
	assert.True(t, req.Position.IsLegal(m))
	// The engine plays Black from now on: White's move is answered.
	g.send("d2d4")
	req = request(t, s)
	assert.Len(t, req.Moves, 5)
	g.expect("move ")
}

func TestServeUndoInAnalyze(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	g.send("new", "force", "e2e4", "analyze")
	req := request(t, s)
	assert.True(t, req.Limits.Infinite)
	assert.Len(t, req.Moves, 1)
	g.send("undo")
	req = request(t, s)
	assert.True(t, req.Limits.Infinite)
	assert.Empty(t, req.Moves)
	start := core.StartPosition()
	assert.Equal(t, start.FEN(), req.Position.FEN())
	g.send("e2e4")
	req = request(t, s)
	assert.Len(t, req.Moves, 1)
	g.send("exit")
	out := g.sync("2")
	for _, l := range out {
		assert.False(t, strings.HasPrefix(l, "move"), "analysis makes no move: %q", l)
	}
	g.send("undo", "undo")
	l, _ := g.expect("Error (no move to undo)")
	assert.Equal(t, "Error (no move to undo): undo", l)
}

func TestServeSetboard(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	g.send("new", "force", "setboard 8/8/8/8/8/8/8/8 w - - 0 1")
	l, _ := g.expect("Error (illegal position)")
	assert.Equal(t, "Error (illegal position): setboard 8/8/8/8/8/8/8/8 w - - 0 1", l)
	g.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra")
	g.expect("Error (illegal position)")
	// The position is the one before: the start.
	g.send("go")
	req := request(t, s)
	start := core.StartPosition()
	assert.Equal(t, start.FEN(), req.Position.FEN())
	g.expect("move ")

	// A mate is played and claimed.
	g.send("force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go")
	request(t, s)
	mv, _ := g.expect("move ")
	assert.Equal(t, "move a1a8", mv)
	claim, _ := g.expect("1-0")
	assert.Equal(t, "1-0 {White mates}", claim)
}

// On move without a legal move, the engine claims the result instead of
// leaving the GUI waiting for a move that cannot come.
func TestServeClaimsWithoutALegalMove(t *testing.T) {
	for _, tc := range []struct{ name, cmds, want string }{
		{"go, mated", "setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo", "0-1 {Black mates}"},
		{"go, stalemated", "setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo", "1/2-1/2 {Stalemate}"},
		{"the GUI's move mates", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nplayother\na1a8", "1-0 {White mates}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScripted()
			g := startServe(t, s)
			g.send("new", "force")
			g.send(strings.Split(tc.cmds, "\n")...)
			g.send("ping 7")
			_, before := g.expect("pong 7")
			assert.Equal(t, []string{tc.want}, before)
			select {
			case req := <-s.requests:
				t.Fatalf("a search without a legal move: %v", req.Position.FEN())
			default:
			}
			// The game is over: another go claims nothing more.
			g.send("go", "ping 8")
			_, before = g.expect("pong 8")
			assert.Empty(t, before)
		})
	}
}

func TestServeTimeControls(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	search := func(cmds ...string) engine.Limits {
		g.send("new", "force")
		g.send(cmds...)
		g.send("go")
		req := request(t, s)
		g.expect("move ")
		return req.Limits
	}
	l := search("level 40 5 0", "time 30000", "otim 29000")
	assert.Equal(t, engine.Limits{WTime: 300 * time.Second, BTime: 290 * time.Second, MovesToGo: 40}, l)
	b := l.Budget(core.White)
	assert.InDelta(t, 6.98, b.Soft.Seconds(), 0.05, "about a 43rd of the clock: the 40 moves to go and a margin")

	l = search("level 0 2 12", "time 12000", "otim 11000")
	assert.Equal(t, engine.Limits{WTime: 120 * time.Second, BTime: 110 * time.Second, WInc: 12 * time.Second, BInc: 12 * time.Second}, l)
	b = l.Budget(core.White)
	assert.Greater(t, b.Soft, 12*time.Second, "the increment and a share of the clock")

	l = search("level 0 0:30 0.5", "time 3000", "otim 3000")
	assert.Equal(t, 500*time.Millisecond, l.WInc)

	l = search("st 1")
	assert.Equal(t, engine.Limits{MoveTime: time.Second}, l)
	assert.Equal(t, engine.Budget{Soft: time.Second, Hard: time.Second}, l.Budget(core.White))

	l = search("level 40 5 0", "sd 3", "time 100", "otim 100")
	assert.Equal(t, 3, l.Depth)

	// A clock run down or sd 0 means "move now", not "no limit"; a time
	// not given is the level's base.
	l = search("level 40 1 0", "time 0", "otim 100")
	assert.Equal(t, engine.Limits{BTime: time.Second, MovesToGo: 40, Given: engine.GivenWTime}, l)
	assert.True(t, l.MoveNow(core.White))
	l = search("level 40 1 0", "time -500", "otim 100")
	assert.Equal(t, -5*time.Second, l.WTime)
	assert.True(t, l.MoveNow(core.White))
	l = search("level 40 1 0", "sd 0")
	assert.Equal(t, engine.Limits{WTime: time.Minute, BTime: time.Minute, MovesToGo: 40, Given: engine.GivenDepth}, l)
	assert.True(t, l.MoveNow(core.White))

	// Bad arguments are answered and change nothing.
	for _, bad := range []string{"level 40 five 0", "level 40", "st -1", "sd x", "time lots"} {
		g.send(bad)
		l, _ := g.expect("Error (bad argument)")
		assert.Equal(t, "Error (bad argument): "+bad, l)
	}
}

func TestServeQuitWhileSearching(t *testing.T) {
	s := newScripted()
	s.wait = true
	g := startServe(t, s)
	g.send("new", "go")
	request(t, s)
	g.send("quit")
	select {
	case err := <-g.done:
		require.NoError(t, err)
		g.done <- err // for the cleanup
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not return after quit")
	}
}

func TestServePingWhileThinking(t *testing.T) {
	s := newScripted()
	s.wait = true
	g := startServe(t, s)
	g.send("new", "go")
	request(t, s)
	g.send("ping 7", "?")
	_, before := g.expect("pong 7")
	require.NotEmpty(t, before)
	assert.True(t, strings.HasPrefix(before[len(before)-1], "move "), "pong after the move: %q", before)
}

func TestServeMalformed(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	g.send("new", "force")
	for _, tc := range []struct{ in, want string }{
		{"frobnicate", "Error (unknown command): frobnicate"},
		{"e2e5", "Illegal move: e2e5"},
		{"usermove Nf6", "Illegal move: Nf6"},
		{"variant crazyhouse", "Error (unsupported variant): variant crazyhouse"},
		{"option Nope=1", "Error (unknown option): option Nope=1"},
		{"option Hash=5000", "Error (bad option value): option Hash=5000"},
	} {
		g.send(tc.in)
		l, _ := g.expect(strings.SplitN(tc.want, ":", 2)[0])
		assert.Equal(t, tc.want, l)
	}
	g.send("option Hash=64", "option Own Book=1", "option Clear Hash", "option Style=risky")
	g.sync("3")
	s.mu.Lock()
	assert.Equal(t, map[string]string{"Hash": "64", "Own Book": "true", "Clear Hash": "", "Style": "Risky"}, s.options)
	s.mu.Unlock()
	// A line too long is refused, the next one works.
	g.send(strings.Repeat("x", 2<<20))
	g.expect("Error (line too long)")
	g.sync("4")
}

func TestServePonderAndEdit(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	// Edit mode, Black to move: a2a3 first, as XBoard does.
	g.send("new", "force", "a2a3", "edit", "#", "Ke1", "Ra1", "c", "Ke8", "Pe7", ".")
	g.sync("1")
	s.ponder = mustParse(t, "4k3/4p3/8/8/8/8/8/R3K3 w Q - 0 1", "a1a7")
	g.send("hard", "go")
	req := request(t, s)
	assert.Equal(t, "4k3/4p3/8/8/8/8/8/R3K3 b Q - 0 1", req.Position.FEN())
	mv, _ := g.expect("move ")
	assert.Equal(t, "move e8d7", mv, "the first legal move")
	// Pondering on a1a7.
	req = request(t, s)
	assert.True(t, req.Limits.Ponder)
	assert.Equal(t, "8/R2kp3/8/8/8/8/8/4K3 b - - 2 2", req.Position.FEN())
	assert.Len(t, req.Moves, 2, "e8d7 and the move pondered on, from the edited position")
	// The ponder move comes: the same search answers it.
	g.send("a1a7")
	mv, _ = g.expect("move ")
	assert.NotEmpty(t, mv)
	select {
	case r := <-s.requests:
		if !r.Limits.Ponder {
			t.Errorf("a ponder hit started a new search: %v", r.Limits)
		}
	default:
	}
}

func mustParse(t *testing.T, fen, move string) core.Move {
	p, err := core.ParseFEN(fen)
	require.NoError(t, err)
	m, err := p.ParseUCI(move)
	require.NoError(t, err)
	return m
}

func TestServeChess960(t *testing.T) {
	s := newScripted()
	g := startServe(t, s)
	// White can castle king side at once (king b1, rook c1... here h1).
	g.send("new", "variant fischerandom", "force", "setboard 1k5r/8/8/8/8/8/8/1K5R w Hh - 0 1", "O-O")
	g.sync("1")
	g.send("go")
	req := request(t, s)
	assert.True(t, req.Position.Chess960())
	require.Len(t, req.Moves, 1)
	assert.True(t, req.Moves[0].IsCastle())
	g.expect("move ")
}

// errWriter fails every write, as a GUI that went away.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// A GUI that stops reading makes Serve return the write error; a GUI
// whose input ends makes it return nil; a cancelled context its error.
func TestServeGUIGone(t *testing.T) {
	s := newScripted()
	r, w := io.Pipe()
	defer r.Close()
	go func() { _, _ = io.WriteString(w, "xboard\nprotover 2\n") }()
	err := xboard.Serve(context.Background(), s, r, errWriter{})
	require.ErrorIs(t, err, io.ErrClosedPipe)
	assert.Contains(t, err.Error(), "xboard: serve: writing")

	require.NoError(t, xboard.Serve(context.Background(), s, strings.NewReader("new\nforce\ne2e4\n"), io.Discard))

	ctx, cancel := context.WithCancel(context.Background())
	r2, w2 := io.Pipe()
	defer w2.Close()
	go func() { _, _ = io.WriteString(w2, "new\nanalyze\n"); time.Sleep(100 * time.Millisecond); cancel() }()
	err = xboard.Serve(ctx, s, r2, io.Discard)
	require.ErrorIs(t, err, context.Canceled)
	_ = r2.Close()
}

// handshake serves eng and answers xboard and protover 2: it returns the
// GUI and the feature lines, one string.
func handshake(t *testing.T, eng engine.Searcher) (*gui, string) {
	t.Helper()
	g := startServe(t, eng)
	g.send("xboard", "protover 2")
	_, feats := g.expect("feature done=1")
	return g, strings.Join(feats, "\n")
}

// tbScripted is scripted with a SyzygyPath option, which fails for the
// path "bad".
type tbScripted struct{ *scripted }

func (s tbScripted) Options() []engine.Option {
	return append(s.scripted.Options(), engine.Option{Name: "SyzygyPath", Type: engine.TypeString})
}

func (s tbScripted) SetOption(name, value string) error {
	if name == "SyzygyPath" && value == "bad" {
		return errors.New("no tables in bad")
	}
	return s.scripted.SetOption(name, value)
}

// An engine with a SyzygyPath option announces egt="syzygy", and the
// GUI's egtpath sets the option; other kinds of tables are ignored.
func TestServeEGTPath(t *testing.T) {
	g, all := handshake(t, newScripted())
	assert.NotContains(t, all, "egt=", "no SyzygyPath option, no egt feature")
	g.send("egtpath syzygy /tb") // ignored without the option
	assert.Empty(t, g.sync("1"))

	s := tbScripted{newScripted()}
	g, all = handshake(t, s)
	assert.Contains(t, all, `feature egt="syzygy"`)
	assert.Contains(t, all, `feature option="SyzygyPath -string "`)
	g.send("egtpath gaviota /gtb", "egtpath syzygy /tb/3-4-5:/tb/6 men")
	assert.Empty(t, g.sync("1"))
	s.mu.Lock()
	assert.Equal(t, map[string]string{"SyzygyPath": "/tb/3-4-5:/tb/6 men"}, s.options)
	s.mu.Unlock()
	g.send("egtpath syzygy bad")
	assert.Equal(t, []string{"# egtpath syzygy: no tables in bad"}, g.sync("2"))
}

// smpScripted is scripted with a Threads option of 1 to 8 threads.
type smpScripted struct{ *scripted }

func (s smpScripted) Options() []engine.Option {
	return append(s.scripted.Options(), engine.Option{Name: "Threads", Type: engine.TypeSpin, Default: "1", Min: 1, Max: 8})
}

// An engine with a Threads option announces smp=1, and "cores N" sets the
// option within its bounds; an engine without it announces smp=0 and
// ignores cores.
func TestServeCores(t *testing.T) {
	g, all := handshake(t, newScripted())
	assert.Contains(t, all, " smp=0 ")
	g.send("cores 2")
	assert.Empty(t, g.sync("1"))

	s := smpScripted{newScripted()}
	g, all = handshake(t, s)
	assert.Contains(t, all, " smp=1 ")
	assert.NotContains(t, all, "smp=0")
	for _, tc := range []struct{ cores, want string }{{"4", "4"}, {"100", "8"}, {"0", "1"}, {"-2", "1"}, {" 3 ", "3"}} {
		g.send("cores " + tc.cores)
		assert.Empty(t, g.sync("2"), "cores %q", tc.cores)
		s.mu.Lock()
		assert.Equal(t, tc.want, s.options["Threads"], "cores %q", tc.cores)
		s.mu.Unlock()
	}
	g.send("cores many")
	assert.Equal(t, []string{"Error (bad argument): cores many"}, g.sync("3"))
	s.mu.Lock()
	assert.Equal(t, "3", s.options["Threads"], "unchanged by a bad count")
	s.mu.Unlock()
}
