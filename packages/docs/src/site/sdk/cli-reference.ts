// The command lines as their own definitions give them, so the pages cannot drift from them: `assoc-feed`'s
// commander program (packages/cli/src/program.ts: every command, argument, flag, default and choice, and the
// examples of its help pages), its exit codes (errors.ts's EXIT, with their comments), and the usage texts of
// `assoc-feed-mock` and `assoc-feed-sandbox` (their cli-args.ts: the help each prints), cut into flags.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import ts from 'typescript';

export interface CliFlag {
  /** `-o, --out <file>` */
  flags: string;
  /** `--out` */
  long: string;
  description: string;
  defaultValue?: string;
  choices?: readonly string[];
  required?: boolean;
}
export interface CliCommand {
  /** `export`, `auth check` */
  name: string;
  usage: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
  flags: CliFlag[];
  examples: readonly string[];
}
export interface CliReference {
  bin: string;
  description: string;
  /** Flags of the program itself (--version, --help). */
  flags: CliFlag[];
  commands: CliCommand[];
  exitCodes: { code: number; name: string; meaning: string }[];
}

/** The few parts of commander's Command the pages read. */
interface CommandLike {
  name(): string;
  description(): string;
  usage(): string;
  commands: readonly CommandLike[];
  options: readonly {
    flags: string;
    long?: string;
    description: string;
    defaultValue?: unknown;
    argChoices?: readonly string[];
    mandatory?: boolean;
  }[];
  registeredArguments: readonly { name(): string; description: string; required: boolean }[];
}
interface ProgramModule {
  createProgram(io: unknown, run: () => void): CommandLike;
  EXAMPLES: Record<string, readonly string[]>;
}

const cliSrc = join(repoRoot, 'packages', 'cli', 'src');

/**
 * The help's defaults are computed where it runs (the config file under the user's home): the pages show them
 * as a reader's shell would, not as the build machine's paths.
 */
export function portablePaths(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  if (env.XDG_CONFIG_HOME) out = out.replaceAll(env.XDG_CONFIG_HOME, '~/.config');
  return out.replaceAll(`${homedir()}/`, '~/');
}

function flagsOf(command: CommandLike): CliFlag[] {
  const own = command.options.map((o) => ({
    flags: o.flags,
    long: o.long ?? o.flags,
    description: portablePaths(o.description),
    ...(o.defaultValue !== undefined &&
    o.defaultValue !== false &&
    !(Array.isArray(o.defaultValue) && !o.defaultValue.length)
      ? { defaultValue: String(o.defaultValue) }
      : {}),
    ...(o.argChoices ? { choices: o.argChoices } : {}),
    ...(o.mandatory ? { required: true } : {}),
  }));
  return [...own, { flags: '-h, --help', long: '--help', description: 'display help for command' }];
}

/** The exit codes: errors.ts's `EXIT` object, each with the comment above it ("ok" needs none). */
export function exitCodes(
  source = readFileSync(join(cliSrc, 'errors.ts'), 'utf8'),
): CliReference['exitCodes'] {
  const file = ts.createSourceFile('errors.ts', source, ts.ScriptTarget.ES2022, true);
  const found: CliReference['exitCodes'] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'EXIT') {
      let init = node.initializer;
      while (init && (ts.isAsExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const prop of init.properties) {
          if (!ts.isPropertyAssignment(prop)) continue;
          const docs = ts
            .getJSDocCommentsAndTags(prop)
            .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
            .join(' ')
            .trim();
          const name = prop.name.getText();
          found.push({
            code: Number(prop.initializer.getText()),
            name,
            meaning: docs || (name === 'ok' ? 'Done.' : name),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found.length)
    throw new Error('docs: no EXIT object in packages/cli/src/errors.ts: where are the exit codes now?');
  return found;
}

/** `assoc-feed`'s commands and flags, from its commander program (run by tsx, as the builder is). */
export async function readCli(): Promise<CliReference> {
  const module = (await import(pathToFileURL(join(cliSrc, 'program.ts')).href)) as ProgramModule;
  const sink = { write: () => true };
  const program = module.createProgram(
    { stdout: sink, stderr: sink, env: {}, signal: new AbortController().signal },
    () => undefined,
  );
  const commands: CliCommand[] = [];
  const walk = (command: CommandLike, prefix: string) => {
    for (const sub of command.commands) {
      const name = `${prefix}${sub.name()}`;
      if (sub.commands.length) walk(sub, `${name} `);
      if (sub.commands.length && !sub.options.length) continue; // a group (auth): its commands are listed
      commands.push({
        name,
        usage: `${program.name()} ${name} ${sub.usage()}`,
        description: sub.description(),
        arguments: sub.registeredArguments.map((a) => ({
          name: a.name(),
          description: a.description,
          required: a.required,
        })),
        flags: flagsOf(sub),
        examples: module.EXAMPLES[name] ?? [],
      });
    }
  };
  walk(program, '');
  return {
    bin: program.name(),
    description: program.description(),
    flags: flagsOf(program),
    commands,
    exitCodes: exitCodes(),
  };
}

export interface UsageText {
  bin: string;
  usage: string;
  flags: { flag: string; description: string }[];
}

/** The usage text a bin prints for --help, cut into its flags (lines starting `  --flag`, continued below). */
export function parseUsage(bin: string, usage: string): UsageText {
  const flags: UsageText['flags'] = [];
  const options = usage.slice(usage.indexOf('\nOptions:') + 1);
  for (const line of options.split('\n').slice(1)) {
    const m = /^ {2}(-{1,2}[\w-]+(?: [A-Z|.-]+)?)\s{2,}(.*)$/.exec(line);
    if (m) flags.push({ flag: (m[1] as string).trim(), description: (m[2] as string).trim() });
    else if (line.trim() && flags.length) {
      const last = flags[flags.length - 1] as UsageText['flags'][number];
      last.description = `${last.description} ${line.trim()}`;
    }
  }
  if (!flags.length) throw new Error(`docs: no flags found in the usage text of ${bin}`);
  return { bin, usage, flags };
}

/** The help texts of `assoc-feed-mock`, `assoc-feed-sandbox` (their cli-args.ts `usage`) and `assoc-feed-mcp` (its settings.ts). */
export async function readServerUsages(): Promise<{ mock: UsageText; sandbox: UsageText; mcp: UsageText }> {
  const load = async (pkg: string, file = 'cli-args.ts') =>
    (
      (await import(pathToFileURL(join(repoRoot, 'packages', pkg, 'src', file)).href)) as {
        usage: string;
      }
    ).usage;
  return {
    mock: parseUsage('assoc-feed-mock', await load('mock')),
    sandbox: parseUsage('assoc-feed-sandbox', await load('sandbox')),
    mcp: parseUsage('assoc-feed-mcp', await load('mcp', 'settings.ts')),
  };
}
