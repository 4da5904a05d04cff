// lines.mjs replays every line of the opening data with chessops (an
// independent TypeScript chess library, by the author of python-chess,
// used by lichess) and prints, for each, one JSON line:
//
//   {"file":"a.tsv","line":2,"uci":"g1h3","epd":"<EPD of the end position>"}
//
// or, for a line chessops cannot replay, "error" instead of uci and epd.
// The EPD is a FEN without the move counters, the en-passant square only
// when an en-passant capture is legal; the UCI castles with the king's
// move ("e1g1"). Package opening's tests compare both with gambit's.
//
// usage: node lines.mjs FILE.tsv...

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Chess } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/chess.js';
import { makeFen } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/fen.js';
import { parseSan } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/san.js';
import { makeSquare } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/util.js';

// uciOf writes move in pos, before it is played; chessops represents
// castling as the king taking its rook, UCI as the king's two-square move.
const uciOf = (pos, move) => {
  let to = move.to;
  const piece = pos.board.get(move.from);
  const target = pos.board.get(move.to);
  if (piece.role === 'king' && target && target.role === 'rook' && target.color === piece.color) {
    to = (move.from & ~7) + (move.to > move.from ? 6 : 2);
  }
  return makeSquare(move.from) + makeSquare(to) + (move.promotion ? move.promotion[0] : '');
};

for (const path of process.argv.slice(2)) {
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((text, i) => {
    if (i === 0 || text === '') return;
    const out = { file: basename(path), line: i + 1 };
    const pos = Chess.default();
    const uci = [];
    for (const tok of text.split('\t')[2].split(' ')) {
      if (/^\d+\.$/.test(tok)) continue;
      const move = parseSan(pos, tok);
      if (!move) {
        out.error = `ply ${uci.length + 1}: ${tok}`;
        break;
      }
      uci.push(uciOf(pos, move));
      pos.play(move);
    }
    if (!out.error) {
      out.uci = uci.join(' ');
      out.epd = makeFen(pos.toSetup(), { epd: true });
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  });
}
