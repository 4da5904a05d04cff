package play

import (
	"fmt"
	"os"
	"strings"
)

// save writes the game as PGN to name.
func (s *Session) save(name string) error {
	if err := os.WriteFile(name, []byte(s.g.PGN()), 0o644); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	s.dirty = false
	return nil
}

// answerSave takes the answer to "save before quitting?".
func (s *Session) answerSave(a string) {
	switch strings.ToLower(a) {
	case "", "n", "no":
		s.quit = true
		s.say("The game was not saved.")
	case "cancel", "c":
		s.asking = false
		s.say()
	default:
		if err := s.save(a); err != nil {
			s.say(oneLine(err.Error()), "Give another file name, Enter to quit without saving, or cancel.")
			return
		}
		s.quit = true
		s.say("Saved to " + a + ".")
	}
	if s.quit {
		s.asking = false
	}
}
