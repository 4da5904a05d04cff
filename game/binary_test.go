package game_test

import (
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// savedGames returns games of every kind a server may store.
func savedGames(t testing.TB) map[string]*game.Game {
	t.Helper()
	gs := map[string]*game.Game{
		"new":          game.New(),
		"opening":      newGame(t, "", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
		"checkmate":    newGame(t, "", "f3 e5 g4 Qh4"),
		"stalemate":    newGame(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7"),
		"from FEN":     newGame(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "O-O-O Rb8 Kb1"),
		"en passant":   newGame(t, "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", "d5 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8"),
		"auto draw":    newGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", game.AutoDraw()),
		"fivefold":     newGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
		"promotions":   newGame(t, castlingFEN, "bxa8=N Kd7 Nb6+ Kc6"),
		"seventy-five": newGame(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80", "Kg2"),
		"chess960": newGame(t, "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1",
			"d4 d5 c3 Nb6 e4 dxe4 Bxe4 g6 g4 c6 Qf3 Ne6 Nb3 Qf6 Qxf6 exf6 h4 O-O"),
		"chess960 standard start": newGame(t, "", "e4 e5 Nf3 Nf6 Bc4 Bc5 O-O O-O", game.Chess960()),
	}
	for name, v := range map[string]struct {
		variant core.Variant
		fen     string
		moves   []string
	}{
		"king of the hill":         {core.KingOfTheHill, "", []string{"e4", "e5", "Ke2", "d5", "Kd3", "dxe4+", "Kxe4"}},
		"antichess king promotion": {core.Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1", []string{"e8=K", "Kb2"}},
		"horde":                    {core.Horde, "", []string{"e5", "d6", "exd6"}},
		"three-check":              {core.ThreeCheck, "", []string{"e4", "e5", "Bc4", "d6", "Bxf7+"}},
		"racing kings":             {core.RacingKings, "", []string{"Kh3"}},
		"crazyhouse drops": {core.Crazyhouse, "",
			[]string{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e6", "fxe6", "Bb5+", "@c6"}},
		"crazyhouse promoted": {core.Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
			[]string{"Bxb7", "Kxb2", "@a3+"}},
	} {
		var g *game.Game
		var err error
		if v.fen == "" {
			g, err = game.NewVariant(v.variant)
		} else {
			g, err = game.FromVariantFEN(v.variant, v.fen)
		}
		require.NoError(t, err)
		for _, m := range v.moves {
			require.NoError(t, g.MoveSAN(m), "%s: %s", name, m)
		}
		gs[name] = g
	}
	claimed := newGame(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "Kg2")
	_, err := claimed.ClaimDraw()
	require.NoError(t, err)
	gs["claimed fifty"] = claimed
	claimed = newGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	_, err = claimed.ClaimDraw()
	require.NoError(t, err)
	gs["claimed threefold"] = claimed

	drawn := newGame(t, "", "d4 d5")
	require.NoError(t, drawn.Draw("agreed after 1 move ♞"))
	gs["draw"] = drawn
	resigned := newGame(t, "", "e4")
	require.NoError(t, resigned.Resign(core.Black))
	gs["resigned"] = resigned
	won := newGame(t, "", "e4 e5")
	require.NoError(t, won.SetWinner(core.Black, "time forfeit"))
	gs["time forfeit"] = won

	tagged := newGame(t, "", "c4 e5 Nc3")
	for _, tag := range [][2]string{{"Event", "Club \"Open\" \\ 2026"}, {"White", "Alice"}, {"Black", "Bob"}, {"Annotator", "ÄÖÜ ♔"}} {
		require.NoError(t, tagged.SetTag(tag[0], tag[1]))
	}
	gs["tags"] = tagged
	return gs
}

// requireSameGame checks that b is a, by everything a game shows and does:
// position, history, outcome, claims, tags, and the positions on the way
// back with Undo.
func requireSameGame(t *testing.T, a, b *game.Game) {
	t.Helper()
	require.Equal(t, a.FEN(), b.FEN())
	require.Equal(t, a.Variant(), b.Variant())
	require.Equal(t, a.StartFEN(), b.StartFEN())
	require.Equal(t, a.Moves(), b.Moves())
	require.Equal(t, a.MovesUCI(), b.MovesUCI())
	require.Equal(t, a.Outcome(), b.Outcome())
	require.Equal(t, a.ClaimableDraw(), b.ClaimableDraw())
	require.Equal(t, a.Repetitions(), b.Repetitions())
	require.Equal(t, a.Tags(), b.Tags())
	pa, pb := a.Position(), b.Position()
	require.Equal(t, pa.Chess960(), pb.Chess960())
	require.Equal(t, a.LegalMovesUCI(), b.LegalMovesUCI())
	a, b = a.Clone(), b.Clone()
	for {
		ea, eb := a.Undo(), b.Undo()
		require.Equal(t, ea, eb)
		if ea != nil {
			break
		}
		require.Equal(t, a.FEN(), b.FEN())
		require.Equal(t, a.Repetitions(), b.Repetitions())
		require.Equal(t, a.Outcome(), b.Outcome())
	}
}

func TestBinaryRoundTrip(t *testing.T) {
	for name, g := range savedGames(t) {
		t.Run(name, func(t *testing.T) {
			data, err := g.MarshalBinary()
			require.NoError(t, err)
			var r game.Game
			require.NoError(t, r.UnmarshalBinary(data))
			requireSameGame(t, g, &r)
			again, err := r.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, data, again, "the form is canonical")
		})
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for name, g := range savedGames(t) {
		t.Run(name, func(t *testing.T) {
			data, err := json.Marshal(g)
			require.NoError(t, err)
			var r game.Game
			require.NoError(t, json.Unmarshal(data, &r))
			requireSameGame(t, g, &r)
			again, err := json.Marshal(&r)
			require.NoError(t, err)
			assert.JSONEq(t, string(data), string(again))
		})
	}
}

func TestJSONForm(t *testing.T) {
	g := newGame(t, "", "f3 e5 g4 Qh4")
	data, err := json.Marshal(g)
	require.NoError(t, err)
	assert.JSONEq(t, `{"version":1,"moves":["f2f3","e7e5","g2g4","d8h4"],
		"fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		"result":"0-1","status":"checkmate"}`, string(data))

	// A hand-written game: any FEN form, no current FEN.
	var r game.Game
	require.NoError(t, json.Unmarshal([]byte(`{"version":1,"start":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		"moves":["e2e4","e8d7"],"result":"*","status":"ongoing"}`), &r))
	assert.Equal(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", r.StartFEN())
	assert.Equal(t, "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2", r.FEN())
}

func TestBinarySize(t *testing.T) {
	// Two bytes a move: 100 plies from the start, no tags, take
	// version, flags, move count (one varint byte), 200 bytes of moves,
	// the tag count and the checksum.
	g := game.New()
	for g.Ply() < 100 {
		require.NoError(t, g.MakeMove(g.LegalMoves()[g.Ply()%g.LegalMoveCount()]))
		if g.IsOver() {
			require.NoError(t, g.Undo())
			require.NoError(t, g.MakeMove(g.LegalMoves()[0]))
		}
	}
	data, err := g.MarshalBinary()
	require.NoError(t, err)
	assert.Len(t, data, 1+1+1+200+1+4)
}

// seal appends the CRC-32C the binary form ends with.
func seal(body []byte) []byte {
	return binary.LittleEndian.AppendUint32(append([]byte(nil), body...), crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
}

// move16 is the binary form's two bytes for a move.
func move16(from, to core.Square, promo int) []byte {
	return binary.LittleEndian.AppendUint16(nil, uint16(from)|uint16(to)<<6|uint16(promo)<<12)
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestBinaryCorrupt(t *testing.T) {
	good, err := newGame(t, "", "e4 e5").MarshalBinary()
	require.NoError(t, err)
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	e2e4, e7e5 := move16(core.E2, core.E4, 0), move16(core.E7, core.E5, 0)
	tests := []struct {
		name string
		data []byte
		msg  string
	}{
		{name: "empty", data: nil, msg: "too short"},
		{name: "short", data: good[:5], msg: "too short"},
		{name: "bad checksum", data: append(append([]byte(nil), good[:len(good)-1]...), good[len(good)-1]^1), msg: "checksum"},
		{name: "bit flip", data: func() []byte { b := append([]byte(nil), good...); b[3] ^= 4; return b }(), msg: "checksum"},
		{name: "truncated", data: good[:len(good)-2], msg: "checksum"},
		{name: "version 0", data: seal([]byte{0, 0, 0, 0}), msg: "unknown version 0"},
		{name: "version 2", data: seal([]byte{2, 0, 0, 0}), msg: "unknown version 2"},
		{name: "unknown flag", data: seal([]byte{1, 0x20, 0, 0}), msg: "unknown flags"},
		{name: "unknown variant", data: seal([]byte{1, 0x10, 200, 0, 0}), msg: "unknown variant 200"},
		{name: "standard chess as a variant", data: seal([]byte{1, 0x10, 0, 0, 0}), msg: "unknown variant 0"},
		{name: "variant start as FEN", data: seal(cat([]byte{1, 0x11, byte(core.Horde)}, str(core.VariantStartFEN(core.Horde)), []byte{0, 0})), msg: "horde start position written as a FEN"},
		{name: "FEN not of the variant", data: seal(cat([]byte{1, 0x11, byte(core.RacingKings)}, str(core.StartFEN), []byte{0, 0})), msg: "start position"},
		{name: "king promotion in chess", data: seal(cat([]byte{1, 1}, str("8/4P3/8/8/8/8/8/k6K w - - 0 1"), []byte{1}, move16(core.E7, core.E8, 5), []byte{0})), msg: "not legal"},
		{name: "move count too big", data: seal([]byte{1, 0, 50, 0}), msg: "exceeds the data"},
		{name: "moves truncated", data: seal(cat([]byte{1, 0, 2}, e2e4, []byte{0})), msg: "do not fit"},
		{name: "illegal move", data: seal(cat([]byte{1, 0, 1}, move16(core.E2, core.E5, 0), []byte{0})), msg: "move 1 (code 0x090c) is not legal"},
		{name: "black moves first", data: seal(cat([]byte{1, 0, 1}, e7e5, []byte{0})), msg: "not legal"},
		{name: "move after mate", data: func() []byte {
			g := newGame(t, "", "f3 e5 g4 Qh4")
			b, _ := g.MarshalBinary()
			body := b[:len(b)-4]
			// One more move (white's a2a3) after the mate.
			body = cat(body[:2], []byte{5}, body[3:3+8], move16(core.A2, core.A3, 0), []byte{0})
			return seal(body)
		}(), msg: "move 5 after the game ended"},
		{name: "trailing bytes", data: seal(cat(good[:len(good)-4], []byte{7})), msg: "1 bytes after the game"},
		{name: "bad varint", data: seal([]byte{1, 0, 0xff, 0xff}), msg: "bad varint"},
		{name: "bad FEN", data: seal(cat([]byte{1, 1}, str("8/8/8/8/8/8/8/8 w - - 0 1"), []byte{0, 0})), msg: "start position"},
		{name: "FEN not normalised", data: seal(cat([]byte{1, 1}, str("4k3/8/8/8/8/8/8/4K3 w - -"), []byte{0, 0})), msg: "form FEN writes"},
		{name: "standard start as FEN", data: seal(cat([]byte{1, 1}, str(core.StartFEN), []byte{0, 0})), msg: "standard start position"},
		{name: "empty FEN", data: seal([]byte{1, 1, 0, 0, 0}), msg: "empty start FEN"},
		{name: "outcome truncated", data: seal([]byte{1, 8, 0}), msg: "truncated before the status"},
		{name: "unknown status", data: seal(cat([]byte{1, 8, 0, 200, 1}, str(""), []byte{0})), msg: "unknown outcome"},
		{name: "draw by agreement won", data: seal(cat([]byte{1, 8, 0, byte(game.DrawByAgreement), byte(game.WhiteWon)}, str(""), []byte{0})), msg: "must be drawn"},
		{name: "resignation drawn", data: seal(cat([]byte{1, 8, 0, byte(game.Resignation), byte(game.Drawn)}, str("white resigns"), []byte{0})), msg: "needs a winner"},
		{name: "resignation by the winner", data: seal(cat([]byte{1, 8, 0, byte(game.Resignation), byte(game.WhiteWon)}, str("white resigns"), []byte{0})), msg: "must name the side"},
		{name: "claim without repetition", data: seal(cat([]byte{1, 8, 0, byte(game.ThreefoldRepetition), byte(game.Drawn)}, str(""), []byte{0})), msg: "rules do not allow"},
		{name: "checkmate set by hand", data: seal(cat([]byte{1, 8, 0, byte(game.Checkmate), byte(game.WhiteWon)}, str(""), []byte{0})), msg: "unknown outcome"},
		{name: "decision after mate", data: func() []byte {
			g := newGame(t, "", "f3 e5 g4 Qh4")
			b, _ := g.MarshalBinary()
			body := cat([]byte{1, 8}, b[2:len(b)-5], []byte{byte(game.Adjudication), byte(game.WhiteWon)}, str("x"), []byte{0})
			return seal(body)
		}(), msg: "rules had ended"},
		{name: "tag count too big", data: seal([]byte{1, 0, 0, 9}), msg: "exceeds the data"},
		{name: "bad tag name", data: seal(cat([]byte{1, 0, 0, 1}, str("Bad Name"), str("x"))), msg: "invalid tag"},
		{name: "empty tag value", data: seal(cat([]byte{1, 0, 0, 1}, str("Event"), str(""))), msg: "invalid tag"},
		{name: "Result tag", data: seal(cat([]byte{1, 0, 0, 1}, str("Result"), str("1-0"))), msg: "invalid tag"},
		{name: "duplicate tag", data: seal(cat([]byte{1, 0, 0, 2}, str("Event"), str("a"), str("Event"), str("b"))), msg: "twice"},
		{name: "tag truncated", data: seal(cat([]byte{1, 0, 0, 1}, str("Event"), []byte{5, 'a'})), msg: "truncated tag value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "", "d4")
			err := g.UnmarshalBinary(tc.data)
			require.Error(t, err)
			assert.ErrorIs(t, err, game.ErrInvalidData)
			var de *game.DataError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, "binary", de.Format)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Equal(t, []string{"d2d4"}, g.MovesUCI(), "a failed restore leaves the game as it was")
		})
	}
	// The well-formed control case of the hand-made data.
	var g game.Game
	require.NoError(t, g.UnmarshalBinary(seal(cat([]byte{1, 0, 2}, e2e4, e7e5, []byte{1}, str("Event"), str("x")))))
	assert.Equal(t, []string{"e2e4", "e7e5"}, g.MovesUCI())
	require.NoError(t, g.UnmarshalBinary(seal(cat([]byte{1, 8, 0, byte(game.Resignation), byte(game.WhiteWon)}, str("black resigns"), []byte{0}))))
	assert.Equal(t, game.Resignation, g.Status())
}

func TestJSONCorrupt(t *testing.T) {
	tests := []struct {
		name string
		data string
		msg  string
	}{
		{name: "not JSON", data: `{`, msg: "not a JSON game"},
		{name: "no version", data: `{"moves":[],"result":"*","status":"ongoing"}`, msg: "unknown version 0"},
		{name: "bad status", data: `{"version":1,"moves":[],"result":"*","status":"won"}`, msg: "unknown status"},
		{name: "bad result", data: `{"version":1,"moves":[],"result":"2-0","status":"ongoing"}`, msg: "unknown result"},
		{name: "illegal move", data: `{"version":1,"moves":["e2e5"],"result":"*","status":"ongoing"}`, msg: "move 1"},
		{name: "bad start", data: `{"version":1,"start":"xyz","moves":[],"result":"*","status":"ongoing"}`, msg: "start position"},
		{name: "wrong fen", data: `{"version":1,"moves":["e2e4"],"fen":"` + core.StartFEN + `","result":"*","status":"ongoing"}`, msg: "not the position the moves reach"},
		{name: "wrong outcome", data: `{"version":1,"moves":["f2f3","e7e5","g2g4","d8h4"],"result":"*","status":"ongoing"}`, msg: "not the one the rules give"},
		{name: "move after mate", data: `{"version":1,"moves":["f2f3","e7e5","g2g4","d8h4","a2a3"],"result":"0-1","status":"checkmate"}`, msg: "move 5 after the game ended"},
		{name: "bad tag", data: `{"version":1,"moves":[],"result":"*","status":"ongoing","tags":[{"name":"FEN","value":"x"}]}`, msg: "invalid tag"},
		{name: "unknown variant", data: `{"version":1,"variant":"bughouse","moves":[],"result":"*","status":"ongoing"}`, msg: `unknown variant "bughouse"`},
		{name: "variant not by its name", data: `{"version":1,"variant":"Horde","moves":[],"result":"*","status":"ongoing"}`, msg: `unknown variant "Horde"`},
		{name: "move of another variant", data: `{"version":1,"variant":"horde","moves":["e2e4"],"result":"*","status":"ongoing"}`, msg: "move 1"},
		{name: "variant end not given", data: `{"version":1,"variant":"kingofthehill","start":"8/8/8/8/8/2K5/8/7k w - - 0 1","moves":["c3d4"],"result":"*","status":"ongoing"}`, msg: "not the one the rules give"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "", "d4")
			err := g.UnmarshalJSON([]byte(tc.data))
			require.ErrorIs(t, err, game.ErrInvalidData)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Equal(t, []string{"d2d4"}, g.MovesUCI())
		})
	}
}

// Every real game of the test files survives the binary form.
func TestBinaryRealGames(t *testing.T) {
	n := 0
	for _, pg := range readPGN(t, pgnDir+"/twic1599_1000k.pgn") {
		g := game.New()
		for _, tok := range pg.Moves {
			if g.MoveSAN(tok) != nil {
				break
			}
		}
		data, err := g.MarshalBinary()
		require.NoError(t, err)
		var r game.Game
		require.NoError(t, r.UnmarshalBinary(data))
		require.Equal(t, g.Moves(), r.Moves())
		require.Equal(t, g.FEN(), r.FEN())
		require.Equal(t, g.Outcome(), r.Outcome())
		n++
	}
	assert.Greater(t, n, 1000)
	assert.True(t, strings.HasPrefix(game.ErrInvalidData.Error(), "invalid"))
}

// TestBinaryCrazyhouseDrops: a drop is two bytes with its square as from
// and to and its piece above them, and comes back the same drop; JSON
// writes it in UCI ("P@e6").
func TestBinaryCrazyhouseDrops(t *testing.T) {
	g := savedGames(t)["crazyhouse drops"]
	data, err := g.MarshalBinary()
	require.NoError(t, err)
	var back game.Game
	require.NoError(t, back.UnmarshalBinary(data))
	assert.Equal(t, g.Moves(), back.Moves())
	assert.Equal(t, g.FEN(), back.FEN())
	drops := 0
	for _, m := range back.Moves() {
		if m.IsDrop() {
			drops++
		}
	}
	assert.Equal(t, 2, drops)
	e6 := uint16(core.E6) | uint16(core.E6)<<6 | uint16(core.Pawn)<<12
	assert.Contains(t, string(data), string(binary.LittleEndian.AppendUint16(nil, e6)), "P@e6's code")
	assert.Contains(t, g.MovesUCI(), "P@e6")
	js, err := json.Marshal(g)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"P@e6"`)
	var j game.Game
	require.NoError(t, json.Unmarshal(js, &j))
	assert.Equal(t, g.Moves(), j.Moves())
}
