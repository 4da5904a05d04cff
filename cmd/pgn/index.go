package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/gamedb"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/opening"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// indexFlags are the flags of pgn index, explore and find.
type indexFlags struct {
	// pgn index
	out     string
	append  bool
	merge   bool
	verify  bool
	compact bool
	aggMin  int
	// pgn explore and find: the position
	fen, moves, variant string
	// pgn find: a pattern instead
	material, pieces, side string
	// the filter
	player, white, black, event string
	minRating, maxRating        int
	from, to                    string
	results, speeds             string
	// the output
	json, pgn     bool
	limit, offset int
}

func addIndexFlags(cmd string, fs *flag.FlagSet) *indexFlags {
	f := &indexFlags{}
	if cmd == "index" {
		fs.StringVar(&f.out, "o", "", "the index (a directory) to create")
		fs.BoolVar(&f.append, "append", false, "add the games to the index given as the first argument")
		fs.BoolVar(&f.merge, "merge", false, "make -o one index of the indexes given (shards), their games in order")
		fs.BoolVar(&f.verify, "verify", false, "read the indexes given whole and check every page; exit 1 at damage")
		fs.BoolVar(&f.compact, "compact", false, "rewrite the index given as one segment (after many appends); readers go on meanwhile")
		fs.IntVar(&f.aggMin, "agg", gamedb.DefaultAggregateMin, "store the statistics of positions at least this many games reach")
		return f
	}
	fs.StringVar(&f.fen, "fen", "", "the position, or the start of -moves (a FEN, "+cli.PositionNames+"; default: the start position)")
	fs.StringVar(&f.moves, "moves", "", `moves from -fen's position to the one asked about, in SAN ("1. e4 c5 2. Nf3")`)
	fs.StringVar(&f.variant, "variant", "chess", "the variant of -fen (3check, atomic, crazyhouse, ...)")
	fs.StringVar(&f.player, "player", "", "games of a player of either colour (any part of the name, any case)")
	fs.StringVar(&f.white, "white", "", "games with this White player")
	fs.StringVar(&f.black, "black", "", "games with this Black player")
	fs.StringVar(&f.event, "event", "", "games of this event (any part of the name, any case)")
	fs.IntVar(&f.minRating, "min-rating", 0, "games whose average rating is at least this")
	fs.IntVar(&f.maxRating, "max-rating", 0, "games whose average rating is at most this")
	fs.StringVar(&f.from, "from", "", "games played on this date or later (YYYY[.MM[.DD]])")
	fs.StringVar(&f.to, "to", "", "games played on this date or earlier (YYYY[.MM[.DD]])")
	fs.StringVar(&f.results, "result", "", "games of these results, comma-separated (1-0,0-1,1/2-1/2,*)")
	fs.StringVar(&f.speeds, "speed", "", "games of these time controls, comma-separated (ultrabullet, bullet, blitz, rapid, classical, correspondence)")
	fs.BoolVar(&f.json, "json", false, "write JSON")
	if cmd == "find" {
		fs.BoolVar(&f.pgn, "pgn", false, "write the games as PGN")
		fs.IntVar(&f.limit, "limit", 20, "games to show")
		fs.IntVar(&f.offset, "offset", 0, "games to pass over first")
		fs.StringVar(&f.material, "material", "", "instead of a position: positions with this material (KRPvKR: White's pieces v Black's, or the colours swapped)")
		fs.StringVar(&f.pieces, "pieces", "", `instead of a position: positions with these pieces on these squares, a FEN board whose empty squares are left open ("8/8/8/8/8/8/5PPP/6K1")`)
		fs.StringVar(&f.side, "side", "", "with -material or -pieces: the side to move (w or b)")
	}
	return f
}

