// Generates @assoc-feed/core's src/generated/service.ts: the service facts core needs that are not one
// document's (the hosts of each environment and the two token paths), read from the joined spec so that they
// are written once, in the spec. Usage (from packages/core): tsx ../../tools/codegen/service.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadSpecModel } from '@assoc-feed/specs/load';
import { joinedName } from '../specs/apis.ts';

interface Server {
  url: string;
  variables?: Record<string, { default?: string }>;
}

const model = loadSpecModel(joinedName);

/** The default host of the server written `{variable}` (the documents name hosts only as placeholders). */
function host(servers: Server[], variable: string): string {
  const server = servers.find((s) => s.url === `{${variable}}`);
  const value = server?.variables?.[variable]?.default;
  if (!value)
    throw new Error(`the joined spec has no server {${variable}} with a default: add it to the spec`);
  return value;
}

/** The path of the POST operation whose x-document-id is `id`, and its own servers. */
function operation(id: string): { path: string; servers: Server[] } {
  const op = model.operations().find((o) => o.method === 'post' && o.documentId === id);
  if (op) {
    return {
      path: op.path,
      servers: [...((op.pathItem.servers as Server[]) ?? []), ...((op.node.servers as Server[]) ?? [])],
    };
  }
  throw new Error(`the joined spec has no POST operation with x-document-id "${id}"`);
}

const servers = (model.spec.servers as Server[]) ?? [];
const flowA = operation('Flow A');
const flowB = operation('Flow B');
const inputBaseUrl = host(flowB.servers, 'auth_url');
const facts = {
  environments: {
    production: { baseUrl: host(servers, 'base_url'), inputBaseUrl },
    sandbox: { baseUrl: host(servers, 'sandbox_base_url'), inputBaseUrl },
  },
  flowATokenPath: flowA.path,
  flowBTokenPath: flowB.path,
};

const outDir = `${process.cwd()}/src/generated`;
mkdirSync(outDir, { recursive: true });
writeFileSync(
  `${outDir}/service.ts`,
  `// GENERATED FILE: do not edit. Hosts and token paths from packages/specs/dist/${joinedName}.json (specs/).\n` +
    '// Regenerate with `pnpm --filter @assoc-feed/core generate` (or `pnpm build`).\n\n' +
    Object.entries(facts)
      .map(([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)} as const;\n`)
      .join('\n'),
);
console.log(`generated src/generated/service.ts (${Object.keys(facts).join(', ')})`);
