// @assoc-feed/sandbox/in-process: the in-process sandbox over the joined spec of @assoc-feed/specs, imported as
// JSON (a bundler embeds it; Node reads it as a JSON module).
import feedSpec from '@assoc-feed/specs/feed.json' with { type: 'json' };
import {
  type InProcessSandbox,
  type InProcessSandboxOptions,
  createInProcessSandbox as onSpec,
} from './in-process.js';
import type { Json } from './spec-reader/check-spec.js';

export function createInProcessSandbox(
  options: InProcessSandboxOptions & { spec?: Json } = {},
): InProcessSandbox {
  return onSpec(options.spec ?? (feedSpec as unknown as Json), options);
}
