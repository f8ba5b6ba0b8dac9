// The code blocks of a README marked `<!-- readme-example: NAME ... -->`, so a test runs the README's own code:
// contract-tests in the workspace, check:packages (runner-projects.ts, msw3-project.ts in packages/mock/release/)
// in projects outside it.
import { readFileSync } from 'node:fs';

/** The marked blocks of a README by name; throws when `wanted` names one it lacks. */
export function readmeExamples(readmePath: string, wanted: string[] = []): Map<string, string> {
  const text = readFileSync(readmePath, 'utf8');
  const found = new Map<string, string>();
  for (const m of text.matchAll(/<!-- readme-example: ([\w-]+)[^>]*-->\s*```\w*\n([\s\S]*?)```/g)) {
    found.set(m[1] as string, m[2] as string);
  }
  const missing = wanted.filter((name) => !found.has(name));
  if (missing.length > 0) {
    throw new Error(
      `${readmePath} lacks the example(s) ${missing.join(', ')}: mark each code block with <!-- readme-example: NAME -->`,
    );
  }
  return found;
}
