// Where the tests leave what a person may want to look at: screenshots and the compiled samples (gitignored;
// turbo keeps the folder as the test task's output, the Pages workflow uploads it).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const artifactsDir = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
mkdirSync(artifactsDir, { recursive: true });
