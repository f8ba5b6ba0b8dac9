// pnpm check:interop: the bundled spec (packages/specs/dist/feed.json) as a team that generates its own client
// uses it. Each of five mainstream generators (pinned in package.json) generates from it; the output must pass
// `tsc --strict`, load, and accept, with its own zod schemas, every 2xx JSON answer of a sandbox (entitled to
// E5) to one call of every operation. Prints a table; exits 1 when any generator fails any step.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type Generator, generators } from './generators.ts';
import { type Answer, callEveryOperation, operationsOf, startSandbox } from './sandbox.ts';

const run = promisify(execFile);
const here = join(import.meta.dirname, '..');
const repoRoot = join(here, '..');
const specFile = join(repoRoot, 'packages', 'specs', 'dist', 'feed.json');

interface Row {
  generator: string;
  generates: string;
  tsc: string;
  loads: string;
  accepted: string;
  seconds: number;
  problems: string[];
  /** Answers the generator leaves out by design (its `leavesOut`), listed apart. */
  notes: string[];
  ok: boolean;
}

/** `tsc --strict` on the generated entry (and what it imports); the number of errors and the first ones. */
async function typeCheck(dir: string, entry: string): Promise<string[]> {
  const tsc = join(here, 'node_modules', '.bin', 'tsc');
  const flags = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext'];
  flags.push(
    '--moduleResolution',
    'bundler',
    '--allowImportingTsExtensions',
    '--skipLibCheck',
    '--types',
    'node',
  );
  try {
    await run(tsc, [...flags, join(dir, entry)], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? error);
    return out.split('\n').filter((line) => /error TS\d+/.test(line));
  }
}

async function check(generator: Generator, answers: Answer[]): Promise<Row> {
  const started = performance.now();
  const dir = join(
    here,
    'out',
    (generator.name.split(' ')[0] ?? 'out').replace(/^@/, '').replace(/\//g, '-'),
  );
  const row: Row = {
    generator: generator.name,
    generates: 'no',
    tsc: '–',
    loads: '–',
    accepted: '–',
    seconds: 0,
    problems: [],
    notes: [],
    ok: false,
  };
  const done = () => ({ ...row, seconds: (performance.now() - started) / 1000 });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    await generator.generate(specFile, dir);
    if (!existsSync(join(dir, generator.entry))) throw new Error(`no ${generator.entry} was written`);
    row.generates = 'yes';
  } catch (error) {
    row.problems.push(`generate: ${(error as Error).message.split('\n')[0]}`);
    return done();
  }
  const errors = await typeCheck(dir, generator.entry);
  row.tsc = `${errors.length} errors`;
  row.problems.push(...errors.slice(0, 5).map((e) => `tsc: ${e.replace(dir, '.')}`));
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(join(dir, generator.entry)).href)) as Record<string, unknown>;
    row.loads = 'yes';
  } catch (error) {
    row.loads = 'no';
    row.problems.push(`load: ${(error as Error).message.split('\n')[0]}`);
    return done();
  }
  const success = answers.filter((a) => a.status >= 200 && a.status < 300 && a.body !== undefined);
  let accepted = 0;
  for (const answer of success) {
    const status = String(answer.status);
    const schema = generator.responseSchema(mod, answer.op, status);
    if (!schema && generator.leavesOut?.status(status)) {
      row.notes.push(`${answer.op.operationId} ${status}: not generated (${generator.leavesOut.why})`);
      continue;
    }
    if (!schema) {
      row.problems.push(
        `${answer.op.operationId} ${status}: no schema for this answer in the generated code`,
      );
      continue;
    }
    const result = schema.safeParse(answer.body);
    if (result.success) accepted++;
    else {
      const issue = JSON.stringify(result.error?.issues[0] ?? {}).slice(0, 300);
      row.problems.push(`${answer.op.operationId} ${status}: rejected: ${issue}`);
    }
  }
  const checked = success.length - row.notes.length;
  row.accepted = `${accepted}/${checked}${row.notes.length ? ` (+${row.notes.length} not generated)` : ''}`;
  row.ok = errors.length === 0 && accepted === checked;
  return done();
}

async function main(): Promise<number> {
  if (!existsSync(specFile)) {
    console.error(
      `check:interop: ${specFile} is missing: build the specs first (./dev setup or pnpm build).`,
    );
    return 2;
  }
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as Record<string, unknown>;
  const sandbox = await startSandbox(repoRoot);
  let answers: Answer[];
  try {
    answers = await callEveryOperation(spec, sandbox.url);
  } finally {
    await sandbox.stop();
  }
  const operations = operationsOf(spec);
  const silent = operations.filter(
    (op) =>
      !answers.some(
        (a) => a.op.operationId === op.operationId && a.status < 300 && a.contentType.includes('json'),
      ),
  );
  console.log(
    `sandbox --entitle E5: ${operations.length} operations called, ` +
      `${operations.length - silent.length} answered 2xx JSON`,
  );
  for (const op of silent) {
    const a = answers.find((x) => x.op.operationId === op.operationId);
    console.log(`  ${op.method.toUpperCase()} ${op.path}: ${a?.status} ${a?.text.slice(0, 200)}`);
  }

  const rows: Row[] = [];
  const only = process.argv[2];
  for (const generator of generators.filter((g) => !only || g.name.includes(only))) {
    rows.push(await check(generator, answers));
    const row = rows.at(-1) as Row;
    console.log(`${row.ok ? 'ok  ' : 'FAIL'} ${row.generator} (${row.seconds.toFixed(1)} s)`);
  }

  const header = ['generator', 'generates', 'tsc --strict', 'module loads', '2xx bodies accepted', 'time'];
  const lines = rows.map((r) => [
    r.generator,
    r.generates,
    r.tsc,
    r.loads,
    r.accepted,
    `${r.seconds.toFixed(1)} s`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const show = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\n${show(header)}\n${show(widths.map((w) => '-'.repeat(w)))}`);
  for (const line of lines) console.log(show(line));
  for (const row of rows.filter((r) => r.notes.length > 0)) {
    console.log(`\n${row.generator}, left out by design:`);
    for (const note of row.notes) console.log(`  ${note}`);
  }
  for (const row of rows.filter((r) => r.problems.length > 0)) {
    console.log(`\n${row.generator}:`);
    for (const problem of row.problems.slice(0, 10)) console.log(`  ${problem}`);
    if (row.problems.length > 10) console.log(`  … and ${row.problems.length - 10} more`);
  }
  const ok = silent.length === 0 && rows.every((r) => r.ok);
  console.log(ok ? '\ncheck:interop: OK' : '\ncheck:interop: FAILED (see above)');
  return ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `check:interop: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 2;
  },
);
