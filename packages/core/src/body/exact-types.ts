// The types under `numbers: 'exact'`: a document's `paths` with the numbers under its exact fields (generated
// `ExactField`, from the spec's x-decimal) turned into strings, everything else as generated.

/** `T` with every number-typed property named in `F` as `string` (null and optional kept), at any depth. */
export type ExactNumbers<T, F extends PropertyKey> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer Item)[]
    ? ExactNumbers<Item, F>[]
    : T extends object
      ? { [K in keyof T]: K extends F ? ExactValue<T[K], F> : ExactNumbers<T[K], F> }
      : T;

type ExactValue<V, F extends PropertyKey> = V extends number ? string : ExactNumbers<V, F>;
