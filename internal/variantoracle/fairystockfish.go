package variantoracle

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// FairyStockfishPath is where Debian's fairy-stockfish package puts the
// engine.
const FairyStockfishPath = "/usr/games/fairy-stockfish"

// FairyStockfish drives Fairy-Stockfish over UCI as a perft oracle:
// setoption name UCI_Variant, position fen, go perft N. It has the
// variants the engine lists in its UCI_Variant option; Debian's 11.1 has
// no atomic, and would play standard chess when told it, so atomic is an
// error here (ErrUnsupported). UCI_Chess960 is on in every variant, so
// that castling is written king takes rook (e1h1), as chessops writes it,
// and Chess960 positions read as such. Its methods may be called from
// several goroutines; a ctx that ends before the answer kills the engine.
type FairyStockfish struct {
	p        *process
	variants map[string]bool // what its UCI_Variant option lists
	variant  string          // the UCI_Variant last set; guarded by p.mu
}

// StartFairyStockfish starts the engine at FairyStockfishPath and does the
// UCI handshake, bounded by ctx. It fails with the command to run when
// the engine is not installed.
func StartFairyStockfish(ctx context.Context) (*FairyStockfish, error) {
	p, err := startProcess("fairy-stockfish", "", FairyStockfishPath)
	if err != nil {
		return nil, fmt.Errorf("%w (Debian's fairy-stockfish package: %s)", err, installHint)
	}
	f := &FairyStockfish{p: p, variants: map[string]bool{}, variant: "chess"}
	if err := f.handshake(ctx); err != nil {
		p.close()
		return nil, fmt.Errorf("variantoracle: fairy-stockfish: UCI handshake: %w", err)
	}
	return f, nil
}

// handshake sends uci, reads the variants off the UCI_Variant option,
// turns UCI_Chess960 on and waits for readyok.
func (f *FairyStockfish) handshake(ctx context.Context) error {
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	if err := f.p.send("uci"); err != nil {
		return err
	}
	for {
		line, err := f.p.readLine(ctx)
		if err != nil {
			return err
		}
		if line == "uciok" {
			break
		}
		if rest, ok := strings.CutPrefix(line, "option name UCI_Variant type combo "); ok {
			words := strings.Fields(rest)
			for i := 0; i+1 < len(words); i++ {
				if words[i] == "var" {
					f.variants[words[i+1]] = true
				}
			}
		}
	}
	if !f.variants["chess"] {
		return fmt.Errorf("the engine lists no UCI_Variant chess (is it Fairy-Stockfish?): %w", ErrUnsupported)
	}
	return f.sync(ctx, "setoption name UCI_Chess960 value true")
}

