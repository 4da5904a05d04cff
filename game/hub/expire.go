package hub

import (
	"time"
)

// sweep expires idle games every interval until Close.
func (h *Hub) sweep(interval time.Duration) {
	defer close(h.swept)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.expire(h.now() - int64(h.cfg.IdleTimeout))
		}
	}
}

// expire terminates the games last used before the time cutoff. A game
// whose lock is held is in use, so it is skipped without waiting: a long
// call on one game must not hold up the expiry of others.
func (h *Hub) expire(cutoff int64) {
	type victim struct {
		id string
		e  *entry
	}
	var idle []victim
	for i := range h.shards {
		s := &h.shards[i]
		s.mu.RLock()
		for id, e := range s.games {
			if e.used.Load() < cutoff {
				idle = append(idle, victim{id, e})
			}
		}
		s.mu.RUnlock()
		for _, v := range idle {
			if !v.e.mu.TryLock() {
				continue
			}
			// Used again since the scan, or removed: keep or skip.
			if v.e.gone || v.e.used.Load() >= cutoff {
				v.e.mu.Unlock()
				continue
			}
			h.detach(v.id, v.e)
			v.e.mu.Unlock()
			h.terminate(v.id, Expired, v.e.g)
		}
		idle = idle[:0]
	}
}

// Close shuts the hub down gracefully: it stops the sweep, refuses new
// calls with ErrClosed, waits for each call in progress to finish, and
// terminates every game with the reason Closed. Calls after Close return
// errors matching ErrClosed; a second Close returns one too.
func (h *Hub) Close() error {
	first := false
	h.closeOnce.Do(func() {
		first = true
		h.closed.Store(true)
		close(h.stop)
	})
	if !first {
		return h.err("", ErrClosed)
	}
	<-h.swept
	for i := range h.shards {
		s := &h.shards[i]
		// Take the shard's games out under its lock: Add checks closed
		// under the same lock, so no game slips in afterwards.
		s.mu.Lock()
		games := s.games
		s.games = make(map[string]*entry)
		s.mu.Unlock()
		for id, e := range games {
			e.mu.Lock() // waits for the call in progress, if any
			if e.gone {
				e.mu.Unlock()
				continue
			}
			e.gone = true
			h.count.Add(-1)
			e.mu.Unlock()
			h.terminate(id, Closed, e.g)
		}
	}
	return nil
}
