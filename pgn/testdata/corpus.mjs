// corpus.mjs writes a corpus of random PGN games with chessops (an
// independent TypeScript chess library, by the author of python-chess,
// used by Lichess) and, for each game, what any PGN reader must find in it.
//
// usage: node corpus.mjs [--seed N] [--games N] [--chess960 FRACTION] [--out PREFIX]
//
// It writes PREFIX.pgn, the games, and PREFIX.jsonl, one JSON line per game:
// {"game":1,"start_fen":...,"moves_uci":[...],"moves_san":[...],"final_fen":...,"result":...,"tags":{...}}
// with the mainline in UCI (castling as king takes rook) and SAN, and the
// FEN after it. The games are played by chessops with random legal moves,
// standard and Chess960, some from a set-up position, and written by this
// script (not by gambit) with everything a real file may hold: nested
// variations, comments before and after moves (Lichess's [%clk] and
// [%eval] among them), ";" comments, NAGs as $n and as !? suffixes, null
// moves in variations, escaped tag values, move numbers written every way,
// castling with zeros, CRLF line ends, empty lines, "%" lines, missing
// results. Everything depends only on the arguments.

import { writeFileSync } from 'node:fs';
import { Chess } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/chess.js';
import { makeFen, parseFen } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/fen.js';
import { makeSanAndPlay } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/san.js';
import { makeUci } from '../../san/testdata/oracle/node_modules/chessops/dist/esm/util.js';
import { backRank960, legalMoves, mulberry32 } from '../../san/testdata/oracle/common.mjs';

const args = { seed: 1, games: 300, chess960: 0.3, out: 'corpus' };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in args)) {
    process.stderr.write(`corpus.mjs: unknown argument ${process.argv[i]}\n`);
    process.exit(2);
  }
  args[key] = key === 'out' ? process.argv[i + 1] : Number(process.argv[i + 1]);
}

const random = mulberry32(args.seed);
const randomInt = n => Math.floor(random() * n);
const chance = p => random() < p;
const pick = list => list[randomInt(list.length)];

// randomMove picks a legal move, castling half of the times it can.
const randomMove = pos => {
  const moves = legalMoves(pos);
  if (!moves.length) return undefined;
  const castles = moves.filter(m => pos.board[pos.turn].has(m.to));
  return castles.length && chance(0.5) ? pick(castles) : pick(moves);
};

const words = ['good', 'bad', 'the', 'only', 'move', 'idea', 'is', 'to', 'attack', 'with', 'f5', 'Nf3',
  'White', 'Black', 'wins', 'a', 'pawn', 'équipe', 'ÄÖÜ', 'täuscht', '(sic)', 'x;y', '"quoted"', '[brackets]',
  '1-0', '*', '$3', '!!', '%', 'e.p.', '--', 'O-O'];
const sentence = () => Array.from({ length: 1 + randomInt(12) }, () => pick(words)).join(' ');
const clock = () => `${randomInt(2)}:${String(randomInt(60)).padStart(2, '0')}:${String(randomInt(60)).padStart(2, '0')}`;
const commentText = () => {
  const parts = [];
  if (chance(0.5)) parts.push(sentence());
  if (chance(0.3)) parts.push(`[%eval ${chance(0.2) ? '#' + (randomInt(20) - 10) : (random() * 10 - 5).toFixed(2)}]`);
  if (chance(0.4)) parts.push(`[%clk ${clock()}]`);
  if (chance(0.1)) parts.push('[%cal Ge2e4,Rd1d8] [%csl Ya1]');
  if (!parts.length) parts.push(sentence());
  let text = parts.join(' ');
  if (chance(0.1)) text = text.replace(' ', '\n'); // a comment over two lines
  return text;
};
const glyphs = ['!', '?', '!!', '??', '!?', '?!'];

// Game text is built as a list of tokens, joined by spaces and broken
// into lines later; a token that must end its line is marked.
class Out {
  constructor(style) {
    this.tokens = [];
    this.style = style;
  }
  push(t) {
    this.tokens.push(t);
  }
  comment() {
    if (chance(0.12)) this.tokens.push({ line: `; ${sentence().replace(/[\n\r]/g, ' ')}` });
    else this.tokens.push(`{${chance(0.5) ? ' ' : ''}${commentText()}${chance(0.5) ? ' ' : ''}}`);
  }
  number(ply, force) {
    const n = Math.floor(ply / 2) + 1;
    if (ply % 2 === 0) {
      this.tokens.push(this.style.joined ? { join: `${n}.` } : `${n}.`);
    } else if (force || this.style.everyNumber) {
      this.tokens.push(this.style.joined ? { join: `${n}...` } : `${n}...`);
    }
  }
  san(s) {
    if (this.style.zeros && s.startsWith('O-O')) s = s.replace(/O/g, '0');
    this.tokens.push(s);
  }
}

