// @assoc-feed/core/internal: what the sibling packages (the document clients, client, cli, mock, sandbox, docs,
// tools) share and users do not need. NOT covered by semver: any name here may change or go in any release,
// patch releases included. Users import from `@assoc-feed/core` (index.ts) only; a name a user needs moves there
// (and into api-report.md) instead. The business-day calendar is the sibling subpath
// `@assoc-feed/core/internal/calendar` (calendar.ts), under the same rule.

export { checkResponseValidators } from './client-config.js';
export { withLosslessNumbers } from './create-document-client.js';
export { type DateRange, resolveDateWindow } from './date-window.js';
export {
  checkServiceUrl,
  ENVIRONMENT_VARIABLE,
  environmentFromVariable,
  HOST_VARIABLES,
  resolveBaseUrl,
} from './environments.js';
export {
  type DecimalRule,
  decimalProblem,
  isRawNumber,
  parseLossless,
  parseWithExactFields,
  rawNumber,
  rawNumberText,
  stringifyLossless,
} from './exact-json.js';
export { ACCESS_TOKEN_HEADER } from './fetch-pipeline.js';
export { operationKey } from './meta.js';
export {
  dateProblem,
  itemsBreak,
  type PartialGroup,
  partialGroups,
  type RuleBreak,
  type RuleSchema,
  typedValue,
  valueBreak,
} from './parameter-rules.js';
export { REDACTED, redact, secretForms } from './redact.js';
export { createSession, type Session, withSession } from './session.js';
export { findIssues, type RequestParams } from './validate.js';
