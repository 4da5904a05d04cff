package pgn_test

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// want is what a test expects of one game. The expectations are worked out
// by hand from the input, not taken from the reader's output.
type want struct {
	moves  string // the mainline's SAN, space-separated
	result string
	tags   map[string]string // a subset of the tags
	fen    string            // the final position, if set
	err    error             // the error the game gives, matched with errors.Is
	line   int               // where, when err is set (0: not checked)
	col    int
}

func TestReaderNastyInput(t *testing.T) {
	tests := []struct {
		name  string
		input string
		games []want
	}{
		{
			name:  "byte-order mark",
			input: "\ufeff[Event \"A\"]\n\n1. e4 e5 *\n",
			games: []want{{moves: "e4 e5", result: "*", tags: map[string]string{"Event": "A"}}},
		},
		{
			name:  "CRLF line ends",
			input: "[Event \"A\"]\r\n[White \"X\"]\r\n\r\n1. e4 e5\r\n2. Nf3 1-0\r\n\r\n[Event \"B\"]\r\n\r\n1. d4 *\r\n",
			games: []want{
				{moves: "e4 e5 Nf3", result: "1-0", tags: map[string]string{"Event": "A", "White": "X"}},
				{moves: "d4", result: "*", tags: map[string]string{"Event": "B"}},
			},
		},
		{
			name:  "semicolon comments",
			input: "; a file comment line\n[Event \"A\"]\n\n1. e4 ; the king's pawn\ne5 ; and so on\n2. Nf3 *\n",
			games: []want{{moves: "e4 e5 Nf3", result: "*"}},
		},
		{
			name:  "percent escape lines",
			input: "%header\n[Event \"A\"]\n%inside the tags\n\n1. e4\n%inside the movetext\ne5 *\n%after\n",
			games: []want{{moves: "e4 e5", result: "*", tags: map[string]string{"Event": "A"}}},
		},
		{
			name: "tag escapes",
			input: `[Event "A \"quoted\" word"]` + "\n" + `[Site "back\\slash"]` + "\n" +
				`[White "The "Big" Match"]` + "\n" + `[Black"NoSpace"] [Round "7"]` + "\n" + `[ Annotator  "Spaces" ]` + "\n\n1. e4 *\n",
			games: []want{{moves: "e4", result: "*", tags: map[string]string{
				"Event": `A "quoted" word`, "Site": `back\slash`, "White": `The "Big" Match`,
				"Black": "NoSpace", "Round": "7", "Annotator": "Spaces"}}},
		},
		{
			name:  "empty lines in the movetext",
			input: "[Event \"A\"]\n\n1. e4\n\n\ne5\n   \n2. Nf3 *\n",
			games: []want{{moves: "e4 e5 Nf3", result: "*"}},
		},
		{
			name:  "empty line among the tags (ChessBase)",
			input: "[Event \"A\"]\n\n[Site \"B\"]\n[Round \"1\"]\n\n1. e4 *\n",
			games: []want{{moves: "e4", result: "*", tags: map[string]string{"Event": "A", "Site": "B", "Round": "1"}}},
		},
		{
			name:  "missing results",
			input: "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5\n\n[Event \"B\"]\n\n1. d4 d5\n[Event \"C\"]\n\n1. c4",
			games: []want{
				{moves: "e4 e5", result: "1-0", tags: map[string]string{"Event": "A"}},
				{moves: "d4 d5", result: "*", tags: map[string]string{"Event": "B"}},
				{moves: "c4", result: "*", tags: map[string]string{"Event": "C"}},
			},
		},
		{
			name:  "mismatched result: the movetext's marker wins, the tag stays",
			input: "[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
			games: []want{{moves: "e4 e5", result: "0-1", tags: map[string]string{"Result": "1-0"}}},
		},
		{
			name:  "other spellings of results",
			input: "1. e4 1–0\n1. d4 ½-½\n1. c4 1/2\n",
			games: []want{{moves: "e4", result: "1-0"}, {moves: "d4", result: "1/2-1/2"}, {moves: "c4", result: "1/2-1/2"}},
		},
		{
			name:  "move numbers in any form",
			input: "1.e4 e5 2.Nf3 2...Nc6 3 . Bb5 3... a6 4.Ba4 4…Nf6 5 O-O 5. ... Be7 *",
			games: []want{{moves: "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", result: "*"}},
		},
		{
			name:  "castling with zeros",
			input: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 0-0-0 *",
			games: []want{{moves: "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O d6 d3 Bg4 Nc3 Qd7 Be3 O-O-O", result: "*",
				fen: "2kr2nr/pppq1ppp/2np4/2b1p3/2B1P1b1/2NPBN2/PPP2PPP/R2Q1RK1 w - - 5 8"}},
		},
		{
			name:  "what san.Parse forgives",
			input: "1. e2e4 e7-e5 2. Ng1f3 Nb8c6 3. Bf1-b5 a7a6 4. Bb5xc6 d7xc6 5. Nf3xe5 Qd8-d4 6. Ne5f3 *",
			games: []want{{moves: "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4 Nf3", result: "*"}},
		},
		{
			name:  "null moves",
			input: "1. e4 -- 2. d4 Z0 3. c4 *",
			games: []want{{moves: "e4 -- d4 -- c4", result: "*",
				fen: "rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR b KQkq - 0 3"}},
		},
		{
			name:  "a result inside a variation does not end the game",
			input: "1. e4 (1. d4 1-0) e5 0-1",
			games: []want{{moves: "e4 e5", result: "0-1"}},
		},
		{
			name:  "games without tags, ended by their results",
			input: "1. e4 e5 1-0\n1. d4 d5 0-1 1. c4 *\n",
			games: []want{{moves: "e4 e5", result: "1-0"}, {moves: "d4 d5", result: "0-1"}, {moves: "c4", result: "*"}},
		},
		{
			name:  "set-up position",
			input: "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 *",
			games: []want{{moves: "e4 Kd7 e5", result: "*", fen: "8/3k4/8/4P3/8/8/8/4K3 b - - 0 2"}},
		},
		{
			name: "Chess960 castling",
			input: "[Variant \"Chess960\"]\n[FEN \"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1\"]\n\n1. O-O O-O-O *\n\n" +
				"[Variant \"fischerandom\"]\n[FEN \"1r2k1r1/1p4p1/8/8/8/8/1P4P1/1R2K1R1 w GBgb - 0 1\"]\n\n1. 0-0-0 0-0 *\n",
			games: []want{
				{moves: "O-O O-O-O", result: "*", fen: "2kr2r1/1p4p1/8/8/8/8/1P4P1/1R3RK1 w - - 2 2"},
				{moves: "O-O-O O-O", result: "*", fen: "1r3rk1/1p4p1/8/8/8/8/1P4P1/2KR2R1 w - - 2 2"},
			},
		},
		{
			name:  "errors name the game, line and column, and the next game is read",
			input: "[Event \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"B\"]\n\n1. d4 *\n",
			games: []want{
				{moves: "e4 e5", result: "*", err: san.ErrIllegal, line: 3, col: 13},
				{moves: "d4", result: "*", tags: map[string]string{"Event": "B"}},
			},
		},
		{
			name:  "ambiguous move",
			input: "1. d3 d6 2. Nf3 Nf6 3. Nd2 *\n1. e4 *",
			games: []want{{moves: "d3 d6 Nf3 Nf6", err: san.ErrAmbiguous, line: 1, col: 24}, {moves: "e4"}},
		},
		{
			name:  "a null move in check",
			input: "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *",
			games: []want{{moves: "e4 e5 Qh5 Nc6 Qxf7+", err: san.ErrIllegal, line: 1, col: 30}},
		},
		{
			name:  "text that is no PGN",
			input: "1. e4 < e5 *\n\n1. d4 *",
			games: []want{{moves: "e4", err: pgn.ErrSyntax, line: 1, col: 7}, {moves: "d4"}},
		},
		{
			name:  "NAG out of range",
			input: "1. e4 $256 *\n1. d4 $ *",
			games: []want{{moves: "e4", err: pgn.ErrSyntax, line: 1, col: 7}, {moves: "d4", err: pgn.ErrSyntax, line: 2, col: 7}},
		},
		{
			name:  "a ')' that closes no variation",
			input: "1. e4 ) e5 *\n1. d4 *",
			games: []want{{moves: "e4", err: pgn.ErrVariation, line: 1, col: 7}, {moves: "d4"}},
		},
		{
			name:  "a variation before any move",
			input: "(1. d4) 1. e4 *\n1. c4 *",
			games: []want{{moves: "", err: pgn.ErrVariation, line: 1, col: 1}, {moves: "c4"}},
		},
		{
			name:  "an unclosed variation ends at the next game's tags",
			input: "[Event \"A\"]\n\n1. e4 (1. d4 d5\n[Event \"B\"]\n\n1. c4 *\n",
			games: []want{
				{moves: "e4", err: pgn.ErrVariation, line: 4, col: 1},
				{moves: "c4", tags: map[string]string{"Event": "B"}},
			},
		},
		{
			name:  "an unclosed comment ends before a blank line and a tag pair",
			input: "[Event \"A\"]\n\n1. e4 {unclosed e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. c4 *\n",
			games: []want{
				{moves: "e4", err: pgn.ErrComment, line: 3, col: 7},
				{moves: "c4", tags: map[string]string{"Event": "B"}},
			},
		},
		{
			name:  "an unclosed comment at the end of the input",
			input: "1. e4 {never closed\n",
			games: []want{{moves: "e4", err: pgn.ErrComment, line: 1, col: 7}},
		},
		{
			name:  "a FEN tag that is no position",
			input: "[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n1. d4 *",
			games: []want{{moves: "", err: core.ErrInvalidFEN, line: 1, col: 1}, {moves: "d4"}},
		},
		{
			name:  "a variant gambit does not play",
			input: "[Event \"A\"]\n[Variant \"Shogi\"]\n\n1. e4 *\n\n1. d4 *",
			games: []want{{moves: "", err: pgn.ErrStart, line: 2, col: 1}, {moves: "d4"}},
		},
		{
			name:  "a broken tag: the game is skipped to its end",
			input: "[Event \"A\n[Site \"x\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n",
			games: []want{
				{moves: "", err: pgn.ErrTag, line: 1, col: 1, tags: map[string]string{"Site": "x"}},
				{moves: "d4", tags: map[string]string{"Event": "B"}},
			},
		},
		{
			name:  "a broken tag, then a blank line and tags: the next game",
			input: "[Event \"A\n\n[Event \"B\"]\n\n1. d4 *\n",
			games: []want{{moves: "", err: pgn.ErrTag, line: 1, col: 1}, {moves: "d4", tags: map[string]string{"Event": "B"}}},
		},
		{
			name:  "comments and text after the result",
			input: "1. e4 1-0 {White resigned? no} ; done\n[Event \"B\"]\n1. d4 *",
			games: []want{{moves: "e4", result: "1-0"}, {moves: "d4", tags: map[string]string{"Event": "B"}}},
		},
		{
			name:  "evaluation symbols and e.p.",
			input: "1. e4 d5 2. e5 f5 3. exf6 e.p. += Nxf6 *",
			games: []want{{moves: "e4 d5 e5 f5 exf6 Nxf6", result: "*"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAll(t, strings.NewReader(tt.input))
			require.Len(t, got, len(tt.games), "games")
			for i, w := range tt.games {
				g, err := got[i].game, got[i].err
				if w.err == nil {
					require.NoError(t, err, "game %d", i+1)
				} else {
					require.ErrorIs(t, err, w.err, "game %d", i+1)
					var perr *pgn.Error
					require.ErrorAs(t, err, &perr)
					assert.Equal(t, i+1, perr.Game, "game %d: the error's game number", i+1)
					if w.line > 0 {
						assert.Equal(t, [2]int{w.line, w.col}, [2]int{perr.Line, perr.Column}, "game %d: line and column of %v", i+1, err)
					}
				}
				assert.Equal(t, strings.Fields(w.moves), mainlineSAN(g), "game %d mainline", i+1)
				if w.result != "" {
					assert.Equal(t, w.result, g.Result, "game %d result", i+1)
				}
				for name, value := range w.tags {
					v, ok := g.Tags.Lookup(name)
					assert.True(t, ok, "game %d: tag %s missing", i+1, name)
					assert.Equal(t, value, v, "game %d: tag %s", i+1, name)
				}
				if w.fen != "" {
					p := g.FinalPosition()
					assert.Equal(t, w.fen, p.FEN(), "game %d final position", i+1)
				}
			}
		})
	}
}

func TestReaderTree(t *testing.T) {
	const input = `{Before the game} 1. e4 {after e4} {a second one} (1. d4 {after d4} d5
(1... Nf6 2. c4 (2. Nf3 g6) 2... e6) 2. c4) ({starts a variation} 1. c4) 1... e5 $1
(1... c5 2. Nf3) 2. Nf3! (2. f4 exf4) (2. Nc3) 2... Nc6?! *`
	got := readAll(t, strings.NewReader(input))
	require.Len(t, got, 1)
	require.NoError(t, got[0].err)
	g := got[0].game

	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6"}, mainlineSAN(g))
	assert.Equal(t, []string{"Before the game"}, g.Root.Comments)
	assert.Equal(t, []string{"e4", "d4", "c4"}, childrenSAN(g, g.Root))
	e4 := walk(t, g, "e4")
	assert.Equal(t, []string{"after e4", "a second one"}, e4.Comments)
	assert.Equal(t, []string{"e5", "c5"}, childrenSAN(g, e4))
	assert.Equal(t, []string{"after d4"}, walk(t, g, "d4").Comments)
	assert.Equal(t, []string{"starts a variation"}, walk(t, g, "c4").CommentsBefore)
	assert.Empty(t, walk(t, g, "c4").Comments)
	assert.Equal(t, []string{"d5", "Nf6"}, childrenSAN(g, walk(t, g, "d4")))
	assert.Equal(t, []string{"c4", "Nf3"}, childrenSAN(g, walk(t, g, "d4 Nf6")))
	assert.Equal(t, []string{"e6"}, childrenSAN(g, walk(t, g, "d4 Nf6 c4")))
	assert.Equal(t, []string{"g6"}, childrenSAN(g, walk(t, g, "d4 Nf6 Nf3")))
	assert.Equal(t, []string{"c4"}, childrenSAN(g, walk(t, g, "d4 d5")))
	assert.Equal(t, []string{"Nf3"}, childrenSAN(g, walk(t, g, "e4 c5")))
	assert.Equal(t, []string{"Nf3", "f4", "Nc3"}, childrenSAN(g, walk(t, g, "e4 e5")))
	assert.Equal(t, []string{"exf4"}, childrenSAN(g, walk(t, g, "e4 e5 f4")))
	assert.Equal(t, []pgn.NAG{pgn.Good}, walk(t, g, "e4 e5").NAGs)
	assert.Equal(t, []pgn.NAG{pgn.Good}, walk(t, g, "e4 e5 Nf3").NAGs)
	assert.Equal(t, []pgn.NAG{pgn.Dubious}, walk(t, g, "e4 e5 Nf3 Nc6").NAGs)
	assert.Equal(t, 4, g.End().Ply())
}

func TestReaderNAGs(t *testing.T) {
	got := readAll(t, strings.NewReader("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $1 $14 Nf6 !? 5. O-O +- Be7 $0 *"))
	require.Len(t, got, 1)
	require.NoError(t, got[0].err)
	g := got[0].game
	want := [][]pgn.NAG{{1}, {2}, {3}, {4}, {5}, {6}, {1, 14}, {5}, {18}, {0}}
	for i, n := range g.Mainline() {
		assert.Equal(t, want[i], n.NAGs, "move %d", i+1)
	}
}

func TestReaderComments(t *testing.T) {
	input := "1. e4 {  spaces around  } e5 {two\r\nlines} 2. Nf3 {a soft \nbreak} { } *"
	got := readAll(t, strings.NewReader(input))
	require.Len(t, got, 1)
	require.NoError(t, got[0].err)
	line := got[0].game.Mainline()
	assert.Equal(t, []string{"spaces around"}, line[0].Comments)
	assert.Equal(t, []string{"two\nlines"}, line[1].Comments, "a CR before a line break is dropped")
	assert.Equal(t, []string{"a soft break", ""}, line[2].Comments, "a space ending a line is a soft break")
}

// TestReaderLongTokens reads a comment and a game far larger than the
// reader's buffer.
func TestReaderLongTokens(t *testing.T) {
	long := strings.Repeat("word ", 200000) // 1 MB
	var b strings.Builder
	b.WriteString("[Event \"A\"]\n\n1. e4 {" + long + "} e5 *\n\n[Event \"B\"]\n\n")
	for i := 0; i < 3000; i++ {
		b.WriteString("1. Nf3 Nf6 2. Ng1 Ng8 ") // a long game, repeating
	}
	b.WriteString("*\n")
	got := readAll(t, strings.NewReader(b.String()))
	require.Len(t, got, 2)
	require.NoError(t, got[0].err)
	require.NoError(t, got[1].err)
	assert.Equal(t, strings.TrimSpace(long), got[0].game.Root.Next().Comments[0])
	assert.Len(t, got[1].game.MainlineMoves(), 12000)
	assert.Equal(t, core.StartFEN[:len(core.StartFEN)-4], func() string { p := got[1].game.FinalPosition(); return p.FEN()[:len(core.StartFEN)-4] }())
}

// TestReaderPartialGame checks what Next returns with an error: the game
// up to the error.
func TestReaderPartialGame(t *testing.T) {
	r := pgn.NewReader(strings.NewReader("[Event \"A\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Qxc6 *\n"))
	g, err := r.Next()
	var perr *pgn.Error
	require.ErrorAs(t, err, &perr)
	assert.ErrorIs(t, err, san.ErrIllegal)
	var merr *san.MoveError
	require.ErrorAs(t, err, &merr)
	assert.Equal(t, "Qxc6", merr.Move)
	assert.Equal(t, "pgn: game 1, line 4, column 39: "+merr.Error(), err.Error())
	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6"}, mainlineSAN(g))
	assert.Equal(t, "W", g.Tags.Get("White"))
	_, err = r.Next()
	assert.Equal(t, io.EOF, err, "then the end")
}
