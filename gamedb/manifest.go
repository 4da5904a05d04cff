package gamedb

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// An index is a directory: a manifest, which lists the index's segment
// files in order, and the segments. The manifest is replaced, never
// changed in place: a new one is written beside it, synced, and renamed
// over it, so that a reader finds either the old list or the new one, and
// a segment file is never written again once listed.
const (
	manifestName   = "MANIFEST"
	manifestHeader = "gambit gamedb 1"
	lockName       = "LOCK"
	segmentPrefix  = "seg-"
	segmentSuffix  = ".gdb"
)

// manifest is an index's list of segments.
type manifest struct {
	segments []segmentEntry
}

// segmentEntry is a segment as the manifest lists it.
type segmentEntry struct {
	number int
	name   string
	games  uint64
	size   int64
}

func segmentName(n int) string { return fmt.Sprintf("%s%06d%s", segmentPrefix, n, segmentSuffix) }

func isSegmentFile(name string) bool {
	return strings.HasPrefix(name, segmentPrefix) &&
		(strings.HasSuffix(name, segmentSuffix) || strings.HasSuffix(name, segmentSuffix+".tmp"))
}

// readManifest reads the manifest of the index in dir.
func readManifest(dir string) (manifest, error) {
	name := filepath.Join(dir, manifestName)
	data, err := os.ReadFile(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if _, serr := os.Stat(dir); serr != nil {
				return manifest{}, fmt.Errorf("gamedb: open %s: %w", dir, serr)
			}
			return manifest{}, fmt.Errorf("gamedb: %s is not an index: it has no %s", dir, manifestName)
		}
		return manifest{}, fmt.Errorf("gamedb: %w", err)
	}
	var m manifest
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	bad := func(msg string) (manifest, error) {
		return manifest{}, &CorruptError{File: name, Offset: -1, Line: line, Msg: msg}
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			if text != manifestHeader {
				return bad(fmt.Sprintf("first line %q, want %q", text, manifestHeader))
			}
			continue
		}
		f := strings.Fields(text)
		if len(f) != 4 || f[0] != "segment" {
			return bad(fmt.Sprintf("line %q, want \"segment NAME GAMES BYTES\"", text))
		}
		games, err1 := strconv.ParseUint(f[2], 10, 64)
		size, err2 := strconv.ParseInt(f[3], 10, 64)
		var num int
		_, err3 := fmt.Sscanf(f[1], segmentPrefix+"%06d"+segmentSuffix, &num)
		if err1 != nil || err2 != nil || err3 != nil || f[1] != segmentName(num) || size < headerSize {
			return bad(fmt.Sprintf("line %q, want \"segment NAME GAMES BYTES\"", text))
		}
		m.segments = append(m.segments, segmentEntry{number: num, name: f[1], games: games, size: size})
	}
	if line == 0 {
		return bad("empty")
	}
	return m, nil
}

// writeManifest replaces the manifest of the index in dir with m.
func writeManifest(dir string, m manifest) error {
	var buf bytes.Buffer
	fmt.Fprintln(&buf, manifestHeader)
	for _, s := range m.segments {
		fmt.Fprintf(&buf, "segment %s %d %d\n", s.name, s.games, s.size)
	}
	return replaceFile(filepath.Join(dir, manifestName), buf.Bytes())
}

// replaceFile writes data to name durably and in one step (see
// writeFile), and syncs the directory.
func replaceFile(name string, data []byte) error {
	err := writeFile(name, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
	if err != nil {
		return err
	}
	return syncDir(filepath.Dir(name))
}

// writeFile writes the file name in one step: write fills a temporary
// file beside it, which is synced and renamed over name; on an error the
// temporary file is removed and name is left as it was.
func writeFile(name string, write func(f *os.File) error) error {
	tmp := name + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("gamedb: %w", err)
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("gamedb: write %s: %w", name, err)
	}
	return nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("gamedb: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("gamedb: sync %s: %w", dir, err)
	}
	return nil
}
