// Example values for an operation's parameters, taken from the spec: the parameter's example, its first named
// example, its schema's example, default or first enum value. Never invented beyond a typed placeholder.
import type { Json } from './inputs.ts';
import type { Parameter } from './operations.ts';

function schemaExample(schema: Json): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

/** True when the spec gives this parameter a value of its own (not only its shared schema's). */
export function hasOwnExample(p: Parameter): boolean {
  return p.example !== undefined;
}

export function exampleValue(p: Parameter): unknown {
  if (p.example !== undefined) return p.example;
  const fromSchema = schemaExample(p.schema);
  if (fromSchema !== undefined) return fromSchema;
  const type = Array.isArray(p.schema.type) ? p.schema.type.find((t) => t !== 'null') : p.schema.type;
  if (type === 'array') {
    const item = schemaExample((p.schema.items as Json | undefined) ?? {});
    return item === undefined ? [] : [item];
  }
  if (type === 'integer' || type === 'number')
    return typeof p.schema.minimum === 'number' ? p.schema.minimum : 0;
  if (type === 'boolean') return true;
  return `<${p.name}>`;
}
