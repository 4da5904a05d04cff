package core

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/tables"
)

// Invariants checked on every position of random games, standard and
// Chess960, and on every legal move there:
//
//   - MakeMove then UnmakeMove restores the whole Position value, hash
//     included;
//   - after MakeMove the incremental hash equals computeHash, the piece sets
//     agree with the board, and the side that moved is not in check;
//   - the Move's fields describe the board it was generated on;
//   - ParseFEN(FEN()) gives back the same FEN and the same position;
//   - ParseUCI reads back what UCI writes, and the king-destination form of
//     castling when no king move shares it.
//
// The move generator itself is checked against Stockfish by the perft
// package's oracle; these are the properties that hold whatever the
// generator says.

const (
	invariantSeed     = 20240601
	invariantGames    = 160 // half standard, half Chess960
	invariantMaxPlies = 160
	// suiteMaxPlies keeps the games from the suites' 1200-odd positions
	// short: their point is the position they start from.
	suiteMaxPlies = 30
)

// invariantStart is where a random game starts and how long it may last.
type invariantStart struct {
	fen      string
	maxPlies int
}

// invariantStarts returns the starts of the random games: the standard
// start, random Chess960 starts, the positions of the published perft
// suites, which are rich in castling, en passant and promotions, and the
// fuzz seeds that parse (castling with inner rooks, which no game from a
// start position has).
func invariantStarts(t testing.TB, r *rand.Rand) []invariantStart {
	t.Helper()
	var starts []invariantStart
	for i := range invariantGames {
		if i%2 == 0 {
			starts = append(starts, invariantStart{StartFEN, invariantMaxPlies})
		} else {
			starts = append(starts, invariantStart{randomChess960FEN(r), invariantMaxPlies})
		}
	}
	for _, name := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		for _, fen := range suiteFENs(t, filepath.Join("..", "testdata", "perft", name)) {
			starts = append(starts, invariantStart{fen, suiteMaxPlies})
		}
	}
	for _, fen := range fenSeeds {
		if _, err := ParseFEN(fen); err == nil {
			starts = append(starts, invariantStart{fen, suiteMaxPlies})
		}
	}
	return starts
}

// randomChess960FEN returns a random Chess960 start with X-FEN castling
// ("KQkq", the outermost rooks). The perft oracle numbers the 960 starts by
// Scharnagl's scheme and writes Shredder-FEN; this placement is drawn
// directly so that the two do not share a mistake.
func randomChess960FEN(r *rand.Rand) string {
	var rank [8]byte
	rank[2*r.IntN(4)] = 'B'   // a, c, e or g: dark squares
	rank[2*r.IntN(4)+1] = 'B' // b, d, f or h: light squares
	var empty []int
	for i, c := range rank {
		if c == 0 {
			empty = append(empty, i)
		}
	}
	r.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	rank[empty[0]], rank[empty[1]], rank[empty[2]] = 'Q', 'N', 'N'
	rest := empty[3:]
	// The last three squares, left to right, take rook, king, rook.
	for i := range rest {
		for j := i + 1; j < len(rest); j++ {
			if rest[j] < rest[i] {
				rest[i], rest[j] = rest[j], rest[i]
			}
		}
	}
	rank[rest[0]], rank[rest[1]], rank[rest[2]] = 'R', 'K', 'R'
	white := string(rank[:])
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1"
}

// suiteFENs reads the FENs of a perft suite file, in either of its formats
// (core cannot import the perft package's reader).
func suiteFENs(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if fen, ok := strings.CutPrefix(line, "epd "); ok {
			fens = append(fens, strings.TrimSpace(fen))
		} else if fen, _, ok := strings.Cut(line, ";"); ok {
			fens = append(fens, strings.TrimSpace(fen))
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, fens, path)
	return fens
}

func TestInvariantsOnRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(invariantSeed, 1))
	positions, moves := 0, 0
	// What the games covered, so that a change of seed or length that
	// loses the interesting cases shows up.
	var epLegal, epHashedOnly, castles, kingFormTaken, promotions int
	var ml MoveList
	for _, start := range invariantStarts(t, r) {
		p, err := ParseFEN(start.fen)
		require.NoError(t, err, start.fen)
		var path []string
		for range r.IntN(start.maxPlies + 1) {
			checkFENRoundTrip(t, &p, path)
			if p.ep() != NoSquare {
				if p.EnPassant() == p.ep() {
					epLegal++
				} else {
					epHashedOnly++
				}
			}
			p.LegalMoves(&ml)
			for _, m := range ml.Moves() {
				checkMoveFields(t, &p, m, path)
				checkMakeUnmake(t, &p, m, path)
				if checkUCIRoundTrip(t, &p, m, &ml, path) {
					kingFormTaken++
				}
				if m.IsCastle() {
					castles++
				}
				if m.IsPromotion() {
					promotions++
				}
			}
			positions++
			moves += ml.Len()
			if ml.Len() == 0 {
				break
			}
			m := ml.At(r.IntN(ml.Len()))
			path = append(path, p.UCI(m))
			p.MakeMove(m)
		}
	}
	t.Logf("%d positions, %d moves: %d castlings (%d whose king form is a king move), %d promotions, "+
		"%d positions with a legal en passant, %d with a hashed but illegal one",
		positions, moves, castles, kingFormTaken, promotions, epLegal, epHashedOnly)
	require.Greater(t, positions, 20000, "the games are long enough to matter")
	require.Positive(t, castles, "castling covered")
	require.Positive(t, kingFormTaken, "castling whose king form is a king move covered")
	require.Positive(t, promotions, "promotions covered")
	require.Positive(t, epLegal, "legal en passant covered")
	require.Positive(t, epHashedOnly, "hashed but illegal en passant covered")
}

// where says which position a failure is in.
func where(p *Position, path []string) string {
	return p.FEN() + " (after " + strings.Join(path, " ") + ")"
}

// checkMoveFields checks that m describes the board: the moving piece is
// ours and of m's type, the captured piece is theirs and of m's captured
// type, and castling takes one of our rooks.
func checkMoveFields(t *testing.T, p *Position, m Move, path []string) {
	from, to := p.board[m.From()], p.board[m.To()]
	ok := from != NoPiece && from.Color() == p.side() && from.Type() == m.Piece()
	switch {
	case m.IsCastle():
		ok = ok && m.Piece() == King && to == NewPiece(p.side(), Rook) && !m.IsCapture()
	case m.IsEnPassant():
		ok = ok && m.Piece() == Pawn && to == NoPiece && m.Captured() == Pawn &&
			p.board[m.To()^8] == NewPiece(p.side()^1, Pawn)
	case to == NoPiece:
		ok = ok && !m.IsCapture()
	default:
		ok = ok && to.Color() != p.side() && to.Type() == m.Captured() && m.Captured() != King
	}
	if m.IsPromotion() {
		ok = ok && m.Piece() == Pawn && (m.To().Rank() == 0 || m.To().Rank() == 7)
	}
	if m.IsDoublePush() {
		ok = ok && m.Piece() == Pawn && (int(m.To())-int(m.From()) == 16 || int(m.From())-int(m.To()) == 16)
	}
	if !ok {
		t.Fatalf("move %s (%#x) does not describe the board of %s", m, uint32(m), where(p, path))
	}
}

// checkMakeUnmake makes and unmakes m and checks the position in between
// and after.
func checkMakeUnmake(t *testing.T, p *Position, m Move, path []string) {
	before := *p
	us := p.side()
	u := p.MakeMove(m)
	if h := p.computeHash(); p.hash != h {
		t.Fatalf("after %s in %s: incremental hash %#x, from scratch %#x", before.UCI(m), where(&before, path), p.hash, h)
	}
	if msg := boardConsistency(p); msg != "" {
		t.Fatalf("after %s in %s: %s", before.UCI(m), where(&before, path), msg)
	}
	if p.IsAttacked(p.KingSquare(us), us^1) {
		t.Fatalf("after %s in %s: the side that moved is in check", before.UCI(m), where(&before, path))
	}
	p.UnmakeMove(m, u)
	if uncached(*p) != uncached(before) {
		require.Equal(t, uncached(before), uncached(*p), "make and unmake %s in %s", before.UCI(m), where(&before, path))
	}
}

// boardConsistency returns what is wrong between the board array and the
// piece sets, or "".
func boardConsistency(p *Position) string {
	var byType [8]Bitboard
	var byColor [2]Bitboard
	for sq := A1; sq <= H8; sq++ {
		pc := p.board[sq]
		if pc == NoPiece {
			continue
		}
		byType[0] |= sq.Bitboard()
		byType[pc.Type()] |= sq.Bitboard()
		byColor[pc.Color()] |= sq.Bitboard()
	}
	if byType != p.byType || byColor != p.byColor {
		return "the piece sets disagree with the board"
	}
	if p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
		return "not one king a side"
	}
	return ""
}

