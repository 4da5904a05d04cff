package game

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/gambit-chess/gambit/core"
)

// The binary form, version 1, all integers unsigned varints unless said:
//
//	byte     version (1)
//	byte     flags: 1 start FEN follows, 2 Chess960, 4 AutoDraw,
//	         8 outcome set by hand follows, 16 variant follows
//	[byte]   the core.Variant, not Standard (flag 16)
//	[string] start FEN, as FEN writes it (flag 1); without it the
//	         variant's start position
//	varint   number of moves, then two bytes each, little endian:
//	         from | to<<6 | promotion<<12 (0 none, 1 knight .. 4 queen,
//	         5 king in Antichess),
//	         castling as king takes rook, as core.Move holds it;
//	         a Crazyhouse drop as its square twice (from = to, which no
//	         board move has) | piece<<12 (1 pawn .. 5 queen, core's
//	         PieceType)
//	[byte, byte, string] status, result, reason (flag 8)
//	varint   number of tags, then name and value strings
//	4 bytes  CRC-32C of everything before, little endian
//
// A string is its length and its bytes. The outcome the rules give is not
// stored: replaying the moves finds it again. The CRC catches storage
// corruption that would still decode; every move is also checked for
// legality as it is replayed (legalMove, without generating every legal
// move), so no input can make a Game that breaks its invariants.

const binaryVersion = 1

const (
	flagStart byte = 1 << iota
	flagChess960
	flagAutoDraw
	flagDecided
	flagVariant
	flagsKnown = flagStart | flagChess960 | flagAutoDraw | flagDecided | flagVariant
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// MarshalBinary returns the game in a compact, versioned binary form that
// UnmarshalBinary restores exactly: start position, moves (two bytes each),
// options, an outcome set by hand, and tags. The engine is not saved.
func (g *Game) MarshalBinary() ([]byte, error) {
	return g.AppendBinary(make([]byte, 0, 16+2*len(g.history)+len(g.startFEN)))
}

// AppendBinary appends the binary form of MarshalBinary to b.
func (g *Game) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	r := g.record()
	var flags byte
	if r.startFEN != "" {
		flags |= flagStart
	}
	if r.chess960 {
		flags |= flagChess960
	}
	if r.autoDraw {
		flags |= flagAutoDraw
	}
	if r.decided {
		flags |= flagDecided
	}
	if r.variant != core.Standard {
		flags |= flagVariant
	}
	b = append(b, binaryVersion, flags)
	if r.variant != core.Standard {
		b = append(b, byte(r.variant))
	}
	if r.startFEN != "" {
		b = appendString(b, r.startFEN)
	}
	b = binary.AppendUvarint(b, uint64(len(g.history)))
	for _, p := range g.history {
		b = binary.LittleEndian.AppendUint16(b, encodeMove(p.move))
	}
	if r.decided {
		b = append(b, byte(r.status), byte(r.result))
		b = appendString(b, r.reason)
	}
	b = binary.AppendUvarint(b, uint64(len(r.tags)))
	for _, t := range r.tags {
		b = appendString(b, t.Name)
		b = appendString(b, t.Value)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli)), nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// encodeMove packs m into the 16 bits of the binary form.
func encodeMove(m core.Move) uint16 {
	code := uint16(m.From()) | uint16(m.To())<<6
	switch {
	case m.IsDrop():
		code |= uint16(m.Piece()) << 12
	case m.IsPromotion():
		code |= uint16(m.Promotion()-core.Knight+1) << 12
	}
	return code
}

// decodeMove returns the legal move of p that code packs (encodeMove), or
// core.NoMove: a drop where from and to are one square, else the board
// move from, to and promotion.
func decodeMove(p *core.Position, code uint16) core.Move {
	from, to := core.Square(code&63), core.Square(code>>6&63)
	if from == to {
		return p.LegalDrop(core.PieceType(code>>12), to)
	}
	return p.LegalMove(from, to, decodePromotion(code))
}

// decodePromotion returns the promotion piece of a move's code: code 5 is
// a king, which only an Antichess pawn promotes to; codes 6 and 7 give no
// piece type, and the move is refused as illegal.
func decodePromotion(code uint16) core.PieceType {
	if c := code >> 12; c != 0 {
		return core.PieceType(c) + core.Knight - 1
	}
	return core.NoPieceType
}

// UnmarshalBinary restores a game written by MarshalBinary, replacing g's
// game (an attached engine stays attached and is brought in sync on its
// next use). Every move is checked for legality as it is replayed, once
// each, which is far cheaper than reading moves as text. Data that is
// corrupt, truncated, of an unknown version, or holds an illegal move
// gives a *DataError matching ErrInvalidData; g is then unchanged.
func (g *Game) UnmarshalBinary(data []byte) error {
	ng, err := decodeBinary(data)
	if err != nil {
		return err
	}
	ng.engine = g.engine
	*g = *ng
	return nil
}

// decoder reads the binary form.
type decoder struct {
	data []byte
	off  int
}

func (d *decoder) fail(msg string, cause error) error {
	return &DataError{Format: "binary", Offset: d.off, Msg: msg, Err: cause}
}

func (d *decoder) byte(what string) (byte, error) {
	if d.off >= len(d.data) {
		return 0, d.fail("truncated before the "+what, nil)
	}
	d.off++
	return d.data[d.off-1], nil
}

