// @assoc-feed/mock/msw: request handlers for MSW 2 generated from the spec (browser-safe: no Node built-in).

export type { OperationId } from './generated/operations.js';
export {
  createFeedHandlers,
  type FeedHandlers,
  type FeedHandlersOptions,
  feedHandlers,
  type HandlerFactory,
  type HandlerGroup,
  type Selection,
} from './msw/feed-handlers.js';
