// common.mjs holds what the chessops-driven generators share: games.mjs
// here and pgn/testdata/corpus.mjs. It imports nothing; the positions it is
// given are chessops positions.

// mulberry32 returns a small seeded PRNG giving numbers in [0, 1), so that
// the games are a pure function of the seed and never of Math.random.
export const mulberry32 = seed => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

// backRank960 returns the back rank of Chess960 start position n (0..959)
// by Scharnagl's numbering; 518 is the standard one.
export const backRank960 = n => {
  const rank = Array(8).fill('');
  const free = () => rank.flatMap((p, i) => (p === '' ? [i] : []));
  rank[2 * (n % 4) + 1] = 'b';
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'b';
  n = Math.floor(n / 4);
  rank[free()[n % 6]] = 'q';
  n = Math.floor(n / 6);
  const knights = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const f = free();
  rank[f[knights[0]]] = 'n';
  rank[f[knights[1]]] = 'n';
  const [r1, k, r2] = free();
  rank[r1] = 'r';
  rank[k] = 'k';
  rank[r2] = 'r';
  return rank.join('');
};

// legalMoves lists every legal move: castling as king takes rook, as
// chessops represents it, and each promotion piece separately.
export const legalMoves = pos => {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.getRole(from) === 'pawn';
    for (const to of dests) {
      if (pawn && (to >> 3 === 0 || to >> 3 === 7)) {
        for (const promotion of ['queen', 'rook', 'bishop', 'knight']) moves.push({ from, to, promotion });
      } else {
        moves.push({ from, to });
      }
    }
  }
  return moves;
};
