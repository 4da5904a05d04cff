//go:build !linux

package syzygy

import (
	"fmt"
	"io"
	"os"
)

// loadFile reads a table file whole into memory through io.ReaderAt (no
// memory mapping on this system).
func loadFile(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	data := make([]byte, st.Size())
	if _, err := f.ReadAt(data, 0); err != nil && err != io.EOF {
		return nil, nil, fmt.Errorf("read: %w", err)
	}
	return data, nil, nil
}
