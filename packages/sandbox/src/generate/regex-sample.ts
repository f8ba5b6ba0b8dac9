// Produces strings that match the simple regular expressions specs use for codes (^F\d{10}$, ^[CS]\d{10}$,
// ^(0[1-9]|1[0-2])-\d{4}$, ^[A-Z0-9_]+$ …). Supports literals, escapes (\d \w \s \. …), classes with ranges,
// groups with alternation and the quantifiers ? * + {n} {n,m}. Anything else throws, and the caller falls back.
import type { Rng } from '../rng.js';

type Atom = { t: 'chars'; chars: string } | { t: 'group'; alternatives: Piece[][] };
type Piece = { atom: Atom; min: number; max: number };

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const WORD = `${UPPER}${LOWER}${DIGITS}_`;

function escapeChars(c: string): string {
  switch (c) {
    case 'd':
      return DIGITS;
    case 'w':
      return WORD;
    case 's':
      return ' ';
    case 'D':
    case 'W':
    case 'S':
    case 'b':
    case 'B':
      throw new Error(`unsupported escape \\${c}`);
    default:
      return c;
  }
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Piece[][] {
    const alts = this.alternatives();
    if (this.i < this.src.length) throw new Error(`unexpected ${this.src[this.i]} at ${this.i}`);
    return alts;
  }

  private alternatives(): Piece[][] {
    const alts: Piece[][] = [];
    let seq: Piece[] = [];
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === ')') break;
      if (c === '|') {
        this.i++;
        alts.push(seq);
        seq = [];
        continue;
      }
      seq.push(this.piece());
    }
    alts.push(seq);
    return alts;
  }

  private piece(): Piece {
    const atom = this.atom();
    let min = 1;
    let max = 1;
    const c = this.src[this.i];
    if (c === '?') {
      min = 0;
      this.i++;
    } else if (c === '*') {
      min = 0;
      max = 3;
      this.i++;
    } else if (c === '+') {
      max = 4;
      this.i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Error('bad quantifier');
      min = Number(m[1]);
      max = m[2] ? (m[3] ? Number(m[3]) : min + 3) : min;
      this.i += m[0].length;
    }
    return { atom, min, max };
  }

  private atom(): Atom {
    const c = this.src[this.i++];
    if (c === undefined) throw new Error('unexpected end');
    if (c === '^' || c === '$') return { t: 'chars', chars: '' };
    if (c === '(') {
      if (this.src[this.i] === '?') {
        if (this.src[this.i + 1] !== ':') throw new Error('lookaround unsupported');
        this.i += 2;
      }
      const alternatives = this.alternatives();
      if (this.src[this.i++] !== ')') throw new Error('unclosed group');
      return { t: 'group', alternatives };
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return { t: 'chars', chars: escapeChars(this.src[this.i++] ?? '') };
    if (c === '.') return { t: 'chars', chars: `${UPPER}${DIGITS}` };
    return { t: 'chars', chars: c };
  }

  private charClass(): Atom {
    if (this.src[this.i] === '^') throw new Error('negated class unsupported');
    let chars = '';
    for (;;) {
      let c = this.src[this.i++];
      if (c === undefined) throw new Error('unclosed class');
      if (c === ']') break;
      if (c === '\\') {
        chars += escapeChars(this.src[this.i++] ?? '');
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        const end = this.src[this.i + 1] as string;
        this.i += 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++)
          chars += String.fromCharCode(code);
        continue;
      }
      c = c as string;
      chars += c;
    }
    return { t: 'chars', chars };
  }
}

function expand(seq: Piece[], rng: Rng, out: string[]): void {
  for (const { atom, min, max } of seq) {
    const count = min === max ? min : rng.int(min, max);
    for (let k = 0; k < count; k++) {
      if (atom.t === 'chars') {
        if (atom.chars.length > 0)
          out.push(atom.chars[Math.floor(rng.float() * atom.chars.length)] as string);
      } else {
        expand(rng.pick(atom.alternatives), rng, out);
      }
    }
  }
}

const compiled = new Map<string, Piece[][] | Error>();

/** A string matching `pattern`, or undefined when the pattern uses a feature this sampler does not know. */
export function sampleRegex(pattern: string, rng: Rng): string | undefined {
  let ast = compiled.get(pattern);
  if (!ast) {
    try {
      ast = new Parser(pattern).parse();
    } catch (error) {
      ast = error as Error;
    }
    compiled.set(pattern, ast);
  }
  if (ast instanceof Error) return undefined;
  const out: string[] = [];
  expand(rng.pick(ast), rng, out);
  return out.join('');
}
