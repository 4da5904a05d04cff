package gamedb

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/internal/variantoracle"
)

// replayed is a game as testdata/replay.mjs replayed it with chessops.
type replayed struct {
	Game  int64    `json:"game"`
	EPD   []string `json:"epd"`   // each position, ply 0 first
	UCI   []string `json:"uci"`   // each move, castling as king takes rook
	Kinds []string `json:"kinds"` // what each move was
	// UnlegalEP are the plies of positions just after a pawn's two-square
	// advance beside a pawn that cannot take it en passant.
	UnlegalEP []int  `json:"unlegalEP"`
	Result    string `json:"result"` // the Result tag
	Error     string `json:"error"`
}

// replayWithChessops runs testdata/replay.mjs on args (its mode and
// files) and returns the games.
func replayWithChessops(t *testing.T, args ...string) []replayed {
	t.Helper()
	for i, a := range args[1:] {
		abs, err := filepath.Abs(a)
		require.NoError(t, err)
		args[i+1] = abs
	}
	// RunNode finds node and chessops, or fails with how to install them,
	// and runs the script from pgn/testdata: the path leads from there.
	out := pgncorpus.RunNode(t, "..", filepath.Join("..", "..", "gamedb", "testdata", "replay.mjs"), args...)
	var games []replayed
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var g replayed
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		require.Empty(t, g.Error, "chessops cannot replay game %d", g.Game)
		require.Equal(t, int64(len(games)+1), g.Game)
		games = append(games, g)
	}
	require.NoError(t, sc.Err())
	return games
}

// chessopsAnswers returns, for every position of the games (an EPD), the
// games that reached it with the ply of the first occurrence, in order:
// what Find must give.
func chessopsAnswers(games []replayed) map[string][]reachedAt {
	reached := map[string][]reachedAt{}
	for _, g := range games {
		seen := map[string]bool{}
		for ply, epd := range g.EPD {
			if !seen[epd] {
				seen[epd] = true
				reached[epd] = append(reached[epd], reachedAt{g.Game, ply})
			}
		}
	}
	return reached
}

// chessopsClasses files the positions of the games by class, from what
// chessops says of them: the start position, positions reached by many,
// few and one game, transpositions (a position reached at different
// plies), a legal en-passant square, a pawn's two-square advance beside a
// pawn that cannot take it, castling rights lost to a capture, and the
// positions after castling, a promotion and an en-passant capture. The
// tests ask for every position; the classes show that what they claim to
// cover is among them.
func chessopsClasses(games []replayed, reached map[string][]reachedAt) map[string]map[string]bool {
	classes := map[string]map[string]bool{}
	add := func(class, epd string) {
		if classes[class] == nil {
			classes[class] = map[string]bool{}
		}
		classes[class][epd] = true
	}
	for _, g := range games {
		add("start", g.EPD[0])
		for _, ply := range g.UnlegalEP {
			add("en passant not legal", g.EPD[ply])
		}
		for i, kind := range g.Kinds {
			after := g.EPD[i+1]
			if kind != "" && kind != "capture" {
				add("after "+kind, after)
			}
			if epdField(after, 3) != "-" {
				add("legal en passant", after)
			}
			// The side to move in EPD[i] made the move: the other side's
			// rights can only go to a capture of its rook.
			them := strings.ToLower
			if epdField(g.EPD[i], 1) == "b" {
				them = strings.ToUpper
			}
			if castlingLetters(epdField(g.EPD[i], 2), them) != castlingLetters(epdField(after, 2), them) {
				add("castling lost to a capture", after)
			}
		}
	}
	for epd, r := range reached {
		add(countClass(len(r)), epd)
		if slices.ContainsFunc(r, func(x reachedAt) bool { return x.Ply != r[0].Ply }) {
			add("transposed", epd)
		}
	}
	return classes
}

// requireClasses fails the test when one of the classes must has no
// position, and logs how many each has.
func requireClasses(t *testing.T, classes map[string]map[string]bool, must ...string) {
	t.Helper()
	for _, name := range must {
		require.NotEmpty(t, classes[name], "no position of class %q", name)
	}
	var counts []string
	for _, name := range slices.Sorted(maps.Keys(classes)) {
		counts = append(counts, fmt.Sprintf("%s %d", name, len(classes[name])))
	}
	t.Logf("positions by class: %s", strings.Join(counts, ", "))
}

// epdField returns field i of an EPD.
func epdField(epd string, i int) string { return strings.Fields(epd)[i] }

// castlingLetters keeps the letters of one colour of a castling field
// (case is the colour's: upper for White).
func castlingLetters(field string, colour func(string) string) string {
	var sb strings.Builder
	for _, r := range field {
		if s := string(r); s != "-" && colour(s) == s {
			sb.WriteString(s)
		}
	}
	return sb.String()
}

