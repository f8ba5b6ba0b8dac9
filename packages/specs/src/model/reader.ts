// What reading operations needs of a spec: the object, and a way through its references. The spec model
// (spec-model.ts) is one; operations.ts depends on this and not on the model, so neither imports the other.

export type Json = Record<string, unknown>;

export interface SpecReader {
  /** The spec as given (never modified). */
  readonly spec: Json;
  /** Follows a chain of `$ref`s from `node` (returned as is when it is not a reference). */
  deref<T = Json>(node: unknown): T;
}
