package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// Kind says what a line of input is.
type Kind uint8

// The kinds of input.
const (
	Empty   Kind = iota // a blank line
	Move                // a move of the position
	Command             // one of Commands
)

// Commands are the words a player may type besides moves, in the order
// help lists them.
var Commands = []string{
	"moves", "undo", "hint", "flip", "fen", "pgn", "save",
	"draw", "resign", "new", "help", "quit",
}

// aliases are other words for some commands.
var aliases = map[string]string{"exit": "quit", "?": "help", "takeback": "undo", "q": "quit"}

// Input is a line read by Parse.
type Input struct {
	Kind    Kind
	Move    core.Move // the move, for Move
	SAN     string    // the move in SAN, for Move
	Command string    // the command, for Command (one of Commands)
	Arg     string    // what follows the command word ("save FILE")
}

// Errors of Parse, matched with errors.Is; they come inside an *InputError.
var (
	// ErrSyntax means the input is neither a command nor written like a move.
	ErrSyntax = errors.New("not a move or command")
	// ErrIllegal means the input is written like a move but no legal move
	// fits it.
	ErrIllegal = errors.New("illegal move")
	// ErrAmbiguous means more than one legal move fits the input.
	ErrAmbiguous = errors.New("ambiguous move")
)

// InputError says in one line why an input is not a move.
type InputError struct {
	Input      string
	Err        error    // ErrSyntax, ErrIllegal or ErrAmbiguous
	Candidates []string // for ErrAmbiguous: the SAN of each move that fits
	Detail     string   // more about the failure, or ""
}

// Error returns the one line a player reads.
func (e *InputError) Error() string {
	switch e.Err {
	case ErrAmbiguous:
		return fmt.Sprintf("ambiguous move %q: could be %s", e.Input, strings.Join(e.Candidates, ", "))
	case ErrIllegal:
		s := fmt.Sprintf("illegal move %q", e.Input)
		if e.Detail != "" {
			s += ": " + e.Detail
		}
		return s
	}
	return fmt.Sprintf("%q is not a move or command (type help)", e.Input)
}

// Unwrap returns ErrSyntax, ErrIllegal or ErrAmbiguous.
func (e *InputError) Unwrap() error { return e.Err }

// Parse reads a line typed in position pos: a command word (any case, with
// an argument for save) or a move. Moves are read forgivingly: SAN with or
// without check marks, 'x' or '=' ("Nf3", "exd6 e.p.", "e8Q"), a piece
// letter in lower case when no pawn move fits ("nf3", "qh5"), castling with
// zeros or lower-case o ("0-0", "o-o-o"), and UCI coordinates ("g1f3",
// "e7e8q"). A line that is not one legal move gives an *InputError saying
// why.
func Parse(pos *core.Position, line string) (Input, error) {
	text := strings.TrimSpace(line)
	if text == "" {
		return Input{Kind: Empty}, nil
	}
	word, arg, _ := strings.Cut(text, " ")
	w := strings.ToLower(word)
	if a, ok := aliases[w]; ok {
		w = a
	}
	for _, c := range Commands {
		if w == c {
			return Input{Kind: Command, Command: c, Arg: strings.TrimSpace(arg)}, nil
		}
	}
	m, err := parseMove(pos, text)
	if err != nil {
		return Input{}, err
	}
	return Input{Kind: Move, Move: m, SAN: san.Format(pos, m)}, nil
}

// parseMove reads text as a move of pos, trying the spellings people use.
func parseMove(pos *core.Position, text string) (core.Move, error) {
	if len(text) > 64 {
		return core.NoMove, &InputError{Input: text[:64] + "...", Err: ErrSyntax}
	}
	tries := []string{text}
	switch c := strings.ToLower(text); {
	case strings.HasPrefix(c, "o-o") || strings.HasPrefix(c, "0-0"):
		tries = []string{strings.ToUpper(strings.ReplaceAll(text, "0", "O"))}
	case strings.ContainsRune("nbrqk", rune(text[0])):
		// A pawn on the b-file comes first ("bxc3"); a bishop when no
		// pawn move fits ("bc4").
		tries = append(tries, strings.ToUpper(text[:1])+text[1:])
	}
	var first error
	for _, t := range tries {
		m, err := san.Parse(pos, t)
		if err == nil {
			return m, nil
		}
		var me *san.MoveError
		if errors.As(err, &me) && errors.Is(err, san.ErrAmbiguous) {
			return core.NoMove, &InputError{Input: text, Err: ErrAmbiguous, Candidates: me.Candidates}
		}
		if first == nil || errors.Is(err, san.ErrIllegal) && errors.Is(first, san.ErrSyntax) {
			first = err
		}
	}
	if errors.Is(first, san.ErrIllegal) {
		e := &InputError{Input: text, Err: ErrIllegal, Detail: "no legal move fits it"}
		if pos.InCheck() {
			e.Detail = pos.SideToMove().String() + " is in check"
		}
		return core.NoMove, e
	}
	return core.NoMove, &InputError{Input: text, Err: ErrSyntax}
}