// checkAgainstChessops asks db for every position chessops reached and
// compares the games and plies with chessops's replay.
func checkAgainstChessops(t *testing.T, db *DB, reached map[string][]reachedAt) {
	t.Helper()
	hits := 0
	for _, epd := range slices.Sorted(maps.Keys(reached)) {
		p, err := core.ParseFEN(epd)
		require.NoError(t, err, "chessops's EPD %s", epd)
		got := findAll(t, db, &p)
		if !slices.Equal(reached[epd], got) {
			require.Equal(t, reached[epd], got, "%s: chessops's games, then Find's", epd)
		}
		hits += len(got)
	}
	t.Logf("%d positions of %d games: %d games found", len(reached), db.Len(), hits)
}

// explorerCount is what an explorer shows of a position: every game that
// reached it, the games that ended in it, and the games of each move
// played from it at the game's first occurrence (by chessops's UCI), each
// by result.
type explorerCount struct {
	Total, Ended Outcomes
	Moves        map[string]Outcomes
}

// countResult counts a game of result (a Result tag) in o.
func countResult(o *Outcomes, result string) {
	o.Games++
	switch result {
	case "1-0":
		o.WhiteWins++
	case "1/2-1/2":
		o.Draws++
	case "0-1":
		o.BlackWins++
	}
}

// checkExplorerAgainstChessops asks db's explorer for every position that
// several games reached or a game ended in, and compares its counts with
// those of chessops's replay.
func checkExplorerAgainstChessops(t *testing.T, db *DB, games []replayed, reached map[string][]reachedAt) {
	t.Helper()
	asked := 0
	for _, epd := range slices.Sorted(maps.Keys(reached)) {
		want := explorerCount{Moves: map[string]Outcomes{}}
		for _, r := range reached[epd] {
			g := &games[r.Game-1]
			countResult(&want.Total, g.Result)
			if r.Ply == len(g.UCI) {
				countResult(&want.Ended, g.Result)
				continue
			}
			o := want.Moves[g.UCI[r.Ply]]
			countResult(&o, g.Result)
			want.Moves[g.UCI[r.Ply]] = o
		}
		if want.Total.Games < 2 && want.Ended.Games == 0 {
			continue
		}
		asked++
		p, err := core.ParseFEN(epd)
		require.NoError(t, err, "chessops's EPD %s", epd)
		e, err := db.Explore(&p, Filter{})
		require.NoError(t, err, "%s", epd)
		got := explorerCount{Total: e.Outcomes, Ended: e.Ended, Moves: map[string]Outcomes{}}
		for _, m := range e.Moves {
			got.Moves[m.Move.UCI(true)] = m.Outcomes
		}
		require.Equal(t, want, got, "%s: chessops's counts, then Explore's", epd)
	}
	t.Logf("explorer of %d positions", asked)
}

// TestFindAgreesWithChessops: on the real files and the en-passant games,
// the games and plies Find gives for every position are those of
// chessops's replay (first occurrences), and Explore's counts those of
// the replay's moves and results.
func TestFindAgreesWithChessops(t *testing.T) {
	t.Parallel() // node runs in its own process
	games := replayWithChessops(t, append([]string{"pgn"}, oracleFiles...)...)
	db, err := Open(buildIndex(t, BuildOptions{}, oracleFiles...))
	require.NoError(t, err)
	defer db.Close()
	require.Equal(t, int64(len(games)), db.Len(), "games chessops replayed and games indexed")
	reached := chessopsAnswers(games)
	requireClasses(t, chessopsClasses(games, reached), "start", "one game", "2-5 games", "6-50 games", "over 50 games",
		"transposed", "legal en passant", "en passant not legal", "castling lost to a capture",
		"after castle", "after promotion", "after enpassant")
	checkAgainstChessops(t, db, reached)
	checkExplorerAgainstChessops(t, db, games, reached)
}

// TestFindAgreesWithChessopsOnRandomGames: the same on random games that
// chessops played and wrote (internal/pgncorpus), Chess960 starts and
// set-up positions among them.
func TestFindAgreesWithChessopsOnRandomGames(t *testing.T) {
	t.Parallel() // node runs in its own process
	path, corpus := pgncorpus.Write(t, "..", 38, 300)
	games := replayWithChessops(t, "jsonl", strings.TrimSuffix(path, ".pgn")+".jsonl")
	require.Len(t, games, len(corpus))
	db, err := Open(buildIndex(t, BuildOptions{}, path))
	require.NoError(t, err)
	defer db.Close()
	require.Equal(t, int64(len(games)), db.Len(), "games chessops played and games indexed")
	reached := chessopsAnswers(games)
	classes := chessopsClasses(games, reached)
	for i, g := range corpus {
		class := ""
		switch {
		case g.Chess960:
			class = "chess960"
		case g.Tags["SetUp"] == "1":
			class = "set-up start"
		default:
			continue
		}
		if classes[class] == nil {
			classes[class] = map[string]bool{}
		}
		for _, epd := range games[i].EPD {
			classes[class][epd] = true
		}
	}
	requireClasses(t, classes, "start", "one game", "2-5 games", "transposed", "legal en passant",
		"castling lost to a capture", "after castle", "after promotion", "after enpassant", "chess960", "set-up start")
	checkAgainstChessops(t, db, reached)
	checkExplorerAgainstChessops(t, db, games, reached)
}

