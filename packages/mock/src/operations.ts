// @assoc-feed/mock/operations: every operation of the joined spec with its documented statuses and named
// examples (the table the request handlers answer from and the README's Prefer list is written from).
export {
  examples as feedExamples,
  type OperationId,
  operations as feedOperations,
} from './generated/operations.js';