// buildIndex is pgn index: build an index of the files, or append them.
func buildIndex(e *env, f *indexFlags, files []string) int {
	var b *gamedb.Builder
	var err error
	opts := gamedb.BuildOptions{AggregateMin: f.aggMin}
	dir := f.out
	switch {
	case f.verify:
		return verifyIndex(e, files)
	case f.compact:
		if len(files) != 1 || files[0] == "-" || f.out != "" {
			return cli.Usage(e.stderr, "pgn index", errors.New("-compact DB: one index"))
		}
		start := time.Now()
		if err := gamedb.Compact(files[0], opts); err != nil {
			cli.Fail(e.stderr, "pgn index", err)
			return exitFail
		}
		fmt.Fprintf(e.stdout, "index       %s compacted in %.3f s\n", files[0], time.Since(start).Seconds())
		return exitOK
	case f.merge:
		if f.out == "" || f.append || len(files) == 0 || files[0] == "-" {
			return cli.Usage(e.stderr, "pgn index", errors.New("-merge -o DB SHARD...: an index to make and the indexes to merge"))
		}
		if err := gamedb.Merge(f.out, files...); err != nil {
			cli.Fail(e.stderr, "pgn index", err)
			return exitFail
		}
		db, err := gamedb.Open(f.out)
		if err != nil {
			cli.Fail(e.stderr, "pgn index", err)
			return exitFail
		}
		defer db.Close()
		fmt.Fprintf(e.stdout, "index       %s, %d games of %d shard%s\n", f.out, db.Len(), len(files), plural(len(files)))
		return exitOK
	case f.aggMin < 1:
		return cli.Usage(e.stderr, "pgn index", fmt.Errorf("-agg %d: want at least 1", f.aggMin))
	case f.append && f.out != "":
		return cli.Usage(e.stderr, "pgn index", errors.New("-append DB FILE...: the index is the first argument, not -o"))
	case f.append:
		if len(files) < 2 || files[0] == "-" {
			return cli.Usage(e.stderr, "pgn index", errors.New("-append DB FILE...: an index and at least one FILE"))
		}
		dir, files = files[0], files[1:]
		b, err = gamedb.Append(dir, opts)
	case f.out == "":
		return cli.Usage(e.stderr, "pgn index", errors.New("-o DB is needed (or -append DB)"))
	default:
		b, err = gamedb.Create(dir, opts)
	}
	if err != nil {
		cli.Fail(e.stderr, "pgn index", err)
		return exitFail
	}
	defer b.Close()
	start := time.Now()
	text, status, ok := readBatches(e, files, gamedb.NewBatch, b.StartSource, b.AddBatch)
	if !ok {
		return exitFail
	}
	if err := b.Commit(); err != nil {
		cli.Fail(e.stderr, "pgn index", err)
		return exitFail
	}
	secs := max(time.Since(start).Seconds(), 1e-9)
	st := b.Stats()
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	fmt.Fprintf(out, "index       %s, %d segment%s written\n", dir, st.Segments, plural(st.Segments))
	fmt.Fprintf(out, "games       %d (%d broken left out)\n", st.Games-st.Broken, st.Broken)
	fmt.Fprintf(out, "positions   %d (each distinct position of each game)\n", st.Postings)
	fmt.Fprintf(out, "time        %.3f s with %d worker%s\n", secs, e.workers, plural(e.workers))
	fmt.Fprintf(out, "throughput  %.1f MB/s, %.0f games/s\n", float64(text)/1e6/secs, float64(st.Games)/secs)
	if status == exitOK && st.Broken > 0 {
		status = exitBroken
	}
	return status
}

