package pgn_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// recorder writes down the calls a Visitor gets.
type recorder struct {
	calls          []string
	skipMovetext   bool
	skipVariations bool
}

func (r *recorder) BeginGame() { r.calls = append(r.calls, "begin") }
func (r *recorder) Tag(name, value []byte) {
	r.calls = append(r.calls, fmt.Sprintf("tag %s=%s", name, value))
}
func (r *recorder) BeginMovetext(p *core.Position) pgn.Action {
	r.calls = append(r.calls, "movetext "+p.FEN())
	if r.skipMovetext {
		return pgn.Skip
	}
	return pgn.Continue
}
func (r *recorder) Move(p *core.Position, m core.Move) {
	r.calls = append(r.calls, "move "+san.Format(p, m))
}
func (r *recorder) NAG(n pgn.NAG)         { r.calls = append(r.calls, fmt.Sprintf("nag %d", n)) }
func (r *recorder) Comment(text []byte)   { r.calls = append(r.calls, "comment "+string(text)) }
func (r *recorder) EndVariation()         { r.calls = append(r.calls, ")") }
func (r *recorder) EndGame(result string) { r.calls = append(r.calls, "end "+result) }
func (r *recorder) BeginVariation() pgn.Action {
	r.calls = append(r.calls, "(")
	if r.skipVariations {
		return pgn.Skip
	}
	return pgn.Continue
}

const visitInput = `[Event "A"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

{start} 1. e4 $1 (1. e3 {quiet} (1. Kd1 Kd7) 1... Kd8) 1... Kd7 (1... Ke7 2. e5 1-0) 2. e5 *

1. e4 broken 2. d4 *
`

func TestVisit(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	tests := []struct {
		name string
		rec  recorder
		want []string
	}{
		{"everything", recorder{}, []string{
			"begin", "tag Event=A", "tag FEN=" + fen, "movetext " + fen,
			"comment start", "move e4", "nag 1",
			"(", "move e3", "comment quiet", "(", "move Kd1", "move Kd7", ")", "move Kd8", ")",
			"move Kd7", "(", "move Ke7", "move e5", ")", "move e5", "end *"}},
		{"variations skipped", recorder{skipVariations: true}, []string{
			"begin", "tag Event=A", "tag FEN=" + fen, "movetext " + fen,
			"comment start", "move e4", "nag 1", "(", "move Kd7", "(", "move e5", "end *"}},
		{"movetext skipped", recorder{skipMovetext: true}, []string{
			"begin", "tag Event=A", "tag FEN=" + fen, "movetext " + fen, "end *"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := tt.rec
			r := pgn.NewReader(strings.NewReader(visitInput))
			require.NoError(t, r.Visit(&rec))
			assert.Equal(t, tt.want, rec.calls)

			// The second game is broken: the calls stop at the error, then
			// EndGame; then the input ends.
			rec.calls = nil
			err := r.Visit(&rec)
			if tt.rec.skipMovetext {
				require.NoError(t, err, "the error is in the movetext, which is skipped")
				assert.Equal(t, []string{"begin", "movetext " + core.StartFEN, "end *"}, rec.calls)
			} else {
				require.ErrorIs(t, err, san.ErrSyntax)
				assert.Equal(t, []string{"begin", "movetext " + core.StartFEN, "move e4", "end *"}, rec.calls)
			}
			assert.Equal(t, 2, r.Games())
			assert.Equal(t, io.EOF, r.Visit(&rec))
			assert.Equal(t, io.EOF, r.Visit(&rec), "and stays at the end")
		})
	}
}

func TestNextTagsAndMainline(t *testing.T) {
	input := "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 (1. d4) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n" +
		"[Event \"B\"]\n[FEN \"bad\"]\n\n1. e4 *\n\n[Event \"C\"]\n\n1. e4 e5 2. Ke3 *\n"
	r := pgn.NewReader(strings.NewReader(input))
	tags, err := r.NextTags()
	require.NoError(t, err)
	assert.Equal(t, pgn.Tags{{"Event", "A"}, {"Result", "1-0"}}, tags)
	tags, err = r.NextTags()
	assert.ErrorIs(t, err, pgn.ErrStart, "a FEN tag's error is the tags'")
	assert.Equal(t, pgn.Tags{{"Event", "B"}, {"FEN", "bad"}}, tags)
	tags, err = r.NextTags()
	assert.NoError(t, err, "a move's error is not found")
	assert.Equal(t, "C", tags.Get("Event"))
	_, err = r.NextTags()
	assert.Equal(t, io.EOF, err)

	r = pgn.NewReader(strings.NewReader(input))
	var m pgn.Mainline
	require.NoError(t, r.NextMainline(&m))
	assert.Len(t, m.Moves, 7)
	assert.Equal(t, "1-0", m.Result)
	assert.Equal(t, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", m.End.FEN())
	assert.True(t, m.End.IsCheckmate())
	assert.ErrorIs(t, r.NextMainline(&m), core.ErrInvalidFEN)
	assert.Equal(t, "B", m.Tags.Get("Event"))
	assert.Empty(t, m.Moves)
	assert.ErrorIs(t, r.NextMainline(&m), san.ErrIllegal)
	assert.Len(t, m.Moves, 2, "the moves before the error")
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", m.End.FEN(), "the position before the error")
	assert.Equal(t, io.EOF, r.NextMainline(&m))
}
