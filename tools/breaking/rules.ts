// The classification table: every kind of change the diff can report, and whether it breaks a client.
// The diff modules only say WHAT changed; this table alone says whether that is breaking. README.md lists it
// (a test keeps the two in step) and `check:breaking --rules` prints it.
import type { Classification, Direction, Level } from './types.ts';

interface Rule {
  /** error/warn are breaking (both need a major bump); info is not. */
  level: Level;
  summary: string;
}

/** Schema changes, reported once per direction: the same edit reads differently in a request (what the client
 * sends: narrowing breaks it) and in a response (what the client reads: widening breaks it). */
const schemaRules = {
  request: {
    'property-removed': {
      level: 'warn',
      summary: 'request property removed (clients still sending it may be rejected)',
    },
    'property-added': { level: 'info', summary: 'new optional request property' },
    'property-added-required': { level: 'error', summary: 'new required request property' },
    'property-became-required': { level: 'error', summary: 'request property became required' },
    'property-became-optional': { level: 'info', summary: 'request property became optional' },
    'property-deprecated': { level: 'info', summary: 'request schema or property deprecated' },
    'type-changed': { level: 'error', summary: 'request type changed (neither wider nor narrower)' },
    'type-widened': { level: 'info', summary: 'request type widened (integer → number, null allowed, …)' },
    'type-narrowed': {
      level: 'error',
      summary: 'request type narrowed (number → integer, null no longer allowed, …)',
    },
    'enum-value-added': { level: 'info', summary: 'request enum value added' },
    'enum-value-removed': { level: 'error', summary: 'request enum value removed' },
    'enum-added': { level: 'error', summary: 'request value restricted to an enum (or const)' },
    'enum-removed': { level: 'info', summary: 'request enum restriction dropped' },
    'max-decreased': {
      level: 'error',
      summary: 'request maximum/maxLength/maxItems/maxProperties lowered or set',
    },
    'max-increased': {
      level: 'info',
      summary: 'request maximum/maxLength/maxItems/maxProperties raised or removed',
    },
    'min-increased': {
      level: 'error',
      summary: 'request minimum/minLength/minItems/minProperties raised or set',
    },
    'min-decreased': {
      level: 'info',
      summary: 'request minimum/minLength/minItems/minProperties lowered or removed',
    },
    'pattern-added': { level: 'error', summary: 'request pattern added' },
    'pattern-removed': { level: 'info', summary: 'request pattern removed' },
    'pattern-changed': { level: 'error', summary: 'request pattern changed (cannot prove it is wider)' },
    'format-added': { level: 'error', summary: 'request format added' },
    'format-removed': { level: 'info', summary: 'request format removed' },
    'format-changed': { level: 'error', summary: 'request format changed' },
    'additional-properties-narrowed': { level: 'error', summary: 'request additionalProperties restricted' },
    'additional-properties-widened': { level: 'info', summary: 'request additionalProperties relaxed' },
    'variant-added': { level: 'info', summary: 'request oneOf/anyOf variant added' },
    'variant-removed': { level: 'error', summary: 'request oneOf/anyOf variant removed' },
    'default-changed': {
      level: 'info',
      summary: 'request default value changed (reported; behaviour, not contract)',
    },
  },
  response: {
    'property-removed': { level: 'error', summary: 'response property removed' },
    'property-added': { level: 'info', summary: 'new optional response property' },
    'property-added-required': { level: 'info', summary: 'new required response property' },
    'property-became-required': {
      level: 'info',
      summary: 'response property became required (always sent now)',
    },
    'property-became-optional': {
      level: 'error',
      summary: 'response property became optional (may be absent now)',
    },
    'property-deprecated': { level: 'info', summary: 'response schema or property deprecated' },
    'type-changed': { level: 'error', summary: 'response type changed (neither wider nor narrower)' },
    'type-widened': {
      level: 'error',
      summary: 'response type widened (may now be null, number instead of integer, …)',
    },
    'type-narrowed': { level: 'info', summary: 'response type narrowed' },
    'enum-value-added': { level: 'warn', summary: 'response enum value added (breaks exhaustive consumers)' },
    'enum-value-removed': { level: 'info', summary: 'response enum value removed' },
    'enum-added': { level: 'info', summary: 'response value restricted to an enum (or const)' },
    'enum-removed': { level: 'warn', summary: 'response enum restriction dropped (any value may come back)' },
    'max-decreased': {
      level: 'info',
      summary: 'response maximum/maxLength/maxItems/maxProperties lowered or set',
    },
    'max-increased': {
      level: 'warn',
      summary: 'response maximum/maxLength/maxItems/maxProperties raised or removed',
    },
    'min-increased': {
      level: 'info',
      summary: 'response minimum/minLength/minItems/minProperties raised or set',
    },
    'min-decreased': {
      level: 'warn',
      summary: 'response minimum/minLength/minItems/minProperties lowered or removed',
    },
    'pattern-added': { level: 'info', summary: 'response pattern added' },
    'pattern-removed': { level: 'warn', summary: 'response pattern removed' },
    'pattern-changed': { level: 'warn', summary: 'response pattern changed' },
    'format-added': { level: 'info', summary: 'response format added' },
    'format-removed': { level: 'warn', summary: 'response format removed' },
    'format-changed': { level: 'error', summary: 'response format changed' },
    'additional-properties-narrowed': { level: 'info', summary: 'response additionalProperties restricted' },
    'additional-properties-widened': { level: 'info', summary: 'response additionalProperties relaxed' },
    'variant-added': {
      level: 'warn',
      summary: 'response oneOf/anyOf variant added (breaks exhaustive consumers)',
    },
    'variant-removed': { level: 'info', summary: 'response oneOf/anyOf variant removed' },
    'default-changed': { level: 'info', summary: 'response default value changed' },
  },
} as const satisfies Record<Direction, Record<string, Rule>>;

