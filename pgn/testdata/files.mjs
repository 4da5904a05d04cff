// files.mjs reads PGN files with chessops (an independent TypeScript chess
// library, by the author of python-chess, used by Lichess) and prints one
// JSON line per game: the file, the game's index, its number of mainline
// moves, the final FEN of its mainline and its result. gambit's pgn tests
// read the same files and must agree on every game.
//
// usage: node files.mjs FILE...
//
// chessops's parser skips what it does not understand instead of failing,
// so a game counts as read here only when every mainline move is legal;
// "error" says where it stopped otherwise.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parsePgn, startingPosition } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/pgn.js';
import { parseSan, makeSanAndPlay } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/san.js';
import { makeFen } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/fen.js';

for (const path of process.argv.slice(2)) {
  const games = parsePgn(readFileSync(path, 'utf8'));
  games.forEach((game, index) => {
    const out = { file: basename(path), game: index, plies: 0, san: [] };
    const pos = startingPosition(game.headers);
    if (pos.isErr) {
      out.error = `start: ${pos.error.message}`;
    } else {
      const p = pos.value;
      for (const node of game.moves.mainline()) {
        if (node.san === '--') {
          // A null move (chessops has none): the turn passes.
          if (p.isCheck()) {
            out.error = `ply ${out.plies + 1}: null move in check`;
            break;
          }
          if (p.turn === 'black') p.fullmoves++;
          p.turn = p.turn === 'white' ? 'black' : 'white';
          p.epSquare = undefined;
          p.halfmoves++;
          out.san.push('--');
          out.plies++;
          continue;
        }
        const move = parseSan(p, node.san);
        if (!move) {
          out.error = `ply ${out.plies + 1}: ${node.san}`;
          break;
        }
        out.san.push(makeSanAndPlay(p, move));
        out.plies++;
      }
      out.fen = makeFen(p.toSetup());
    }
    out.result = game.headers.get('Result');
    process.stdout.write(JSON.stringify(out) + '\n');
  });
}
