// Collects the values the spec's own examples give each field (walking every example beside its schema), so
// generated records speak the spec's vocabulary: "Longo Prazo", "IMA-B 5+", realistic magnitudes of a pu or
// a net-asset value. Keyed by `Component.property` (the component that holds the field) and by `property` alone
// (for a record asked for by an inline schema).
import { createSpecModel, type Json } from '@assoc-feed/specs/model';
import { componentName, flattenObject } from '../spec-reader/schemas.js';

export class Harvest {
  private readonly strings = new Map<string, string[]>();
  private readonly numbers = new Map<string, number[]>();

  private add(key: string, value: unknown): void {
    if (typeof value === 'string') {
      let list = this.strings.get(key);
      if (!list) {
        list = [];
        this.strings.set(key, list);
      }
      if (!list.includes(value)) list.push(value);
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      let list = this.numbers.get(key);
      if (!list) {
        list = [];
        this.numbers.set(key, list);
      }
      if (list.length < 64) list.push(value);
    }
  }

  record(component: string | undefined, property: string, value: unknown): void {
    if (component) this.add(`${component}.${property}`, value);
    this.add(property, value);
  }

  // A component's field takes only that component's examples: a field of the same name elsewhere may measure
  // something else (IHFA's quantities of fund quotas are not IMA's quantities of bonds).
  stringsFor(component: string | undefined, property: string): string[] | undefined {
    return this.strings.get(component ? `${component}.${property}` : property);
  }

  numbersFor(component: string | undefined, property: string): number[] | undefined {
    return this.numbers.get(component ? `${component}.${property}` : property);
  }

  /** Walks every response example of the spec with its schema. */
  static fromSpec(spec: Json, model = createSpecModel(spec)): Harvest {
    const harvest = new Harvest();
    const walk = (
      value: unknown,
      schemaNode: unknown,
      component: string | undefined,
      depth: number,
    ): void => {
      if (depth > 12 || value === null || value === undefined || !schemaNode) return;
      const name = componentName(schemaNode) ?? component;
      let schema: Json;
      try {
        schema = model.deref(schemaNode);
      } catch {
        return;
      }
      for (const alt of [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])]) {
        walk(value, alt, name, depth + 1);
      }
      if (Array.isArray(value)) {
        for (const item of value) walk(item, schema.items, name, depth + 1);
        return;
      }
      if (typeof value !== 'object') return;
      const flat = flattenObject(model, schemaNode);
      for (const [prop, v] of Object.entries(value as Json)) {
        const propSchema = flat.properties[prop];
        if (typeof v !== 'object' || v === null) harvest.record(name, prop, v);
        else if (propSchema) walk(v, propSchema, name, depth + 1);
      }
    };
    const responseExamples = (response: Json) => {
      for (const media of Object.values((response.content as Json | undefined) ?? {})) {
        const m = media as Json;
        if (!m.schema) continue;
        if (m.example !== undefined) walk(m.example, m.schema, undefined, 0);
        for (const ex of Object.values((m.examples as Json | undefined) ?? {})) {
          walk((model.deref(ex) as Json).value, m.schema, undefined, 0);
        }
      }
    };
    for (const op of model.operations())
      for (const response of Object.values(op.responses)) responseExamples(response);
    return harvest;
  }
}
