package pgn

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestTrimSpace holds trimSpace to bytes.TrimSpace on texts made of ASCII
// and Unicode spaces, letters and broken UTF-8.
func TestTrimSpace(t *testing.T) {
	parts := []string{" ", "\t", "\n", "\r", "\v", "\f", "a", "[%clk 0:05:00]", "\u00a0", "\u0085", "\u2003", "é", "\xff", "\xc2"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range r.IntN(6) {
			b = append(b, parts[r.IntN(len(parts))]...)
		}
		if got, want := trimSpace(b), bytes.TrimSpace(b); !bytes.Equal(got, want) {
			t.Fatalf("trimSpace(%q) = %q, bytes.TrimSpace gives %q", b, got, want)
		}
	}
}

// TestOneLineComment holds oneLineComment to a byte-by-byte search from
// every start in random buffers rich in '}' and line breaks.
func TestOneLineComment(t *testing.T) {
	alphabet := []byte{'}', '\n', 'a', ' ', '{', 0x7c, 0x7e, 0x0b, 0x09, 0x80, 0xfd, 0x8a}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		buf := make([]byte, r.IntN(40))
		for i := range buf {
			buf[i] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(3) > 0 {
				buf[i] = 'x' // long runs without either byte
			}
		}
		for i := 0; i <= len(buf); i++ {
			want := -1
			for k := i; k < len(buf); k++ {
				if buf[k] == '\n' {
					break
				}
				if buf[k] == '}' {
					want = k
					break
				}
			}
			if got := oneLineComment(buf, i); got != want {
				t.Fatalf("oneLineComment(%q, %d) = %d, want %d", buf, i, got, want)
			}
		}
	}
}
