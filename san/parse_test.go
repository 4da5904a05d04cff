package san_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// Positions the parse tests share.
const (
	fenCapture   = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
	fenEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	fenPromotion = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1"
	fenCastling  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	fenKnights   = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
	fenPinned    = "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1"
	fen960Long   = "4k3/8/8/8/8/8/8/RK6 w A - 0 1" // king b1 next to its a1 rook
	fen960Short  = "4k3/8/8/8/8/8/8/6KR w H - 0 1" // king already on g1
	fen960Black  = "1r4kr/8/8/8/8/8/8/1R4KR b HBhb - 0 1"
	fenCheckmate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"
)

// TestParseForgiving reads what people and programs write; the wanted move
// is given in UCI (castling as king takes rook) and read by core.
func TestParseForgiving(t *testing.T) {
	tests := []struct {
		name, fen, in, want string
	}{
		{"SAN", core.StartFEN, "Nf3", "g1f3"},
		{"wrong check sign", core.StartFEN, "Nf3+", "g1f3"},
		{"wrong mate sign", core.StartFEN, "Nf3#", "g1f3"},
		{"good move", core.StartFEN, "Nf3!", "g1f3"},
		{"mistake", core.StartFEN, "Nf3?", "g1f3"},
		{"interesting", core.StartFEN, "Nf3!?", "g1f3"},
		{"dubious", core.StartFEN, "Nf3?!", "g1f3"},
		{"brilliant", core.StartFEN, "Nf3!!", "g1f3"},
		{"blunder", core.StartFEN, "Nf3??", "g1f3"},
		{"check and annotation", core.StartFEN, "Nf3+!?", "g1f3"},
		{"spaces", core.StartFEN, " Nf3\t", "g1f3"},
		{"over-disambiguated by file", core.StartFEN, "Ngf3", "g1f3"},
		{"over-disambiguated by rank", core.StartFEN, "N1f3", "g1f3"},
		{"over-disambiguated by square", core.StartFEN, "Ng1f3", "g1f3"},
		{"long algebraic", core.StartFEN, "Ng1-f3", "g1f3"},
		{"wrong capture sign", core.StartFEN, "Nxf3", "g1f3"},
		{"UCI", core.StartFEN, "g1f3", "g1f3"},
		{"figurine", core.StartFEN, "♘f3", "g1f3"},
		{"black figurine", core.StartFEN, "♞f3", "g1f3"},
		{"lower-case piece", core.StartFEN, "nf3", "g1f3"},
		{"pawn push", core.StartFEN, "e4", "e2e4"},
		{"pawn push UCI", core.StartFEN, "e2e4", "e2e4"},
		{"pawn push long", core.StartFEN, "e2-e4", "e2e4"},
		{"pawn letter", core.StartFEN, "Pe4", "e2e4"},
		{"pawn capture", fenCapture, "exd5", "e4d5"},
		{"pawn capture without x", fenCapture, "ed5", "e4d5"},
		{"pawn capture with colon", fenCapture, "e:d5", "e4d5"},
		{"pawn capture with times sign", fenCapture, "e×d5", "e4d5"},
		{"pawn capture long", fenCapture, "e4xd5", "e4d5"},
		{"pawn capture UCI", fenCapture, "e4d5", "e4d5"},
		{"en passant", fenEnPassant, "exd6", "e5d6"},
		{"en passant e.p.", fenEnPassant, "exd6e.p.", "e5d6"},
		{"en passant spaced e.p.", fenEnPassant, "exd6 e.p.", "e5d6"},
		{"en passant ep", fenEnPassant, "exd6ep", "e5d6"},
		{"en passant without x", fenEnPassant, "ed6", "e5d6"},
		{"promotion", fenPromotion, "e8=Q", "e7e8q"},
		{"promotion without =", fenPromotion, "e8Q", "e7e8q"},
		{"promotion lower case", fenPromotion, "e8=q", "e7e8q"},
		{"promotion in parentheses", fenPromotion, "e8(Q)", "e7e8q"},
		{"promotion with slash", fenPromotion, "e8/Q", "e7e8q"},
		{"promotion figurine", fenPromotion, "e8=♕", "e7e8q"},
		{"promotion UCI", fenPromotion, "e7e8q", "e7e8q"},
		{"promotion long", fenPromotion, "e7-e8=Q", "e7e8q"},
		{"underpromotion with capture", fenPromotion, "exd8=N", "e7d8n"},
		{"underpromotion without x and =", fenPromotion, "ed8N", "e7d8n"},
		{"castling", fenCastling, "O-O", "e1h1"},
		{"castling with zeros", fenCastling, "0-0", "e1h1"},
		{"castling lower case", fenCastling, "o-o", "e1h1"},
		{"castling without dashes", fenCastling, "OO", "e1h1"},
		{"castling wrong check sign", fenCastling, "O-O+", "e1h1"},
		{"long castling", fenCastling, "O-O-O", "e1a1"},
		{"long castling with zeros", fenCastling, "0-0-0", "e1a1"},
		{"castling as UCI king move", fenCastling, "e1g1", "e1h1"},
		{"long castling as UCI king move", fenCastling, "e1c1", "e1a1"},
		{"castling as king takes rook", fenCastling, "Kxh1", "e1h1"},
		{"castling as UCI king takes rook", fenCastling, "e1h1", "e1h1"},
		{"Chess960 long castling", fen960Long, "O-O-O", "b1a1"},
		{"Chess960 king takes rook", fen960Long, "Kxa1", "b1a1"},
		{"Chess960 king takes rook without x", fen960Long, "Ka1", "b1a1"},
		{"Chess960 UCI king takes rook", fen960Long, "b1a1", "b1a1"},
		{"Chess960 king move, not castling", fen960Long, "Kc1", "b1c1"},
		{"Chess960 UCI king move, not castling", fen960Long, "b1c1", "b1c1"},
		{"Chess960 castling, king stays", fen960Short, "O-O", "g1h1"},
		{"Chess960 castling, king stays, king takes rook", fen960Short, "Kxh1", "g1h1"},
		{"Chess960 black long", fen960Black, "0-0-0", "g8b8"},
		{"Chess960 black king takes rook", fen960Black, "Kxb8", "g8b8"},
		{"mate without its sign", fenCheckmate, "Ra8", "a1a8"},
		{"mate with a check sign", fenCheckmate, "Ra8+", "a1a8"},
		{"mate as ++", fenCheckmate, "Ra8++", "a1a8"},
		{"pin decides", fenPinned, "Nd2", "f1d2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			want, err := p.ParseUCI(tc.want)
			require.NoError(t, err)
			got, err := san.Parse(&p, tc.in)
			require.NoError(t, err)
			assert.Equal(t, want, got, "Parse(%q) = %v, want %v", tc.in, got, want)
		})
	}
}

