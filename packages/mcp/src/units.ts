// The unit of a field's numbers, for describe_operation: an assistant that reads 6.1234 must know it is a percent a
// year, not a fraction. Where the documents give the unit, the spec's description carries it ("% per year on 252
// business days", "in business days") and it is read from there. Where they do not, the unit that the field's kind
// has wherever the documents do state it is given, marked as inferred: rates and changes are percentages (as the
// curve, SELIC and volatility fields say), durations are in business days (as the IDA and debenture ones say).
import type { Field } from './answer-shape.js';

export interface Unit {
  unit: string;
  /** Given by the documents (in the field's description), or inferred from the field's kind. */
  basis: 'document' | 'inferred';
}

const FROM_DESCRIPTION: readonly [RegExp, string][] = [
  [/% per year on 252 business days/i, 'percent a year (252 business days)'],
  [/% per year/i, 'percent a year'],
  [/business days/i, 'business days'],
  [/\bas a percentage\b|\bpercentage of\b/i, 'percent'],
];

const FROM_NAME: readonly [RegExp, string][] = [
  [/^(taxa|tx)(_|$)|_taxa$/, 'percent a year'],
  [/^variacao_/, 'percent'],
  [/^duration$/, 'business days'],
  [/^percent/, 'percent'],
];

const isNumber = (field: Field) => /^(number|integer)\b/.test(field.type);

export function unitOf(field: Field): Unit | undefined {
  if (!isNumber(field)) return undefined;
  for (const [pattern, unit] of FROM_DESCRIPTION) {
    if (pattern.test(field.description ?? '')) return { unit, basis: 'document' };
  }
  const name = field.name.split(/[.\]]/).pop() ?? field.name;
  for (const [pattern, unit] of FROM_NAME) if (pattern.test(name)) return { unit, basis: 'inferred' };
  return undefined;
}

/** `unit: percent a year` or `unit: percent, inferred`. */
export function unitLabel(field: Field): string {
  const found = unitOf(field);
  if (!found) return '';
  return `unit: ${found.unit}${found.basis === 'inferred' ? ', inferred' : ''}`;
}

export const INFERRED_UNITS =
  'Units marked inferred: the documents give none for these fields; it is the unit they give for fields of the ' +
  'same kind (rates and changes in percent, durations in business days).';
