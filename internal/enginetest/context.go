package enginetest

import (
	"context"
	"testing"
	"time"
)

// Context returns a context that ends with the test, bounded by d so
// that a broken test fails rather than hangs.
func Context(tb testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	tb.Cleanup(cancel)
	return ctx
}