// checkFENRoundTrip writes p's FEN, reads it back and compares.
//
// The en-passant square is where the two may rightly differ. Hash follows
// Polyglot, which keys the en-passant file whenever a pawn of the side to
// move stands next to the pawn that just advanced two squares, even when the
// capture is illegal (the capturing pawn is pinned, say); Position keeps that
// square internally (ep) for the hash. FEN writes the square only when the
// capture is legal. So when EnPassant() agrees with ep, the position read
// back must be identical, hash included; when ep is set but the capture is
// illegal, the FEN has "-", and the position read back must have no ep and a
// hash that differs by exactly the en-passant file's key.
func checkFENRoundTrip(t *testing.T, p *Position, path []string) {
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("cannot read back %s: %v (reached by %s)", fen, err, strings.Join(path, " "))
	}
	if got := q.FEN(); got != fen {
		t.Fatalf("FEN %s reads back as %s (reached by %s)", fen, got, strings.Join(path, " "))
	}
	ctx := fen + " (reached by " + strings.Join(path, " ") + ")"
	require.Equal(t, p.board, q.board, ctx)
	require.Equal(t, p.byType, q.byType, ctx)
	require.Equal(t, p.byColor, q.byColor, ctx)
	require.Equal(t, p.side(), q.side(), ctx)
	require.Equal(t, p.castling(), q.castling(), ctx)
	require.Equal(t, p.halfmove(), q.halfmove(), ctx)
	require.Equal(t, p.fullmove, q.fullmove, ctx)
	// Rights a game has lost leave stale entries in castleRook and
	// castleMask, which a position read from FEN never had: compare what
	// the remaining rights see.
	for i := range 4 {
		if p.castling()&(1<<i) != 0 {
			require.Equal(t, p.castleRook[i], q.castleRook[i], "castling rook %d: %s", i, ctx)
		}
	}
	for sq := range 64 {
		require.Equal(t, p.castleMask[sq]&p.castling(), q.castleMask[sq]&q.castling(), "castling mask of %v: %s", Square(sq), ctx)
	}
	// ParseFEN marks a position Chess960 exactly when a remaining right has
	// its king off e1/e8 or its rook off the a- and h-files; a Chess960
	// game whose remaining rights look standard reads back as standard,
	// which names the same moves the same way.
	want960 := false
	for i := range 4 {
		if rsq := p.CastlingRook(1 << i); rsq != NoSquare {
			k := p.KingSquare(Color(i / 2))
			want960 = want960 || k.File() != 4 || (rsq.File() != 0 && rsq.File() != 7)
		}
	}
	require.Equal(t, want960, q.Chess960(), "Chess960 flag: %s", ctx)

	if p.EnPassant() == p.ep() {
		require.Equal(t, p.ep(), q.ep(), "en passant: %s", ctx)
		require.Equal(t, p.hash, q.hash, "hash: %s", ctx)
	} else {
		require.Equal(t, NoSquare, q.ep(), "en passant: %s", ctx)
		require.Equal(t, p.hash^tables.ZobristEnPassant[p.ep().File()], q.hash,
			"hash: an illegal en passant on %v should account for its file key only: %s", p.ep(), ctx)
	}

	var a, b MoveList
	p.LegalMoves(&a)
	q.LegalMoves(&b)
	require.Equal(t, a.Moves(), b.Moves(), "legal moves after reading back: %s", ctx)
}

// checkUCIRoundTrip checks that ParseUCI reads back every form UCI writes.
// It reports whether m is a castling whose king-destination form names a
// king move instead.
func checkUCIRoundTrip(t *testing.T, p *Position, m Move, legal *MoveList, path []string) bool {
	parse := func(s, form string, want Move) {
		got, err := p.ParseUCI(s)
		if err != nil || got != want {
			t.Fatalf("%s form %q of %s in %s: ParseUCI gives %s, %v", form, s, m, where(p, path), got, err)
		}
	}
	parse(p.UCI(m), "UCI", m)
	// Move.String is always king takes rook, the form UCI writes under
	// Chess960 and ParseUCI reads everywhere.
	parse(m.String(), "king-takes-rook", m)
	if !m.IsCastle() {
		return false
	}
	kTo := p.CastleKingSquare(m)
	if kTo == m.From() {
		// The king stays put (only the rook moves): its king form would
		// name no movement.
		return false
	}
	want := m
	for _, o := range legal.Moves() {
		if !o.IsCastle() && o.From() == m.From() && o.To() == kTo {
			want = o // documented: a king move sharing the form wins
		}
	}
	parse(m.From().String()+kTo.String(), "king-destination", want)
	return want != m
}
