// replay.mjs replays games with chessops (an independent TypeScript chess
// library, by the author of python-chess, used by lichess) and prints, for
// each game, one JSON line with every position of its mainline:
//
//   {"game":1,"epd":["<EPD at ply 0>",...],"uci":["d2d4",...],
//    "kinds":["",...],"unlegalEP":[9],"result":"1-0"}
//
// The EPD is a FEN without the move counters: placement, side to move,
// castling rights (K, Q, k, q for the outermost rook, the rook's file
// otherwise), and the en-passant square only when chessops finds an
// en-passant capture legal (toSetup gives legalEpSquare). uci[i] is the
// move from position i as chessops writes it (castling as king takes
// rook, "0000" for a null move), kinds[i] what it was: "" (a quiet move),
// "capture", "enpassant", "castle", "promotion" or "null". unlegalEP lists
// the plies whose position follows a pawn's two-square advance beside a
// pawn of the side to move that cannot take it en passant (chessops writes
// no square): the positions Polyglot keys hash with an en-passant file and
// gamedb without. result is the game's Result tag. A game chessops cannot
// replay gets "error" (where it stopped) and the positions before. Games
// are numbered from 1 across all the files, in order. gamedb's oracle
// tests ask the index for these positions and compare the games, plies
// and explorer statistics it gives with these.
//
// usage: node replay.mjs pgn FILE...   the games of PGN files
//        node replay.mjs jsonl FILE    games as corpus.mjs records them: one
//                                      JSON line each, with start_fen,
//                                      moves_uci (castling as king takes
//                                      rook) and result
//
// chessops 0.14.2 is the san oracle's (san/testdata/oracle, installed by
// scripts/test-deps.sh).

import { readFileSync } from 'node:fs';
import { Chess } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/chess.js';
import { makeFen, parseFen } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/fen.js';
import { parsePgn, startingPosition } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/pgn.js';
import { parseSan } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/san.js';
import { makeUci, parseUci } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/util.js';

const epdOf = setup => makeFen(setup, { epd: true });

// kindOf says what move is in pos, before it is played.
const kindOf = (pos, move) => {
  const piece = pos.board.get(move.from);
  const target = pos.board.get(move.to);
  if (piece.role === 'king' && target && target.color === piece.color) return 'castle';
  if (move.promotion) return 'promotion';
  if (target) return 'capture';
  if (piece.role === 'pawn' && (move.from & 7) !== (move.to & 7)) return 'enpassant';
  return '';
};

// passTurn plays a null move, as annotators write "--".
const passTurn = pos => {
  if (pos.turn === 'black') pos.fullmoves++;
  pos.turn = pos.turn === 'white' ? 'black' : 'white';
  pos.epSquare = undefined;
  pos.halfmoves++;
};

// unlegalEP reports whether pos follows a two-square advance beside a
// pawn of the side to move, and chessops finds no legal capture (setup,
// pos.toSetup(), has no en-passant square).
const unlegalEP = (pos, setup) => {
  if (pos.epSquare === undefined || setup.epSquare !== undefined) return false;
  const pushed = pos.epSquare + (pos.turn === 'white' ? -8 : 8);
  return [pushed - 1, pushed + 1].some(sq => {
    const piece = (sq >> 3) === (pushed >> 3) ? pos.board.get(sq) : undefined;
    return piece !== undefined && piece.role === 'pawn' && piece.color === pos.turn;
  });
};

// replay plays moves (each turned into a chessops move by toMove, or
// 'null') from pos and returns the game's line.
const replay = (game, result, pos, moves, toMove) => {
  const out = { game, result, epd: [epdOf(pos.toSetup())], uci: [], kinds: [], unlegalEP: [] };
  for (const m of moves) {
    const move = toMove(pos, m);
    if (move === 'null') {
      if (pos.isCheck()) {
        out.error = `ply ${out.kinds.length + 1}: a null move in check`;
        break;
      }
      out.uci.push('0000');
      out.kinds.push('null');
      passTurn(pos);
    } else if (!move || !pos.isLegal(move)) {
      out.error = `ply ${out.kinds.length + 1}: ${m} is not legal in ${makeFen(pos.toSetup())}`;
      break;
    } else {
      out.uci.push(makeUci(move));
      out.kinds.push(kindOf(pos, move));
      pos.play(move);
    }
    const setup = pos.toSetup();
    out.epd.push(epdOf(setup));
    if (unlegalEP(pos, setup)) out.unlegalEP.push(out.kinds.length);
  }
  return out;
};

const [mode, ...files] = process.argv.slice(2);
let game = 0;
const print = line => process.stdout.write(JSON.stringify(line) + '\n');
if (mode === 'pgn') {
  for (const path of files) {
    for (const g of parsePgn(readFileSync(path, 'utf8'))) {
      game++;
      const start = startingPosition(g.headers);
      if (start.isErr) {
        print({ game, error: `start: ${start.error.message}` });
        continue;
      }
      const sans = [...g.moves.mainline()].map(node => node.san);
      print(replay(game, g.headers.get('Result'), start.value, sans, (pos, san) => (san === '--' || san === 'Z0' ? 'null' : parseSan(pos, san))));
    }
  }
} else if (mode === 'jsonl' && files.length === 1) {
  for (const text of readFileSync(files[0], 'utf8').split('\n')) {
    if (text === '') continue;
    const g = JSON.parse(text);
    game++;
    const pos = Chess.fromSetup(parseFen(g.start_fen).unwrap()).unwrap();
    print(replay(game, g.result, pos, g.moves_uci, (_, uci) => parseUci(uci)));
  }
} else {
  process.stderr.write('usage: node replay.mjs pgn FILE... | node replay.mjs jsonl FILE\n');
  process.exit(2);
}
