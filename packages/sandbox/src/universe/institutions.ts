// Institutions (E3/E4) and the service providers of each fund, drawn from them: the administrator named in a
// fund's detail is an institution of the list, with the same CNPJ and name.
import { institutionSuffixes, namePrefixes, upperAscii } from '../generate/words.js';
import { mix, rngFor } from '../rng.js';
import { cnpj, cnpjRoot, Scramble } from './ids.js';

const ROOT_BASE = 1_000_000;

export interface Institution {
  index: number;
  cnpj: string;
  razaoSocial: string;
  nome: string;
  tipoPessoa: 'J';
  codigoPais: string;
  primaria: 'S' | 'N';
  secundarias: 'S' | 'N';
}

export type ProviderRole = 'Administrador' | 'Gestor' | 'Custodiante' | 'Distribuidor' | 'Controlador';
export const providerRoles: ProviderRole[] = [
  'Administrador',
  'Gestor',
  'Custodiante',
  'Distribuidor',
  'Controlador',
];

export class InstitutionUniverse {
  private readonly roots = new Scramble(9_000_000, 7_368_787, 271_828);

  constructor(
    readonly seed: number,
    readonly size: number,
  ) {}

  /** As many institutions as a universe of `funds` funds needs (about one per 18 funds, at least 10). */
  static sizeFor(funds: number): number {
    return Math.max(10, Math.round(funds / 18));
  }

  get(index: number): Institution {
    const rng = rngFor(this.seed, 'institution', index);
    const prefix = namePrefixes[mix(this.seed ^ 0x1234, index) % namePrefixes.length] as string;
    const [upper, display] = rng.pick(institutionSuffixes);
    return {
      index,
      cnpj: cnpj(ROOT_BASE + this.roots.forward(index)),
      razaoSocial: upper.replace('{P}', upperAscii(prefix)),
      nome: display.replace('{p}', prefix),
      tipoPessoa: 'J',
      codigoPais: 'BRA',
      primaria: rng.chance(0.7) ? 'S' : 'N',
      secundarias: rng.chance(0.4) ? 'S' : 'N',
    };
  }

  byCnpj(text: string): Institution | undefined {
    const root = cnpjRoot(text);
    if (root === undefined || root < ROOT_BASE || root >= ROOT_BASE + 9_000_000) return undefined;
    const index = this.roots.inverse(root - ROOT_BASE);
    return index < this.size ? this.get(index) : undefined;
  }

  /** The institution holding a role for fund i (roles other than administrator and manager are optional). */
  provider(fundIndex: number, role: ProviderRole): Institution | undefined {
    const k = mix(mix(this.seed, fundIndex), role.length * 7919 + role.charCodeAt(0));
    if (role !== 'Administrador' && role !== 'Gestor' && k % 3 === 0) return undefined;
    return this.size > 0 ? this.get(k % this.size) : undefined;
  }
}
