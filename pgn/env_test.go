package pgn

// envDeep asks the slow tests for their full runs (make pgn-deep).
const envDeep = "GAMBIT_PGN_DEEP"
