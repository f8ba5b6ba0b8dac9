// The stdio transport: one JSON-RPC message a line on stdin, one a line on stdout, as the SDK's own; but a line
// over the size limit is answered with a JSON-RPC error (id null: its id was never read) and skipped, and the
// server reads on. The SDK's transport closes itself on such a line, and the process then ends with exit code 0
// and no word, which leaves an assistant with a server that silently went away.
import type { Readable, Writable } from 'node:stream';
import {
  deserializeMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  serializeMessage,
} from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC's "Invalid Request". */
const INVALID_REQUEST = -32600;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The bytes of the line being read (up to the limit). */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** The line being read is over the limit: its bytes are dropped up to its end. */
  #skipping = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    /** The most bytes of one message. */
    readonly maxLineBytes: number = STDIO_DEFAULT_MAX_BUFFER_SIZE,
  ) {}

  readonly #onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let end = rest.indexOf(10); end !== -1; end = rest.indexOf(10)) {
      this.#take(rest.subarray(0, end));
      this.#endLine();
      rest = rest.subarray(end + 1);
    }
    this.#take(rest);
  };

  readonly #onError = (error: Error) => this.onerror?.(error);

  #take(part: Buffer): void {
    if (this.#skipping || part.length === 0) return;
    if (this.#pendingBytes + part.length > this.maxLineBytes) {
      this.#skipping = true;
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    this.#pending.push(part);
    this.#pendingBytes += part.length;
  }

  #endLine(): void {
    if (this.#skipping) {
      this.#skipping = false;
      void this.send({
        jsonrpc: '2.0',
        id: null as unknown as string,
        error: {
          code: INVALID_REQUEST,
          message: `Message refused: over ${this.maxLineBytes} bytes, the most this server reads in one message. It was skipped; the server reads on.`,
        },
      });
      return;
    }
    const line = Buffer.concat(this.#pending).toString('utf8').replace(/\r$/, '');
    this.#pending = [];
    this.#pendingBytes = 0;
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  async start(): Promise<void> {
    this.input.on('data', this.#onData);
    this.input.on('error', this.#onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(serializeMessage(message))) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.#onData);
    this.input.off('error', this.#onError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.#pending = [];
    this.onclose?.();
  }
}
