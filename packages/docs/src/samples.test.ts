// The TypeScript the site shows compiles against the real clients, strict, as a reader would paste it: every
// typed-client sample of the reference pages (client.GET and client.paginate, from the same code as the build)
// and the landing page's quick start, mock and sandbox blocks (read from the built index.html). Two deliberately
// wrong calls must fail, so a client typed `any` could not pass. The files are kept in test-artifacts/samples/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { clientOf, codeSamples, languages } from './site/code-samples.ts';
import { isPaginated } from './site/operations.ts';
import { artifactsDir } from './test-support/artifacts.ts';
import { builtDocuments, distDir, operationsOf } from './test-support/site.ts';

const samplesDir = join(artifactsDir, 'samples');
const typescriptLabels = new Set<string>([languages.typescript.label, languages.paging.label]);

interface Sample {
  file: string;
  what: string;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The landing page's TypeScript blocks, one module per data-ts-module, blocks in page order. */
function landingModules(html: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const m of html.matchAll(/<pre class="ts" data-ts-module="([\w-]+)">([\s\S]*?)<\/pre>/g)) {
    const [, name = '', code = ''] = m;
    modules.set(name, [modules.get(name), unescapeHtml(code)].filter(Boolean).join('\n\n'));
  }
  return modules;
}

function write(relativePath: string, code: string, what: string, into: Sample[]): void {
  const file = join(samplesDir, relativePath);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${code.trimEnd()}\n`);
  into.push({ file, what });
}

const samples: Sample[] = [];
const controls: Sample[] = [];
let diagnostics: Map<string, string[]>;

beforeAll(() => {
  rmSync(samplesDir, { recursive: true, force: true });
  for (const doc of builtDocuments()) {
    for (const op of operationsOf(doc)) {
      for (const sample of codeSamples(doc.spec, op)) {
        if (!typescriptLabels.has(sample.label)) continue;
        const name = `${op.operationId}.${sample.label.replace(/\W+/g, '-').replace(/-$/, '')}.ts`;
        write(join(doc.api, name), sample.source, `${doc.api} ${op.operationId} (${sample.label})`, samples);
      }
    }
  }
  for (const [name, code] of landingModules(readFileSync(join(distDir, 'index.html'), 'utf8'))) {
    write(join('landing', `${name}.ts`), code, `index.html, ${name}`, samples);
  }
  for (const [name, code] of landingModules(readFileSync(join(distDir, 'sdk-guides.html'), 'utf8'))) {
    write(join('sdk-guides', `${name}.ts`), code, `sdk-guides.html, ${name}`, samples);
  }
  // Controls: a real detail path paginated, and a real path with a parameter name it does not take.
  const [first] = builtDocuments();
  const detail =
    first &&
    operationsOf(first).find(
      (op) => op.method === 'get' && !isPaginated(op) && op.parameters.some((p) => p.in === 'path'),
    );
  if (first && detail) {
    const { packageName, factory } = clientOf(first.api);
    const setup = `import { ${factory} } from '${packageName}';\nconst client = ${factory}({ clientId: 'a', clientSecret: 'b', environment: 'sandbox' });\n`;
    write(
      'controls/paginate-a-detail.ts',
      `${setup}for await (const x of client.paginate('${detail.path}', {})) console.log(x);`,
      `paginate on ${detail.path}, not a list`,
      controls,
    );
    write(
      'controls/wrong-parameter.ts',
      `${setup}await client.GET('${detail.path}', { params: { path: { no_such_parameter: 'x' } } });`,
      `GET ${detail.path} with a parameter it does not take`,
      controls,
    );
  }

  const program = ts.createProgram({
    rootNames: [...samples, ...controls].map((s) => s.file),
    options: {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      skipLibCheck: true,
    },
  });
  diagnostics = new Map();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '(no file)';
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const text = `${relative(samplesDir, file)}:${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    diagnostics.set(file, [...(diagnostics.get(file) ?? []), text]);
  }
});

describe('the TypeScript samples compile against the real clients', () => {
  test('every typed-client sample of the three reference pages and every block of the landing page and the SDK guides', () => {
    const documents = builtDocuments();
    const gets = documents.flatMap((doc) => operationsOf(doc).filter((op) => op.method === 'get'));
    expect(samples.filter((s) => !s.what.startsWith('index.html')).length).toBeGreaterThanOrEqual(
      gets.length,
    );
    expect(samples.map((s) => s.what)).toEqual(
      expect.arrayContaining([
        'index.html, quick-start',
        'index.html, mock',
        'index.html, sandbox',
        'sdk-guides.html, guide-first-call',
        'sdk-guides.html, guide-paging',
        'sdk-guides.html, guide-errors',
        'sdk-guides.html, guide-testing',
      ]),
    );
    const errors = samples.flatMap((s) => diagnostics.get(s.file) ?? []);
    expect(errors).toEqual([]);
  });

  test('a call the spec does not allow is refused (the check is not vacuous)', () => {
    for (const control of controls) {
      expect(diagnostics.get(control.file)?.length ?? 0, control.what).toBeGreaterThan(0);
    }
    expect(controls).toHaveLength(2);
  });
});
