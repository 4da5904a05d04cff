package nnue

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrFormat is matched (with errors.Is) by every error of a file that is
// not a Stockfish 15.1 network: a wrong version or hash, a truncated file,
// an oversized description, bytes after the last layer.
var ErrFormat = errors.New("not a Stockfish 15.1 NNUE network")

// FormatError is the error of a network file that cannot be read: which
// file, where in it, and what was wrong there. It matches ErrFormat, and
// its Err (io.ErrUnexpectedEOF for a truncated file, or the reader's own
// error) with errors.Is and errors.As.
type FormatError struct {
	// File is the file's path, or "" when read from an io.Reader by Load.
	File string
	// Offset is the byte offset of the field that could not be read or
	// did not have the value it must have.
	Offset int64
	// Field names that field ("version", "layer stack 3 hash", ...).
	Field string
	// Detail says what was wrong with it.
	Detail string
	// Err is the underlying error, if any: io.ErrUnexpectedEOF for a
	// truncated file, or the reader's error.
	Err error
}

// Error returns "nnue: FILE: offset N: FIELD: DETAIL".
func (e *FormatError) Error() string {
	name := e.File
	if name == "" {
		name = "network"
	}
	s := fmt.Sprintf("nnue: %s: offset %d: %s: %s", name, e.Offset, e.Field, e.Detail)
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

// LoadFile reads a Stockfish 15.1 network file (nn-ad9b42354671.nnue, the
// network Debian's stockfish 15.1 embeds: `stockfish` then the UCI command
// `export_net FILE` writes it). Its errors are *FormatError naming path,
// or the error of opening it.
func LoadFile(path string) (*Network, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	n, err := load(f, path)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// Load reads a Stockfish 15.1 network from r, to its end: the header
// (version, architecture hash, description), the feature transformer
// (its hash, int16 biases and weights, int32 PSQT weights) and the eight
// layer stacks (each with its hash, int32 biases and int8 weights), all
// little-endian and uncompressed as 15.1 writes them. Every hash is
// checked against the one this package's architecture gives, and the input
// must end after the last stack. Its errors are *FormatError.
func Load(r io.Reader) (*Network, error) {
	return load(r, "")
}

// netReader reads little-endian fields and knows its offset, for errors.
type netReader struct {
	r    *bufio.Reader
	file string
	off  int64
	buf  []byte
}

func (nr *netReader) fail(off int64, field, detail string, err error) error {
	return &FormatError{File: nr.file, Offset: off, Field: field, Detail: detail, Err: err}
}

// bytes reads exactly n bytes (n <= chunk) into nr.buf.
func (nr *netReader) bytes(n int, field string) ([]byte, error) {
	if n > len(nr.buf) {
		nr.buf = make([]byte, chunk)
	}
	b := nr.buf[:n]
	got, err := io.ReadFull(nr.r, b)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, nr.fail(nr.off+int64(got), field, fmt.Sprintf("file ends %d bytes into a %d-byte field", got, n), io.ErrUnexpectedEOF)
		}
		return nil, nr.fail(nr.off+int64(got), field, "read failed", err)
	}
	nr.off += int64(n)
	return b, nil
}

