package variantoracle

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// installHint says how to install what the oracles need.
const installHint = "run scripts/test-deps.sh (make deps) from the repository root"

// ChessOps drives chessops (lichess's variant rules in TypeScript, pinned
// to 0.15.1 by js/package-lock.json) in one long-lived Node.js process
// running js/oracle.mjs. Its methods may be called from several
// goroutines; the process answers one request at a time. A ctx that ends
// before the answer kills the process: every later call fails.
type ChessOps struct {
	p *process
}

// StartChessOps starts Node.js on js/oracle.mjs. It fails with the
// command to run when Node.js or the pinned chessops is not installed.
func StartChessOps() (*ChessOps, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("variantoracle: Node.js runs the chessops oracle (%s): %w", installHint, err)
	}
	dir, err := jsDir()
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "chessops", "package.json")); err != nil {
		return nil, fmt.Errorf("variantoracle: chessops is not installed in %s (%s): %w", dir, installHint, err)
	}
	p, err := startProcess("chessops", dir, node, "oracle.mjs")
	if err != nil {
		return nil, err
	}
	return &ChessOps{p: p}, nil
}

// jsDir returns the folder of oracle.mjs: beside this file in the source
// tree, or, in a build without its source paths (-trimpath), below the
// module root above the working directory, where go test runs. Node.js
// must run the script from there to find chessops.
func jsDir() (string, error) {
	var tried []string
	if _, file, _, ok := runtime.Caller(0); ok {
		tried = append(tried, filepath.Join(filepath.Dir(file), "js"))
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				tried = append(tried, filepath.Join(dir, "internal", "variantoracle", "js"))
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	for _, dir := range tried {
		if _, err := os.Stat(filepath.Join(dir, "oracle.mjs")); err == nil {
			return dir, nil
		}
	}
	return "", fmt.Errorf("variantoracle: the chessops oracle script js/oracle.mjs is in none of %q", tried)
}

// ask sends one request and returns the data lines of its answer.
func (c *ChessOps) ask(ctx context.Context, request string) ([]string, error) {
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	if err := c.p.send(request); err != nil {
		return nil, err
	}
	var data []string
	for {
		line, err := c.p.readLine(ctx)
		if err != nil {
			return nil, err
		}
		switch {
		case line == "ok":
			return data, nil
		case strings.HasPrefix(line, "error "):
			return nil, fmt.Errorf("%s: %w", strings.TrimPrefix(line, "error "), ErrRejected)
		default:
			data = append(data, line)
		}
	}
}

// askAbout checks and sends the request "op variant fen args", and
// returns the data lines of the answer, or an error that names the
// request.
func (c *ChessOps) askAbout(ctx context.Context, op, variant, fen, args string) ([]string, error) {
	data, err := func() ([]string, error) {
		if err := checkRequest(variant, fen); err != nil {
			return nil, err
		}
		return c.ask(ctx, strings.TrimSpace(op+" "+variant+" "+fen+" "+args))
	}()
	if err != nil {
		return nil, fmt.Errorf("variantoracle: chessops: %s %s %q %s: %w", op, variant, fen, args, err)
	}
	return data, nil
}

// one returns the single line of an answer, or an error naming what the
// line should have been.
func one(data []string, what string) (string, error) {
	if len(data) != 1 {
		return "", fmt.Errorf("variantoracle: chessops: answer %q is not one %s", data, what)
	}
	return data[0], nil
}

// Perft returns the number of leaves depth plies below fen in variant
// (see Variants), as chessops counts them: no moves after the variant's
// end, every legal move however drawn the position. Depth 0 is 1.
func (c *ChessOps) Perft(ctx context.Context, variant, fen string, depth int) (int64, error) {
	data, err := c.askAbout(ctx, "perft", variant, fen, strconv.Itoa(depth))
	if err != nil {
		return 0, err
	}
	line, err := one(data, "count")
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(line, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("variantoracle: chessops: perft answer %q is not a count: %w", line, err)
	}
	return n, nil
}

// Divide returns the perft of each legal move of fen in variant, depth
// plies deep counting the move (depth at least 1).
func (c *ChessOps) Divide(ctx context.Context, variant, fen string, depth int) (Divide, error) {
	data, err := c.askAbout(ctx, "divide", variant, fen, strconv.Itoa(depth))
	if err != nil {
		return nil, err
	}
	d := make(Divide, len(data))
	for _, line := range data {
		move, n, err := parseDivideLine(line, " ")
		if err != nil {
			return nil, fmt.Errorf("variantoracle: chessops: divide: %w", err)
		}
		d[move] = n
	}
	return d, nil
}

// parseDivideLine reads one line of a divide: a move, sep, a count.
func parseDivideLine(line, sep string) (string, int64, error) {
	move, count, ok := strings.Cut(line, sep)
	if !ok || move == "" || strings.ContainsAny(move, " \t") {
		return "", 0, fmt.Errorf("divide line %q is not a move and a count", line)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(count), 10, 64)
	if err != nil || n < 0 {
		return "", 0, fmt.Errorf("divide line %q: the count is not a whole number", line)
	}
	return move, n, nil
}

// Games says which random games Random plays.
type Games struct {
	// Variant is a name of Variants.
	Variant string
	// Chess960 starts each game from a random Chess960 array instead of
	// the variant's start: for chess, atomic, crazyhouse, 3check,
	// kingofthehill and antichess, whose start is chess's array. lichess
	// plays Chess960 starts in standard chess only (it declined
	// Crazyhouse960 and the like: lila issues 8234 and 13065); the
	// variants' 960 starts are extra coverage of castling from any
	// array, which chessops and Fairy-Stockfish both define, and which
	// shakmaty's and python-chess's atomic960 perft positions test.
	Chess960 bool
	// Seed makes the games: the same Games give the same FENs.
	Seed uint32
	// Plies bounds each game: game i stops after a random number of
	// plies from 1 to Plies, or earlier where the game ends (so ended
	// games are among the FENs).
	Plies int
	// N is the number of games, and of FENs.
	N int
}

// Random plays g's random games of uniformly random legal moves with
// chessops's own seeded generator and returns the FEN each stopped at, as
// chessops's makeFen writes it (pockets [..] and ~ in Crazyhouse, the
// remaining checks 3+3 after the en-passant square in Three-check).
func (c *ChessOps) Random(ctx context.Context, g Games) ([]string, error) {
	args := fmt.Sprintf("%d %d %d", g.Seed, g.Plies, g.N)
	if g.Chess960 {
		args += " 960"
	}
	fens, err := c.askAbout(ctx, "random", g.Variant, "", args)
	if err == nil && len(fens) != g.N {
		err = fmt.Errorf("variantoracle: chessops: %d FENs came for %d games", len(fens), g.N)
	}
	return fens, err
}

// FEN returns chessops's FEN of the position fen holds in variant (its
// makeFen after reading it: fields it left out filled in, pockets in
// brackets), or an error wrapping ErrRejected when chessops cannot read
// the FEN or the variant does not allow the position.
func (c *ChessOps) FEN(ctx context.Context, variant, fen string) (string, error) {
	data, err := c.askAbout(ctx, "fen", variant, fen, "")
	if err != nil {
		return "", err
	}
	return one(data, "FEN")
}

// Play returns chessops's FEN of the position after moves from fen in
// variant: UCI moves as Divide writes them (castling may also be the
// king's two-square move, e1g1), each legal where it is played.
func (c *ChessOps) Play(ctx context.Context, variant, fen string, moves ...string) (string, error) {
	args := ""
	if len(moves) > 0 {
		args = "moves " + strings.Join(moves, " ")
	}
	for _, m := range moves {
		if m == "" || strings.ContainsAny(m, " \t\r\n") {
			return "", fmt.Errorf("variantoracle: chessops: play %s %q: move %q is not one word: %w", variant, fen, m, ErrRejected)
		}
	}
	data, err := c.askAbout(ctx, "play", variant, fen, args)
	if err != nil {
		return "", err
	}
	return one(data, "FEN")
}

// Status is a position's outcome by chessops.
type Status struct {
	// Winner is "white", "black" or "draw" when the game is over, and ""
	// while it goes on.
	Winner string
	// Reason says why it is over: "checkmate", "stalemate" (in Antichess
	// the stalemated side wins), "insufficient" (material) or "variant"
	// (the variant's own end: a king exploded in Atomic, three checks,
	// a king on the hill, no pieces left in Antichess, the horde gone, a
	// king on the eighth rank in Racing Kings); "" while it goes on.
	Reason string
}

// Over reports whether the game is over.
func (s Status) Over() bool { return s.Winner != "" }

// String returns "ongoing" or the winner and the reason.
func (s Status) String() string {
	if !s.Over() {
		return "ongoing"
	}
	return s.Winner + " " + s.Reason
}

// Status returns the outcome chessops gives the position fen holds in
// variant: chessops's outcome(), with the reason told apart.
func (c *ChessOps) Status(ctx context.Context, variant, fen string) (Status, error) {
	data, err := c.askAbout(ctx, "status", variant, fen, "")
	if err != nil {
		return Status{}, err
	}
	line, err := one(data, "status")
	if err != nil {
		return Status{}, err
	}
	winner, reason, _ := strings.Cut(line, " ")
	switch {
	case winner == "ongoing" && reason == "none":
		return Status{}, nil
	case (winner == "white" || winner == "black" || winner == "draw") &&
		(reason == "checkmate" || reason == "stalemate" || reason == "insufficient" || reason == "variant"):
		return Status{Winner: winner, Reason: reason}, nil
	}
	return Status{}, fmt.Errorf("variantoracle: chessops: status answer %q is not a status", line)
}

// Insufficient is chessops's answer on a position's material.
type Insufficient struct {
	// White and Black are hasInsufficientMaterial of each colour: that
	// side can no longer win by any series of legal moves.
	White, Black bool
	// Both is isInsufficientMaterial: neither side can, and the game is
	// drawn (when nothing ended it first).
	Both bool
}

// InsufficientMaterial returns chessops's rule on the material of the
// position fen holds in variant, for each side and for both.
func (c *ChessOps) InsufficientMaterial(ctx context.Context, variant, fen string) (Insufficient, error) {
	data, err := c.askAbout(ctx, "insufficient", variant, fen, "")
	if err != nil {
		return Insufficient{}, err
	}
	line, err := one(data, "answer")
	if err != nil {
		return Insufficient{}, err
	}
	bad := fmt.Errorf("variantoracle: chessops: insufficient answer %q is not three booleans", line)
	f := strings.Fields(line)
	if len(f) != 3 {
		return Insufficient{}, bad
	}
	var out [3]bool
	for i, w := range f {
		switch w {
		case "true":
			out[i] = true
		case "false":
		default:
			return Insufficient{}, bad
		}
	}
	return Insufficient{White: out[0], Black: out[1], Both: out[2]}, nil
}

// Sparse returns the FENs, as chessops's makeFen writes them, of n
// seeded random placements of a few pieces that variant allows: a king
// each (but for Horde's White, the horde, and in Antichess, where kings
// are pieces like the others), and up to most pieces a side besides,
// minor pieces the most often; no castling or en passant, either side
// to move. They are the material-poor positions random games seldom
// reach. The same arguments give the same FENs.
func (c *ChessOps) Sparse(ctx context.Context, variant string, seed uint32, n, most int) ([]string, error) {
	fens, err := c.askAbout(ctx, "sparse", variant, "", fmt.Sprintf("%d %d %d", seed, n, most))
	if err == nil && len(fens) != n {
		err = fmt.Errorf("variantoracle: chessops: %d FENs came for %d placements", len(fens), n)
	}
	return fens, err
}

// Close ends the Node.js process: it closes its input and kills it if it
// has not exited two seconds later. Later calls fail with ErrClosed.
func (c *ChessOps) Close() error {
	c.p.close()
	return nil
}
