package match

import (
	"fmt"
	"strconv"
	"time"

	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/pgn"
)

// Comment returns a move's PGN comment as cutechess-cli writes it: the
// score in pawns from the engine's side (or "+M3" for a mate in three,
// "-M2" for being mated), the depth, and the time taken ("+0.31/12
// 0.154s"); "book" for an opening move.
func (m MoveRecord) Comment() string {
	if m.Book {
		return "book"
	}
	score := "0.00"
	if m.Score != nil {
		score = FormatScore(*m.Score)
	}
	return fmt.Sprintf("%s/%d %ss", score, m.Depth, strconv.FormatFloat(m.Time.Round(time.Millisecond).Seconds(), 'f', 3, 64))
}

// FormatScore writes a score in pawns with its sign ("+0.31", "-1.20"),
// a mate as "+M3" or "-M2".
func FormatScore(s engine.Score) string {
	if s.IsMate {
		if s.Mate > 0 {
			return "+M" + strconv.Itoa(s.Mate)
		}
		return "-M" + strconv.Itoa(-s.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}

// PGN returns the game as a pgn.Game: the seven tag roster, the
// TimeControl, Termination and PlyCount tags, and a comment on every
// move; the last move's comment also says how the game ended.
func (g *GameRecord) PGN(event, site string) *pgn.Game {
	pg := g.pgn.PGNGame()
	if event == "" {
		event = "gambit match"
	}
	if site == "" {
		site = "?"
	}
	pg.Tags.Set("Event", event)
	pg.Tags.Set("Site", site)
	pg.Tags.Set("Date", g.Started.UTC().Format("2006.01.02"))
	pg.Tags.Set("Round", strconv.Itoa(g.Round)+"."+strconv.Itoa(g.Game))
	pg.Tags.Set("White", g.White)
	pg.Tags.Set("Black", g.Black)
	pg.Result = g.Result
	pg.Tags.Set("Result", g.Result)
	pg.Tags.Set("Termination", g.Termination)
	pg.Tags.Set("PlyCount", strconv.Itoa(len(g.Moves)))
	nodes := pg.Mainline()
	for i, n := range nodes {
		if i < len(g.Moves) {
			n.Comments = append(n.Comments, g.Moves[i].Comment())
		}
	}
	if len(nodes) > 0 {
		last := nodes[len(nodes)-1]
		if len(last.Comments) > 0 {
			last.Comments[len(last.Comments)-1] += ", " + g.Reason
		} else {
			last.Comments = append(last.Comments, g.Reason)
		}
	} else {
		pg.Root.Comments = append(pg.Root.Comments, g.Reason)
	}
	return pg
}

// write writes a finished game to the PGN and EPD outputs.
func (s *state) write(rec *GameRecord) error {
	if s.cfg.PGN != nil {
		pg := rec.PGN(s.cfg.Event, s.cfg.Site)
		if tc := s.cfg.Engines[rec.WhiteEngine].TC; tc == s.cfg.Engines[rec.BlackEngine].TC {
			pg.Tags.Set("TimeControl", tc.String())
		} else {
			pg.Tags.Set("WhiteTimeControl", tc.String())
			pg.Tags.Set("BlackTimeControl", s.cfg.Engines[rec.BlackEngine].TC.String())
		}
		if err := pgn.NewWriter(s.cfg.PGN).Write(pg); err != nil {
			return fmt.Errorf("match: write PGN: %w", err)
		}
	}
	if s.cfg.EPD != nil {
		if _, err := fmt.Fprintln(s.cfg.EPD, rec.FinalFEN); err != nil {
			return fmt.Errorf("match: write EPD: %w", err)
		}
	}
	return nil
}
