// The command line: every flag, default and usage error of `assoc-feed-mock` (parsed in process).
import { describe, expect, it } from 'vitest';
import { MOCK_DEFAULT_PORT, parseCli, UsageError } from './cli-args.js';

describe('parseCli', () => {
  it.each([[[]], [['mock']], [['--']]])('%j: port 4010 on loopback, the examples, a request log', (argv) => {
    expect(parseCli(argv)).toEqual({
      command: 'mock',
      options: { port: MOCK_DEFAULT_PORT, host: '127.0.0.1', dynamic: false, log: 'inherit' },
    });
  });

  it('reads every flag', () => {
    expect(parseCli(['mock', '--port', '0', '--host', '::1', '--dynamic', '--quiet'])).toEqual({
      command: 'mock',
      options: { port: 0, host: '::1', dynamic: true, log: 'silent' },
    });
  });

  it.each([[['--help']], [['-h']], [['mock', '--help']]])('%j asks for the usage', (argv) => {
    expect(parseCli(argv)).toEqual({ command: 'help' });
  });

  it.each([
    [['mock', '--port=-5'], '--port must be a whole number from 0 to 65535'],
    [['--port', '-5'], 'To specify an option argument starting with a dash use'],
    [['--port', '65536'], '--port must be a whole number from 0 to 65535, got "65536"'],
    [['--seed', '1'], "Unknown option '--seed'"],
    [['mock', 'port', '5000'], 'unexpected argument "port": flags start with --'],
    [['serve'], 'unknown command "serve": the only command is "mock"'],
    [['sandbox'], 'the sandbox is its own package now: run `npx assoc-feed-sandbox`'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
