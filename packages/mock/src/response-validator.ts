import { createSpecModel, formatPointer, type Json, parsePointer } from '@assoc-feed/specs/model';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

/**
 * Checks a response body against the schema the spec declares for it, so contract tests assert
 * "schema-valid" with the spec itself rather than hand-written expectations.
 */
export function createResponseValidator(spec: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(spec, 'spec');
  const model = createSpecModel(spec);
  /** The JSON pointer of the response schema, following `$ref`s on the way (shared responses are refs), read
   * through the spec model; undefined when the spec has no such schema. */
  function schemaPointer(method: string, path: string, status: number): string | undefined {
    let tokens: string[] = [];
    let node: unknown = spec;
    for (const key of [
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    ]) {
      const { value, refs } = model.follow<Json | undefined>(node);
      const last = refs.at(-1);
      if (last !== undefined) tokens = parsePointer(last) ?? tokens;
      node = value?.[key];
      if (node === undefined) return undefined;
      tokens = [...tokens, key];
    }
    return formatPointer(tokens).slice(1);
  }
  // One compiled check per schema: ajv caches by the schema object, and `{ $ref }` is a new object each call, so
  // without this every validation compiled its schema again (most of the time of a suite that validates a lot).
  const checks = new Map<string, ReturnType<typeof ajv.compile>>();
  return function validate(method: string, path: string, status: number, body: unknown): string[] {
    const pointer = schemaPointer(method, path, status);
    if (pointer === undefined) return [`no schema for ${method.toUpperCase()} ${path} ${status} in the spec`];
    let check = checks.get(pointer);
    if (!check) {
      try {
        check = ajv.compile({ $ref: `spec#${pointer}` });
      } catch (error) {
        return [`no schema for ${method.toUpperCase()} ${path} ${status}: ${(error as Error).message}`];
      }
      checks.set(pointer, check);
    }
    if (check(body)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
  };
}
