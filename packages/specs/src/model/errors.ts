/** Why a reference could not be followed. */
export type RefProblem = 'missing' | 'cycle' | 'external' | 'malformed';

/**
 * A `$ref` the model cannot follow. `ref` is the reference as written, `at` the JSON pointer of the object
 * holding it (`(outside the spec)` for a node the caller built, `(no place given)` when `target` was called
 * without one), `spec` the document's name when known.
 */
export class SpecRefError extends Error {
  override readonly name = 'SpecRefError';
  constructor(
    readonly problem: RefProblem,
    readonly ref: string,
    readonly at: string,
    readonly spec: string,
    /** What is wrong and how to fix it, without the reference and place. */
    readonly detail: string,
  ) {
    super(`$ref ${ref} at ${at} in ${spec}: ${detail}`);
  }
}
