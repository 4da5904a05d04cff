package game_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/pgntext"
	"github.com/gambit-chess/gambit/pgn"
)

func TestWritePGN(t *testing.T) {
	g := newGame(t, "", "f3 e5 g4 Qh4")
	require.NoError(t, g.SetTag("Event", `Club "Open"`))
	require.NoError(t, g.SetTag("White", "Alice"))
	require.NoError(t, g.SetTag("Annotator", "Bob"))
	// The PGN standard's export format: the seven tag roster in its order
	// ("?" for unknown values), then the other tags, a blank line, the
	// movetext with move numbers, the result, and a blank line.
	want := `[Event "Club \"Open\""]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Alice"]
[Black "?"]
[Result "0-1"]
[Annotator "Bob"]

1. f3 e5 2. g4 Qh4# 0-1

`
	assert.Equal(t, want, g.PGN())

	g = newGame(t, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30", "Kd7 e4")
	require.NoError(t, g.Draw("agreed"))
	assert.Equal(t, `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]

30... Kd7 31. e4 1/2-1/2

`, g.PGN())
}

func TestFromPGN(t *testing.T) {
	tests := []struct {
		name    string
		pgn     string
		fen     string
		outcome game.Outcome
		err     error
		errText string
	}{
		{
			name: "mate", pgn: "1. f3 e5 2. g4 Qh4# 0-1",
			fen:     "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			outcome: game.Outcome{Status: game.Checkmate, Result: game.BlackWon},
		},
		{
			name: "unfinished", pgn: "1. e4 e5 *",
			fen:     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			outcome: game.Outcome{Status: game.Ongoing, Result: game.Unfinished},
		},
		{
			name: "win on time", pgn: "[Termination \"Time forfeit\"]\n\n1. e4 e5 0-1",
			fen:     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			outcome: game.Outcome{Status: game.Adjudication, Result: game.BlackWon, Reason: "Time forfeit"},
		},
		{
			name: "draw agreed", pgn: "1. e4 e5 1/2-1/2",
			fen:     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			outcome: game.Outcome{Status: game.DrawByAgreement, Result: game.Drawn},
		},
		{
			name: "draw by repetition", pgn: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
			fen:     core.StartFEN[:len(core.StartFEN)-3] + "8 5",
			outcome: game.Outcome{Status: game.ThreefoldRepetition, Result: game.Drawn},
		},
		{
			name: "from a FEN", pgn: "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *",
			fen:     "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2",
			outcome: game.Outcome{Status: game.Ongoing, Result: game.Unfinished},
		},
		{name: "result against the rules", pgn: "1. f3 e5 2. g4 Qh4# 1-0", errText: "contradicts"},
		{name: "stalemate scored as a win", pgn: "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1-0", errText: "contradicts"},
		{name: "move after mate", pgn: "1. f3 e5 2. g4 Qh4# 3. a3 0-1", err: core.ErrIllegalMove},
		{name: "null move", pgn: "1. e4 -- 2. d4 *", errText: "null move"},
		{name: "illegal move", pgn: "1. e5 *", err: core.ErrIllegalMove},
		{name: "empty", pgn: "", err: game.ErrNoGame},
		{name: "bad tag", pgn: "[Bad_ \"x\x01\"]\n\n1. e4 *", errText: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.FromPGN(strings.NewReader(tc.pgn))
			if tc.err != nil || tc.errText != "" || tc.fen == "" {
				require.Error(t, err)
				if tc.err != nil {
					assert.ErrorIs(t, err, tc.err)
				}
				assert.Contains(t, err.Error(), tc.errText)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.fen, g.FEN())
			assert.Equal(t, tc.outcome, g.Outcome())
		})
	}
}

// TestPGNRealGames reads every game of testdata/pgn with FromPGN, checks
// that its movetext written back is the file's own (canonical SAN writers,
// so token for token), and that reading what WritePGN writes gives the
// same game.
func TestPGNRealGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(pgnDir, "*.pgn"))
	require.NoError(t, err)
	read, refused := 0, 0
	for _, path := range files {
		f, err := os.Open(path)
		require.NoError(t, err)
		r := pgn.NewReader(f)
		tokens := readPGN(t, path)
		for i := 0; ; i++ {
			pg, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err, "%s game %d", path, i+1)
			g, err := game.FromPGNGame(pg)
			if err != nil {
				// A game the rules had ended (players going on after a
				// dead position) or one with null moves.
				require.True(t, errors.Is(err, game.ErrGameOver) || strings.Contains(err.Error(), "null move"), "%s game %d: %v", path, i+1, err)
				refused++
				continue
			}
			read++
			text := g.PGN()
			for _, line := range strings.Split(text, "\n") {
				if !strings.HasPrefix(line, "[") { // a tag pair may be longer
					require.LessOrEqual(t, len(line), 80, "%s game %d", path, i+1)
				}
			}
			var want []string
			for _, tok := range tokens[i].Moves {
				want = append(want, strings.TrimRight(tok, "!?"))
			}
			require.Equal(t, want, movetextTokens(text), "%s game %d", path, i+1)

			back, err := game.FromPGN(strings.NewReader(text))
			require.NoError(t, err, "%s game %d:\n%s", path, i+1, text)
			require.Equal(t, g.Moves(), back.Moves())
			require.Equal(t, g.FEN(), back.FEN())
			require.Equal(t, g.Outcome().Result, back.Outcome().Result)
			// The export adds the roster tags a file left out, as unknown.
			backTags := back.Tags()
			for _, tag := range backTags {
				if v, ok := g.Tag(tag.Name); ok {
					require.Equal(t, v, tag.Value)
				} else {
					require.Contains(t, []string{"?", "????.??.??"}, tag.Value, "tag %s added", tag.Name)
				}
			}
			require.GreaterOrEqual(t, len(backTags), len(g.Tags()))
		}
		require.NoError(t, f.Close())
	}
	t.Logf("%d games read and written back, %d refused", read, refused)
	assert.Greater(t, read, 1500)
}

// movetextTokens returns the moves of a PGN text written by WritePGN:
// the movetext without move numbers and result.
func movetextTokens(text string) []string {
	_, movetext, _ := strings.Cut(text, "\n\n")
	var out []string
	for _, tok := range strings.Fields(movetext) {
		if tok = pgntext.StripMoveNumber(tok); tok == "" {
			continue
		}
		switch tok {
		case "1-0", "0-1", "1/2-1/2", "*":
			continue
		}
		out = append(out, tok)
	}
	return out
}
