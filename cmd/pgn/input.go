package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// input is an opened PGN source: the decompressed text, and how far the
// reading of the file itself has got, for the progress bar.
type input struct {
	name  string
	text  io.Reader
	size  int64        // the file's size, or 0 when unknown (standard input)
	read  atomic.Int64 // bytes read from the file
	close func()
}

// Compressed formats, told by their magic numbers.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// openInput opens a file ("-": standard input) and decompresses it when
// it starts with a gzip or zstd header, whatever its name.
func openInput(e *env, name string) (*input, error) {
	in := &input{name: name, close: func() {}}
	var src io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			in.size = st.Size()
		}
		src, in.close = f, func() { f.Close() }
	} else {
		in.name = "<stdin>"
	}
	// The first bytes tell the format; then a plain file is read straight
	// into the splitter's buffers, with no buffer between to copy through.
	counted := &countingReader{r: src, n: &in.read}
	var head [4]byte
	n, err := io.ReadFull(counted, head[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		in.close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	text := io.MultiReader(bytes.NewReader(head[:n]), counted)
	switch {
	case hasPrefix(head[:n], gzipMagic):
		zr, err := gzip.NewReader(bufio.NewReaderSize(text, 256<<10))
		if err != nil {
			in.close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in.text = zr
	case hasPrefix(head[:n], zstdMagic):
		zr, err := zstd.NewReader(bufio.NewReaderSize(text, 256<<10), zstd.WithDecoderConcurrency(1))
		if err != nil {
			in.close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		closeFile := in.close
		in.text, in.close = zr, func() { zr.Close(); closeFile() }
	default:
		in.text = text
	}
	return in, nil
}

func hasPrefix(b, prefix []byte) bool {
	return len(b) >= len(prefix) && string(b[:len(prefix)]) == string(prefix)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