func (nr *netReader) u32(field string) (uint32, error) {
	b, err := nr.bytes(4, field)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

// hash reads a 32-bit hash and checks it.
func (nr *netReader) hash(field string, want uint32) error {
	off := nr.off
	got, err := nr.u32(field)
	if err != nil {
		return err
	}
	if got != want {
		return nr.fail(off, field, fmt.Sprintf("is %#08x, want %#08x (not Stockfish 15.1's architecture)", got, want), nil)
	}
	return nil
}

// chunk is the largest block read at once.
const chunk = 1 << 16

// packed16s reads int16s four to a word, little-endian: element 4i+k in
// bits 16k to 16k+15 of dst[i].
func (nr *netReader) packed16s(dst []uint64, field string) error {
	for len(dst) > 0 {
		n := min(len(dst), chunk/8)
		b, err := nr.bytes(8*n, field)
		if err != nil {
			return err
		}
		for i := range n {
			dst[i] = binary.LittleEndian.Uint64(b[8*i:])
		}
		dst = dst[n:]
	}
	return nil
}

func (nr *netReader) int32s(dst []int32, field string) error {
	for len(dst) > 0 {
		n := min(len(dst), chunk/4)
		b, err := nr.bytes(4*n, field)
		if err != nil {
			return err
		}
		for i := range n {
			dst[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
		}
		dst = dst[n:]
	}
	return nil
}

func (nr *netReader) int8s(dst []int8, field string) error {
	for len(dst) > 0 {
		n := min(len(dst), chunk)
		b, err := nr.bytes(n, field)
		if err != nil {
			return err
		}
		for i := range n {
			dst[i] = int8(b[i])
		}
		dst = dst[n:]
	}
	return nil
}

func load(r io.Reader, file string) (*Network, error) {
	nr := &netReader{r: bufio.NewReaderSize(r, 4096), file: file, buf: make([]byte, 64)}
	n := &Network{}
	n.pool.New = func() any { return n.NewEvaluator() }

	off := nr.off
	version, err := nr.u32("version")
	if err != nil {
		return nil, err
	}
	if version != fileVersion {
		return nil, nr.fail(off, "version", fmt.Sprintf("is %#08x, want %#08x (Stockfish 15.1's format)", version, fileVersion), nil)
	}
	if err := nr.hash("architecture hash", headerHash()); err != nil {
		return nil, err
	}
	off = nr.off
	size, err := nr.u32("description length")
	if err != nil {
		return nil, err
	}
	if size > maxDescLength {
		return nil, nr.fail(off, "description length", fmt.Sprintf("%d bytes is more than %d", size, maxDescLength), nil)
	}
	desc := make([]byte, 0, size)
	for remaining := int(size); remaining > 0; {
		b, err := nr.bytes(min(remaining, chunk), "description")
		if err != nil {
			return nil, err
		}
		desc = append(desc, b...)
		remaining -= len(b)
	}
	n.Description = string(desc)

	if err := nr.hash("feature transformer hash", transformerHash()); err != nil {
		return nil, err
	}
	if err := nr.packed16s(n.ftBias[:], "feature transformer biases"); err != nil {
		return nil, err
	}
	for range Features / blockRows {
		b := make([]uint64, blockRows*lanes)
		if err := nr.packed16s(b, "feature transformer weights"); err != nil {
			return nil, err
		}
		n.ftWeights = append(n.ftWeights, b)
	}
	n.ftPSQT = make([]int32, Features*Buckets)
	if err := nr.int32s(n.ftPSQT, "feature transformer PSQT weights"); err != nil {
		return nil, err
	}
	n.stacks = new([Buckets]layerStack)
	var w0 [l1Out * HalfDimensions]int8
	for i := range n.stacks {
		s := &n.stacks[i]
		name := fmt.Sprintf("layer stack %d ", i)
		if err := nr.hash(name+"hash", stackHash()); err != nil {
			return nil, err
		}
		if err := nr.int32s(s.b0[:], name+"layer 1 biases"); err != nil {
			return nil, err
		}
		if err := nr.int8s(w0[:], name+"layer 1 weights"); err != nil {
			return nil, err
		}
		for out := range l1Out {
			for in := range HalfDimensions {
				s.w0[in][out] = w0[out*HalfDimensions+in]
				s.w0c[in/4][out][in%4] = w0[out*HalfDimensions+in]
			}
		}
		if err := nr.int32s(s.b1[:], name+"layer 2 biases"); err != nil {
			return nil, err
		}
		var w1 [l2Out * l2In]int8
		if err := nr.int8s(w1[:], name+"layer 2 weights"); err != nil {
			return nil, err
		}
		for out := range l2Out {
			for in := range l2In {
				if from, ok := l2FileInput(in); ok {
					s.w1[out*l2In+in] = w1[out*l2In+from]
				}
				s.w1c[in/4][out][in%4] = s.w1[out*l2In+in]
			}
		}
		var b2 [1]int32
		if err := nr.int32s(b2[:], name+"output bias"); err != nil {
			return nil, err
		}
		s.b2 = b2[0]
		if err := nr.int8s(s.w2[:], name+"output weights"); err != nil {
			return nil, err
		}
	}
	// The file must end here, as Stockfish requires.
	if _, err := nr.r.ReadByte(); err == nil {
		return nil, nr.fail(nr.off, "end of file", "more bytes after the last layer stack", nil)
	} else if !errors.Is(err, io.EOF) {
		return nil, nr.fail(nr.off, "end of file", "read failed", err)
	}
	return n, nil
}

// l2FileInput returns the second layer's input in the file's order that
// input in of tail's order is: the squares of the 15 hidden outputs, then
// their clipped values (the file's inputs 0 to 29); false for the skip
// output's square and clipped value (inputs 15 and 31), which the file's
// layer does not read.
func l2FileInput(in int) (int, bool) {
	switch {
	case in < l1Hidden:
		return in, true
	case in == l1Hidden || in == l2In-1:
		return 0, false
	}
	return in - 1, true
}
