// The request log, written in batches: one write per 100 ms or 64 KiB instead of one per request (a write to a
// terminal or pipe is a system call, which at thousands of requests a second costs more than the answer). A
// line reaches the stream at most 100 ms late; flush() writes what is pending at once (before stopping, and on
// exit).

export interface LogLines {
  /** Queues one line (the newline is added). */
  log: (line: string) => void;
  /** Writes what is queued now. */
  flush: () => void;
}

export function bufferedLines(
  write: (text: string) => void,
  options: { flushMs?: number; maxChars?: number } = {},
): LogLines {
  const flushMs = options.flushMs ?? 100;
  const maxChars = options.maxChars ?? 64 * 1024;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const log = (line: string) => {
    pending += `${line}\n`;
    if (pending.length >= maxChars) flush();
    else if (timer === undefined) {
      timer = setTimeout(flush, flushMs);
      // A queued line must not keep the process alive; the exit handler writes it.
      timer.unref();
    }
  };
  return { log, flush };
}