// line writes a line of play from pos (not changed), ply plies into the
// game: the moves, with variations at random, each alternative to the move
// it follows, nested up to depth 3.
const writeLine = (out, pos, ply, length, depth, record) => {
  pos = pos.clone();
  let force = true;
  for (let i = 0; i < length; i++) {
    const move = randomMove(pos);
    if (!move) break;
    const before = pos.clone();
    if (depth > 0 && chance(0.03) && !pos.isCheck() && i > 0) {
      // A null move, as annotators write in variations.
      out.number(ply, force);
      out.push(chance(0.5) ? '--' : 'Z0');
      pos.turn = pos.turn === 'white' ? 'black' : 'white';
      pos.epSquare = undefined;
      pos.halfmoves++;
      if (pos.turn === 'white') pos.fullmoves++;
      ply++;
      force = false;
      continue;
    }
    if (chance(0.05)) {
      out.comment(); // before the move
      force = true;
    }
    out.number(ply, force);
    force = false;
    const san = makeSanAndPlay(pos, move);
    out.san(san + (chance(0.08) ? pick(glyphs) : ''));
    if (record) record(move, san, pos);
    if (chance(0.08)) {
      out.push(`$${randomInt(256)}`);
      force = out.style.everyNumber;
    }
    if (chance(0.15)) {
      out.comment();
      force = true;
    }
    // Variations: alternatives to the move just played.
    const variations = depth < 3 && chance(depth === 0 ? 0.12 : 0.06) ? 1 + randomInt(2) : 0;
    for (let v = 0; v < variations; v++) {
      out.push('(');
      if (chance(0.2)) out.comment(); // a comment that starts the variation
      writeLine(out, before, ply, 1 + randomInt(6), depth + 1, undefined);
      out.push(')');
      force = true;
    }
    ply++;
    if (pos.isEnd()) break;
  }
};

const escapeTag = v => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const pgnOut = [];
const jsonOut = [];
const eol = () => (chance(0.15) ? '\r\n' : '\n');

for (let game = 1; game <= args.games; game++) {
  const chess960 = random() < args.chess960;
  let startFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  if (chess960) {
    const back = backRank960(randomInt(960));
    startFen = `${back}/pppppppp/8/8/8/8/PPPPPPPP/${back.toUpperCase()} w KQkq - 0 1`;
  }
  let pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
  let setUp = chess960;
  if (!chess960 && chance(0.1)) {
    // A game from a set-up position: some random moves in.
    for (let i = 0, n = randomInt(30); i < n && !pos.isEnd(); i++) makeSanAndPlay(pos, randomMove(pos));
    if (pos.isEnd()) pos = Chess.default();
    else setUp = true;
  }
  const start = makeFen(pos.toSetup());

  const style = { joined: chance(0.3), everyNumber: chance(0.2), zeros: chance(0.15) };
  const out = new Out(style);
  if (chance(0.1)) out.comment(); // before the first move

  const record = { uci: [], san: [] };
  const startPly = 2 * (pos.fullmoves - 1) + (pos.turn === 'white' ? 0 : 1);
  const mainPos = pos.clone();
  writeLine(out, pos, startPly, 1 + randomInt(160), 0, (move, san) => {
    record.uci.push(makeUci(move));
    record.san.push(san);
  });
  const final = mainPos.clone();
  // Replay by the recorded moves.
  for (let i = 0; i < record.uci.length; i++) {
    const legal = legalMoves(final).find(m => makeUci(m) === record.uci[i]);
    final.play(legal);
  }

  const results = ['1-0', '0-1', '1/2-1/2', '*'];
  const result = final.isCheckmate() ? (final.turn === 'white' ? '0-1' : '1-0') : pick(results);
  const tags = [
    ['Event', chance(0.1) ? 'The "Big" \\ Open' : `Random ${game}`],
    ['Site', '?'],
    ['Date', '2025.01.01'],
    ['Round', String(game)],
    ['White', pick(['Carlsen, Magnus', 'Stockfish 17', 'Ä. Tester'])],
    ['Black', pick(['Nakamura, Hikaru', 'Leela', '"Nick" Name'])],
    ['Result', result],
  ];
  if (chess960) tags.push(['Variant', pick(['Chess960', 'chess960', 'Fischerandom'])]);
  if (setUp) tags.push(['SetUp', '1'], ['FEN', start]);
  if (chance(0.3)) tags.push(['Annotator', 'corpus.mjs']);

  // Write the game.
  const e = eol();
  let text = '';
  if (chance(0.05)) text += `% an escape line${e}`;
  for (const [name, value] of tags) text += `[${name} "${escapeTag(value)}"]${e}`;
  text += e;
  // Break the movetext into lines.
  let line = '';
  const flush = () => {
    text += line.trimEnd() + e;
    line = '';
    if (chance(0.03)) text += e; // an empty line inside the movetext
  };
  const width = chance(0.3) ? 1000 : 60 + randomInt(40);
  for (const t of out.tokens) {
    let s;
    if (typeof t === 'object' && t.line !== undefined) {
      line += (line ? ' ' : '') + t.line;
      flush();
      continue;
    } else if (typeof t === 'object') {
      s = t.join; // a move number joined to the move after it
      if (line.length + s.length > width) flush();
      line += (line && !line.endsWith('(') ? ' ' : '') + s;
      line += '\u0000'; // marks: no space before the next token
      continue;
    } else {
      s = t;
    }
    if (line.length + s.length + 1 > width && !line.endsWith('\u0000')) flush();
    if (line.endsWith('\u0000')) line = line.slice(0, -1) + s;
    else line += (line ? ' ' : '') + s;
  }
  const missingResult = chance(0.05);
  if (!missingResult) line += (line ? ' ' : '') + result;
  line = line.replace(/\u0000/g, ' ');
  text += line.trimEnd() + e + e;
  pgnOut.push(text);
  jsonOut.push(JSON.stringify({
    game,
    chess960,
    start_fen: start,
    moves_uci: record.uci,
    moves_san: record.san,
    final_fen: makeFen(final.toSetup()),
    result,
    tags: Object.fromEntries(tags),
  }));
}

writeFileSync(`${args.out}.pgn`, pgnOut.join(''));
writeFileSync(`${args.out}.jsonl`, jsonOut.join('\n') + '\n');
