import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { finished } from './cli.js';

// The helper every command test reads the CLI's output through. A pipe hands its reader chunks wherever the
// writer's writes and the reader's turns happen to fall, so on a busy machine a character of several UTF-8 bytes
// can arrive in two chunks; export's output was once compared unequal for that reason alone.
const SPLIT_WRITER = `
  const out = process.stdout;
  out.write(Buffer.from([0x63, 0x6f, 0x74, 0x61, 0xc3]));           // "cota" and the first byte of "ç"
  setTimeout(() => out.write(Buffer.from([0xa7, 0xc3, 0xa3, 0x6f, 0x0a])), 200); // its second byte, "ão\\n"
`;

describe('finished(child)', () => {
  it('joins a character whose UTF-8 bytes arrive in two chunks', async () => {
    const child = spawn(process.execPath, ['-e', SPLIT_WRITER], { stdio: ['ignore', 'pipe', 'pipe'] });
    const result = await finished(child);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('cotação\n');
  });
});
