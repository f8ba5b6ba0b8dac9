// The suite bench's tables: packages, then test files, each sorted by CPU seconds (most first), with totals.
import type { Row } from '../measure.ts';

export interface FileTime {
  file: string;
  wall: number;
  cpu: number;
  children: number;
}

export interface PackageTime {
  name: string;
  wall: number;
  cpu: number;
  /** The whole machine's CPU during the run (undefined without /proc). */
  machine?: number;
  ok: boolean;
  files: FileTime[];
}

const s = (seconds: number) => seconds.toFixed(1);

function printRows(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The machine's CPU of all the packages, or undefined when a package has none (no /proc): never a partial sum. */
const machineTotal = (packages: PackageTime[]): number | undefined =>
  packages.every((p) => p.machine !== undefined) ? sum(packages.map((p) => p.machine as number)) : undefined;

/** Prints both tables; returns the totals as rows of `pnpm bench`'s table. */
export function printProfile(packages: PackageTime[]): Row[] {
  const byCpu = [...packages].sort((a, b) => b.cpu - a.cpu);
  console.log(
    "\nsuite: per package (the package's `test` script; CPU = user + system of the processes it waited for; machine CPU = the whole machine's meanwhile, the browser's renderers included: read it idle)",
  );
  printRows(
    ['package', 'CPU s', 'machine CPU s', 'wall s', 'files', 'files CPU s', 'outside files CPU s', 'result'],
    [
      ...byCpu.map((p) => {
        const filesCpu = sum(p.files.map((f) => f.cpu));
        return [
          p.name,
          s(p.cpu),
          p.machine === undefined ? '-' : s(p.machine),
          s(p.wall),
          String(p.files.length),
          s(filesCpu),
          s(p.cpu - filesCpu),
          p.ok ? 'ok' : 'FAIL',
        ];
      }),
      [
        'total',
        s(sum(packages.map((p) => p.cpu))),
        machineTotal(packages) === undefined ? '-' : s(machineTotal(packages) as number),
        s(sum(packages.map((p) => p.wall))),
        String(sum(packages.map((p) => p.files.length))),
        s(sum(packages.flatMap((p) => p.files.map((f) => f.cpu)))),
        '',
        packages.every((p) => p.ok) ? 'ok' : 'FAIL',
      ],
    ],
  );
  const files = packages
    .flatMap((p) => p.files.map((f) => ({ ...f, name: `${p.name}/${f.file}` })))
    .sort((a, b) => b.cpu - a.cpu);
  console.log('\nsuite: per test file (from its set-up to its last hook; child CPU = processes it started)');
  printRows(
    ['test file', 'CPU s', 'child CPU s', 'wall s'],
    [
      ...files.map((f) => [f.name, s(f.cpu), s(f.children), s(f.wall)]),
      [
        'total',
        s(sum(files.map((f) => f.cpu))),
        s(sum(files.map((f) => f.children))),
        s(sum(files.map((f) => f.wall))),
      ],
    ],
  );
  console.log('');
  const machine = machineTotal(packages);
  return [
    {
      benchmark: `suite: ${packages.length} packages' tests, CPU (user + system)`,
      figure: `${s(sum(packages.map((p) => p.cpu)))} s`,
    },
    ...(machine === undefined
      ? []
      : [
          {
            benchmark: "suite: the machine's CPU meanwhile (the browser's renderers included)",
            figure: `${s(machine)} s`,
          },
        ]),
    {
      benchmark: 'suite: the same, wall (one package at a time)',
      figure: `${s(sum(packages.map((p) => p.wall)))} s`,
    },
  ];
}
