//go:build !unix

package gamedb

import (
	"fmt"
	"os"
	"path/filepath"
)

// lockIndex opens the index's lock file; where the system has no flock,
// nothing stops a second writer.
func lockIndex(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("gamedb: lock %s: %w", dir, err)
	}
	return f, nil
}
