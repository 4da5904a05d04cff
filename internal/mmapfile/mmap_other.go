//go:build !unix

// Package mmapfile maps files into memory read-only, for the readers of
// gambit's immutable file formats (Polyglot books, game indexes).
package mmapfile

import "os"

// Map maps nothing where the system has no mmap: it returns nil bytes and
// no error, and the caller reads the file instead.
func Map(*os.File, int64) ([]byte, func() error, error) { return nil, nil, nil }
