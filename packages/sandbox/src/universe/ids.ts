// Identifiers with real check digits (CNPJ, ISIN) and reversible index ↔ identifier mappings, so a code in a
// path finds its record in O(1) without any table.

/** A bijection of [0, modulus) (an affine map with a multiplier prime to the modulus). */
export class Scramble {
  private readonly inverseMultiplier: bigint;
  constructor(
    readonly modulus: number,
    private readonly multiplier: number,
    private readonly offset: number,
  ) {
    const inv = modInverse(BigInt(multiplier), BigInt(modulus));
    if (inv === undefined) throw new Error(`multiplier ${multiplier} is not prime to ${modulus}`);
    this.inverseMultiplier = inv;
  }
  forward(i: number): number {
    return Number((BigInt(i) * BigInt(this.multiplier) + BigInt(this.offset)) % BigInt(this.modulus));
  }
  inverse(x: number): number {
    const m = BigInt(this.modulus);
    return Number((((((BigInt(x) - BigInt(this.offset)) % m) + m) % m) * this.inverseMultiplier) % m);
  }
}

function modInverse(a: bigint, m: bigint): bigint | undefined {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) return undefined;
  return ((oldS % m) + m) % m;
}

function cnpjDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (weights[i] as number) * Number(base[i]);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A valid 14-digit CNPJ from its 8-digit root and 4-digit branch. */
export function cnpj(root: number, branch = 1): string {
  const base = `${String(root).padStart(8, '0')}${String(branch).padStart(4, '0')}`;
  const d1 = cnpjDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = cnpjDigit(`${base}${d1}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${d1}${d2}`;
}

/** The root of a valid CNPJ of branch 0001, or undefined. */
export function cnpjRoot(text: string): number | undefined {
  if (!/^\d{14}$/.test(text) || text.slice(8, 12) !== '0001') return undefined;
  const root = Number(text.slice(0, 8));
  return cnpj(root) === text ? root : undefined;
}

/** 'XX.XXX.XXX/XXXX-XX' */
export function formatCnpj(text: string): string {
  return `${text.slice(0, 2)}.${text.slice(2, 5)}.${text.slice(5, 8)}/${text.slice(8, 12)}-${text.slice(12)}`;
}

/** An ISIN from its first 11 characters (country + 9), with the check digit (Luhn over letter values). */
export function isin(first11: string): string {
  const expanded = [...first11.toUpperCase()]
    .map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let sum = 0;
  for (let i = 0; i < expanded.length; i++) {
    let d = Number(expanded[expanded.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${first11.toUpperCase()}${(10 - (sum % 10)) % 10}`;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** n written in base 36 with a fixed width. */
export function base36(n: number, width: number): string {
  let out = '';
  let x = Math.floor(Math.abs(n));
  for (let i = 0; i < width; i++) {
    out = ALNUM[x % 36] + out;
    x = Math.floor(x / 36);
  }
  return out;
}
