package search

import (
	"strconv"

	"github.com/gambit-chess/gambit/core"
)

// The layout of evalWeights, the evaluation's weights: the index where
// each group starts, in a stable order. A group of one entry is a single
// term; the others are tables.
const (
	// wMaterial: pawn, knight, bishop, rook, queen.
	wMaterial = 0
	// wPST: the piece-square tables without the material, pawn to king,
	// 64 squares each from a1 to h8, from the side's own point of view
	// (Black's squares are flipped).
	wPST = wMaterial + 5
	// wPassed: a passed pawn, by its rank counted from its own side (0 to
	// 7; 0 and 7 never count).
	wPassed = wPST + 6*64
	// wSingle: the single terms, one after the other (see below).
	wSingle = wPassed + 8
	// wMobilityKnight to wMobilityQueen: a piece by the number of squares
	// it attacks that hold no piece of ours and no enemy pawn attacks.
	wMobilityKnight = wTempo + 1
	wMobilityBishop = wMobilityKnight + 9
	wMobilityRook   = wMobilityBishop + 14
	wMobilityQueen  = wMobilityRook + 15
	// wKingAttack: the attack on the enemy king's zone (its square and
	// those around it) when two pieces or more attack it, by the attack
	// units (kingAttackWeight for each attack on a square of the zone,
	// safeCheckWeight for each piece type with a safe check; halved
	// without a queen), the last entry for kingAttackUnits-1 or more.
	wKingAttack = wMobilityQueen + 28

	kingAttackUnits = 32

	// wThreatPawn: a piece of theirs (knight, bishop, rook, queen) that a
	// safe pawn of ours attacks (one that their pawns do not attack, or
	// that ours defend).
	wThreatPawn = wKingAttack + kingAttackUnits
	// wThreatMinor: a rook or queen of theirs that a knight or bishop of
	// ours attacks.
	wThreatMinor = wThreatPawn + 4
	// wSingle2: the single terms added after the tables above (see
	// below), so that the earlier indices stay where they were.
	wSingle2 = wThreatMinor + 2

	// NumEvalWeights is the number of the evaluation's weights (each a
	// middlegame and an endgame value): the length of EvalWeights and of
	// EvalTrace.Coef.
	NumEvalWeights = wPassedRookBehind + 1
)

// The single terms of evalWeights, from wSingle on.
const (
	wDoubledPawn      = wSingle + iota // each pawn beyond the first on a file
	wIsolatedPawn                      // each pawn without a pawn of ours on the next files
	wBackwardPawn                      // a pawn whose stop square an enemy pawn attacks, with no pawn of ours beside or behind it on the next files
	wBishopPair                        // two bishops or more
	wRookOpenFile                      // a rook on a file without pawns
	wRookSemiOpenFile                  // a rook on a file without a pawn of ours
	wKingShieldMiss                    // each of the three files before our king, on its first two ranks, without a pawn of ours on the two ranks before it
	wTempo                             // the side to move
)

// The single terms of evalWeights from wSingle2 on: threats and passed
// pawns beyond their rank. The passed pawn terms marked "by rank" count
// passedRankFactor[rank] times (0 on the pawn's first four ranks), the
// king distances that times the distance (at most 5).
const (
	wThreatRookQueen  = wSingle2 + iota // their queen attacked by a rook of ours
	wHanging                            // a piece of theirs (not pawn or king) attacked by us and not defended
	wThreatPawnPush                     // a piece of theirs that one of our pawns would attack after a push to a square it can stand on
	wPassedPathFree                     // by rank: a passed pawn whose squares up to promotion are empty and not attacked by them
	wPassedStopSafe                     // by rank: else its stop square (the one before it) empty and not attacked by them
	wPassedBlocked                      // by rank: its stop square held by a piece
	wPassedKingTheirs                   // by rank and distance: their king's distance to its stop square
	wPassedKingOurs                     // by rank and distance: our king's distance to its stop square
	wPassedSupported                    // by rank: a passed pawn that a pawn of ours defends
	wPassedRookBehind                   // a passed pawn with our rook behind it on its file, nothing between
)

// evalWeights holds exactly NumEvalWeights entries (a constant index out
// of range does not compile).
var _ = [1]int{}[len(evalWeights)-NumEvalWeights]