// verifyIndex is pgn index -verify: every page of each index checked.
func verifyIndex(e *env, dirs []string) int {
	if len(dirs) == 0 || dirs[0] == "-" {
		return cli.Usage(e.stderr, "pgn index", errors.New("-verify DB...: the indexes to check"))
	}
	status := exitOK
	for _, dir := range dirs {
		db, err := gamedb.Open(dir)
		if err == nil {
			err = db.Verify()
			if err == nil {
				fmt.Fprintf(e.stdout, "%s: %d games, every page as written\n", dir, db.Len())
			}
			db.Close()
		}
		if err != nil {
			cli.Fail(e.stderr, "pgn index", err)
			status = exitBroken
		}
	}
	return status
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// line is the position a query asks about: the start -fen and -variant
// name, the -moves played from it, and the position they reach.
type line struct {
	start, end core.Position
	moves      []core.Move
}

// line reads -fen, -variant and -moves.
func (f *indexFlags) line() (line, error) {
	v, err := core.ParseVariant(f.variant)
	if err != nil {
		return line{}, cli.Usagef("-variant: %v", err)
	}
	fen := f.fen
	if fen == "" {
		fen = "startpos"
	}
	var l line
	if l.start, err = core.ParseVariantFEN(v, cli.FEN(v, fen)); err != nil {
		return line{}, cli.Usagef("-fen: %v", err)
	}
	l.end = l.start
	if l.moves, err = playLine(&l.end, f.moves); err != nil {
		return line{}, cli.Usagef("-moves: %v", err)
	}
	return l, nil
}

// playLine plays the moves of text, in SAN with or without move numbers
// ("1. e4 c5 2. Nf3"), on p and returns them.
func playLine(p *core.Position, text string) ([]core.Move, error) {
	var moves []core.Move
	for _, tok := range strings.Fields(text) {
		// Move numbers: "1.", "1...", and "1.e4" with its move.
		if i := strings.LastIndexByte(tok, '.'); i >= 0 && strings.Trim(tok[:i+1], "0123456789.") == "" {
			if tok = tok[i+1:]; tok == "" {
				continue
			}
		}
		m, err := san.Parse(p, tok)
		if err != nil {
			return nil, err
		}
		moves = append(moves, m)
		if m == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(m)
		}
	}
	return moves, nil
}

// filter returns the filter the flags name.
func (f *indexFlags) filter() (gamedb.Filter, error) {
	flt := gamedb.Filter{Player: f.player, White: f.white, Black: f.black, Event: f.event,
		MinRating: f.minRating, MaxRating: f.maxRating}
	var err error
	if f.from != "" {
		if flt.From, err = gamedb.ParseDate(f.from); err != nil {
			return flt, cli.Usagef("-from: %v", err)
		}
	}
	if f.to != "" {
		if flt.To, err = gamedb.ParseDate(f.to); err != nil {
			return flt, cli.Usagef("-to: %v", err)
		}
	}
	for _, r := range splitList(f.results) {
		res, err := gamedb.ParseResult(r)
		if err != nil {
			return flt, cli.Usagef("-result: %v", err)
		}
		flt.Results = append(flt.Results, res)
	}
	for _, s := range splitList(f.speeds) {
		sp, err := gamedb.ParseSpeed(s)
		if err != nil {
			return flt, cli.Usagef("-speed: %v", err)
		}
		flt.Speeds = append(flt.Speeds, sp)
	}
	if f.minRating < 0 || f.maxRating < 0 || f.maxRating != 0 && f.maxRating < f.minRating {
		return flt, cli.Usagef("-min-rating %d, -max-rating %d: want 0 <= min <= max", f.minRating, f.maxRating)
	}
	return flt, nil
}

// pattern returns the pattern -material, -pieces and -side name, and
// whether they name one.
func (f *indexFlags) pattern() (gamedb.Pattern, bool, error) {
	var pt gamedb.Pattern
	if f.material == "" && f.pieces == "" {
		if f.side != "" {
			return pt, false, cli.Usagef("-side: only with -material or -pieces")
		}
		return pt, false, nil
	}
	if f.fen != "" || f.moves != "" {
		return pt, false, cli.Usagef("-material and -pieces scan every position: not with -fen or -moves")
	}
	var err error
	if f.material != "" {
		if pt.Material, err = gamedb.ParseMaterial(f.material); err != nil {
			return pt, false, cli.Usagef("-material: %v", err)
		}
		pt.EitherColour = true
	}
	if f.pieces != "" {
		if pt.Pieces, err = gamedb.ParsePieces(f.pieces); err != nil {
			return pt, false, cli.Usagef("-pieces: %v", err)
		}
	}
	switch f.side {
	case "":
	case "w", "white":
		c := core.White
		pt.SideToMove = &c
	case "b", "black":
		c := core.Black
		pt.SideToMove = &c
	default:
		return pt, false, cli.Usagef("-side %q: want w or b", f.side)
	}
	return pt, true, nil
}

