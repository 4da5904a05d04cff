// oracle.mjs answers questions about chess variants with chessops (lichess's
// rules, by the author of python-chess and shakmaty), one request a line on
// standard input, for as long as its input stays open, so that a test pays
// Node's start-up once. Package internal/variantoracle drives it.
//
// Requests (VARIANT is chess, chess960, atomic, crazyhouse, 3check,
// kingofthehill, antichess, horde or racingkings; FEN may hold spaces):
//
//   perft VARIANT FEN DEPTH      the number of leaves DEPTH plies deep
//   divide VARIANT FEN DEPTH     one "MOVE COUNT" line per legal move
//   random VARIANT SEED PLIES N [960]
//                                the FENs of N seeded random games of at
//                                most PLIES plies each (from Chess960
//                                starts when 960 is given)
//   fen VARIANT FEN              chessops's normalised FEN of the position
//   play VARIANT FEN moves M...  the FEN after the UCI moves (castling as
//                                king takes rook or two squares)
//   status VARIANT FEN           "ongoing none" or "WINNER REASON": WINNER
//                                white, black or draw, REASON checkmate,
//                                stalemate, insufficient or variant
//   insufficient VARIANT FEN     "WHITE BLACK BOTH", each true or false:
//                                hasInsufficientMaterial of each colour
//                                and isInsufficientMaterial
//   sparse VARIANT SEED N MOST   the FENs of N seeded random placements
//                                of a few pieces (at most MOST a side
//                                besides the kings, minor pieces the most
//                                often) that the variant allows, as
//                                makeFen writes them: the material-poor
//                                positions random games seldom reach
//   games VARIANT SEED PLIES N   N seeded random games of at most PLIES
//                                plies each from the variant's start, one
//                                JSON line each: {"start": FEN, "moves":
//                                [{"uci", "san", "fen"}...], "result",
//                                "pgn"}, with the SAN of makeSanAndPlay,
//                                the FEN after each move, the outcome's
//                                result ("*" while the game goes on) and
//                                the game as chessops/pgn's makePgn writes
//                                it, its Variant and FEN tags set by
//                                setStartingPosition as lichess sets them
//
// Every answer is zero or more data lines and then one line "ok", or the
// single line "error MESSAGE"; a bad request never ends the process.
// Moves are UCI as chessops writes them: castling is king takes rook
// (e1h1), drops are ROLE@SQUARE (N@f3, P@e4). FENs are makeFen's: pockets
// in brackets with ~ after promoted pieces, and Three-check's remaining
// checks (3+3) after the en-passant square.
//
// The script runs from its own folder: Node resolves the ESM imports of
// chessops from node_modules here and ignores NODE_PATH.

import { createInterface } from 'node:readline';
import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { normalizeMove } from 'chessops/chess';
import { makeUci, parseUci } from 'chessops/util';
import { defaultPosition, setupPosition } from 'chessops/variant';
import { makeSanAndPlay } from 'chessops/san';
import { defaultGame, extend, makeOutcome, makePgn, setStartingPosition } from 'chessops/pgn';
import { backRank960, mulberry32 } from '../../../san/testdata/oracle/common.mjs';

// RULES maps the request's variant names to chessops's rules. chess960 is
// chess: a Chess960 position says where its rooks are in its castling field.
const RULES = {
  chess: 'chess',
  chess960: 'chess',
  atomic: 'atomic',
  crazyhouse: 'crazyhouse',
  '3check': '3check',
  kingofthehill: 'kingofthehill',
  antichess: 'antichess',
  horde: 'horde',
  racingkings: 'racingkings',
};

// FROM_960 lists the variants whose start is chess's array of pieces, so
// that a Chess960 array can take its place. Horde and Racing Kings have
// starts of their own. (lichess itself plays 960 starts in chess only.)
const FROM_960 = new Set(['chess', 'chess960', 'atomic', 'crazyhouse', '3check', 'kingofthehill', 'antichess']);

const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

class RequestError extends Error {}

const rulesOf = variant => {
  if (!Object.hasOwn(RULES, variant)) {
    throw new RequestError(`unknown variant ${JSON.stringify(variant)} (want one of ${Object.keys(RULES).join(', ')})`);
  }
  return RULES[variant];
};