// pstIndex returns the index in evalWeights of piece type pt (pawn to
// king) on sq, from its own side.
func pstIndex(pt core.PieceType, sq core.Square) int {
	return wPST + 64*int(pt-core.Pawn) + int(sq)
}

// weightGroups names the groups of evalWeights in their order, and the
// entries of each table.
var weightGroups = []struct {
	name  string
	start int
	entry func(i int) string // nil for a single term
}{
	{"material", wMaterial, func(i int) string { return pieceName(core.Pawn + core.PieceType(i)) }},
	{"pst.pawn", pstIndex(core.Pawn, 0), squareName},
	{"pst.knight", pstIndex(core.Knight, 0), squareName},
	{"pst.bishop", pstIndex(core.Bishop, 0), squareName},
	{"pst.rook", pstIndex(core.Rook, 0), squareName},
	{"pst.queen", pstIndex(core.Queen, 0), squareName},
	{"pst.king", pstIndex(core.King, 0), squareName},
	{"passed_pawn", wPassed, func(i int) string { return "rank" + strconv.Itoa(i+1) }},
	{"doubled_pawn", wDoubledPawn, nil},
	{"isolated_pawn", wIsolatedPawn, nil},
	{"backward_pawn", wBackwardPawn, nil},
	{"bishop_pair", wBishopPair, nil},
	{"rook_open_file", wRookOpenFile, nil},
	{"rook_semi_open_file", wRookSemiOpenFile, nil},
	{"king_shield_miss", wKingShieldMiss, nil},
	{"tempo", wTempo, nil},
	{"mobility.knight", wMobilityKnight, strconv.Itoa},
	{"mobility.bishop", wMobilityBishop, strconv.Itoa},
	{"mobility.rook", wMobilityRook, strconv.Itoa},
	{"mobility.queen", wMobilityQueen, strconv.Itoa},
	{"king_attack", wKingAttack, strconv.Itoa},
	{"threat_pawn", wThreatPawn, func(i int) string { return pieceName(core.Knight + core.PieceType(i)) }},
	{"threat_minor", wThreatMinor, func(i int) string { return pieceName(core.Rook + core.PieceType(i)) }},
	{"threat_rook_queen", wThreatRookQueen, nil},
	{"hanging", wHanging, nil},
	{"threat_pawn_push", wThreatPawnPush, nil},
	{"passed_path_free", wPassedPathFree, nil},
	{"passed_stop_safe", wPassedStopSafe, nil},
	{"passed_blocked", wPassedBlocked, nil},
	{"passed_king_theirs", wPassedKingTheirs, nil},
	{"passed_king_ours", wPassedKingOurs, nil},
	{"passed_supported", wPassedSupported, nil},
	{"passed_rook_behind", wPassedRookBehind, nil},
}

func pieceName(pt core.PieceType) string {
	return [...]string{core.Pawn: "pawn", core.Knight: "knight", core.Bishop: "bishop", core.Rook: "rook", core.Queen: "queen", core.King: "king"}[pt]
}

func squareName(i int) string { return core.Square(i).String() }

// EvalWeight is one of the evaluation's weights: its name (the group, a
// dot and the entry for a table: "pst.knight.e4", "mobility.rook.7",
// "bishop_pair"), and its middlegame and endgame values in centipawns.
type EvalWeight struct {
	Group, Name string
	MG, EG      int
}

// EvalWeights returns the evaluation's weights in their stable order, the
// order of EvalTrace.Coef and of the vector in evalweights.go. The game
// phase's piece shares, the king attack units of each piece and the
// division by 8 of drawish endgames are the evaluation's structure, not
// weights.
func EvalWeights() []EvalWeight {
	ws := make([]EvalWeight, NumEvalWeights)
	for g, gr := range weightGroups {
		end := NumEvalWeights
		if g+1 < len(weightGroups) {
			end = weightGroups[g+1].start
		}
		for i := gr.start; i < end; i++ {
			name := gr.name
			if gr.entry != nil {
				name += "." + gr.entry(i-gr.start)
			}
			ws[i] = EvalWeight{Group: gr.name, Name: name, MG: int(evalWeights[i].mg), EG: int(evalWeights[i].eg)}
		}
	}
	return ws
}
