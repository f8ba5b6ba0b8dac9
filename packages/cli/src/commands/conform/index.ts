// `assoc-feed conform`: every GET operation of the three documents against one environment, each answer checked
// against the spec, and a drift report (unknown fields, missing required fields, type and format mismatches,
// another envelope, and the `x-inferred` choices each touches). Parameters come from the spec's examples; path
// codes are discovered from the answers of the operations without path parameters (called first).
import { type ResponseIssue, toFeedError } from '@assoc-feed/core';
import { loadSpecModel } from '@assoc-feed/specs/load';
import type { Json, SpecModel } from '@assoc-feed/specs/model';
import { createFeedClients } from '../../clients.js';
import { type ConnectionFlags, resolveConnection } from '../../connection.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../job/job.js';
import { createProgress, type Progress, type ProgressMode } from '../../job/progress.js';
import { requestLine } from '../../job/request.js';
import { matchesOnly, type Operation, operations, type QueryValues } from '../../operations.js';
import { type Drift, driftsOf } from './drift.js';

export interface ConformOptions extends ConnectionFlags {
  json: boolean;
  only: string[];
  concurrency: number;
  maxRequests: number;
  progress: ProgressMode;
  quiet: boolean;
  retries?: number;
  timeout?: number;
}

export interface ConformResult {
  operation: string;
  documentId?: string;
  /** What was sent, path and query. */
  request?: string;
  status?: number;
  /** Why nothing was sent (no code found for a path parameter, the request budget spent). */
  skipped?: string;
  /** The service's error, when it answered one. */
  error?: string;
  drifts: Drift[];
}

export interface ConformReport {
  target: string;
  operations: ConformResult[];
  /** `checked`: answers compared with the spec (2xx); the command fails when it is 0. */
  summary: { operations: number; called: number; checked: number; withDrifts: number; skipped: number };
}

const SPECS: Record<Operation['document'], string> = {
  fundosV2: 'fundos-v2',
  fundosV1: 'fundos-v1',
  precosIndices: 'precos-indices',
};

export async function conformCommand(options: ConformOptions, io: Io): Promise<void> {
  const chosen = chosenOperations(options.only);
  const { clients, issues } = conformClients(options, io);
  const progress = createProgress({
    mode: options.quiet ? 'none' : options.progress,
    unit: 'operations',
    label: 'conform',
    stream: io.stderr,
  });
  progress.start(chosen.length, 0);
  const run: ConformRun = {
    options,
    io,
    clients,
    issues,
    modelOf: specModels(),
    progress,
    done: 0,
    sent: 0,
    checked: 0,
    codes: new Map(),
    results: new Map(),
  };
  const call = (op: Operation) => checkOperation(op, run);

  // Operations without path parameters first: their answers hold the codes the others need.
  const withPath = (op: Operation) => op.meta.parameters.some((p) => p.in === 'path');
  await pool(
    chosen.filter((op) => !withPath(op)),
    options.concurrency,
    call,
  );
  await pool(chosen.filter(withPath), options.concurrency, call);
  progress.stop();

  const report = buildReport(chosen, run.results, run.checked, clients.baseUrl);
  io.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : textReport(report));
  if (run.checked === 0) throw nothingChecked(report.operations);
}

/** A report that compared no answer is no verdict on the spec: the command fails, naming the first cause. */
function nothingChecked(list: readonly ConformResult[]): Error {
  const first = list.find((r) => r.error) ?? list.find((r) => r.skipped);
  const cause = first ? ` (${first.operation}: ${first.error ?? first.skipped})` : '';
  return new Error(
    `conform checked nothing: no operation answered with data to compare with the spec${cause}. Check the ` +
      'credentials and the base URL with assoc-feed auth check.',
  );
}

/** The operations `--only` picks (all of them without it); none is a usage error. */
function chosenOperations(only: readonly string[]): Operation[] {
  const chosen = operations.filter((op) => only.length === 0 || only.some((o) => matchesOnly(op, o)));
  if (chosen.length === 0) {
    throw new UsageError(
      `--only ${only.join(',')} matches no GET operation: give part of a path (/titulos-publicos) or a document id (E1).`,
    );
  }
  return chosen;
}

/** The clients of the chosen environment, and the response issues they report, by operation. */
function conformClients(options: ConformOptions, io: Io) {
  const connection = resolveConnection(options, io.env);
  const issues = new Map<string, ResponseIssue[]>();
  const clients = createFeedClients(connection, {
    retries: options.retries,
    timeoutMs: options.timeout,
    onResponseIssues: (found) => {
      for (const issue of found) {
        const key = issue.operation.replace(/ \d+$/, '');
        issues.set(key, [...(issues.get(key) ?? []), issue]);
      }
    },
  });
  return { clients, issues };
}

/** Each document's spec model, loaded on first use. */
function specModels(): (op: Operation) => SpecModel {
  const models = new Map<string, SpecModel>();
  return (op: Operation) => {
    const name = SPECS[op.document];
    let model = models.get(name);
    if (!model) {
      model = loadSpecModel(name);
      models.set(name, model);
    }
    return model;
  };
}

/** What the operation checks share: the clients, the request budget, the codes found so far, the results. */
interface ConformRun {
  options: ConformOptions;
  io: Io;
  clients: ReturnType<typeof createFeedClients>;
  issues: ReadonlyMap<string, ResponseIssue[]>;
  modelOf: (op: Operation) => SpecModel;
  progress: Progress;
  done: number;
  sent: number;
  checked: number;
  codes: Map<string, Set<string>>;
  results: Map<Operation, ConformResult>;
}

