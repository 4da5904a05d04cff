package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gambit-chess/gambit/core"
)

// The two kinds of table file.
const (
	kindWDL = 0
	kindDTZ = 1
)

var suffixes = [2]string{".rtbw", ".rtbz"}

// Each file starts with a magic number (little-endian).
var magics = [2]uint32{0x5d23e871, 0xa50c66d7}

// Header flag bits (byte 4 of a file).
const (
	flagSplit    = 1 // the WDL file holds a sub-table for each side to move
	flagHasPawns = 2
)

// DTZ sub-table flag bits.
const (
	dtzSideBlack = 1  // the sub-table is for the table's black side to move
	dtzMapped    = 2  // values go through a map
	dtzWinPlies  = 4  // wins are stored in plies, not moves
	dtzLossPlies = 8  // losses are stored in plies, not moves
	dtzWide      = 16 // the map holds 16-bit values
)

// encInfo is how one sub-table orders and indexes the pieces.
type encInfo struct {
	pairs  *pairs
	factor [maxPieces]uint64
	pieces [maxPieces]uint8 // piece codes: colour<<3 | type, as core.Piece
	norm   [maxPieces]uint8 // at the first piece of a group: the group's size
}

// maxPieces is the most pieces a Syzygy table holds.
const maxPieces = 7

// table is one material signature, e.g. KQvKR, and its two files.
type table struct {
	name      string // as in the file name, white's pieces first
	key       uint64 // material key with the name's first side as White
	num       int    // pieces, kings included
	symmetric bool   // both sides have the same pieces
	hasPawns  bool
	kkEnc     bool   // pawnless with no unique piece but the kings
	pawns     [2]int // pawn counts: leading colour first (pawn tables)
	paths     [2]string

	mu    sync.Mutex
	files [2]atomic.Pointer[tableFile]
	errs  [2]error // a failed load, returned again without retrying
}

// tableFile is a loaded and parsed .rtbw or .rtbz file.
type tableFile struct {
	data    []byte
	release func() error
	// WDL: ei[t] for the first side, ei[4+t] for the other (split files).
	// DTZ: ei[t]. t is the leading pawn's file (0..3), 0 without pawns.
	ei    [8]encInfo
	split bool
	// DTZ only: flags per sub-table and where each of its four maps
	// starts (the byte offset of its first value).
	dtzFlags [4]uint8
	dtzMap   [4][4]int
}

// material signatures: the count of each piece of each colour, 4 bits a
// piece, White's pawn in the lowest bits.
func materialKey(counts *[2][7]int) uint64 {
	var k uint64
	for c := 0; c < 2; c++ {
		for t := core.Pawn; t <= core.Queen; t++ {
			k |= uint64(counts[c][t]&15) << (4 * (c*5 + int(t) - 1))
		}
	}
	return k
}

// positionKey returns the material key of a position, White as White.
func positionKey(p *core.Position) uint64 {
	var k uint64
	for c := core.White; c <= core.Black; c++ {
		for t := core.Pawn; t <= core.Queen; t++ {
			k |= uint64(p.Pieces(c, t).Count()&15) << (4 * (int(c)*5 + int(t) - 1))
		}
	}
	return k
}

const pieceLetters = " PNBRQK"

// parseName reads a table name such as KQvKR into piece counts; ok is
// false when it is not one.
func parseName(name string) (counts [2][7]int, ok bool) {
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return counts, false
	}
	total := 0
	for c, s := range sides {
		if len(s) == 0 || s[0] != 'K' {
			return counts, false
		}
		for i := 0; i < len(s); i++ {
			t := strings.IndexByte(pieceLetters, s[i])
			if t <= 0 {
				return counts, false
			}
			counts[c][t]++
			total++
		}
		if counts[c][core.King] != 1 {
			return counts, false
		}
	}
	return counts, total <= maxPieces
}

