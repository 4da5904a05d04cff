//go:build unix

// Package mmapfile maps files into memory read-only, for the readers of
// gambit's immutable file formats (Polyglot books, game indexes).
package mmapfile

import (
	"os"
	"syscall"
)

// Map maps the first size bytes of f read-only and returns them with the
// function that unmaps them. Where the system has no mmap it returns nil
// bytes and no error: the caller reads the file instead.
func Map(f *os.File, size int64) ([]byte, func() error, error) {
	if size == 0 {
		return nil, func() error { return nil }, nil
	}
	if int64(int(size)) != size {
		return nil, nil, syscall.EFBIG
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
