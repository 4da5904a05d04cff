package main

import (
	"bufio"
	"fmt"
	"strconv"
	"sync/atomic"
	"unicode/utf8"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// jsonVisitor writes each game's JSON object, but for its number and its
// errors, which only the emitter can place in the input, into out.
type jsonVisitor struct {
	pgn.BaseVisitor
	out       []byte // the chunk's games, one after the other
	ends      []int  // where each game ends in out
	tagNames  []byte // the names of the game's tags, NUL-separated
	start     core.Position
	started   bool
	depth     int
	moves     []core.Move // the mainline
	sans      []byte      // the mainline's JSON arrays, so far
	ucis      []byte
	resultTag string
}

func (v *jsonVisitor) BeginGame() {
	v.out = append(v.out, `"tags":{`...)
	v.tagNames = v.tagNames[:0]
	v.started, v.depth, v.resultTag = false, 0, ""
	v.moves, v.sans, v.ucis = v.moves[:0], v.sans[:0], v.ucis[:0]
}

func (v *jsonVisitor) Tag(name, value []byte) {
	if string(name) == "Result" {
		v.resultTag = normalResult(value)
	}
	// JSON objects should not repeat a key: the first tag of a name wins.
	for rest := v.tagNames; len(rest) > 0; {
		i := 0
		for rest[i] != 0 {
			i++
		}
		if string(rest[:i]) == string(name) {
			return
		}
		rest = rest[i+1:]
	}
	v.tagNames = append(append(v.tagNames, name...), 0)
	if len(v.tagNames) > len(name)+1 {
		v.out = append(v.out, ',')
	}
	v.out = appendJSONString(v.out, name)
	v.out = append(v.out, ':')
	v.out = appendJSONString(v.out, value)
}

func (v *jsonVisitor) BeginMovetext(start *core.Position) pgn.Action {
	v.start, v.started = *start, true
	return pgn.Continue
}

func (v *jsonVisitor) Move(p *core.Position, m core.Move) {
	if v.depth > 0 {
		return
	}
	if len(v.moves) > 0 {
		v.sans = append(v.sans, ',')
		v.ucis = append(v.ucis, ',')
	}
	v.moves = append(v.moves, m)
	v.sans = append(san.AppendFormat(append(v.sans, '"'), p, m, 0), '"')
	v.ucis = append(appendUCI(append(v.ucis, '"'), p, m), '"')
}

func (v *jsonVisitor) BeginVariation() pgn.Action { v.depth++; return pgn.Continue }
func (v *jsonVisitor) EndVariation()              { v.depth-- }

func (v *jsonVisitor) EndGame(result string) {
	start, final := "", ""
	if v.started {
		start = v.start.FEN()
		p := v.start
		for _, m := range v.moves {
			if m == core.NoMove {
				p.MakeNullMove()
			} else {
				p.MakeMove(m)
			}
		}
		final = p.FEN()
	}
	if result == "" {
		result = v.resultTag
	}
	if result == "" {
		result = "*"
	}
	v.out = append(v.out, `},"start_fen":`...)
	v.out = appendJSONString(v.out, []byte(start))
	v.out = append(v.out, `,"moves_san":[`...)
	v.out = append(v.out, v.sans...)
	v.out = append(v.out, `],"moves_uci":[`...)
	v.out = append(v.out, v.ucis...)
	v.out = append(v.out, `],"final_fen":`...)
	v.out = appendJSONString(v.out, []byte(final))
	v.out = append(v.out, `,"result":"`...)
	v.out = append(v.out, result...)
	v.out = append(v.out, '"')
	v.ends = append(v.ends, len(v.out))
}

// jsonResult is a chunk's games as JSON, but for their numbers and errors.
type jsonResult struct {
	out  []byte
	ends []int
	errs []gameError
}

// jsonLines writes one JSON object per game of the file.
func jsonLines(e *env, name string) int {
	in, err := openInput(e, name)
	if err != nil {
		cli.Fail(e.stderr, "pgn", err)
		return exitFail
	}
	defer in.close()
	out := bufio.NewWriterSize(e.stdout, 256<<10)
	defer out.Flush()
	var games atomic.Int64
	stop := startProgress(e.progress, e.stderr, in, &games)
	total, broken := 0, 0
	err = process(newSplitter(in.text, e.chunk), e.workers, func(w *worker, c chunk) jsonResult {
		v := &jsonVisitor{out: make([]byte, 0, 2*len(c.data))}
		_, errs := readChunk(w, c, v, nil, &games)
		return jsonResult{v.out, v.ends, errs}
	}, func(c chunk, res jsonResult) {
		var line []byte
		start, k := 0, 0
		for i, end := range res.ends {
			line = strconv.AppendInt(append(line[:0], `{"game":`...), int64(total+i+1), 10)
			line = append(append(line, ','), res.out[start:end]...)
			line = append(line, `,"errors":[`...)
			for first := true; k < len(res.errs) && res.errs[k].index == i; k++ {
				if !first {
					line = append(line, ',')
				}
				first = false
				game, l, col, msg := res.errs[k].place(c, total)
				text := fmt.Sprintf("game %d, line %d, column %d: %s", game, l, col, msg)
				line = appendJSONString(line, []byte(text))
				broken++
			}
			line = append(line, "]}\n"...)
			out.Write(line)
			start = end
		}
		total += len(res.ends)
	})
	stop()
	if err != nil {
		cli.FailAt(e.stderr, "pgn", in.name, err)
		return exitFail
	}
	if broken > 0 {
		return exitBroken
	}
	return exitOK
}

// appendUCI appends m in UCI notation as Position.UCI writes it (castling
// as the king's move, or king takes rook in Chess960), "0000" for a null
// move, without allocating.
func appendUCI(dst []byte, p *core.Position, m core.Move) []byte {
	if m == core.NoMove {
		return append(dst, "0000"...)
	}
	to := m.To()
	if m.IsCastle() && !p.Chess960() {
		to = p.CastleKingSquare(m)
	}
	dst = appendSquare(appendSquare(dst, m.From()), to)
	if m.IsPromotion() {
		dst = append(dst, " pnbrqk"[m.Promotion()])
	}
	return dst
}

func appendSquare(dst []byte, sq core.Square) []byte {
	return append(dst, byte('a'+sq.File()), byte('1'+sq.Rank()))
}

// appendJSONString appends s as a JSON string; bytes that are not UTF-8
// become U+FFFD.
func appendJSONString(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20 || c == 0x7f:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