// newTable describes the table of a name such as KQvKR.
func newTable(name string, counts [2][7]int) *table {
	t := &table{name: name, key: materialKey(&counts)}
	mirrored := [2][7]int{counts[1], counts[0]}
	t.symmetric = t.key == materialKey(&mirrored)
	for c := 0; c < 2; c++ {
		for _, n := range counts[c] {
			t.num += n
		}
	}
	t.hasPawns = counts[0][core.Pawn]+counts[1][core.Pawn] > 0
	if !t.hasPawns {
		unique := 0
		for c := 0; c < 2; c++ {
			for _, n := range counts[c][1:] {
				if n == 1 {
					unique++
				}
			}
		}
		t.kkEnc = unique == 2
	} else {
		t.pawns = [2]int{counts[0][core.Pawn], counts[1][core.Pawn]}
		if t.pawns[1] > 0 && (t.pawns[0] == 0 || t.pawns[0] > t.pawns[1]) {
			t.pawns[0], t.pawns[1] = t.pawns[1], t.pawns[0]
		}
	}
	return t
}

// subTables is the number of sub-tables per side: one per leading pawn
// file with pawns, one without.
func (t *table) subTables() int {
	if t.hasPawns {
		return 4
	}
	return 1
}

// file returns the parsed file of a kind, loading it on first use.
func (t *table) file(tb *Tablebase, kind int) (*tableFile, error) {
	if f := t.files[kind].Load(); f != nil {
		return f, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if f := t.files[kind].Load(); f != nil {
		return f, nil
	}
	if t.errs[kind] != nil {
		return nil, t.errs[kind]
	}
	path := t.paths[kind]
	if path == "" {
		t.errs[kind] = &TableError{Material: t.name, File: t.name + suffixes[kind], Err: ErrMissingTable}
		return nil, t.errs[kind]
	}
	data, release, err := tb.load(path)
	if err != nil {
		t.errs[kind] = &TableError{Material: t.name, File: path, Err: err}
		return nil, t.errs[kind]
	}
	f, err := parseFile(t, kind, data)
	if err != nil {
		if release != nil {
			_ = release()
		}
		t.errs[kind] = &TableError{Material: t.name, File: path, Err: fmt.Errorf("%w: %w", ErrCorrupt, err)}
		return nil, t.errs[kind]
	}
	f.release = release
	t.files[kind].Store(f)
	return f, nil
}

// parseFile reads the headers of a table file.
func parseFile(t *table, kind int, data []byte) (*tableFile, error) {
	if len(data) < 5 {
		return nil, errShort
	}
	if m := binary.LittleEndian.Uint32(data); m != magics[kind] {
		return nil, fmt.Errorf("magic %#08x, want %#08x", m, magics[kind])
	}
	f := &tableFile{data: data}
	if (data[4]&flagHasPawns != 0) != t.hasPawns {
		return nil, fmt.Errorf("pawn flag %v in the header, but the material says %v", data[4]&flagHasPawns != 0, t.hasPawns)
	}
	f.split = kind == kindWDL && data[4]&flagSplit != 0
	if kind == kindWDL && !t.symmetric && !f.split {
		return nil, errors.New("the WDL file of an unsymmetric table holds one side only")
	}
	off := 5
	num := t.subTables()
	var size [4][2]uint64
	step := t.num + 1
	if t.hasPawns && t.pawns[1] > 0 {
		step++
	}
	for s := 0; s < num; s++ {
		if off+step > len(data) {
			return nil, errShort
		}
		var err error
		size[s][0], err = f.initEnc(&f.ei[s], t, data[off:off+step], 0, s)
		if err != nil {
			return nil, err
		}
		if f.split {
			size[s][1], err = f.initEnc(&f.ei[4+s], t, data[off:off+step], 4, s)
			if err != nil {
				return nil, err
			}
		}
		off += step
	}
	off += off & 1

	sides := 1
	if f.split {
		sides = 2
	}
	var sizes [4][2][3]uint64
	for s := 0; s < num; s++ {
		for side := 0; side < sides; side++ {
			if off >= len(data) {
				return nil, errShort
			}
			if kind == kindDTZ {
				f.dtzFlags[s] = data[off]
			}
			p, next, sz, err := setupPairs(data, off, size[s][side], kind == kindWDL)
			if err != nil {
				return nil, err
			}
			f.ei[4*side+s].pairs = p
			sizes[s][side] = sz
			off = next
		}
	}

	if kind == kindDTZ {
		for s := 0; s < num; s++ {
			if f.dtzFlags[s]&dtzMapped == 0 {
				continue
			}
			if f.dtzFlags[s]&dtzWide == 0 {
				for i := 0; i < 4; i++ {
					if off >= len(data) {
						return nil, errShort
					}
					f.dtzMap[s][i] = off + 1
					off += 1 + int(data[off])
				}
			} else {
				off += off & 1
				for i := 0; i < 4; i++ {
					if off+2 > len(data) {
						return nil, errShort
					}
					f.dtzMap[s][i] = off + 2
					off += 2 + 2*int(binary.LittleEndian.Uint16(data[off:]))
				}
			}
		}
		off += off & 1
	}

	// The index tables, the size tables, then the data, each block run
	// aligned to 64 bytes.
	take := func(n uint64) ([]byte, error) {
		if off > len(data) || n > uint64(len(data)-off) {
			return nil, errShort
		}
		b := data[off : off+int(n)]
		off += int(n)
		return b, nil
	}
	for part := 0; part < 3; part++ {
		for s := 0; s < num; s++ {
			for side := 0; side < sides; side++ {
				p := f.ei[4*side+s].pairs
				if part == 2 {
					off = (off + 63) &^ 63
				}
				b, err := take(sizes[s][side][part])
				if err != nil {
					return nil, err
				}
				if p.constant {
					continue
				}
				switch part {
				case 0:
					p.indexTable = b
				case 1:
					p.sizeTable = b
				case 2:
					p.data = b
				}
			}
		}
	}
	return f, nil
}

// initEnc reads the piece order of one sub-table (the nibbles at shift in
// hdr) and computes its index factors; it returns the sub-table's size.
func (f *tableFile) initEnc(ei *encInfo, t *table, hdr []byte, shift uint, file int) (uint64, error) {
	morePawns := 0
	if t.hasPawns && t.pawns[1] > 0 {
		morePawns = 1
	}
	var have [16]int
	for i := 0; i < t.num; i++ {
		pc := hdr[i+1+morePawns] >> shift & 0x0f
		if pc&7 == 0 || pc&7 > 6 {
			return 0, fmt.Errorf("piece code %d in the header", pc)
		}
		ei.pieces[i] = pc
		ei.norm[i] = 0
		have[pc]++
	}
	order := int(hdr[0] >> shift & 0x0f)
	order2 := 0x0f
	if morePawns == 1 {
		order2 = int(hdr[1] >> shift & 0x0f)
	}
	k := 3
	switch {
	case t.hasPawns:
		k = t.pawns[0]
	case t.kkEnc:
		k = 2
	}
	ei.norm[0] = uint8(k)
	if morePawns == 1 {
		ei.norm[k] = uint8(t.pawns[1])
		k += t.pawns[1]
	}
	for i := k; i < t.num; i += int(ei.norm[i]) {
		for j := i; j < t.num && ei.pieces[j] == ei.pieces[i]; j++ {
			ei.norm[i]++
		}
	}
	// The pieces named in the header must be those of the material, in
	// one orientation or the other (the pieces fill the index in groups).
	if err := checkPieces(t, &have); err != nil {
		return 0, err
	}
	n := 64 - k
	fct := uint64(1)
	for i := 0; k < t.num || i == order || i == order2; i++ {
		if i > maxPieces {
			return 0, errors.New("piece order out of range")
		}
		switch {
		case i == order:
			ei.factor[0] = fct
			switch {
			case t.hasPawns:
				fct *= pawnFactor[ei.norm[0]-1][file]
			case t.kkEnc:
				fct *= 462
			default:
				fct *= 31332
			}
		case i == order2:
			ei.factor[ei.norm[0]] = fct
			fct *= subfactor(int(ei.norm[ei.norm[0]]), 48-int(ei.norm[0]))
		default:
			if k >= t.num {
				return 0, errors.New("piece order out of range")
			}
			ei.factor[k] = fct
			fct *= subfactor(int(ei.norm[k]), n)
			n -= int(ei.norm[k])
			k += int(ei.norm[k])
		}
	}
	return fct, nil
}

// checkPieces reports an error when the pieces in a header are not the
// table's material.
func checkPieces(t *table, have *[16]int) error {
	var counts [2][7]int
	for pc, n := range have {
		if n > 0 {
			counts[pc>>3&1][pc&7] += n
		}
	}
	if materialKey(&counts) != t.key {
		return errors.New("the header's pieces are not the table's material")
	}
	if counts[0][core.King] != 1 || counts[1][core.King] != 1 {
		return errors.New("the header's pieces are not the table's material")
	}
	return nil
}

// subfactor counts the placements of k like pieces on n squares.
func subfactor(k, n int) uint64 {
	f, l := uint64(n), uint64(1)
	for i := 1; i < k; i++ {
		f *= uint64(n - i)
		l *= uint64(i + 1)
	}
	return f / l
}

// encode turns the pieces' squares p (in the sub-table's piece order,
// already mirrored for the side) into the sub-table's index.
func encode(p *[maxPieces]int, ei *encInfo, t *table) uint64 {
	n := t.num
	if p[0]&4 != 0 {
		for i := 0; i < n; i++ {
			p[i] ^= 7
		}
	}
	var idx uint64
	var k int
	if !t.hasPawns {
		if p[0]&0x20 != 0 {
			for i := 0; i < n; i++ {
				p[i] ^= 0x38
			}
		}
		lead := 3
		if t.kkEnc {
			lead = 2
		}
		for i := 0; i < n; i++ {
			if offDiag[p[i]] != 0 {
				if offDiag[p[i]] > 0 && i < lead {
					for j := 0; j < n; j++ {
						p[j] = int(flipDiag[p[j]])
					}
				}
				break
			}
		}
		if t.kkEnc {
			idx = uint64(kkIdx[triangle[p[0]]][p[1]])
			k = 2
		} else {
			s1 := b2i(p[1] > p[0])
			s2 := b2i(p[2] > p[0]) + b2i(p[2] > p[1])
			switch {
			case offDiag[p[0]] != 0:
				idx = uint64(int(triangle[p[0]])*63*62 + (p[1]-s1)*62 + (p[2] - s2))
			case offDiag[p[1]] != 0:
				idx = uint64(6*63*62 + int(diag[p[0]])*28*62 + int(lower[p[1]])*62 + p[2] - s2)
			case offDiag[p[2]] != 0:
				idx = uint64(6*63*62 + 4*28*62 + int(diag[p[0]])*7*28 + (int(diag[p[1]])-s1)*28 + int(lower[p[2]]))
			default:
				idx = uint64(6*63*62 + 4*28*62 + 4*7*28 + int(diag[p[0]])*7*6 + (int(diag[p[1]])-s1)*6 + (int(diag[p[2]]) - s2))
			}
			k = 3
		}
		idx *= ei.factor[0]
	} else {
		k = t.pawns[0]
		// The leading colour's other pawns, by descending twist.
		for i := 1; i < k; i++ {
			for j := i + 1; j < k; j++ {
				if pawnTwist[p[i]] < pawnTwist[p[j]] {
					p[i], p[j] = p[j], p[i]
				}
			}
		}
		idx = pawnIdx[k-1][flap[p[0]]]
		for i := 1; i < k; i++ {
			idx += binomial[k-i][pawnTwist[p[i]]]
		}
		idx *= ei.factor[0]
		if t.pawns[1] > 0 {
			// The other colour's pawns stand on ranks 2 to 7: squares
			// from 8.
			end := k + t.pawns[1]
			idx += groupIndex(p, k, end, 8) * ei.factor[k]
			k = end
		}
	}
	for k < n {
		end := k + int(ei.norm[k])
		idx += groupIndex(p, k, end, 0) * ei.factor[k]
		k = end
	}
	return idx
}

// groupIndex sorts the like pieces p[k:end] and returns their combination
// number among the squares from base up that the pieces before k leave
// free.
func groupIndex(p *[7]int, k, end, base int) uint64 {
	sortSquares(p[k:end])
	var s uint64
	for i := k; i < end; i++ {
		sq, skips := p[i], 0
		for j := 0; j < k; j++ {
			skips += b2i(sq > p[j])
		}
		s += binomial[i-k+1][sq-skips-base]
	}
	return s
}

// sortSquares sorts a handful of squares in place (insertion sort: no
// allocation, unlike sort.Ints on a slice header that escapes).
func sortSquares(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sortedNames returns the names of the tables, sorted.
func sortedNames(m map[string]*table) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
