// A change as the diff finds it, and as the classifier labels it. Apart from types.ts because its rule ids
// come from the classification table (rules.ts), which itself builds on types.ts.
import type { RuleId } from './rules.ts';
import type { Classification } from './types.ts';

/** A change found by comparing two bundled specs, before classification. */
export interface Change {
  rule: RuleId;
  /** API name as redocly.yaml spells it (`fundos-v2`). */
  api: string;
  /** `GET /fundos/{codigo}`, or empty for document-level changes. */
  operation: string;
  /** Where in the operation: `query parameter size`, `response 200 application/json: content[].nome`. */
  location: string;
  message: string;
}

export interface ClassifiedChange extends Change, Classification {}
