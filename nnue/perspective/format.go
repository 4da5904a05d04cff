package perspective

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// The file format, version 1, every number little-endian:
//
//	offset  size     field
//	0       8        magic: "GAMBITNN"
//	8       4        version: 1
//	12      4        inputs: 768 (Inputs)
//	16      4        hidden: H, 1 to MaxHidden
//	20      4        QA, 1 to 32767
//	24      4        QB, 1 to 32767
//	28      4        scale, 1 to 1<<20
//	32      4        description length D, at most MaxDescription
//	36      D        description (UTF-8 text)
//	36+D    768*H*2  feature weights, int16, by input then neuron
//	        H*2      feature biases, int16
//	        2*H*2    output weights, int16, the side to move's H first
//	        4        output bias, int32
//	        4        CRC-32 (IEEE) of every byte before it
//
// and nothing after.
const (
	// Magic is the first 8 bytes of a file.
	Magic = "GAMBITNN"
	// Version is the format version this package reads and writes.
	Version = 1
	// MaxDescription is the longest description a file may carry.
	MaxDescription = 1 << 16

	headerLen = 36
)

// IsFormat reports whether head, the first bytes of a file, starts with
// Magic: the way to tell this format from Stockfish's, whose files start
// with a version number.
func IsFormat(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) }

// ErrFormat is matched (with errors.Is) by every error of a file that is
// not a network in this format.
var ErrFormat = errors.New("not a gambit perspective network")

// FormatError is the error of a network file that cannot be read: which
// file, where in it, and what was wrong there. It matches ErrFormat, and
// Err (io.ErrUnexpectedEOF for a truncated file, or the reader's error).
type FormatError struct {
	// File is the file's path, or "" when read from an io.Reader by Load.
	File string
	// Offset is the byte offset of the field that is wrong.
	Offset int64
	// Field names that field ("magic", "hidden", "checksum", ...).
	Field string
	// Detail says what was wrong with it.
	Detail string
	// Err is the underlying error, if any.
	Err error
}

// Error returns "perspective: FILE: offset N: FIELD: DETAIL".
func (e *FormatError) Error() string {
	name := e.File
	if name == "" {
		name = "network"
	}
	s := fmt.Sprintf("perspective: %s: offset %d: %s: %s", name, e.Offset, e.Field, e.Detail)
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns ErrFormat and the underlying error.
func (e *FormatError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrFormat}
	}
	return []error{ErrFormat, e.Err}
}

// LoadFile reads a network file. Its errors are *FormatError naming path,
// or the error of opening it.
func LoadFile(path string) (*Network, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("perspective: %w", err)
	}
	defer f.Close()
	return load(f, path)
}

// Load reads a network from r, to its end. Its errors are *FormatError.
func Load(r io.Reader) (*Network, error) { return load(r, "") }

// reader reads a file's fields, keeps its offset and its checksum.
type reader struct {
	r    io.Reader
	file string
	off  int64
	crc  uint32
	buf  [headerLen]byte
}

func (rd *reader) fail(off int64, field, detail string, err error) error {
	return &FormatError{File: rd.file, Offset: off, Field: field, Detail: detail, Err: err}
}

// read fills b, or fails naming field.
func (rd *reader) read(b []byte, field string) error {
	got, err := io.ReadFull(rd.r, b)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return rd.fail(rd.off+int64(got), field, fmt.Sprintf("file ends %d bytes into a %d-byte field", got, len(b)), io.ErrUnexpectedEOF)
		}
		return rd.fail(rd.off+int64(got), field, "read failed", err)
	}
	rd.crc = crc32.Update(rd.crc, crc32.IEEETable, b)
	rd.off += int64(len(b))
	return nil
}

// u32 reads a number and checks that it is from lo to hi.
func (rd *reader) u32(field string, lo, hi uint32) (uint32, error) {
	off := rd.off
	if err := rd.read(rd.buf[:4], field); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint32(rd.buf[:4])
	if v < lo || v > hi {
		if lo == hi {
			return 0, rd.fail(off, field, fmt.Sprintf("is %d, want %d", v, lo), nil)
		}
		return 0, rd.fail(off, field, fmt.Sprintf("is %d, want %d to %d", v, lo, hi), nil)
	}
	return v, nil
}

