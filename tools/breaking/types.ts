// The shared vocabulary of the breaking-change check, below every other module (it imports none): which way
// data flows, how bad a change is. One concept per module; this one only names things.

/** Which way data flows through a schema: the client writes requests and reads responses. */
export type Direction = 'request' | 'response';

/** An OpenAPI object, kept loose: specs come from JSON and are read defensively. */
export type Obj = Record<string, unknown>;

/** error: breaks a client that follows the old contract; warn: breaks clients that rely on a stated bound or
 * on an exhaustive list (still breaking: needs a major); info: not breaking, reported. */
export type Level = 'error' | 'warn' | 'info';

/** What the classifier adds to a change. */
export interface Classification {
  breaking: boolean;
  level: Level;
}

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