func (d *decoder) uvarint(what string) (int, error) {
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 || n > 1 && d.data[d.off+n-1] == 0 {
		// An overlong encoding ends in a zero byte; refusing it keeps
		// one game one byte string.
		return 0, d.fail("bad varint for the "+what, nil)
	}
	if v > uint64(len(d.data)) {
		// Every count and length is of things stored in the data.
		return 0, d.fail(fmt.Sprintf("%s %d exceeds the data", what, v), nil)
	}
	d.off += n
	return int(v), nil
}

func (d *decoder) string(what string) (string, error) {
	n, err := d.uvarint(what + " length")
	if err != nil {
		return "", err
	}
	if n > len(d.data)-d.off {
		return "", d.fail("truncated "+what, nil)
	}
	d.off += n
	return string(d.data[d.off-n : d.off]), nil
}

// decodeBinary returns the game data holds.
func decodeBinary(data []byte) (*Game, error) {
	if len(data) < 4+2 {
		return nil, &DataError{Format: "binary", Offset: len(data), Msg: "too short"}
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(body):]) {
		return nil, &DataError{Format: "binary", Offset: len(body), Msg: "checksum mismatch"}
	}
	return decodeBody(body)
}

// decodeBody decodes the binary form without its checksum.
func decodeBody(body []byte) (*Game, error) {
	d := &decoder{data: body}
	version, _ := d.byte("version")
	if version != binaryVersion {
		d.off--
		return nil, d.fail(fmt.Sprintf("unknown version %d (want %d)", version, binaryVersion), nil)
	}
	flags, err := d.byte("flags")
	if err != nil {
		return nil, err
	}
	if flags&^flagsKnown != 0 {
		d.off--
		return nil, d.fail(fmt.Sprintf("unknown flags %#x", flags&^flagsKnown), nil)
	}
	r := record{
		chess960: flags&flagChess960 != 0,
		autoDraw: flags&flagAutoDraw != 0,
		decided:  flags&flagDecided != 0,
	}
	if flags&flagVariant != 0 {
		v, err := d.byte("variant")
		if err != nil {
			return nil, err
		}
		if r.variant = core.Variant(v); r.variant == core.Standard || core.VariantStartFEN(r.variant) == "" {
			d.off--
			return nil, d.fail(fmt.Sprintf("unknown variant %d", v), nil)
		}
	}
	if flags&flagStart != 0 {
		if r.startFEN, err = d.string("start FEN"); err != nil {
			return nil, err
		}
		if r.startFEN == "" {
			return nil, d.fail("empty start FEN", nil)
		}
	}
	fenOff := d.off
	g, msg, err := r.start(true)
	if msg != "" {
		d.off = fenOff
		return nil, d.fail(msg, err)
	}
	if r.startFEN == core.VariantStartFEN(r.variant) {
		what := "the standard start position"
		if r.variant != core.Standard {
			what = "the " + r.variant.String() + " start position"
		}
		return nil, d.fail(what+" written as a FEN", nil)
	}

	n, err := d.uvarint("move count")
	if err != nil {
		return nil, err
	}
	if n > (len(body)-d.off)/2 {
		return nil, d.fail(fmt.Sprintf("%d moves do not fit in the data", n), nil)
	}
	g.history = make([]ply, 0, n)
	for i := range n {
		code := binary.LittleEndian.Uint16(body[d.off:])
		if !g.replayable() {
			return nil, d.fail(fmt.Sprintf("move %d after the game ended", i+1), nil)
		}
		m := decodeMove(&g.pos, code)
		if m == core.NoMove {
			if !g.pos.HasLegalMoves() {
				return nil, d.fail(fmt.Sprintf("move %d after the game ended", i+1), nil)
			}
			return nil, d.fail(fmt.Sprintf("move %d (code %#04x) is not legal", i+1, code),
				&core.MoveError{Move: fmt.Sprintf("%#04x", code), FEN: g.pos.FEN(), Err: core.ErrIllegalMove})
		}
		g.push(m)
		d.off += 2
	}

	if r.decided {
		s, err := d.byte("status")
		if err != nil {
			return nil, err
		}
		res, err := d.byte("result")
		if err != nil {
			return nil, err
		}
		r.status, r.result = Status(s), Result(res)
		if r.reason, err = d.string("reason"); err != nil {
			return nil, err
		}
	}
	nt, err := d.uvarint("tag count")
	if err != nil {
		return nil, err
	}
	if nt > (len(body)-d.off)/2 {
		return nil, d.fail(fmt.Sprintf("%d tags do not fit in the data", nt), nil)
	}
	r.tags = make([]Tag, nt)
	for i := range r.tags {
		if r.tags[i].Name, err = d.string("tag name"); err != nil {
			return nil, err
		}
		if r.tags[i].Value, err = d.string("tag value"); err != nil {
			return nil, err
		}
	}
	if d.off != len(body) {
		return nil, d.fail(fmt.Sprintf("%d bytes after the game", len(body)-d.off), nil)
	}
	if !r.decided {
		// The rules' outcome is not stored; finish checks the record
		// against the replay, so take it from the replay.
		g.update()
		r.status, r.result = g.status, g.result
	}
	if msg := r.finish(g); msg != "" {
		return nil, d.fail(msg, nil)
	}
	return g, nil
}
