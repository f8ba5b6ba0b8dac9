// The MCP server from its tarball, as an assistant runs it: the official SDK's Client over stdio starts
// `npx assoc-feed-mcp --sandbox` in the consumer project, and the installed bin with FEED_* pointing at the packed
// sandbox's bin (entitled to E5). It lists the tools and the 64 operations, describes one, calls every GET with its
// spec example parameters (none may answer isError), checks each failure of the README comes back as isError with
// the server still answering, that a quota arrives with the digits the sandbox sent, that no answer holds the
// secret or a token, and that SIGTERM and the end of stdin stop the server. Waits only bound a failure.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Step } from '../../../tools/release/consumer.ts';

const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 30_000;

interface Json {
  [key: string]: unknown;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

interface Sandbox {
  child: ChildProcess;
  url: string;
  clientId: string;
  clientSecret: string;
}

async function startSandbox(dir: string, args: string[]): Promise<Sandbox> {
  const bin = join(dir, 'node_modules', '.bin', 'assoc-feed-sandbox');
  const child = spawn(bin, ['--port', '0', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
    const credentials = /client_id=(\S+) client_secret=(\S+)/.exec(out);
    if (url && credentials) {
      return { child, url, clientId: credentials[1] as string, clientSecret: credentials[2] as string };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`assoc-feed-sandbox ${args.join(' ')} did not start:\n${out}`);
}

/** The body of a GET as the sandbox sent it (no client between). */
async function rawText(sandbox: Sandbox, pathAndQuery: string): Promise<string> {
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
  const token = await fetch(`${sandbox.url}/oauth/access-token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await fetch(`${sandbox.url}${pathAndQuery}`, {
    headers: { client_id: sandbox.clientId, access_token },
  });
  return response.text();
}

async function connect(command: string, args: string[], dir: string, env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: dir,
    env: { ...clean(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  const client = new Client({ name: 'check-packages', version: '0.0.0' });
  await client.connect(transport, { timeout: START_LIMIT_MS });
  const call = async (name: string, args: Json) =>
    (await client.callTool({ name, arguments: args }, undefined, {
      timeout: START_LIMIT_MS,
    })) as CallToolResult;
  return { client, transport, call, closed, stderr: () => stderr };
}

/** The inherited environment without any FEED_* (the server must be configured by what each session sets). */
function clean(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('FEED_'),
    ),
  );
}

/** Each operation's example parameters from the packed spec: path parameters and the query's, paging aside. */
function examples(dir: string): { id: string; path: Json; query: Json; callable: boolean }[] {
  const spec = JSON.parse(
    readFileSync(join(dir, 'node_modules', '@assoc-feed', 'specs', 'dist', 'feed.json'), 'utf8'),
  ) as { paths: Record<string, Record<string, Json>>; components: { parameters: Record<string, Json> } };
  const out: { id: string; path: Json; query: Json; callable: boolean }[] = [];
  for (const [, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || !op || !('operationId' in op)) continue;
      const path: Json = {};
      const query: Json = {};
      for (const raw of (op.parameters as Json[] | undefined) ?? []) {
        const ref = typeof raw.$ref === 'string' ? raw.$ref.split('/').pop() : undefined;
        const p = (ref ? spec.components.parameters[ref] : raw) as Json;
        const example = p.example ?? (p.schema as Json | undefined)?.example;
        if (example === undefined || p.name === 'page' || p.name === 'size') continue;
        if (p.in === 'path') path[p.name as string] = example;
        if (p.in === 'query') query[p.name as string] = example;
      }
      out.push({ id: op.operationId as string, path, query, callable: method === 'get' });
    }
  }
  return out;
}

const quotas = (text: string) => [...text.matchAll(/"valor_cota":(-?[\d.eE+-]+)/g)].map((m) => m[1]);

type Operation = ReturnType<typeof examples>[number];
type Connection = Awaited<ReturnType<typeof connect>>;
type Session = (problems: string[]) => Promise<void>;

/** The three tools, the 64 operations listed, one described, and a page of funds. */
async function checkToolsAndOperations(
  call: Connection['call'],
  client: Client,
  operations: Operation[],
  problems: string[],
): Promise<void> {
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  if (tools.join() !== 'call_operation,describe_operation,find_fund,list_operations')
    problems.push(`tools: ${tools.join(', ')}`);
  const list = textOf(await call('list_operations', {}));
  const missing = operations.filter((o) => !list.includes(`${o.id}  `)).map((o) => o.id);
  if (operations.length !== 64 || missing.length)
    problems.push(`list_operations lacks ${missing.join(', ')}`);
  const described = textOf(
    await call('describe_operation', { operation: 'precosIndicesTitulosPublicosMercadoSecundarioTpf' }),
  );
  if (!/^- data \(/m.test(described) || !/^- taxa_indicativa \(/m.test(described))
    problems.push(`describe_operation lacks data or taxa_indicativa:\n${described}`);
  const funds = await call('call_operation', { operation: 'fundosV2ListFunds', query: { size: 3 } });
  if (funds.isError || !/"codigo_fundo":"F\d{10}"/.test(textOf(funds)))
    problems.push(`fundosV2ListFunds: ${textOf(funds)}`);
}

/** Each failure of the README comes back as isError, and the server still answers after it. */
async function checkFailures(call: Connection['call'], problems: string[]): Promise<void> {
  const failures: [Json, RegExp][] = [
    [{ operation: 'noSuchOperation' }, /not an operation of the Feed API/],
    [{ operation: 'fundosV2ListFunds', query: { size: 'many' } }, /size/],
    [{ operation: 'fundosV2GetFund', path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } }, /404/],
    [
      {
        operation: 'fundosV2GetInvestorSegmentNetAssets',
        path: { codigo_classe_ou_subclasse: 'C0000100007' },
      },
      /403/,
    ],
    [{ operation: 'feedRequestAccessToken' }, /not callable here/],
    [{ operation: 'inputPostPrivateSecurities', path: { resource: 'envio' } }, /not callable here/],
  ];
  for (const [args, reason] of failures) {
    const result = await call('call_operation', args);
    if (!result.isError || !reason.test(textOf(result)))
      problems.push(`${JSON.stringify(args)}: expected isError matching ${reason}, got ${textOf(result)}`);
    const after = await call('call_operation', { operation: 'fundosV2ListFunds', max_records: 1 });
    if (after.isError)
      problems.push(`after ${JSON.stringify(args)} the server no longer answers: ${textOf(after)}`);
  }
}

/** An assistant that quits closes the server's stdin: the server must end by itself, with exit 0. */
async function checkEndOfStdin(bin: string, dir: string, problems: string[]): Promise<void> {
  const alone = spawn(bin, ['--sandbox'], { cwd: dir, stdio: ['pipe', 'ignore', 'ignore'] });
  const code = new Promise<number | null>((resolve) => alone.once('exit', (c) => resolve(c)));
  alone.stdin?.end();
  const ended = await Promise.race([code, new Promise((r) => setTimeout(() => r('timeout'), STOP_LIMIT_MS))]);
  if (ended !== 0)
    problems.push(
      `on the end of its stdin the server ${ended === 'timeout' ? 'kept running' : `exited ${ended}`}`,
    );
  if (ended === 'timeout') alone.kill('SIGKILL');
}

/** `npx assoc-feed-mcp --sandbox`: tools, operations, failures, a bounded answer, no secret, the notice. */
function npxSandboxSession(dir: string, bin: string, operations: Operation[]): Session {
  return async (problems) => {
    const s = await connect('npx', ['assoc-feed-mcp', '--sandbox'], dir);
    const answers: CallToolResult[] = [];
    const call = async (name: string, args: Json) => {
      const result = await s.call(name, args);
      answers.push(result);
      return result;
    };
    await checkToolsAndOperations(call, s.client, operations, problems);
    await checkFailures(call, problems);
    const big = await call('call_operation', {
      operation: 'fundosV2ListFunds',
      query: { size: 1000 },
      max_records: 1000,
    });
    const size = textOf(big).length + JSON.stringify(big.structuredContent ?? {}).length;
    if (size > 50_000) problems.push(`a thousand funds came to ${size} characters (bound: 50,000)`);
    const all = JSON.stringify(answers);
    if (all.includes('sandbox-secret')) problems.push('an answer holds the client secret');
    if (!answers.every((a) => textOf(a).startsWith('SANDBOX:')))
      problems.push('an answer lacks the sandbox notice');
    await s.client.close();
    await checkEndOfStdin(bin, dir, problems);
  };
}

/** The quotas of a series reach the assistant with the digits the sandbox sent, in the text and the records. */
async function checkQuotaVerbatim(
  s: Connection,
  sandbox: Sandbox,
  problems: string[],
): Promise<CallToolResult> {
  const series = await s.call('call_operation', {
    operation: 'fundosV2GetSeries',
    path: { codigo_classe_ou_subclasse: 'C0000100007' },
  });
  const sent = quotas(
    await rawText(sandbox, '/feed/fundos/v2/fundos/C0000100007/serie-historica?page=0&size=20'),
  );
  const got = quotas(textOf(series));
  const strings = ((series.structuredContent as { records?: Json[] } | undefined)?.records ?? []).map(
    (r) => r.valor_cota,
  );
  if (sent.length === 0 || got.join() !== sent.join() || strings.join() !== sent.join())
    problems.push(
      `valor_cota: the sandbox sent ${sent.join(' ')}; the text carried ${got.join(' ')}; structuredContent ${strings.join(' ')}`,
    );
  return series;
}

/** SIGTERM to the server's pid closes the session within the stop limit. */
async function checkSigterm(s: Connection, problems: string[]): Promise<void> {
  const pid = s.transport.pid;
  const exit = new Promise<void>((resolve) => s.closed.then(resolve));
  if (pid) process.kill(pid, 'SIGTERM');
  const closed = await Promise.race([
    exit.then(() => 'closed'),
    new Promise((r) => setTimeout(() => r('timeout'), STOP_LIMIT_MS)),
  ]);
  if (closed !== 'closed') problems.push(`still running ${STOP_LIMIT_MS / 1000} s after SIGTERM`);
}

/** The installed bin with FEED_* at the packed sandbox's bin entitled to E5: every GET with its examples. */
function everyGetSession(dir: string, bin: string, operations: Operation[]): Session {
  return async (problems) => {
    const sandbox = await startSandbox(dir, ['--quiet', '--entitle', 'E5']);
    try {
      const s = await connect(bin, [], dir, {
        FEED_ENVIRONMENT: 'sandbox',
        FEED_SANDBOX_BASE_URL: sandbox.url,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
      });
      const answers: CallToolResult[] = [];
      for (const op of operations.filter((o) => o.callable)) {
        const result = await s.call('call_operation', {
          operation: op.id,
          path: op.path,
          query: op.query,
          max_records: 5,
        });
        answers.push(result);
        if (result.isError) problems.push(`${op.id} ${JSON.stringify(op)}: ${textOf(result)}`);
      }
      answers.push(await checkQuotaVerbatim(s, sandbox, problems));
      if (JSON.stringify(answers).includes(sandbox.clientSecret))
        problems.push('an answer holds the client secret');
      await checkSigterm(s, problems);
      await s.client.close();
    } finally {
      sandbox.child.kill('SIGTERM');
    }
  };
}

/** `--timeout-ms 300` against a sandbox slower than that: the timeout comes back as isError, the server lives. */
function timeoutSession(dir: string, bin: string): Session {
  return async (problems) => {
    const sandbox = await startSandbox(dir, ['--quiet', '--latency', '5000']);
    try {
      const s = await connect(bin, ['--timeout-ms', '300'], dir, {
        FEED_BASE_URL: sandbox.url,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
      });
      const result = await s.call('call_operation', { operation: 'fundosV2ListFunds', max_records: 1 });
      if (!result.isError || !/timed out|timeout/i.test(textOf(result)))
        problems.push(`expected a timeout: ${textOf(result)}`);
      const list = await s.call('list_operations', { search: 'quota' });
      if (list.isError) problems.push('the server no longer answers after the timeout');
      await s.client.close();
    } finally {
      sandbox.child.kill('SIGTERM');
    }
  };
}

/** Runs `body`, catching what it throws: a Step named `name` with its problems. */
async function runSession(name: string, body: Session): Promise<Step> {
  const started = performance.now();
  const problems: string[] = [];
  try {
    await body(problems);
  } catch (error) {
    problems.push(`failed: ${(error as Error).stack ?? String(error)}`);
  }
  return {
    name,
    ok: problems.length === 0,
    output: problems.join('\n') || 'ok',
    ms: performance.now() - started,
  };
}

/** Runs the sessions in the installed consumer project `dir`, one after the other; one Step per session. */
export async function checkMcpServer(dir: string): Promise<Step[]> {
  const operations = examples(dir);
  const bin = join(dir, 'node_modules', '.bin', 'assoc-feed-mcp');
  return [
    await runSession(
      'npx assoc-feed-mcp --sandbox: tools, operations, failures as isError; end of stdin stops it',
      npxSandboxSession(dir, bin, operations),
    ),
    await runSession(
      'assoc-feed-mcp, FEED_* at assoc-feed-sandbox --entitle E5: every GET with its spec examples, a quota verbatim, SIGTERM',
      everyGetSession(dir, bin, operations),
    ),
    await runSession(
      'assoc-feed-mcp --timeout-ms 300, FEED_BASE_URL at a slow sandbox: the timeout as isError',
      timeoutSession(dir, bin),
    ),
  ];
}
