// The business-day calendar lives in @assoc-feed/core (one implementation for the clients and the sandbox).
export * from '@assoc-feed/core/internal/calendar';
