// @assoc-feed/sandbox/msw: the sandbox as MSW 2 request handlers, in-process, without a port, in Node and in a
// browser bundle: `setupServer(...createSandboxHandlers().handlers)`. The joined spec is imported as JSON, so a
// bundler embeds it; nothing here reaches a Node built-in.
import { type HttpHandler, http } from 'msw';
import type { InProcessSandbox, InProcessSandboxOptions } from './in-process.js';
import { createInProcessSandbox } from './in-process-default.js';

export interface SandboxHandlers extends InProcessSandbox {
  /** One handler for every path under `url`: give them to setupServer() or setupWorker(). */
  handlers: HttpHandler[];
}

/**
 * The same sandbox in-process, as MSW 2 handlers, without a port: give `handlers` to `setupServer()` (Node) or
 * `setupWorker()` (a browser), and point a client at `url`. Takes the options of `startSandbox()` that are not
 * about serving.
 */
export function createSandboxHandlers(options: InProcessSandboxOptions = {}): SandboxHandlers {
  const sandbox = createInProcessSandbox(options);
  return { ...sandbox, handlers: [http.all(`${sandbox.url}/*`, ({ request }) => sandbox.fetch(request))] };
}

export { IN_PROCESS_BASE_URL, type InProcessSandbox, type InProcessSandboxOptions } from './in-process.js';
export { createInProcessSandbox } from './in-process-default.js';
