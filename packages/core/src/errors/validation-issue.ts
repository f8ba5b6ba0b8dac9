// What InvalidRequestError reports for each broken parameter rule.

export type ValidationRule =
  | 'required'
  | 'type'
  | 'pattern'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'format'
  | 'requiredTogether'
  | 'dateWindow'
  | 'unknown';

export interface ValidationIssue {
  parameter: string;
  location: 'path' | 'query' | 'header';
  rule: ValidationRule;
  message: string;
}
