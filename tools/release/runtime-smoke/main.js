// The smoke in a runtime with a command line (Node, Bun, Deno): the sandbox's URL and credentials come as
// arguments; prints the lines and exits 1 when any check failed.
import { smoke } from './smoke.js';

const [baseUrl, clientId, clientSecret, label] = globalThis.Deno
  ? globalThis.Deno.args
  : globalThis.process.argv.slice(2);
const lines = await smoke({ baseUrl, clientId, clientSecret });
console.log(`${label}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
if (lines.some((line) => line.startsWith('FAIL'))) {
  if (globalThis.Deno) globalThis.Deno.exit(1);
  else globalThis.process.exit(1);
}