// TestParseErrors checks the kind of every failure and the full text of a
// few: the move, the FEN and what went wrong.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, fen, in string
		kind          error
		text          string // the whole message, when set
	}{
		{name: "ambiguous knights", fen: fenKnights, in: "Nd2", kind: san.ErrAmbiguous,
			text: `san: ambiguous move "Nd2" in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1: candidates Nbd2, Nfd2`},
		{name: "ambiguous UCI promotion", fen: fenPromotion, in: "e7e8", kind: san.ErrAmbiguous},
		{name: "ambiguous rooks", fen: "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", in: "Ra3", kind: san.ErrAmbiguous},
		{name: "pinned knight", fen: fenPinned, in: "Nbd2", kind: san.ErrIllegal,
			text: `san: illegal move "Nbd2" in 4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1`},
		{name: "no such piece move", fen: core.StartFEN, in: "Nf6", kind: san.ErrIllegal},
		{name: "blocked king", fen: core.StartFEN, in: "Ke2", kind: san.ErrIllegal},
		{name: "castling through pieces", fen: core.StartFEN, in: "O-O", kind: san.ErrIllegal},
		{name: "pawn too far", fen: core.StartFEN, in: "e5", kind: san.ErrIllegal},
		{name: "nothing to capture", fen: core.StartFEN, in: "exd3", kind: san.ErrIllegal},
		{name: "promotion on the fourth rank", fen: core.StartFEN, in: "e4=Q", kind: san.ErrIllegal},
		{name: "promotion to a king", fen: fenPromotion, in: "e8=K", kind: san.ErrSyntax},
		{name: "king promotes", fen: fenPromotion, in: "Ke2=Q", kind: san.ErrSyntax,
			text: `san: invalid move syntax "Ke2=Q" in 3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1: promotion piece without a pawn move to the last rank`},
		{name: "wrong piece", fen: fenCapture, in: "Bxd5", kind: san.ErrIllegal},
		{name: "pawn capture without its file", fen: fenCapture, in: "d5", kind: san.ErrIllegal},
		{name: "pawn capture with x but no file", fen: fenCapture, in: "xd5", kind: san.ErrIllegal},
		{name: "null move", fen: core.StartFEN, in: "--", kind: san.ErrIllegal,
			text: `san: illegal move "--" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: a null move is not a legal move`},
		{name: "ChessBase null move", fen: core.StartFEN, in: "Z0", kind: san.ErrIllegal},
		{name: "empty", fen: core.StartFEN, in: "", kind: san.ErrSyntax,
			text: `san: invalid move syntax "" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: empty move`},
		{name: "only annotations", fen: core.StartFEN, in: " !? ", kind: san.ErrSyntax},
		{name: "word", fen: core.StartFEN, in: "hello", kind: san.ErrSyntax},
		{name: "rank 9", fen: core.StartFEN, in: "e9", kind: san.ErrSyntax},
		{name: "file i", fen: core.StartFEN, in: "Ni3", kind: san.ErrSyntax},
		{name: "no square", fen: core.StartFEN, in: "Nf", kind: san.ErrSyntax},
		{name: "four O", fen: core.StartFEN, in: "O-O-O-O", kind: san.ErrSyntax},
		{name: "trailing dash", fen: core.StartFEN, in: "O-O-", kind: san.ErrSyntax},
		{name: "double dash", fen: core.StartFEN, in: "O--O", kind: san.ErrSyntax},
		{name: "extra text", fen: core.StartFEN, in: "Nxgg1f3", kind: san.ErrSyntax},
		{name: "rank without piece", fen: core.StartFEN, in: "1f3", kind: san.ErrSyntax},
		{name: "three squares", fen: core.StartFEN, in: "e2e3e4", kind: san.ErrSyntax},
		{name: "lone figurine", fen: core.StartFEN, in: "♘", kind: san.ErrSyntax},
		{name: "broken UTF-8", fen: core.StartFEN, in: "\xe2\x99f3", kind: san.ErrSyntax},
		{name: "drop", fen: core.StartFEN, in: "N@f3", kind: san.ErrSyntax},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			m, err := san.Parse(&p, tc.in)
			require.ErrorIs(t, err, tc.kind)
			assert.Equal(t, core.NoMove, m)
			var me *san.MoveError
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tc.in, me.Move)
			assert.Equal(t, tc.fen, me.FEN)
			if tc.text != "" {
				assert.EqualError(t, err, tc.text)
			}
		})
	}
}

