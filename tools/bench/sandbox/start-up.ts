// Start-up to the first answer: in process (what a test suite pays), as a CLI process, and Node's floor (a bare
// node:http process, timed as the CLI is), each round against Prism's start in that round, the four taking turns:
// the ratio is the median of the rounds' ratios, so a slow moment of a shared machine weighs on one round.
import { loadMock, loadSandbox } from '../load-mock.ts';
import type { Row } from '../measure.ts';
import { msSpread, ratioSpread } from './format.ts';
import { E1, firstAnswer, NOW, spawnFloor, spawnSandbox, stop, warmFetch } from './processes.ts';

type Starter = 'prism' | 'inProcess' | 'cli' | 'floor';

interface Starts {
  /** Milliseconds to the first answer, per starter, one per round. */
  ms: Record<Starter, number[]>;
  /** How the CLI was started, as the row names it. */
  cliHow: string;
}

/** The four starters, round by round, each round in another order. */
async function timeStarts(startRounds: number): Promise<Starts> {
  const { startSandbox } = await loadSandbox();
  const { startMock } = await loadMock();
  await warmFetch();
  let cliHow = '';
  const starters: Record<Starter, () => Promise<number>> = {
    prism: async () => {
      const started = performance.now();
      const prism = await startMock();
      await firstAnswer(`${prism.url}${E1}`, { client_id: 'bench', access_token: 'bench' });
      const ms = performance.now() - started;
      await prism.stop();
      return ms;
    },
    inProcess: async () => {
      const started = performance.now();
      const sandbox = await startSandbox({ now: () => Date.parse(NOW) });
      await firstAnswer(`${sandbox.url}${E1}`, {});
      const ms = performance.now() - started;
      await sandbox.stop();
      return ms;
    },
    cli: async () => {
      // As users start it: the request log on (the default), its stdout a file.
      const s = await spawnSandbox([]);
      cliHow = s.how;
      await stop(s.child);
      return s.startMs;
    },
    floor: async () => {
      const s = await spawnFloor();
      await stop(s.child);
      return s.startMs;
    },
  };
  const starterNames = Object.keys(starters) as Starter[];
  const startMs: Record<Starter, number[]> = { prism: [], inProcess: [], cli: [], floor: [] };
  for (let r = 0; r < startRounds; r++) {
    for (let i = 0; i < starterNames.length; i++) {
      const name = starterNames[(i + r) % starterNames.length] as Starter;
      startMs[name].push(await starters[name]());
    }
  }
  return { ms: startMs, cliHow };
}

export async function startUpRows(startRounds: number): Promise<Row[]> {
  const { ms: startMs, cliHow } = await timeStarts(startRounds);
  const vsPrism = (name: Starter) => startMs[name].map((ms, r) => ms / (startMs.prism[r] as number));
  const prismRef = `Prism startMock ${msSpread(startMs.prism)}`;
  const roundsNote = `median of ${startRounds} rounds, ratio per round`;
  return [
    {
      benchmark: `sandbox: start-up to first answer (startSandbox, in process; ${roundsNote})`,
      figure: msSpread(startMs.inProcess),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('inProcess'), 3),
      target: '≤ 0.03×',
    },
    {
      benchmark: `sandbox: start-up to first answer (CLI process, ${cliHow}, request log on; ${roundsNote})`,
      figure: msSpread(startMs.cli),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('cli'), 3),
      target: '≤ 0.08×',
    },
    {
      benchmark: `Node's floor: start-up to first answer of a bare node:http process, timed as the CLI (${roundsNote})`,
      figure: msSpread(startMs.floor),
      reference: prismRef,
      ratio: ratioSpread(vsPrism('floor'), 3),
      target: `(reference: the CLI is ${msSpread(startMs.cli.map((ms, r) => ms - (startMs.floor[r] as number)))} above it)`,
    },
  ];
}