// ---- variants ----

// oracleVariants are the variants of TestVariantsAgreeWithChessops:
// standard chess and lichess's variants.
var oracleVariants = []core.Variant{core.Standard, core.ThreeCheck, core.Atomic, core.Crazyhouse,
	core.Horde, core.RacingKings, core.KingOfTheHill, core.Antichess}

// variantEPD is a position of a variant, its FEN without the move
// counters as chessops writes it.
type variantEPD struct {
	variant core.Variant
	epd     string
}

// withoutCounters drops a FEN's last two fields, the move counters.
func withoutCounters(fen string) string {
	fields := strings.Fields(fen)
	return strings.Join(fields[:len(fields)-2], " ")
}

// bareFEN returns a FEN's board alone, as standard chess writes it: the
// placement without Crazyhouse's pockets and promoted marks, the side to
// move, castling and en passant (without Three-check's checks), and
// counters.
func bareFEN(fen string) string {
	fields := strings.Fields(fen)
	placement, _, _ := strings.Cut(fields[0], "[")
	placement = strings.ReplaceAll(placement, "~", "")
	return strings.Join([]string{placement, fields[1], fields[2], fields[3], "0", "1"}, " ")
}

// TestVariantsAgreeWithChessops: on random games of every variant that
// chessops played, Find gives for every position the games and plies of
// chessops's replay; and the same board under another variant (standard
// chess among them) finds only that variant's games, never a game of the
// first: the index keys each variant apart.
func TestVariantsAgreeWithChessops(t *testing.T) {
	t.Parallel() // node runs in its own process
	ops := variantoracle.ChessOpsForTest(t)
	var text strings.Builder
	reached := map[variantEPD][]reachedAt{}
	fens := map[variantEPD]string{}
	var n int64
	for _, v := range oracleVariants {
		games, err := ops.SANGames(t.Context(), v.String(), 38, 60, 12)
		require.NoError(t, err, "%v", v)
		for _, g := range games {
			n++
			text.WriteString(g.PGN)
			text.WriteString("\n")
			seen := map[string]bool{}
			for ply := 0; ply <= len(g.Moves); ply++ {
				fen := g.Start
				if ply > 0 {
					fen = g.Moves[ply-1].FEN
				}
				k := variantEPD{v, withoutCounters(fen)}
				if !seen[k.epd] {
					seen[k.epd] = true
					reached[k] = append(reached[k], reachedAt{n, ply})
					fens[k] = fen
				}
			}
		}
	}
	path := filepath.Join(t.TempDir(), "variants.pgn")
	require.NoError(t, os.WriteFile(path, []byte(text.String()), 0o644))
	db, err := Open(buildIndex(t, BuildOptions{}, path))
	require.NoError(t, err)
	defer db.Close()
	require.Equal(t, n, db.Len(), "games chessops played and games indexed")

	keys := slices.SortedFunc(maps.Keys(reached), func(a, b variantEPD) int {
		return cmp.Or(cmp.Compare(a.variant, b.variant), strings.Compare(a.epd, b.epd))
	})
	positions := map[core.Variant]int{}
	crossed := map[core.Variant]int{}
	for _, k := range keys {
		positions[k.variant]++
		p, err := core.ParseVariantFEN(k.variant, fens[k])
		require.NoError(t, err, "%v %s", k.variant, fens[k])
		require.Equal(t, reached[k], findAll(t, db, &p), "%v %s: chessops's games, then Find's", k.variant, fens[k])
		bare := bareFEN(fens[k])
		for _, w := range oracleVariants {
			if w == k.variant {
				continue
			}
			q, err := core.ParseVariantFEN(w, bare)
			if err != nil {
				continue // not a position of w
			}
			want := reached[variantEPD{w, withoutCounters(q.FEN())}]
			if len(want) > 0 {
				crossed[k.variant]++
			}
			require.Equal(t, want, findAll(t, db, &q), "%v %s as %v: chessops's games of %v, then Find's", k.variant, fens[k], w, w)
		}
	}
	for _, v := range oracleVariants {
		require.Positive(t, positions[v], "no position of %v", v)
	}
	// Boards that several variants share (their start positions, the
	// first moves from them) were asked under each.
	require.Positive(t, crossed[core.Atomic], "no atomic board was reached in another variant")
	t.Logf("%d games, positions by variant %v; boards also reached in another variant, asked there: %v", n, positions, crossed)
}
