//go:build !unix

package polyglot

import "os"

// mapFile maps nothing where the system has no mmap: the book is read
// through the file.
func mapFile(*os.File, int64) ([]byte, func() error, error) { return nil, nil, nil }
