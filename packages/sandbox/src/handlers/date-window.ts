// The date-window rules of an operation (x-date-window; document 2's V7): the period is resolved by core's
// resolveDateWindow (the same code the client's window helper runs); what the sandbox adds is the service's
// answer to a period longer than the maximum.
import { resolveDateWindow } from '@assoc-feed/core/internal';
import { addMonths } from '../calendar.js';
import type { ParamProblem, ParamValues } from '../http/validate-request.js';
import type { DateWindow } from '../spec-reader/operations.js';

export type WindowResult = { start: string; end: string } | { problem: ParamProblem; message: string };

export function resolveWindow(window: DateWindow, params: ParamValues, today: string): WindowResult {
  const sentEnd = params[window.end] as string | undefined;
  const { start, end } = resolveDateWindow(
    window,
    { start: params[window.start] as string | undefined, end: sentEnd },
    today,
  );
  const max = window.maxMonths;
  if (max !== undefined && end > addMonths(start, max)) {
    const parameter = sentEnd !== undefined ? window.end : window.start;
    return {
      problem: { parameter, in: 'query', rule: `a period of at most ${max} months` },
      message: `The period from ${start} to ${end} is longer than ${max} months: send consecutive queries of at most ${max} months each.`,
    };
  }
  return { start, end };
}