const position = (variant, fen) => {
  const rules = rulesOf(variant);
  if (!fen) throw new RequestError('missing FEN');
  const setup = parseFen(fen);
  if (setup.isErr) throw new RequestError(`invalid FEN ${JSON.stringify(fen)}: ${setup.error.message}`);
  const pos = setupPosition(rules, setup.value);
  if (pos.isErr) throw new RequestError(`illegal ${variant} position ${JSON.stringify(fen)}: ${pos.error.message}`);
  return pos.value;
};

const integer = (name, text, min, max) => {
  if (!/^\d+$/.test(text ?? '')) throw new RequestError(`${name} ${JSON.stringify(text ?? '')} is not a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw new RequestError(`${name} ${n} is outside ${min}..${max}`);
  return n;
};

// legalMoves lists every legal move as chessops's perft counts them:
// each destination of allDests, promotions to every piece (to the king as
// well in Antichess), and every drop of a piece in hand (no pawn on the
// first or eighth rank).
const legalMoves = pos => {
  const ctx = pos.ctx();
  const promotions = ['queen', 'rook', 'bishop', 'knight'];
  if (pos.rules === 'antichess') promotions.push('king');
  const lastRank = pos.turn === 'white' ? 7 : 0;
  const moves = [];
  for (const [from, dests] of pos.allDests(ctx)) {
    const pawn = pos.board.pawn.has(from);
    for (const to of dests) {
      if (pawn && to >> 3 === lastRank) for (const promotion of promotions) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  if (pos.pockets) {
    const dests = pos.dropDests(ctx);
    for (const role of ROLES) {
      if (pos.pockets[pos.turn][role] === 0) continue;
      for (const to of dests) {
        if (role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7)) continue;
        moves.push({ role, to });
      }
    }
  }
  return moves;
};

const divide = (pos, depth) =>
  legalMoves(pos).map(move => {
    const child = pos.clone();
    child.play(move);
    return `${makeUci(move)} ${perft(child, depth - 1)}`;
  });

const startPosition = (variant, random, chess960) => {
  const rules = rulesOf(variant);
  if (!chess960 && variant !== 'chess960') return defaultPosition(rules);
  if (!FROM_960.has(variant)) throw new RequestError(`${variant} has no Chess960 starts`);
  const back = backRank960(Math.floor(random() * 960));
  const pockets = rules === 'crazyhouse' ? '[]' : '';
  const checks = rules === '3check' ? ' 3+3' : '';
  const castling = rules === 'antichess' ? '-' : 'KQkq';
  return position(variant, `${back}/pppppppp/8/8/8/8/PPPPPPPP/${back.toUpperCase()}${pockets} w ${castling} -${checks} 0 1`);
};

// randomGames plays n games of uniformly random legal moves, each of a
// random length from 1 to plies, and returns the FEN where each stopped:
// earlier when the game ended, so finished games are among the positions.
const randomGames = (variant, seed, plies, n, chess960) => {
  const random = mulberry32(seed);
  const fens = [];
  for (let game = 0; game < n; game++) {
    const pos = startPosition(variant, random, chess960);
    const length = 1 + Math.floor(random() * plies);
    for (let ply = 0; ply < length && !pos.isEnd(); ply++) {
      const moves = legalMoves(pos);
      pos.play(moves[Math.floor(random() * moves.length)]);
    }
    fens.push(makeFen(pos.toSetup()));
  }
  return fens;
};

// sanGames plays n games of uniformly random legal moves from variant's
// start, each of a random length from 1 to plies (shorter when the game
// ends), and returns each as a JSON line: its moves in UCI and SAN with
// the FEN after each, its result and its PGN.
const sanGames = (variant, seed, plies, n) => {
  const rules = rulesOf(variant);
  const random = mulberry32(seed);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const pos = defaultPosition(rules);
    const game = defaultGame();
    game.headers.set('Event', `random ${variant} game ${i + 1} of seed ${seed}`);
    game.headers.set('Site', 'chessops 0.15.1');
    setStartingPosition(game.headers, pos);
    const start = makeFen(pos.toSetup());
    const length = 1 + Math.floor(random() * plies);
    const moves = [];
    for (let ply = 0; ply < length && !pos.isEnd(); ply++) {
      const legal = legalMoves(pos);
      const move = legal[Math.floor(random() * legal.length)];
      const uci = makeUci(move);
      const san = makeSanAndPlay(pos, move);
      moves.push({ uci, san, fen: makeFen(pos.toSetup()) });
    }
    const result = makeOutcome(pos.outcome());
    game.headers.set('Result', result);
    extend(game.moves, moves.map(m => ({ san: m.san })));
    lines.push(JSON.stringify({ start, moves, result, pgn: makePgn(game) }));
  }
  return lines;
};

const status = pos => {
  const ctx = pos.ctx();
  const outcome = pos.outcome(ctx);
  if (!outcome) return 'ongoing none';
  const winner = outcome.winner ?? 'draw';
  let reason;
  if (pos.isVariantEnd()) reason = 'variant';
  else if (pos.isCheckmate(ctx)) reason = 'checkmate';
  else if (pos.isStalemate(ctx)) reason = 'stalemate';
  else if (pos.isInsufficientMaterial()) reason = 'insufficient';
  else reason = 'variant';
  // In Antichess the stalemated side wins: chessops's variantOutcome says
  // so, and the reason is still "stalemate".
  return `${winner} ${reason}`;
};

const insufficient = pos =>
  `${pos.hasInsufficientMaterial('white')} ${pos.hasInsufficientMaterial('black')} ${pos.isInsufficientMaterial()}`;

// SPARSE_ROLES are the roles sparse places besides the kings, minor pieces
// the most often: they make the insufficient cases.
const SPARSE_ROLES = ['p', 'n', 'n', 'b', 'b', 'b', 'r', 'q'];

// sparse returns the FENs of n random placements of a few pieces that
// variant allows: each side gets 0 to most pieces of SPARSE_ROLES and a
// king, but in Horde, where White is the horde without a king, and
// Antichess, where kings are pieces like the others; no pawn on a rank
// the variant forbids; the side to move at random; no castling or en
// passant; in Three-check, one to three checks left a side. A placement
// chessops refuses (a side not to move in check, ...) is drawn again.
const sparse = (variant, seed, n, most) => {
  const rules = rulesOf(variant);
  const random = mulberry32(seed);
  const pick = list => list[Math.floor(random() * list.length)];
  const fens = [];
  for (let tries = 0; fens.length < n; tries++) {
    if (tries >= 1000 * n + 1000) throw new RequestError(`sparse ${variant}: no allowed placement in ${tries} tries`);
    const board = Array(64).fill('');
    const empty = () => {
      for (;;) {
        const sq = Math.floor(random() * 64);
        if (board[sq] === '') return sq;
      }
    };
    const place = (piece, noPawnRanks) => {
      for (;;) {
        const sq = empty();
        if (piece.toLowerCase() === 'p' && noPawnRanks.includes(sq >> 3)) continue;
        board[sq] = piece;
        return;
      }
    };
    for (const color of ['white', 'black']) {
      const horde = rules === 'horde' && color === 'white';
      const upper = s => (color === 'white' ? s.toUpperCase() : s);
      if (rules !== 'antichess' && !horde) place(upper('k'), []);
      const count = Math.floor(random() * (most + 1)) + (horde || rules === 'antichess' ? 1 : 0);
      for (let i = 0; i < count; i++) {
        let role = rules === 'antichess' ? pick([...SPARSE_ROLES, 'k']) : pick(SPARSE_ROLES);
        if (rules === 'racingkings' && role === 'p') role = 'n';
        place(upper(role), horde ? [7] : [0, 7]);
      }
    }
    const ranks = [];
    for (let rank = 7; rank >= 0; rank--) {
      let text = '';
      let gap = 0;
      for (let file = 0; file < 8; file++) {
        const piece = board[rank * 8 + file];
        if (piece === '') {
          gap++;
          continue;
        }
        if (gap > 0) text += gap;
        text += piece;
        gap = 0;
      }
      ranks.push(gap > 0 ? text + gap : text);
    }
    const turn = random() < 0.5 ? 'w' : 'b';
    const checks = rules === '3check' ? ` ${1 + Math.floor(random() * 3)}+${1 + Math.floor(random() * 3)}` : '';
    const setup = parseFen(`${ranks.join('/')} ${turn} - -${checks} 0 1`);
    if (setup.isErr) throw new RequestError(`sparse made a FEN chessops cannot read: ${setup.error.message}`);
    const pos = setupPosition(rules, setup.value);
    if (pos.isOk) fens.push(makeFen(pos.value.toSetup()));
  }
  return fens;
};

// split cuts a request into its command, its variant, the FEN between and
// the last count fields after it.
const split = (words, counts) => {
  if (words.length < 2 + counts) throw new RequestError(`${words[0]} wants ${counts} number(s) after VARIANT and FEN`);
  return { variant: words[1], fen: words.slice(2, words.length - counts).join(' '), counts: words.slice(words.length - counts) };
};

const answer = line => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case 'perft': {
      const { variant, fen, counts } = split(words, 1);
      return [String(perft(position(variant, fen), integer('depth', counts[0], 0, 20)))];
    }
    case 'divide': {
      const { variant, fen, counts } = split(words, 1);
      const depth = integer('depth', counts[0], 1, 20);
      return divide(position(variant, fen), depth);
    }
    case 'random': {
      if (words.length !== 5 && !(words.length === 6 && words[5] === '960')) {
        throw new RequestError('usage: random VARIANT SEED PLIES N [960]');
      }
      const seed = integer('seed', words[2], 0, 2 ** 32 - 1);
      const plies = integer('plies', words[3], 1, 10000);
      const n = integer('N', words[4], 0, 1000000);
      return randomGames(words[1], seed, plies, n, words.length === 6);
    }
    case 'games': {
      if (words.length !== 5) throw new RequestError('usage: games VARIANT SEED PLIES N');
      const seed = integer('seed', words[2], 0, 2 ** 32 - 1);
      const plies = integer('plies', words[3], 1, 10000);
      const n = integer('N', words[4], 0, 100000);
      return sanGames(words[1], seed, plies, n);
    }
    case 'fen': {
      const { variant, fen } = split(words, 0);
      return [makeFen(position(variant, fen).toSetup())];
    }
    case 'play': {
      const at = words.indexOf('moves');
      const pos = position(words[1], words.slice(2, at < 0 ? words.length : at).join(' '));
      for (const uci of at < 0 ? [] : words.slice(at + 1)) {
        const parsed = parseUci(uci);
        if (!parsed) throw new RequestError(`move ${JSON.stringify(uci)} is not UCI`);
        const move = normalizeMove(pos, parsed);
        if (!pos.isLegal(move)) throw new RequestError(`move ${uci} is not legal in ${makeFen(pos.toSetup())}`);
        pos.play(move);
      }
      return [makeFen(pos.toSetup())];
    }
    case 'status': {
      const { variant, fen } = split(words, 0);
      return [status(position(variant, fen))];
    }
    case 'insufficient': {
      const { variant, fen } = split(words, 0);
      return [insufficient(position(variant, fen))];
    }
    case 'sparse': {
      if (words.length !== 5) throw new RequestError('usage: sparse VARIANT SEED N MOST');
      const seed = integer('seed', words[2], 0, 2 ** 32 - 1);
      const n = integer('N', words[3], 0, 1000000);
      const most = integer('MOST', words[4], 0, 15);
      return sparse(words[1], seed, n, most);
    }
    case '':
      throw new RequestError('empty request');
    default:
      throw new RequestError(`unknown request ${JSON.stringify(words[0])} (want perft, divide, random, games, fen, play, status, insufficient or sparse)`);
  }
};

const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of input) {
  let out;
  try {
    out = [...answer(line), 'ok'];
  } catch (err) {
    const message = err instanceof RequestError ? err.message : `chessops failed: ${err?.stack ?? err}`;
    out = [`error ${String(message).replace(/\s*\n\s*/g, ' | ')}`];
  }
  process.stdout.write(out.join('\n') + '\n');
}