// int16s reads len(dst) int16s.
func (rd *reader) int16s(dst []int16, field string) error {
	var b [4096]byte
	for len(dst) > 0 {
		k := min(len(dst), len(b)/2)
		if err := rd.read(b[:2*k], field); err != nil {
			return err
		}
		for i := range k {
			dst[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
		dst = dst[k:]
	}
	return nil
}

func load(r io.Reader, file string) (*Network, error) {
	rd := &reader{r: r, file: file}
	if err := rd.read(rd.buf[:8], "magic"); err != nil {
		return nil, err
	}
	if string(rd.buf[:8]) != Magic {
		return nil, rd.fail(0, "magic", fmt.Sprintf("is %q, want %q (not a gambit network)", rd.buf[:8], Magic), nil)
	}
	if _, err := rd.u32("version", Version, Version); err != nil {
		return nil, err
	}
	if _, err := rd.u32("inputs", Inputs, Inputs); err != nil {
		return nil, err
	}
	hidden, err := rd.u32("hidden", 1, MaxHidden)
	if err != nil {
		return nil, err
	}
	qa, err := rd.u32("QA", 1, 32767)
	if err != nil {
		return nil, err
	}
	qb, err := rd.u32("QB", 1, 32767)
	if err != nil {
		return nil, err
	}
	scale, err := rd.u32("scale", 1, maxScale)
	if err != nil {
		return nil, err
	}
	dlen, err := rd.u32("description length", 0, MaxDescription)
	if err != nil {
		return nil, err
	}
	desc := make([]byte, dlen)
	if err := rd.read(desc, "description"); err != nil {
		return nil, err
	}
	n, err := New(int(hidden), int(qa), int(qb), int(scale))
	if err != nil { // cannot happen: the ranges were checked
		return nil, rd.fail(16, "hidden", err.Error(), nil)
	}
	n.Description = string(desc)
	if err := rd.int16s(n.ftWeights, "feature weights"); err != nil {
		return nil, err
	}
	if err := rd.int16s(n.ftBias, "feature biases"); err != nil {
		return nil, err
	}
	if err := rd.int16s(n.outWeights, "output weights"); err != nil {
		return nil, err
	}
	if err := rd.read(rd.buf[:4], "output bias"); err != nil {
		return nil, err
	}
	n.outBias = int32(binary.LittleEndian.Uint32(rd.buf[:4]))
	want := rd.crc
	off := rd.off
	if err := rd.read(rd.buf[:4], "checksum"); err != nil {
		return nil, err
	}
	if got := binary.LittleEndian.Uint32(rd.buf[:4]); got != want {
		return nil, rd.fail(off, "checksum", fmt.Sprintf("is %#08x, the bytes before it give %#08x (the file is damaged)", got, want), nil)
	}
	var one [1]byte
	switch k, err := io.ReadFull(rd.r, one[:]); {
	case k > 0:
		return nil, rd.fail(rd.off, "end", "bytes after the checksum", nil)
	case err != nil && !errors.Is(err, io.EOF):
		return nil, rd.fail(rd.off, "end", "read failed", err)
	}
	return n, nil
}

// WriteTo writes n in the file format to w and returns the number of
// bytes written.
func (n *Network) WriteTo(w io.Writer) (int64, error) {
	if len(n.Description) > MaxDescription {
		return 0, fmt.Errorf("perspective: description of %d bytes, at most %d", len(n.Description), MaxDescription)
	}
	b := make([]byte, 0, headerLen+len(n.Description)+2*len(n.ftWeights)+2*len(n.ftBias)+2*len(n.outWeights)+8)
	b = append(b, Magic...)
	for _, v := range []uint32{Version, Inputs, uint32(n.hidden), uint32(n.qa), uint32(n.qb), uint32(n.scale), uint32(len(n.Description))} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = append(b, n.Description...)
	for _, s := range [][]int16{n.ftWeights, n.ftBias, n.outWeights} {
		for _, v := range s {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(n.outBias))
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	k, err := w.Write(b)
	if err != nil {
		return int64(k), fmt.Errorf("perspective: writing the network: %w", err)
	}
	return int64(k), nil
}
