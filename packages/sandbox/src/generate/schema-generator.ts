// Generates a schema-valid value for any schema of the spec from a 32-bit key: the same key gives the same value.
// Each property's value is derived from (key of its object, property name), so one entity shows the same value
// for a field in every schema that carries that field. Callers pass overrides for the fields that carry
// identity (codes, dates, names) as a partial object; the generator fills the rest, respecting enum, const,
// pattern, format, lengths, bounds and decimal scale, and using the values of the spec's examples as templates.

import { isRawNumber } from '@assoc-feed/core/internal';
import type { Json, SpecModel } from '@assoc-feed/specs/model';
import { fromDayNumber, toDayNumber } from '../calendar.js';
import { hashString, mix, Rng, unit } from '../rng.js';
import { componentName, flattenObject } from '../spec-reader/schemas.js';
import { fullScaleFor } from './full-scale.js';
import type { Harvest } from './harvest.js';
import { sampleRegex } from './regex-sample.js';
import { words } from './words.js';

/** Override value that removes an optional property. */
export const OMIT: unique symbol = Symbol('omit');

/** A moment as Brasília wall-clock time (stored as if UTC); printed in the form the schema's pattern asks. */
export class Instant {
  constructor(readonly ms: number) {}
}

export interface GenContext {
  /** Reference date for fields the caller leaves to the generator ("recent" dates end here). */
  asOf: string;
  /** The record's fund class (FIDC, FII, FIP…): optional fields whose `x-applies-to` excludes it are left out. */
  appliesTo?: string;
}

interface Branch {
  required: string[];
  forbidden: string[];
}

/** An if/then/else of a schema: the branch that applies adds required fields and removes forbidden ones. */
interface Conditional {
  condition: Json;
  whenTrue?: Branch;
  whenFalse?: Branch;
}

/** Whether an object satisfies the simple `if` schemas specs use (required names, const and enum of properties). */
function matches(condition: Json, value: Json): boolean {
  for (const name of (condition.required as string[] | undefined) ?? [])
    if (value[name] === undefined) return false;
  for (const [name, rule] of Object.entries((condition.properties as Json | undefined) ?? {})) {
    if (value[name] === undefined || typeof rule !== 'object' || rule === null) continue;
    const r = rule as Json;
    if (r.const !== undefined && value[name] !== r.const) return false;
    if (Array.isArray(r.enum) && !r.enum.includes(value[name])) return false;
  }
  return true;
}

type Gen = (
  key: number,
  override: unknown,
  ctx: GenContext,
  prop: string,
  component: string | undefined,
) => unknown;

/** A subschema no value satisfies: `false`, or its object form `{ not: {} }` (which the specs write). */
function forbids(schema: unknown): boolean {
  if (schema === false) return true;
  if (!schema || typeof schema !== 'object') return false;
  const { not, ...rest } = schema as Json;
  return Object.keys(rest).length === 0 && !!not && typeof not === 'object' && Object.keys(not).length === 0;
}

const regexCache = new Map<string, RegExp>();
function re(pattern: string): RegExp {
  let r = regexCache.get(pattern);
  if (!r) {
    r = new RegExp(pattern, 'u');
    regexCache.set(pattern, r);
  }
  return r;
}

export function formatInstant(ms: number, pattern: string | undefined): string {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const withT = pattern === undefined || pattern.includes('T');
  const millis = pattern === undefined || pattern.includes('\\.');
  return `${iso.slice(0, 10)}${withT ? 'T' : ' '}${iso.slice(11, millis ? 23 : 19)}`;
}

function isTimestampPattern(pattern: string): boolean {
  return /\[0-9\]\{4\}-\[0-9\]\{2\}-\[0-9\]\{2\}[T ]\[0-9\]\{2\}:/.test(pattern);
}

function roundTo(value: number, scale: number): number {
  if (scale <= 0) return Math.round(value);
  return Number(value.toFixed(Math.min(scale, 20)));
}

function floorTo(value: number, scale: number): number {
  const f = 10 ** Math.min(scale, 15);
  return Math.floor(value * f) / f;
}

function ceilTo(value: number, scale: number): number {
  const f = 10 ** Math.min(scale, 15);
  return Math.ceil(value * f) / f;
}

