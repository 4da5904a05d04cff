package gamedb

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Merge makes one index in dst of the indexes in srcs (the shards of one
// collection, built apart): their games in the order given, as Open of
// srcs reads them. dst must not exist or be empty. The segments are
// hard-linked where the file system allows it, copied elsewhere; the
// shards are left as they were.
func Merge(dst string, srcs ...string) error {
	b, err := Create(dst, BuildOptions{})
	if err != nil {
		return err
	}
	defer b.Close()
	var man manifest
	for _, src := range srcs {
		m, err := readManifest(src)
		if err != nil {
			return err
		}
		for _, s := range m.segments {
			name := segmentName(len(man.segments) + 1)
			if err := linkOrCopy(filepath.Join(src, s.name), filepath.Join(dst, name)); err != nil {
				return err
			}
			b.written = append(b.written, segmentEntry{number: len(man.segments) + 1, name: name, games: s.games, size: s.size})
			man.segments = append(man.segments, b.written[len(b.written)-1])
		}
	}
	if err := writeManifest(dst, man); err != nil {
		return err
	}
	b.written, b.seg = nil, nil
	return b.lock.Close()
}

// linkOrCopy makes dst a hard link to src, or a synced copy of it.
func linkOrCopy(src, dst string) error {
	if err := os.Link(src, dst); err == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("gamedb: %w", err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("gamedb: %w", err)
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("gamedb: copy %s: %w", src, err)
	}
	return nil
}
