// @ts-check
// The `feed` Redocly lint plugin: the conventions of specs/CONVENTIONS.md that neither the built-in rules nor
// redocly.yaml's configurable rules (`rule/…`, tested in configured-rules.test.js) can check.
// Loaded by redocly.yaml (`plugins: [packages/specs/tooling/lint-rules/index.js]`); each rule is enabled there as `feed/<name>`.
// Redocly CLI 2 imports this ESM module and calls its default export; every message says how to fix the problem.
import { ComponentNames } from './rules/component-names.js';
import { DecimalNotation } from './rules/decimal-notation.js';
import { DocumentedErrors } from './rules/documented-errors.js';
import { InferredChoiceMarked } from './rules/inferred-choice-marked.js';
import { PaginatedListLimits } from './rules/paginated-list-limits.js';
import { PathFileName } from './rules/path-file-name.js';
import { SchemaForms } from './rules/schema-forms.js';

/** The rules, by name (their config id is `feed/<name>`). */
export const rules = {
  'documented-errors': DocumentedErrors,
  'paginated-list-limits': PaginatedListLimits,
  'inferred-choice-marked': InferredChoiceMarked,
  'decimal-notation': DecimalNotation,
  'path-file-name': PathFileName,
  'component-names': ComponentNames,
  'schema-forms': SchemaForms,
};

export default function feedPlugin() {
  return {
    id: 'feed',
    rules: { oas3: rules },
  };
}