/** Calls one operation (unless skipped) and records its result: drifts, the service's error, or why skipped. */
async function checkOperation(op: Operation, run: ConformRun): Promise<void> {
  const { options, io, clients, issues, codes } = run;
  const model = run.modelOf(op);
  const result: ConformResult = {
    operation: `GET ${op.meta.path}`,
    ...(op.meta.documentId ? { documentId: op.meta.documentId } : {}),
    drifts: [],
  };
  run.results.set(op, result);
  try {
    const params = paramsFor(model, op, codes);
    if (typeof params === 'string') {
      result.skipped = params;
      return;
    }
    if (run.sent >= options.maxRequests) {
      result.skipped = `request budget spent (--max-requests ${options.maxRequests})`;
      return;
    }
    run.sent++;
    result.request = requestLine(op.meta.path, params);
    const answer = await clients.document(op.document).GET(op.meta.path, { params, signal: io.signal });
    result.status = answer.response.status;
    const error = toFeedError(answer);
    if (error) {
      result.error = error.message.split('. ')[0] ?? error.code;
      return;
    }
    const found = new Set<string>();
    collectCodes(answer.data, found);
    codes.set(op.meta.path, found);
    const key = `GET ${op.meta.path}`;
    result.drifts = driftsOf(model, op.meta, answer.response.status, answer.data, issues.get(key) ?? []);
    run.checked++;
  } catch (error) {
    if (io.signal.aborted) throw error;
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    run.progress.update(++run.done, `${run.sent} requests`);
  }
}

/** The report, in the order the operations were chosen. */
function buildReport(
  chosen: readonly Operation[],
  results: ReadonlyMap<Operation, ConformResult>,
  checked: number,
  target: string,
): ConformReport {
  const list = chosen.map((op) => results.get(op) as ConformResult);
  return {
    target,
    operations: list,
    summary: {
      operations: list.length,
      called: list.filter((r) => r.status !== undefined).length,
      checked,
      withDrifts: list.filter((r) => r.drifts.length > 0).length,
      skipped: list.filter((r) => r.skipped).length,
    },
  };
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Required parameters from the spec's examples; path codes from what earlier answers held. */
function paramsFor(
  model: SpecModel,
  op: Operation,
  codes: ReadonlyMap<string, ReadonlySet<string>>,
): { path: Record<string, string>; query: QueryValues } | string {
  const spec = model.operation('get', op.meta.path);
  const path: Record<string, string> = {};
  const query: QueryValues = {};
  for (const p of op.meta.parameters) {
    if (!p.required) continue;
    const raw = spec?.parameters.find((s) => s.name === p.name && s.in === p.in) as Json | undefined;
    const example = exampleOf(model, raw);
    if (p.in === 'path') {
      const pattern = p.schema.pattern ? new RegExp(p.schema.pattern) : undefined;
      // The codes of the list the path extends come first (E3's CNPJs for E4), then any that fit the pattern.
      const prefix = op.meta.path.slice(0, op.meta.path.indexOf(`{${p.name}}`)).replace(/\/$/, '');
      const lists = [...codes].sort(([a], [b]) => Number(b === prefix) - Number(a === prefix));
      const found = pattern ? lists.flatMap(([, set]) => [...set]).find((c) => pattern.test(c)) : undefined;
      const value = found ?? example;
      if (value === undefined)
        return `no code for {${p.name}}: no earlier answer held one, and the spec gives no example`;
      path[p.name] = value;
    } else if (p.in === 'query') {
      if (example === undefined) return `no example for the required query parameter ${p.name} in the spec`;
      query[p.name] = example;
    }
  }
  return { path, query };
}

function exampleOf(model: SpecModel, parameter: Json | undefined): string | undefined {
  if (!parameter) return undefined;
  const schema = model.deref<Json>(parameter.schema);
  const examples = parameter.examples as Record<string, Json> | undefined;
  const first = examples ? model.deref<Json>(Object.values(examples)[0])?.value : undefined;
  const value =
    parameter.example ?? first ?? schema?.example ?? (schema?.examples as unknown[] | undefined)?.[0];
  return value === undefined ? undefined : String(value);
}

/** Code-like strings of an answer (fund, class, subclass codes, CNPJs), for the operations with path codes. */
function collectCodes(node: unknown, into: Set<string>, key = '', budget = { left: 2000 }): void {
  if (budget.left-- <= 0) return;
  if (typeof node === 'string') {
    if (/codigo|cnpj|identificador/.test(key) && into.size < 500) into.add(node);
  } else if (Array.isArray(node)) {
    for (const item of node.slice(0, 20)) collectCodes(item, into, key, budget);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) collectCodes(v, into, k, budget);
  }
}

function textReport(report: ConformReport): string {
  const lines: string[] = [];
  const s = report.summary;
  lines.push(
    `conform ${report.target}: ${s.operations} GET operations, ${s.called} answered, ${s.checked} checked, ${s.withDrifts} differ from the spec, ${s.skipped} skipped`,
  );
  for (const r of report.operations) {
    const id = r.documentId ? `  (${r.documentId})` : '';
    const head = r.skipped
      ? `skipped: ${r.skipped}`
      : r.error
        ? `${r.status ?? 'no answer'}: ${r.error}`
        : r.drifts.length === 0
          ? `${r.status} matches the spec`
          : `${r.status} ${r.drifts.length} difference(s)`;
    lines.push(`${r.operation}${id}  ${head}`);
    for (const d of r.drifts) {
      lines.push(`  ${d.kind.padEnd(13)} ${d.pointer || '/'}: expected ${d.expected}, found ${d.found}`);
      for (const choice of d.inferred) lines.push(`      touches the inferred choice: ${choice}`);
    }
  }
  if (s.withDrifts > 0) {
    lines.push(
      '',
      'To report a difference: run again with --json > conform.json and attach the file to an issue (it holds no credentials).',
    );
  }
  return `${lines.join('\n')}\n`;
}
