//go:build unix

package gamedb

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockIndex takes the index's write lock, which its holder keeps until
// it closes the file (or its process ends, killed or not).
func lockIndex(dir string) (*os.File, error) {
	name := filepath.Join(dir, lockName)
	f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("gamedb: lock %s: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("gamedb: %s: another process is writing the index (%w)", dir, err)
	}
	return f, nil
}
