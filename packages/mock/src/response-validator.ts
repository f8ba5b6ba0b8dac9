import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

function pointerPart(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Checks a response body against the schema the spec declares for it, so contract tests assert
 * "schema-valid" with the spec itself rather than hand-written expectations.
 */
export function createResponseValidator(spec: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(spec, 'spec');
  /** The JSON pointer of the response schema, following `$ref`s on the way (shared responses are refs). */
  function schemaPointer(method: string, path: string, status: number): string | undefined {
    let pointer = '';
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
      let current = node as Json | undefined;
      while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
        pointer = current.$ref.slice(1);
        current = pointer
          .slice(1)
          .split('/')
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<Json | undefined>((acc, part) => acc?.[part] as Json | undefined, spec);
      }
      node = current?.[key];
      if (node === undefined) return undefined;
      pointer = `${pointer}/${pointerPart(key)}`;
    }
    return pointer;
  }
  return function validate(method: string, path: string, status: number, body: unknown): string[] {
    const pointer = schemaPointer(method, path, status);
    if (pointer === undefined) return [`no schema for ${method.toUpperCase()} ${path} ${status} in the spec`];
    let check: ReturnType<typeof ajv.compile>;
    try {
      check = ajv.compile({ $ref: `spec#${pointer}` });
    } catch (error) {
      return [`no schema for ${method.toUpperCase()} ${path} ${status}: ${(error as Error).message}`];
    }
    if (check(body)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
  };
}
