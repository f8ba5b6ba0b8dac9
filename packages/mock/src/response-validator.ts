import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

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
  return function validate(method: string, path: string, status: number, body: unknown): string[] {
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']
      .map(pointerPart)
      .join('/');
    let check: ReturnType<typeof ajv.compile>;
    try {
      check = ajv.compile({ $ref: `spec#/${pointer}` });
    } catch (error) {
      return [`no schema for ${method.toUpperCase()} ${path} ${status}: ${(error as Error).message}`];
    }
    if (check(body)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
  };
}
