// Package posfile opens and creates the position files of gambit's
// training tools (cmd/datagen, cmd/label, cmd/trainnet): text, a
// position a line, gzipped when the file's name ends in .gz.
package posfile

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// Writer writes a position file: buffered, through gzip for a name
// ending in .gz.
type Writer struct {
	file *os.File // nil for standard output
	bw   *bufio.Writer
	z    *gzip.Writer // nil but for .gz
	w    io.Writer
	done bool
}

// Create creates the file name, or writes to stdout for "-". An error
// says "writing the positions".
func Create(name string, stdout io.Writer) (*Writer, error) {
	w := &Writer{}
	dst := stdout
	if name != "-" {
		f, err := os.Create(name)
		if err != nil {
			return nil, fmt.Errorf("writing the positions: %w", err)
		}
		w.file, dst = f, f
	}
	w.bw = bufio.NewWriterSize(dst, 1<<16)
	w.w = w.bw
	if strings.HasSuffix(name, ".gz") {
		w.z = gzip.NewWriter(w.bw)
		w.w = w.z
	}
	return w, nil
}

// Write writes p.
func (w *Writer) Write(p []byte) (int, error) { return w.w.Write(p) }

// Close completes the file (gzip's end, the buffer) and closes it: the
// first error, wrapped as "writing the positions". Calls after the
// first do nothing, so that a deferred Close can stand beside the
// checked one.
func (w *Writer) Close() error {
	if w.done {
		return nil
	}
	w.done = true
	var err error
	if w.z != nil {
		err = w.z.Close()
	}
	if ferr := w.bw.Flush(); err == nil {
		err = ferr
	}
	if w.file != nil {
		if cerr := w.file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing the positions: %w", err)
	}
	return nil
}

// Open opens the file name for reading, through gzip when its name ends
// in .gz; closing the reader closes the file. An error says "reading
// positions".
func Open(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("reading positions: %w", err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return f, nil
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("reading positions of %s: %w", name, err)
	}
	return gzipFile{z, f}, nil
}

// gzipFile reads through z and closes both z and the file.
type gzipFile struct {
	*gzip.Reader
	f *os.File
}

func (g gzipFile) Close() error {
	err := g.Reader.Close()
	if ferr := g.f.Close(); err == nil {
		err = ferr
	}
	return err
}

// Lines calls f with each non-empty line of the file name (through gzip
// for .gz), trimmed of spaces, and its line number from 1. It stops at
// f's first error and returns it as it is; a read error says "reading
// positions of name".
func Lines(name string, f func(n int, line string) error) error {
	r, err := Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			if err := f(n, line); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading positions of %s: %w", name, err)
	}
	return nil
}
