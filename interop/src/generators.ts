// The five generators, each run as the specs README's "Generating your own client" shows (its CLI; kubb's API,
// since its CLI reaches the network), and how to find, in what each one generates, the zod schema of an operation's answer.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);

/** A zod schema, as far as the check needs one. */
export interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
}

/** One operation of the spec. */
export interface Operation {
  operationId: string;
  method: string;
  path: string;
}

export interface Generator {
  name: string;
  /** Writes the generated code into `dir` (created empty) from the spec file. */
  generate(spec: string, dir: string): Promise<void>;
  /** The module to type-check and load, relative to `dir`. */
  entry: string;
  /** The schema of the answer `status` of `op` in the loaded module, or undefined when there is none. */
  responseSchema(mod: Record<string, unknown>, op: Operation, status: string): Parser | undefined;
  /**
   * The answers the generator leaves out by design with the documented command, and why: listed under the table,
   * not counted as a failure. Any other answer without a schema fails the check.
   */
  leavesOut?: { status: (status: string) => boolean; why: string };
}

const pascal = (id: string) => id[0]?.toUpperCase() + id.slice(1);
const asParser = (value: unknown): Parser | undefined =>
  value && typeof (value as Parser).safeParse === 'function' ? (value as Parser) : undefined;

/** A copy of the spec without `deprecated: true` on operations (typed-openapi leaves deprecated ones out). */
function withoutDeprecated(spec: string, dir: string): string {
  const doc = JSON.parse(readFileSync(spec, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && 'deprecated' in op)
        delete (op as { deprecated?: boolean }).deprecated;
    }
  }
  const copy = join(dir, 'feed.no-deprecated.json');
  writeFileSync(copy, JSON.stringify(doc));
  return copy;
}

export const generators: Generator[] = [
  {
    name: '@hey-api/openapi-ts 0.95.0 (zod)',
    entry: 'zod.gen.ts',
    async generate(spec, dir) {
      await run(bin('openapi-ts'), ['-i', spec, '-o', dir, '-p', 'zod']);
    },
    responseSchema: (mod, op) => asParser(mod[`z${pascal(op.operationId)}Response`]),
  },
  {
    name: 'openapi-zod-client 1.18.3',
    entry: 'client.ts',
    async generate(spec, dir) {
      await run(bin('openapi-zod-client'), [spec, '-o', join(dir, 'client.ts'), '--with-deprecated']);
    },
    responseSchema(mod, op) {
      // The Zodios client keeps its endpoint definitions; `alias` is the operationId.
      const endpoints = (mod.api as { api: { alias?: string; response: unknown }[] }).api;
      return asParser(endpoints.find((e) => e.alias === op.operationId)?.response);
    },
  },
  {
    name: 'kubb 4.39.3 (plugin-zod)',
    entry: 'zod/index.ts',
    async generate(spec, dir) {
      // @kubb/core's build(): the kubb CLI checks for updates over the network on every run.
      const { build } = await import('@kubb/core');
      const { pluginOas } = await import('@kubb/plugin-oas');
      const { pluginTs } = await import('@kubb/plugin-ts');
      const { pluginZod } = await import('@kubb/plugin-zod');
      // Some of its writes resolve against the working directory, whatever `root` says.
      const cwd = process.cwd();
      process.chdir(dir);
      const out = await build({
        config: {
          root: dir,
          input: { path: spec },
          output: { path: '.', clean: false },
          plugins: [pluginOas({ validate: false }), pluginTs(), pluginZod()],
        },
      }).finally(() => process.chdir(cwd));
      const failed = [...out.failedPlugins].map((f) => f.error.message);
      if (out.error || failed.length > 0)
        throw new Error([out.error?.message, ...failed].filter(Boolean).join('; '));
    },
    responseSchema: (mod, op, status) => asParser(mod[`${op.operationId}${status}Schema`]),
  },
  {
    name: 'orval 7.13.2 (zod)',
    entry: 'feed.zod.ts',
    async generate(spec, dir) {
      // It prints "Swagger schema validation failed" for the server variables (valid OpenAPI 3.1) and goes on.
      await run(bin('orval'), [
        '--input',
        spec,
        '--output',
        join(dir, 'feed.zod.ts'),
        '--client',
        'zod',
        '--mode',
        'single',
      ]);
    },
    responseSchema: (mod, op) => asParser(mod[`${op.operationId}Response`]),
    leavesOut: {
      status: (status) => status !== '200',
      why: "orval's zod client writes the 200 answer's schema only, unless its config sets override.zod.generateEachHttpStatus",
    },
  },
  {
    name: 'typed-openapi 2.2.7 (zod)',
    entry: 'feed.zod.ts',
    async generate(spec, dir) {
      mkdirSync(dir, { recursive: true });
      // It writes `-o` relative to the working directory, even an absolute path. Its fetch client does not
      // compile under `--strict` with zod 3 on any spec (`z.infer<TEndpoint>` of a plain object), so the check
      // generates what validation needs: the schemas and the endpoint map.
      const args = [
        withoutDeprecated(spec, dir),
        '-r',
        'zod',
        '-o',
        'feed.zod.ts',
        '--include-client',
        'false',
      ];
      await run(bin('typed-openapi'), args, { cwd: dir });
    },
    responseSchema(mod, op, status) {
      const byMethod = mod.EndpointByMethod as Record<
        string,
        Record<string, { shape: Record<string, unknown> }>
      >;
      const endpoint = byMethod[op.method]?.[op.path] as unknown as
        | { responses?: { shape: Record<string, unknown> } }
        | undefined;
      return asParser(endpoint?.responses?.shape[status]);
    },
  },
];
