// The parameters of one call, from the command line, checked against the operation's documented rules before
// anything is sent (core's findIssues: patterns, limits, enums, mes-with-ano, unknown names with close matches).
import type { ValidationIssue } from '@assoc-feed/core';
import { findIssues } from '@assoc-feed/core/internal';
import { UsageError } from '../errors.js';
import { addQueryValue, type QueryValues, type Target } from '../operations.js';

/** `--query name=value`, repeatable; a repeated name becomes a list. */
export function parseQueryOptions(pairs: readonly string[], into: QueryValues = {}): QueryValues {
  const query: QueryValues = { ...into };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      throw new UsageError(
        `--query ${JSON.stringify(pair)} is not name=value: write it as --query tipo-fundo=FII (one --query per parameter).`,
      );
    }
    addQueryValue(query, pair.slice(0, eq), pair.slice(eq + 1));
  }
  return query;
}

export interface CallParams {
  path: Record<string, string>;
  query: QueryValues;
}

/** Throws a UsageError listing every broken rule, worded for the command line. */
export function checkParams(target: Target, params: CallParams): void {
  const issues = findIssues(target.operation.meta, params);
  if (issues.length === 0) return;
  const lines = issues.map((issue) => `  - ${cliMessage(issue)}`);
  throw new UsageError(
    `GET ${target.operation.meta.path}: the parameters break documented rules:\n${lines.join('\n')}`,
  );
}

function cliMessage(issue: ValidationIssue): string {
  // Core words "required" for code (`pass params.query.x`); here the fix is an option or a path segment.
  if (issue.rule === 'required') {
    return issue.location === 'query'
      ? `${issue.parameter} is required: pass --query ${issue.parameter}=VALUE.`
      : `${issue.parameter} is required: put it in the path.`;
  }
  if (issue.rule === 'unknown') return `${issue.message} Pass parameters as --query name=value.`;
  // Core points code at paginate(); on the command line, export is what reads past one page.
  return issue.message.replace(/use paginate\(\) to read more/, 'assoc-feed export reads every page');
}

/** The template with its path parameters filled in, as it is sent. */
export function filledPath(template: string, path: Record<string, string>): string {
  return Object.entries(path).reduce((p, [k, v]) => p.replace(`{${k}}`, encodeURIComponent(v)), template);
}

/** `path?query`, as a dry run prints it. */
export function requestLine(template: string, params: CallParams): string {
  const search = new URLSearchParams(
    Object.entries(params.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
  ).toString();
  return `${filledPath(template, params.path)}${search ? `?${search}` : ''}`;
}
