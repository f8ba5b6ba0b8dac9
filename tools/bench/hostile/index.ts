// `pnpm bench hostile`: the faults found by hostile runs against the client, the sandbox and the command line,
// replayed on loopback with bounded loops, as a table of what each answered.
import type { Row } from '../measure.ts';
import { cliRows } from './cli.ts';
import { clientRows } from './client.ts';
import { sandboxRows } from './sandbox.ts';

export async function hostileBench(): Promise<Row[]> {
  return [...(await clientRows()), ...(await sandboxRows()), ...(await cliRows())];
}