// sync sends commands, then isready, and waits for readyok. The caller
// holds p.mu.
func (f *FairyStockfish) sync(ctx context.Context, commands ...string) error {
	for _, c := range append(commands, "isready") {
		if err := f.p.send(c); err != nil {
			return err
		}
	}
	for {
		line, err := f.p.readLine(ctx)
		if err != nil {
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// Has reports whether the engine has variant (a name of Variants), by the
// list its UCI_Variant option gives; chess960 is its chess.
func (f *FairyStockfish) Has(variant string) bool {
	return checkRequest(variant, "") == nil && f.variants[fairyVariant(variant)]
}

// fairyVariant returns Fairy-Stockfish's name of variant.
func fairyVariant(variant string) string {
	if variant == "chess960" {
		return "chess"
	}
	return variant
}

// Perft returns the number of leaves depth plies (at least 1) below fen in
// variant, as Fairy-Stockfish counts them: its "Nodes searched", checked
// against the sum of its divide.
func (f *FairyStockfish) Perft(ctx context.Context, variant, fen string, depth int) (int64, error) {
	d, total, err := f.perft(ctx, variant, fen, depth)
	if err != nil {
		return 0, fmt.Errorf("variantoracle: fairy-stockfish: perft %s %q depth %d: %w", variant, fen, depth, err)
	}
	if d.Total() != total {
		return 0, fmt.Errorf("variantoracle: fairy-stockfish: perft %s %q depth %d: its moves add up to %d, its total says %d", variant, fen, depth, d.Total(), total)
	}
	return total, nil
}

// Divide returns the perft of each legal move of fen in variant, depth
// plies (at least 1) deep counting the move.
func (f *FairyStockfish) Divide(ctx context.Context, variant, fen string, depth int) (Divide, error) {
	d, _, err := f.perft(ctx, variant, fen, depth)
	if err != nil {
		return nil, fmt.Errorf("variantoracle: fairy-stockfish: divide %s %q depth %d: %w", variant, fen, depth, err)
	}
	return d, nil
}

// perft runs go perft and returns its divide and its total.
func (f *FairyStockfish) perft(ctx context.Context, variant, fen string, depth int) (Divide, int64, error) {
	if err := checkRequest(variant, fen); err != nil {
		return nil, 0, err
	}
	if !f.Has(variant) {
		return nil, 0, fmt.Errorf("this Fairy-Stockfish has no %s (it would play standard chess): %w", variant, ErrUnsupported)
	}
	if depth < 1 {
		return nil, 0, fmt.Errorf("depth %d: go perft wants 1 or more (0 would start a search): %w", depth, ErrRejected)
	}
	uciFEN, err := FairyFEN(variant, fen)
	if err != nil {
		return nil, 0, err
	}
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	var commands []string
	if v := fairyVariant(variant); v != f.variant {
		commands = append(commands, "setoption name UCI_Variant value "+v)
		f.variant = v
	}
	if err := f.sync(ctx, append(commands, "position fen "+uciFEN)...); err != nil {
		return nil, 0, err
	}
	if err := f.p.send("go perft " + strconv.Itoa(depth)); err != nil {
		return nil, 0, err
	}
	d := Divide{}
	for {
		line, err := f.p.readLine(ctx)
		if err != nil {
			return nil, 0, err
		}
		if rest, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			total, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				return nil, 0, fmt.Errorf("total %q is not a count", line)
			}
			return d, total, nil
		}
		if line == "" || strings.HasPrefix(line, "info ") {
			continue
		}
		move, n, err := parseDivideLine(line, ": ")
		if err != nil {
			return nil, 0, fmt.Errorf("engine said %q in its perft", line)
		}
		d[move] = n
	}
}

// Close ends the engine: it closes its input (Fairy-Stockfish quits at
// its end) and kills it if it has not exited two seconds later. Later
// calls fail with ErrClosed.
func (f *FairyStockfish) Close() error {
	f.p.close()
	return nil
}

// FairyFEN turns fen (chessops's or lichess's forms) into the form
// Fairy-Stockfish 11.1 reads for variant. Tried on the engine: in
// Three-check it reads only checks remaining after the en-passant square
// (3+3); it ignores lichess's checks given (+1+0 after the move number)
// and assumes one check left each when there are none, counting wrongly
// without a word. So FairyFEN turns checks given into checks remaining
// and writes 3+3 where a FEN has none. It reads Crazyhouse pockets in
// brackets (board[Qn]) and after an eighth slash (board/Qn) alike, and
// promoted pieces (Q~); FairyFEN writes brackets, empty ones when there
// are none. Missing turn, castling and en-passant fields are filled in as
// chessops does (w - -).
func FairyFEN(variant, fen string) (string, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return "", fmt.Errorf("empty FEN: %w", ErrRejected)
	}
	board := fields[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		if !strings.HasSuffix(board, "]") || strings.Count(board, "[") != 1 {
			return "", fmt.Errorf("FEN %q: pockets must end the board in brackets: %w", fen, ErrRejected)
		}
	} else if strings.Count(board, "/") == 8 {
		i := strings.LastIndexByte(board, '/')
		board = board[:i] + "[" + board[i+1:] + "]"
	} else if variant == "crazyhouse" {
		board += "[]"
	}
	rest := fields[1:]
	var checks string
	if variant == "3check" {
		var err error
		if rest, checks, err = threeCheckField(fen, rest); err != nil {
			return "", err
		}
	}
	defaults := []string{"w", "-", "-"}
	for len(rest) < len(defaults) {
		rest = append(rest, defaults[len(rest)])
	}
	out := append([]string{board}, rest[:3]...)
	if checks != "" {
		out = append(out, checks)
	}
	return strings.Join(append(out, rest[3:]...), " "), nil
}

// threeCheckField takes the check counts out of a Three-check FEN's fields
// after the board and returns the rest and the remaining checks (W+B).
func threeCheckField(fen string, rest []string) ([]string, string, error) {
	bad := fmt.Errorf("FEN %q: check counts: %w", fen, ErrRejected)
	out := make([]string, 0, len(rest))
	checks := ""
	for _, f := range rest {
		if !strings.Contains(f, "+") {
			out = append(out, f)
			continue
		}
		if checks != "" {
			return nil, "", bad
		}
		given := strings.HasPrefix(f, "+")
		w, b, ok := strings.Cut(strings.TrimPrefix(f, "+"), "+")
		if !ok || len(w) != 1 || len(b) != 1 || w < "0" || w > "3" || b < "0" || b > "3" {
			return nil, "", bad
		}
		nw, nb := int(w[0]-'0'), int(b[0]-'0')
		if given {
			nw, nb = 3-nw, 3-nb
		}
		checks = fmt.Sprintf("%d+%d", nw, nb)
	}
	if checks == "" {
		checks = "3+3"
	}
	return out, checks, nil
}