func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// openQuery opens the index of a query command and reads its position
// and filter; it returns the exit status when it cannot.
func openQuery(e *env, cmd string, f *indexFlags, dirs []string) (*gamedb.DB, line, gamedb.Filter, int) {
	l, err := f.line()
	if err != nil {
		return nil, l, gamedb.Filter{}, cli.Exit(e.stderr, cmd, err)
	}
	flt, err := f.filter()
	if err != nil {
		return nil, l, flt, cli.Exit(e.stderr, cmd, err)
	}
	if len(dirs) == 0 || dirs[0] == "-" {
		return nil, l, flt, cli.Usage(e.stderr, cmd, errors.New("the index (DB) to read is needed"))
	}
	db, err := gamedb.Open(dirs...)
	if err != nil {
		cli.Fail(e.stderr, cmd, err)
		return nil, l, flt, exitFail
	}
	return db, l, flt, exitOK
}

// opening names the line's opening: the last named position along it,
// its end included (lichess's chess-openings, found by position, so a
// transposition gets the name). A line from a variant or Chess960 start,
// or with a null move, has none.
func (l *line) opening() (opening.Opening, bool) {
	o, _, ok, err := opening.Classify(&l.start, l.moves)
	return o, ok && err == nil
}

// explore is pgn explore: a position's moves and results.
func explore(e *env, f *indexFlags, dirs []string) int {
	db, l, flt, status := openQuery(e, "pgn explore", f, dirs)
	if db == nil {
		return status
	}
	p := &l.end
	defer db.Close()
	ex, err := db.Explore(p, flt)
	if err != nil {
		cli.Fail(e.stderr, "pgn explore", err)
		return exitFail
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if f.json {
		j := explorerJSON(p, ex)
		if o, ok := l.opening(); ok {
			j.Opening = &openingJSON{o.ECO, o.Name}
		}
		writeJSON(out, j)
		return exitOK
	}
	fmt.Fprintf(out, "position  %s\n", p.FEN())
	if o, ok := l.opening(); ok {
		fmt.Fprintf(out, "opening   %s %s\n", o.ECO, o.Name)
	}
	fmt.Fprintf(out, "games     %d%s\n", ex.Games, outcomeShares(ex.Outcomes))
	if len(ex.Moves) > 0 {
		fmt.Fprintf(out, "\n%-8s %9s %6s %6s %6s %6s %7s  %s\n", "move", "games", "share", "white", "draws", "black", "rating", "last played")
		for i := range ex.Moves {
			m := &ex.Moves[i]
			rating := "-"
			if r := m.AverageRating(); r > 0 {
				rating = fmt.Sprint(r)
			}
			fmt.Fprintf(out, "%-8s %9d %6s %6s %6s %6s %7s  %s\n", san.Format(p, m.Move), m.Games,
				percent(m.Games, ex.Games), percent(m.WhiteWins, m.Games), percent(m.Draws, m.Games),
				percent(m.BlackWins, m.Games), rating, m.LastPlayed)
		}
	}
	if ex.Ended.Games > 0 {
		fmt.Fprintf(out, "\nended here: %d game%s%s\n", ex.Ended.Games, plural(int(ex.Ended.Games)), outcomeShares(ex.Ended))
	}
	if len(ex.Top) > 0 {
		fmt.Fprintf(out, "\ntop games\n")
		for _, g := range ex.Top {
			fmt.Fprintf(out, "  %s\n", gameLine(&g))
		}
	}
	return exitOK
}

func percent(n, of int64) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

func outcomeShares(o gamedb.Outcomes) string {
	if o.Games == 0 {
		return ""
	}
	return fmt.Sprintf(": White wins %s, draws %s, Black wins %s", percent(o.WhiteWins, o.Games),
		percent(o.Draws, o.Games), percent(o.BlackWins, o.Games))
}

// gameLine describes a game on one line.
func gameLine(g *gamedb.Game) string {
	player := func(name string, elo int) string {
		if name == "" {
			name = "?"
		}
		if elo > 0 {
			return fmt.Sprintf("%s (%d)", name, elo)
		}
		return name
	}
	return fmt.Sprintf("game %d: %s - %s %s, %s, %s (%s game %d)", g.Number, player(g.White, g.WhiteElo),
		player(g.Black, g.BlackElo), g.Result, orQuestion(g.Event), g.Date, g.Source, g.SourceGame)
}

func orQuestion(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// find is pgn find: the games that reached a position.
func find(e *env, f *indexFlags, dirs []string) int {
	if f.limit < 0 || f.offset < 0 {
		return cli.Usage(e.stderr, "pgn find", fmt.Errorf("-limit %d, -offset %d: want 0 or more", f.limit, f.offset))
	}
	if f.json && f.pgn {
		return cli.Usage(e.stderr, "pgn find", errors.New("-json or -pgn, not both"))
	}
	pt, scan, err := f.pattern()
	if err != nil {
		return cli.Exit(e.stderr, "pgn find", err)
	}
	db, l, flt, status := openQuery(e, "pgn find", f, dirs)
	if db == nil {
		return status
	}
	p := &l.end
	defer db.Close()
	var page gamedb.Page
	what := p.FEN()
	if scan {
		what = describePattern(f)
		page, err = scanPage(db, pt, flt, f.offset, f.limit)
	} else {
		page, err = db.Find(p, flt, f.offset, f.limit)
	}
	if err != nil {
		cli.Fail(e.stderr, "pgn find", err)
		return exitFail
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	switch {
	case f.json:
		games := make([]gameJSON, len(page.Hits))
		for i, h := range page.Hits {
			games[i] = toGameJSON(&h.Game)
			games[i].Ply = &page.Hits[i].Ply
		}
		writeJSON(out, struct {
			Query  string     `json:"query"`
			Total  int64      `json:"total"`
			Offset int        `json:"offset"`
			Games  []gameJSON `json:"games"`
		}{what, page.Total, f.offset, games})
	case f.pgn:
		w := pgn.NewWriter(out)
		for _, h := range page.Hits {
			g, err := db.PGN(h.Number)
			if err == nil {
				err = w.Write(g)
			}
			if err != nil {
				cli.Fail(e.stderr, "pgn find", err)
				return exitFail
			}
		}
	default:
		fmt.Fprintf(out, "%d game%s reached %s", page.Total, plural(int(page.Total)), what)
		if len(page.Hits) > 0 {
			fmt.Fprintf(out, "; %d to %d:", f.offset+1, f.offset+len(page.Hits))
		}
		fmt.Fprintln(out)
		for _, h := range page.Hits {
			fmt.Fprintf(out, "  ply %d, %s\n", h.Ply, gameLine(&h.Game))
		}
	}
	return exitOK
}

// scanPage is Find's page for a pattern: the whole index scanned.
func scanPage(db *gamedb.DB, pt gamedb.Pattern, flt gamedb.Filter, offset, limit int) (gamedb.Page, error) {
	var page gamedb.Page
	for h, err := range db.Scan(pt, flt) {
		if err != nil {
			return page, err
		}
		page.Total++
		if page.Total > int64(offset) && len(page.Hits) < limit {
			page.Hits = append(page.Hits, h)
		}
	}
	return page, nil
}

// describePattern names the pattern of the flags.
func describePattern(f *indexFlags) string {
	var parts []string
	if f.material != "" {
		parts = append(parts, "material "+strings.ToUpper(f.material[:1])+f.material[1:]+" (either colour)")
	}
	if f.pieces != "" {
		parts = append(parts, "pieces "+f.pieces)
	}
	if f.side != "" {
		parts = append(parts, f.side+" to move")
	}
	return strings.Join(parts, ", ")
}

// gameJSON is a game as pgn explore and find write it in JSON.
type gameJSON struct {
	Number     int64  `json:"game"`
	White      string `json:"white"`
	Black      string `json:"black"`
	WhiteElo   int    `json:"white_elo,omitempty"`
	BlackElo   int    `json:"black_elo,omitempty"`
	Result     string `json:"result"`
	Date       string `json:"date"`
	Event      string `json:"event"`
	Site       string `json:"site"`
	Round      string `json:"round"`
	Speed      string `json:"speed,omitempty"`
	Variant    string `json:"variant,omitempty"`
	StartFEN   string `json:"start_fen,omitempty"`
	Source     string `json:"source"`
	SourceGame int    `json:"source_game"`
	Plies      int    `json:"plies"`
	Ply        *int   `json:"ply,omitempty"`
}

func toGameJSON(g *gamedb.Game) gameJSON {
	j := gameJSON{Number: g.Number, White: g.White, Black: g.Black, WhiteElo: g.WhiteElo, BlackElo: g.BlackElo,
		Result: g.Result.String(), Date: g.Date.String(), Event: g.Event, Site: g.Site, Round: g.Round,
		StartFEN: g.StartFEN, Source: g.Source, SourceGame: g.SourceGame, Plies: g.Plies}
	if g.Speed != gamedb.SpeedUnknown {
		j.Speed = g.Speed.String()
	}
	if g.Variant != core.Standard {
		j.Variant = g.Variant.String()
	} else if g.Chess960 {
		j.Variant = "chess960"
	}
	return j
}

// outcomesJSON is an Outcomes in JSON.
type outcomesJSON struct {
	Games int64 `json:"games"`
	White int64 `json:"white"`
	Draws int64 `json:"draws"`
	Black int64 `json:"black"`
}

func toOutcomesJSON(o gamedb.Outcomes) outcomesJSON {
	return outcomesJSON{o.Games, o.WhiteWins, o.Draws, o.BlackWins}
}

// explorerJSON is pgn explore's JSON.
type explorerJSONOut struct {
	FEN     string       `json:"fen"`
	Opening *openingJSON `json:"opening,omitempty"`
	outcomesJSON
	Moves []moveJSON   `json:"moves"`
	Ended outcomesJSON `json:"ended"`
	Top   []gameJSON   `json:"top_games"`
}

type openingJSON struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
}

type moveJSON struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	outcomesJSON
	AverageRating int    `json:"average_rating,omitempty"`
	LastPlayed    string `json:"last_played"`
}

func explorerJSON(p *core.Position, ex *gamedb.Explorer) explorerJSONOut {
	j := explorerJSONOut{FEN: p.FEN(), outcomesJSON: toOutcomesJSON(ex.Outcomes), Ended: toOutcomesJSON(ex.Ended),
		Moves: []moveJSON{}, Top: []gameJSON{}}
	for i := range ex.Moves {
		m := &ex.Moves[i]
		j.Moves = append(j.Moves, moveJSON{UCI: p.UCI(m.Move), SAN: san.Format(p, m.Move),
			outcomesJSON: toOutcomesJSON(m.Outcomes), AverageRating: m.AverageRating(), LastPlayed: m.LastPlayed.String()})
	}
	for i := range ex.Top {
		j.Top = append(j.Top, toGameJSON(&ex.Top[i]))
	}
	return j
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