/** A schema of one value (a string, number, integer or boolean, or an enum of them). */
function isScalar(schema: Json): boolean {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === undefined) return Array.isArray(schema.enum) && !schema.properties && !schema.allOf;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean';
}

function cnpjLike(k: number): string {
  let digits = '';
  for (let i = 0; i < 12; i++) digits += String(mix(k, i) % 10);
  const calc = (base: string, weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = calc(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = calc(digits + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${digits}${d1}${d2}`;
}

function sentence(k: number, maxLength: number, minLength: number): string {
  const count = 2 + (mix(k, 1) % 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(words[mix(k, i + 7) % words.length] as string);
  let text = parts.join(' ');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (text.length > maxLength) text = text.slice(0, maxLength).trimEnd();
  while (text.length < minLength) text += 'x';
  return text;
}

/** Whole-number fields that name something rather than count or measure it. */
const IDENTIFIER = /^(numero_operacao|codigo|id)/;

export class SchemaGenerator {
  private readonly compiled = new WeakMap<object, Gen>();

  constructor(
    private readonly model: SpecModel,
    private readonly harvest: Harvest,
  ) {}

  /** Generates a value for a schema node (a `$ref` or an inline schema). */
  generate(node: unknown, key: number, override: unknown, ctx: GenContext): unknown {
    return this.compile(node)(key, override, ctx, '', componentName(node));
  }

  private compile(node: unknown): Gen {
    const holder = node as object;
    const done = this.compiled.get(holder);
    if (done) return done;
    // Placeholder for recursive schemas: resolved lazily on first call.
    let real: Gen | undefined;
    const lazy: Gen = (...args) => (real as Gen)(...args);
    this.compiled.set(holder, lazy);
    real = this.build(node);
    this.compiled.set(holder, real);
    return real;
  }

  private build(node: unknown): Gen {
    const name = componentName(node);
    // The target as written, not a copy with the keywords beside the $ref: compiled once per component.
    const schema = this.model.follow(node).target;
    if (schema !== node && typeof node === 'object' && node !== null) {
      const target = this.compile(schema);
      // Through a $ref to an object, the referenced component becomes the naming context of its properties. A
      // $ref to a scalar type (`Num19s8`) keeps the owner's: the examples of `quantidade_teorica` are those of the
      // component that holds the field, as the harvest keys them.
      if (isScalar(schema)) return target;
      return (key, ov, ctx, prop, component) => target(key, ov, ctx, prop, name ?? component);
    }
    const alternatives = [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])];
    if (alternatives.length > 0) {
      const nonNull = alternatives.filter((a) => this.model.deref(a).type !== 'null');
      const nullable = nonNull.length < alternatives.length;
      const gens = nonNull.map((a) => this.compile(a));
      return (key, ov, ctx, prop, component) => {
        if (ov === null && nullable) return null;
        if (gens.length === 0) return null;
        const gen = gens[mix(key, 3) % gens.length] as Gen;
        return gen(key, ov, ctx, prop, component);
      };
    }
    if (schema.const !== undefined) return () => schema.const;
    let type = schema.type as string | string[] | undefined;
    let nullable = false;
    if (Array.isArray(type)) {
      nullable = type.includes('null');
      type = type.find((t) => t !== 'null');
    }
    if (!type) {
      if (schema.properties || schema.allOf) type = 'object';
      else if (schema.items) type = 'array';
      else if (schema.enum) type = typeof (schema.enum as unknown[])[0] === 'number' ? 'integer' : 'string';
    }
    let gen: Gen;
    switch (type) {
      case 'object':
        gen = this.objectGen(node);
        break;
      case 'array':
        gen = this.arrayGen(schema);
        break;
      case 'integer':
      case 'number':
        gen = this.numberGen(schema, type === 'integer');
        break;
      case 'boolean':
        gen = (key, ov) => (typeof ov === 'boolean' ? ov : mix(key, 11) % 2 === 0);
        break;
      case 'string':
        gen = this.stringGen(schema);
        break;
      default:
        gen = (_key, ov) => (ov === undefined ? {} : ov);
    }
    if (!nullable) return gen;
    return (key, ov, ctx, prop, component) => (ov === null ? null : gen(key, ov, ctx, prop, component));
  }

  private objectGen(node: unknown): Gen {
    const flat = flattenObject(this.model, node);
    const entry = (prop: string, propNode: unknown) => ({
      prop,
      hash: hashString(prop),
      required: flat.required.has(prop),
      // "Only when" fields (closing dates, ends of validity) appear only when the caller says so.
      onlyWhen: /encerramento|data_fim/.test(prop),
      appliesTo: this.model.deref(propNode)?.['x-applies-to'] as string[] | undefined,
      gen: this.compile(propNode),
    });
    const props = Object.entries(flat.properties).map(([prop, propNode]) => entry(prop, propNode));
    const byName = new Map(props.map((p) => [p.prop, p]));
    const conditionals = this.conditionals(node);
    return (key, ov, ctx, _prop, component) => {
      const given =
        ov && typeof ov === 'object' && !Array.isArray(ov) && !(ov instanceof Instant)
          ? (ov as Json)
          : undefined;
      const out: Json = {};
      for (const p of props) {
        const value = given?.[p.prop];
        if (value === OMIT) continue;
        const k = mix(key, p.hash);
        // A field the spec says applies to the record's fund class is always there; other optional fields are
        // left out for a seeded fifth of the records.
        const applies = p.appliesTo !== undefined && ctx.appliesTo !== undefined;
        if (applies && !p.required && !p.appliesTo?.includes(ctx.appliesTo as string)) continue;
        if (value === undefined && !p.required && (p.onlyWhen || (!applies && unit(k ^ 0x5bd1e995) < 0.2)))
          continue;
        out[p.prop] = p.gen(k, value, ctx, p.prop, component);
      }
      // if/then/else: the branch that applies adds its required fields and removes the ones it forbids.
      for (const c of conditionals) {
        const branch = matches(c.condition, out) ? c.whenTrue : c.whenFalse;
        if (!branch) continue;
        for (const name of branch.forbidden) delete out[name];
        for (const name of branch.required) {
          const p = byName.get(name);
          if (out[name] !== undefined || !p) continue;
          const value = given?.[name];
          out[name] = p.gen(mix(key, p.hash), value === OMIT ? undefined : value, ctx, name, component);
        }
      }
      return out;
    };
  }

  private conditionals(node: unknown): Conditional[] {
    const out: Conditional[] = [];
    const visit = (n: unknown) => {
      const s = this.model.deref(n);
      if (s.if && typeof s.if === 'object') {
        const entry: Conditional = { condition: s.if as Json };
        if (s.then) entry.whenTrue = this.branch(s.then);
        if (s.else) entry.whenFalse = this.branch(s.else);
        out.push(entry);
      }
      for (const part of (s.allOf as unknown[] | undefined) ?? []) visit(part);
    };
    visit(node);
    return out;
  }

  private branch(node: unknown): Branch {
    const flat = flattenObject(this.model, node);
    return {
      required: [...flat.required],
      forbidden: Object.entries(flat.properties)
        .filter(([, v]) => forbids(v))
        .map(([k]) => k),
    };
  }

  private arrayGen(schema: Json): Gen {
    const items = this.compile(schema.items ?? {});
    const min = (schema.minItems as number | undefined) ?? 0;
    const max = Math.max(min, Math.min((schema.maxItems as number | undefined) ?? 3, 3));
    return (key, ov, ctx, prop, component) => {
      if (Array.isArray(ov)) return ov.map((o, i) => items(mix(key, i + 1), o, ctx, prop, component));
      const count = Math.max(min, Math.max(1, min + (mix(key, 5) % (max - min + 1))));
      const out: unknown[] = [];
      for (let i = 0; i < count; i++) out.push(items(mix(key, i + 1), undefined, ctx, prop, component));
      return out;
    };
  }

  private numberGen(schema: Json, integer: boolean): Gen {
    const decimal = (schema['x-decimal'] as Json | undefined) ?? {};
    // A precision without a scale (v1's `Decimal(17)`) takes any decimals: a value is sent as computed, not cut
    // to two places (a quota cut so would disagree with the same quota in v2).
    const scale: number | undefined = integer
      ? 0
      : typeof decimal.scale === 'number'
        ? decimal.scale
        : typeof decimal.precision === 'number'
          ? undefined
          : 2;
    const step = 10 ** -Math.min(scale ?? 15, 15);
    const lo = Math.max(
      typeof schema.minimum === 'number' ? schema.minimum : -Infinity,
      typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + Math.max(step, Math.abs(schema.exclusiveMinimum) * 1e-9)
        : -Infinity,
    );
    const margin = (bound: number) => Math.max(step, Math.abs(bound) * 1e-9);
    const hi = Math.min(
      typeof schema.maximum === 'number' ? schema.maximum : Infinity,
      typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - margin(schema.exclusiveMaximum)
        : Infinity,
    );
    const enumValues = schema.enum as number[] | undefined;
    const clamp = (v: number) => {
      let x = scale === undefined ? v : roundTo(v, scale);
      if (x > hi) x = integer ? Math.floor(hi) : floorTo(hi, scale ?? 15);
      if (x < lo) x = integer ? Math.ceil(lo) : ceilTo(lo, scale ?? 15);
      return x;
    };
    const plain: Gen = (key, ov, _ctx, prop, component) => {
      if (typeof ov === 'number') return clamp(ov);
      if (enumValues) return enumValues[mix(key, 13) % enumValues.length];
      const u = unit(key);
      const examples = this.harvest.numbersFor(component, prop);
      if (examples && examples.length > 0) {
        const base = examples[mix(key, 17) % examples.length] as number;
        const v = base === 0 ? (integer ? 0 : u) : base * (0.8 + 0.4 * u);
        return clamp(v);
      }
      const from = Math.max(lo, 0);
      const to = Math.min(hi, integer ? 1000 : 100);
      return clamp(from + u * Math.max(0, to - from));
    };
    const fullScale = fullScaleFor(decimal, integer);
    if (!fullScale) return plain;
    return (key, ov, ctx, prop, component) => {
      if (isRawNumber(ov)) return ov;
      const value = plain(key, ov, ctx, prop, component);
      const identifier = typeof ov !== 'number' && IDENTIFIER.test(prop);
      return typeof value === 'number' ? fullScale(value, key, identifier) : value;
    };
  }

  private stringGen(schema: Json): Gen {
    const enumValues = schema.enum as string[] | undefined;
    const pattern = schema.pattern as string | undefined;
    const format = schema.format as string | undefined;
    const maxLength = (schema.maxLength as number | undefined) ?? 60;
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const fits = (v: string) =>
      v.length <= maxLength && v.length >= minLength && (pattern === undefined || re(pattern).test(v));
    const timestamp = pattern !== undefined && isTimestampPattern(pattern);
    return (key, ov, ctx, prop, component) => {
      if (ov instanceof Instant) return formatInstant(ov.ms, pattern);
      if (typeof ov === 'string') return ov;
      if (enumValues) return enumValues[mix(key, 19) % enumValues.length];
      if (format === 'date') {
        const asOf = toDayNumber(ctx.asOf);
        return fromDayNumber(asOf - (mix(key, 23) % 1095));
      }
      if (timestamp) {
        const asOf = toDayNumber(ctx.asOf);
        const ms = (asOf - (mix(key, 29) % 365)) * 86_400_000 + (mix(key, 31) % 86_400_000);
        return formatInstant(ms, pattern);
      }
      const examples = this.harvest.stringsFor(component, prop)?.filter(fits);
      if (examples && examples.length > 0 && !pattern) return examples[mix(key, 37) % examples.length];
      if (/cnpj|identificador/.test(prop) && maxLength >= 14 && !pattern) return cnpjLike(key);
      if (pattern) {
        const rng = new Rng(key);
        for (let attempt = 0; attempt < 8; attempt++) {
          const v = sampleRegex(pattern, rng);
          if (v !== undefined && fits(v)) return v;
        }
        if (examples && examples.length > 0) return examples[mix(key, 37) % examples.length];
      }
      if (/url/.test(prop))
        return `https://docs.assoc.example/${(key % 100000).toString(36)}.pdf`.slice(0, maxLength);
      if (/pais/.test(prop) && maxLength >= 3) return 'BRA';
      if (/moeda/.test(prop) && maxLength >= 3) return 'BRL';
      return sentence(key, maxLength, minLength);
    };
  }
}
