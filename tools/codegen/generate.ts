// Generates a document package's src/generated/: the openapi-typescript types and the runtime meta.
// Usage (from the package folder): tsx ../../tools/codegen/generate.ts <api>
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadSpec } from '@assoc-feed/specs/load';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { documentMeta, exactFields } from './meta.ts';
import { validatorsModule } from './validators.ts';

const api = process.argv[2];
if (!api) {
  console.error('usage: generate.ts <api>   (an api name from redocly.yaml, e.g. fundos-v2)');
  process.exit(2);
}
const spec = loadSpec(api) as unknown as OpenAPI3;
const header = (what: string) =>
  `// GENERATED FILE: do not edit. ${what} from packages/specs/dist/${api}.json (specs/${api}/).\n` +
  `// Regenerate with \`pnpm --filter @assoc-feed/${api} generate\` (or \`pnpm build\`).\n\n`;

const outDir = `${process.cwd()}/src/generated`;
mkdirSync(outDir, { recursive: true });

const ast = await openapiTS(spec, { alphabetize: false, exportType: false, rootTypes: false });
writeFileSync(`${outDir}/schema.ts`, header('openapi-typescript types') + astToString(ast));

const meta = documentMeta(api, loadSpec(api));
writeFileSync(
  `${outDir}/meta.ts`,
  `${header('Runtime facts (parameter rules, paging, auth)')}import type { DocumentMeta } from '@assoc-feed/core';\n\n` +
    `export const meta = ${JSON.stringify(meta, null, 2)} as const satisfies DocumentMeta;\n`,
);
// Loaded only under `numbers: 'exact'` or `validateResponses` (dynamic imports), so the default bundle keeps
// neither the field list nor the validators.
const exact = exactFields(loadSpec(api));
writeFileSync(
  `${outDir}/exact.ts`,
  `${header("Fields of more than 15 significant digits (x-decimal), for numbers: 'exact'")}` +
    `export const decimalRules = ${JSON.stringify(exact, null, 2)} as const;\n\n` +
    `export const exactFields: readonly string[] = Object.keys(decimalRules);\n\n` +
    `export type ExactField = keyof typeof decimalRules;\n`,
);
const validators = validatorsModule(loadSpec(api));
writeFileSync(
  `${outDir}/validators.ts`,
  `${header('Response validators, Ajv standalone code')}// @ts-nocheck\n/* biome-ignore-all lint: generated */\n${validators.code}`,
);
console.log(
  `generated src/generated/{schema,meta,exact,validators}.ts for ${api} (${Object.keys(meta.operations).length} operations, ` +
    `${Object.keys(exact).length} exact fields, ${validators.count} response validators)`,
);