export type SchemaChangeKind = keyof (typeof schemaRules)['request'] & keyof (typeof schemaRules)['response'];

const otherRules = {
  'api-added': { level: 'info', summary: 'new API document' },
  'api-removed': { level: 'error', summary: 'API document removed' },
  'path-added': { level: 'info', summary: 'new path' },
  'path-removed': { level: 'error', summary: 'path removed (all its operations)' },
  'operation-added': { level: 'info', summary: 'new operation' },
  'operation-removed': { level: 'error', summary: 'operation removed' },
  'operation-id-changed': {
    level: 'warn',
    summary: 'operationId changed (generated client methods are named by it)',
  },
  'operation-deprecated': { level: 'info', summary: 'operation deprecated (or x-discontinued set)' },
  'operation-undeprecated': { level: 'info', summary: 'operation no longer deprecated' },
  'servers-changed': { level: 'info', summary: 'servers changed' },
  'security-changed': { level: 'error', summary: 'security requirements changed' },
  'security-alternative-added': {
    level: 'info',
    summary: 'security alternative added (old requirements still accepted)',
  },
  'security-scheme-added': { level: 'info', summary: 'new security scheme' },
  'security-scheme-removed': { level: 'error', summary: 'security scheme removed' },
  'security-scheme-changed': {
    level: 'error',
    summary: 'security scheme changed (type, in, name, scheme, flows, URLs)',
  },
  'request-parameter-added-required': { level: 'error', summary: 'new required request parameter' },
  'request-parameter-added-optional': { level: 'info', summary: 'new optional request parameter' },
  'request-parameter-removed': { level: 'warn', summary: 'request parameter removed' },
  'request-parameter-became-required': { level: 'error', summary: 'request parameter became required' },
  'request-parameter-became-optional': { level: 'info', summary: 'request parameter became optional' },
  'request-parameter-deprecated': { level: 'info', summary: 'request parameter deprecated' },
  'request-parameter-serialization-changed': {
    level: 'error',
    summary: 'request parameter style/explode changed',
  },
  'request-parameters-required-together-added': { level: 'error', summary: 'new x-required-together group' },
  'request-parameters-required-together-removed': {
    level: 'info',
    summary: 'x-required-together group dropped',
  },
  'request-body-added-required': { level: 'error', summary: 'new required request body' },
  'request-body-added-optional': { level: 'info', summary: 'new optional request body' },
  'request-body-removed': { level: 'warn', summary: 'request body removed' },
  'request-body-became-required': { level: 'error', summary: 'request body became required' },
  'request-body-became-optional': { level: 'info', summary: 'request body became optional' },
  'request-media-type-added': { level: 'info', summary: 'request media type added' },
  'request-media-type-removed': { level: 'error', summary: 'request media type removed' },
  'response-success-status-removed': { level: 'error', summary: '2xx response status removed' },
  'response-non-success-status-removed': {
    level: 'info',
    summary: 'non-2xx (error) response status removed',
  },
  'response-status-added': { level: 'info', summary: 'response status added (success or error)' },
  'response-media-type-added': { level: 'info', summary: 'response media type added' },
  'response-media-type-removed': { level: 'error', summary: 'response media type removed' },
  'response-header-added': { level: 'info', summary: 'response header added' },
  'response-header-removed': { level: 'error', summary: 'response header removed' },
  'response-header-became-optional': { level: 'error', summary: 'response header no longer required' },
} as const satisfies Record<string, Rule>;

type SchemaRuleId = `${Direction}-${SchemaChangeKind}`;
export type RuleId = SchemaRuleId | keyof typeof otherRules;

function flatten(): Record<RuleId, Rule> {
  const table: Record<string, Rule> = {};
  for (const direction of ['request', 'response'] as const) {
    for (const [kind, rule] of Object.entries(schemaRules[direction])) table[`${direction}-${kind}`] = rule;
  }
  return { ...table, ...otherRules } as Record<RuleId, Rule>;
}

/** Every rule, by id: the table README.md documents. */
export const rules: Readonly<Record<RuleId, Rule>> = flatten();

export function schemaRuleId(direction: Direction, kind: SchemaChangeKind): RuleId {
  return `${direction}-${kind}`;
}

/** Labels a change (a `Change`, change.ts) with its rule's level. */
export function classify<C extends { rule: RuleId }>(change: C): C & Classification {
  const { level } = rules[change.rule];
  return { ...change, level, breaking: level !== 'info' };
}