func TestParseAmbiguousCandidates(t *testing.T) {
	p, err := core.ParseFEN(fenPromotion)
	require.NoError(t, err)
	_, err = san.Parse(&p, "e8")
	var me *san.MoveError
	require.ErrorAs(t, err, &me)
	require.ErrorIs(t, err, san.ErrAmbiguous)
	assert.ElementsMatch(t, []string{"e8=Q", "e8=R", "e8=B", "e8=N"}, me.Candidates)
}

func TestParseStrict(t *testing.T) {
	tests := []struct {
		name, fen, in string
		want          string // UCI; empty for an error
		kind          error
	}{
		{name: "SAN", fen: core.StartFEN, in: "Nf3", want: "g1f3"},
		{name: "disambiguated", fen: fenKnights, in: "Nbd2", want: "b1d2"},
		{name: "check", fen: "6k1/8/8/8/8/8/8/R3K3 w - - 0 1", in: "Ra8+", want: "a1a8"},
		{name: "mate", fen: fenCheckmate, in: "Ra8#", want: "a1a8"},
		{name: "promotion", fen: fenPromotion, in: "exd8=Q", want: "e7d8q"},
		{name: "castling", fen: fenCastling, in: "O-O-O", want: "e1a1"},
		{name: "Chess960 castling", fen: fen960Long, in: "O-O-O", want: "b1a1"},
		{name: "missing mate sign", fen: fenCheckmate, in: "Ra8", kind: san.ErrSyntax},
		{name: "check for mate", fen: fenCheckmate, in: "Ra8+", kind: san.ErrSyntax},
		{name: "wrong check sign", fen: core.StartFEN, in: "Nf3+", kind: san.ErrSyntax},
		{name: "annotation", fen: core.StartFEN, in: "Nf3!", kind: san.ErrSyntax},
		{name: "over-disambiguated", fen: core.StartFEN, in: "Ngf3", kind: san.ErrSyntax},
		{name: "UCI", fen: core.StartFEN, in: "g1f3", kind: san.ErrSyntax},
		{name: "long algebraic", fen: core.StartFEN, in: "Ng1-f3", kind: san.ErrSyntax},
		{name: "figurine", fen: core.StartFEN, in: "♘f3", kind: san.ErrSyntax},
		{name: "spaces", fen: core.StartFEN, in: "Nf3 ", kind: san.ErrSyntax},
		{name: "zeros", fen: fenCastling, in: "0-0", kind: san.ErrSyntax},
		{name: "king takes rook", fen: fen960Long, in: "Kxa1", kind: san.ErrSyntax},
		{name: "missing =", fen: fenPromotion, in: "exd8Q", kind: san.ErrSyntax},
		{name: "missing x", fen: fenCapture, in: "ed5", kind: san.ErrSyntax},
		{name: "e.p.", fen: fenEnPassant, in: "exd6e.p.", kind: san.ErrSyntax},
		{name: "ambiguous", fen: fenKnights, in: "Nd2", kind: san.ErrAmbiguous},
		{name: "illegal", fen: fenPinned, in: "Nbd2", kind: san.ErrIllegal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := core.ParseFEN(tc.fen)
			require.NoError(t, err)
			got, err := san.ParseStrict(&p, tc.in)
			if tc.kind != nil {
				require.ErrorIs(t, err, tc.kind)
				assert.Equal(t, core.NoMove, got)
				return
			}
			require.NoError(t, err)
			want, err := p.ParseUCI(tc.want)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestParseStrictMessage(t *testing.T) {
	p := core.StartPosition()
	_, err := san.ParseStrict(&p, "Ng1f3")
	assert.EqualError(t, err, `san: invalid move syntax "Ng1f3" in `+core.StartFEN+`: not canonical SAN (want "Nf3")`)
}

// TestErrorsAreCore checks that the san errors match core's, so a caller
// reading SAN and UCI moves checks one set.
func TestErrorsAreCore(t *testing.T) {
	p := core.StartPosition()
	_, err := san.Parse(&p, "Nf6")
	assert.True(t, errors.Is(err, core.ErrIllegalMove))
	_, err = san.Parse(&p, "xyz")
	assert.True(t, errors.Is(err, core.ErrMoveSyntax))
	assert.False(t, errors.Is(err, san.ErrAmbiguous))
}

func TestIsNullMove(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"--", true}, {"Z0", true}, {"0000", true}, {"@@@@", true}, {"-- ", true}, {"Z0+", true},
		{"e4", false}, {"0-0", false}, {"", false}, {"-", false}, {"O-O", false},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, san.IsNullMove(tc.in), "%q", tc.in)
	}
}
