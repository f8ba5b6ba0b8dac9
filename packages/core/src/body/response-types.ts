// The shapes of response checking and exact numbers that the default bundle needs (the option types, the error
// class a caller catches); the code that does the work is response-body.ts, loaded only when asked for.

import { CodedError, type FeedErrorDetails, named } from '../errors/errors.js';
import type { DecimalRule } from './exact-json.js';

/** One place where an answer differs from the spec. */
export interface ResponseIssue {
  /** `GET /path/template`, and the status answered. */
  operation: string;
  /** JSON pointer into the body ('' is the whole body). */
  pointer: string;
  /** What the spec says, e.g. `type number`, `required property`, `Decimal(33,17) notation`. */
  expected: string;
  /** What came, e.g. `"12,5"`, `absent`, `1e400 (an exponent)`. */
  found: string;
}

/** An Ajv standalone validator (the shape the generated `validators` module exports). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: readonly AjvIssue[] | null;
}

export interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** What the document package's `src/generated/exact.ts` provides. */
export interface ExactModule {
  exactFields: readonly string[];
  decimalRules: Readonly<Record<string, DecimalRule>>;
}

/** What the document package's `src/generated/validators.ts` provides. */
export interface ValidatorsModule {
  /** `GET <path template> <status>` → its validator. */
  validators: Readonly<Record<string, CompiledValidator>>;
  /**
   * `GET <path template> <status>` → where its answer holds decimal fields (JSON pointers in which a `*` segment
   * stands for every item of a list or value of a map): the only places the body reader checks decimal notation,
   * so a decimal under a field the spec does not list for that operation is not checked. An operation not listed
   * has none. Absent (a module generated before it): every number under an exact field's name is checked,
   * wherever it is.
   */
  decimalFields?: Readonly<Record<string, readonly string[]>>;
}

/** The reader module (`@assoc-feed/core/response-body`). */
export interface BodyReaderModule {
  createBodyReader(options: BodyReaderOptions): BodyReader;
}

/** Reads a 2xx JSON body as the options ask (exact numbers, checked against the spec). */
export interface BodyReader {
  parse(text: string, status: number, operation: string, path: string): Promise<unknown>;
}

export type NumbersMode = 'number' | 'exact' | 'lossless';
export type ValidateMode = 'off' | 'warn' | 'throw';

export interface BodyReaderOptions {
  numbers: NumbersMode;
  validate: ValidateMode;
  extras: DocumentExtras;
  report?: ((issues: readonly ResponseIssue[]) => void) | undefined;
}

/** Lazy loaders of what `numbers: 'exact'` and `validateResponses` need; each document package passes its own. */
export interface DocumentExtras {
  /** The body reader (core's `./response-body` entry). */
  reader?: () => Promise<BodyReaderModule>;
  /** The document's exact fields (its `./exact` entry). */
  exact?: () => Promise<ExactModule>;
  /** The document's compiled validators (its `./validators` entry). */
  validators?: () => Promise<ValidatorsModule>;
}

/** Thrown under `validateResponses: 'throw'` when a 2xx answer differs from the spec. */
export class ResponseValidationError extends CodedError<'unexpected_response'> {
  readonly issues: readonly ResponseIssue[];
  /** Built by the body reader (response-body.ts), which words the message. */
  constructor(message: string, issues: readonly ResponseIssue[], details: FeedErrorDetails) {
    super(message, details);
    this.issues = issues;
  }
}
named(ResponseValidationError, 'ResponseValidationError', 'unexpected_response');
