// Package quote quotes a line an engine or a GUI sent for an error message,
// cut so that one wild line cannot swamp the message.
package quote

import "fmt"

// maxLen bounds the quoted part of a line.
const maxLen = 120

// Short quotes s with %q, cut to its first 120 bytes and followed by "..."
// when it is longer.
func Short(s string) string {
	if len(s) > maxLen {
		return fmt.Sprintf("%q...", s[:maxLen])
	}
	return fmt.Sprintf("%q", s)
}
