package variantoracle

import (
	"fmt"
	"strings"
)

// variants are the names both oracles' calls take, lichess's rules each.
// chess960 is chess: a Chess960 position's castling field says where its
// rooks are, so chessops counts it the same; Fairy-Stockfish is told
// UCI_Chess960 in every variant (see FairyStockfish).
var variants = []string{"chess", "chess960", "atomic", "crazyhouse", "3check", "kingofthehill", "antichess", "horde", "racingkings"}

// Variants returns the variant names the oracles take: chess, chess960,
// atomic, crazyhouse, 3check, kingofthehill, antichess, horde and
// racingkings, the names lichess's rules go by in chessops.
func Variants() []string {
	return append([]string(nil), variants...)
}

// checkRequest refuses what would break the line protocol or name no
// variant, before anything is sent to an oracle.
func checkRequest(variant, fen string) error {
	known := false
	for _, v := range variants {
		known = known || v == variant
	}
	if !known {
		return fmt.Errorf("unknown variant %q (want one of %s): %w", variant, strings.Join(variants, ", "), ErrUnsupported)
	}
	if strings.ContainsAny(fen, "\r\n") {
		return fmt.Errorf("FEN %q holds a line break: %w", fen, ErrRejected)
	}
	return nil
}
