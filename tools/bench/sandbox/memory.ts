// Memory: the caches are bounded, so a universe of a million funds holds about what the default universe does
// after the same load.
import type { Row } from '../measure.ts';
import { mb } from './format.ts';
import { type Answer, buildMix, load } from './mix.ts';
import { rssMb, type SandboxProcess, spawnSandbox, stop, token } from './processes.ts';

/** `quiet` has served the whole mix already; it gets one more load, as a sandbox of 1,000,000 funds does. */
export async function memoryRows(
  quiet: SandboxProcess,
  headers: Record<string, string>,
  answers: Answer[],
  seconds: number,
): Promise<Row[]> {
  const big = await spawnSandbox(['--quiet', '--funds', '1000000']);
  try {
    const bigHeaders = { client_id: 'sandbox-client', access_token: await token(big.url) };
    const bigAnswers = await buildMix(big.url, bigHeaders, 1_000_000);
    await load(quiet.url, answers, headers, seconds);
    await load(big.url, bigAnswers, bigHeaders, seconds);
    const small = { start: quiet.rssAtStart, after: rssMb(quiet.child.pid) };
    const large = { start: big.rssAtStart, after: rssMb(big.child.pid) };
    const grew = (m: { start?: number | undefined; after?: number | undefined }) =>
      m.start !== undefined && m.after !== undefined ? `+${(m.after - m.start).toFixed(0)} MB` : 'n/a';
    return [
      {
        benchmark: `sandbox: RSS at start → after the mix (all its runs, then ${seconds} s more), 1,000,000 funds (caches bounded)`,
        figure: `${mb(large.start)} → ${mb(large.after)}`,
        reference: `7,231 funds ${mb(small.start)} → ${mb(small.after)}`,
        ratio: `grew ${grew(large)} vs ${grew(small)}`,
        target: 'about the same (bounded)',
      },
    ];
  } finally {
    await stop(big.child);
  }
}
