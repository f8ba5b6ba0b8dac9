// @assoc-feed/core/internal: what the sibling packages (the document clients, client, cli, mock, sandbox, docs,
// tools) share and users do not need. NOT covered by semver: any name here may change or go in any release,
// patch releases included. Users import from `@assoc-feed/core` (index.ts) only; a name a user needs moves there
// (and into api-report.md) instead. The business-day calendar is the sibling subpath
// `@assoc-feed/core/internal/calendar` (calendar.ts), under the same rule.

export {
  type DecimalRule,
  decimalProblem,
  isRawNumber,
  parseLossless,
  parseWithExactFields,
  rawNumber,
  rawNumberText,
  stringifyLossless,
} from './body/exact-json.js';
export { ACCESS_TOKEN_HEADER } from './calls/fetch-pipeline.js';
export { withLosslessNumbers } from './client/create-document-client.js';
export type { LooseClient, LoosePage, LooseParams, LooseResult } from './client/loose-client.js';
export { createSession, type Session, withSession } from './client/session.js';
export { checkResponseValidators } from './config/client-config.js';
export {
  checkServiceUrl,
  ENVIRONMENT_VARIABLE,
  environmentFromVariable,
  HOST_VARIABLES,
  resolveBaseUrl,
} from './environments/environments.js';
export { REDACTED, redact, secretForms } from './errors/redact.js';
export { type DateRange, resolveDateWindow } from './input/date-window.js';
export { operationKey } from './input/meta.js';
export {
  dateProblem,
  itemsBreak,
  type PartialGroup,
  partialGroups,
  type RuleBreak,
  type RuleSchema,
  typedValue,
  valueBreak,
} from './input/parameter-rules.js';
export { findIssues, type RequestParams } from './input/validate.js';
