// @ts-check
// The `feed` Redocly lint plugin: the conventions of specs/CONVENTIONS.md that the built-in rules cannot check.
// Loaded by redocly.yaml (`plugins: [packages/specs/tooling/lint-rules/index.js]`); each rule is enabled there as `feed/<name>`.
// Redocly CLI 2 imports this ESM module and calls its default export; every message says how to fix the problem.
import { ComponentNames } from './rules/component-names.js';
import { DecimalNotation } from './rules/decimal-notation.js';
import { DocumentedErrors } from './rules/documented-errors.js';
import { FeedSecurity } from './rules/feed-security.js';
import { InferredChoiceMarked } from './rules/inferred-choice-marked.js';
import { OperationComplete } from './rules/operation-complete.js';
import { PaginatedListLimits } from './rules/paginated-list-limits.js';
import { PathFileName } from './rules/path-file-name.js';
import { PortablePatterns } from './rules/portable-patterns.js';
import { SchemaForms } from './rules/schema-forms.js';
import { SuccessExample } from './rules/success-example.js';

/** The rules, by name (their config id is `feed/<name>`). */
export const rules = {
  'operation-complete': OperationComplete,
  'success-example': SuccessExample,
  'documented-errors': DocumentedErrors,
  'paginated-list-limits': PaginatedListLimits,
  'inferred-choice-marked': InferredChoiceMarked,
  'feed-security': FeedSecurity,
  'decimal-notation': DecimalNotation,
  'path-file-name': PathFileName,
  'component-names': ComponentNames,
  'schema-forms': SchemaForms,
  'portable-patterns': PortablePatterns,
};

export default function feedPlugin() {
  return {
    id: 'feed',
    rules: { oas3: rules },
  };
}
