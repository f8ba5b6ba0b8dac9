// @ts-check
// Vitest global set-up: lints the fixtures of every lint-rule test file (cases/) in one Redocly CLI run before
// the test files start, and provides the findings to them (test-support/linted.js reads them). One run per file
// started the CLI once per file, which was most of what these tests cost.
import * as componentNames from '../cases/component-names.js';
import * as configuredRules from '../cases/configured-rules.js';
import * as decimalNotation from '../cases/decimal-notation.js';
import * as documentedErrors from '../cases/documented-errors.js';
import * as inferredChoiceMarked from '../cases/inferred-choice-marked.js';
import * as paginatedListLimits from '../cases/paginated-list-limits.js';
import * as pathFileName from '../cases/path-file-name.js';
import * as schemaForms from '../cases/schema-forms.js';
import { lintFixtureSets } from './lint-fixtures.js';

/** The fixture sets by the name of the test file (and cases module) they belong to. */
export const sets = {
  'component-names': componentNames,
  'configured-rules': configuredRules,
  'decimal-notation': decimalNotation,
  'documented-errors': documentedErrors,
  'inferred-choice-marked': inferredChoiceMarked,
  'paginated-list-limits': paginatedListLimits,
  'path-file-name': pathFileName,
  'schema-forms': schemaForms,
};

/** @param {import('vitest/node').TestProject} project */
export default function setup(project) {
  const findings = lintFixtureSets(
    Object.fromEntries(
      Object.entries(sets).map(([name, { rules, fixtures }]) => [name, { rules, fixtures }]),
    ),
  );
  project.provide('lintFindings', findings);
}
