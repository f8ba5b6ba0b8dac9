// The shared vocabulary of the breaking-change check: a change as the diff finds it, and as the classifier
// labels it. One concept per module; this one only names things.
import type { RuleId } from './rules.ts';

/** Which way data flows through a schema: the client writes requests and reads responses. */
export type Direction = 'request' | 'response';

/** An OpenAPI object, kept loose: specs come from JSON and are read defensively. */
export type Obj = Record<string, unknown>;

/** A change found by comparing two bundled specs, before classification. */
export interface Change {
  rule: RuleId;
  /** API name as redocly.yaml spells it (`fundos-v2`). */
  api: string;
  /** `GET /fundos/{codigo}`, or empty for document-level changes. */
  operation: string;
  /** Where in the operation: `query parameter size`, `response 200 application/json: content[].nome`. */
  location: string;
  message: string;
}

/** error: breaks a client that follows the old contract; warn: breaks clients that rely on a stated bound or
 * on an exhaustive list (still breaking: needs a major); info: not breaking, reported. */
export type Level = 'error' | 'warn' | 'info';

export interface ClassifiedChange extends Change {
  breaking: boolean;
  level: Level;
}

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
