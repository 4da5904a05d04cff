// games.mjs plays random legal games with chessops, an independent chess
// implementation (TypeScript, by the author of python-chess and lichess's
// move code), and prints one JSON line per game: the start FEN, and for every
// move its UCI (king takes rook for castling), its SAN and the FEN after it.
// gambit's san tests replay these games and must agree on every SAN and FEN.
//
// usage: node games.mjs [--seed N] [--games N] [--chess960 FRACTION] [--max-plies N]
//
// The games are a pure function of the arguments (a seeded PRNG, no clock),
// so a failing game can be reproduced from its seed and index.

import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSanAndPlay } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { backRank960, legalMoves, mulberry32 } from './common.mjs';

const args = { seed: 1, games: 400, chess960: 0.5, maxPlies: 300 };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '').replace(/-(.)/g, (_, c) => c.toUpperCase());
  const value = Number(process.argv[i + 1]);
  if (!(key in args) || !Number.isFinite(value)) {
    process.stderr.write(`games.mjs: bad argument ${process.argv[i]} ${process.argv[i + 1]}\n`);
    process.exit(2);
  }
  args[key] = value;
}

const random = mulberry32(args.seed);
const randomInt = n => Math.floor(random() * n);

const startFen = chess960 => {
  if (!chess960) return 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const back = backRank960(randomInt(960));
  return `${back}/pppppppp/8/8/8/8/PPPPPPPP/${back.toUpperCase()} w KQkq - 0 1`;
};

const out = [];
for (let game = 0; game < args.games; game++) {
  const chess960 = random() < args.chess960;
  const pos = Chess.fromSetup(parseFen(startFen(chess960)).unwrap()).unwrap();
  const record = { game, chess960, start: makeFen(pos.toSetup()), moves: [] };
  for (let ply = 0; ply < args.maxPlies && !pos.isEnd(); ply++) {
    const moves = legalMoves(pos);
    // Random games rarely castle; prefer castling half of the time it
    // is legal, so both kinds of castling, standard and Chess960, are tested.
    const castles = moves.filter(m => pos.board[pos.turn].has(m.to));
    const move = castles.length && random() < 0.5
      ? castles[randomInt(castles.length)]
      : moves[randomInt(moves.length)];
    const uci = makeUci(move);
    const san = makeSanAndPlay(pos, move);
    record.moves.push({ uci, san, fen: makeFen(pos.toSetup()) });
  }
  out.push(JSON.stringify(record));
  if (out.length >= 64) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
