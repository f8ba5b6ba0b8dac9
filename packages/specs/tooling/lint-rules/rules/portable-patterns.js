// @ts-check
// feed/portable-patterns: every `pattern` (and `patternProperties` key) spells its character classes out
// (specs/CONVENTIONS.md "Forms generators read"). JSON Schema reads `\d` as the ASCII digits 0-9, but regex
// dialects disagree: Python's `re` (under Schemathesis, hypothesis-jsonschema and other Python-based tools) reads
// `\d` as any Unicode digit, so such a tool generates `F` + ten Khmer digits and expects the service to accept
// them. `[0-9]` means the same in every dialect; likewise `\w` and `\s`, whose Unicode readings differ too.
import { isObject } from '../util.js';

/** The shorthand escapes, each with the class that means the same in every dialect (inside a class: its body). */
const SPELLED = {
  d: { outside: '[0-9]', inside: '0-9' },
  w: { outside: '[A-Za-z0-9_]', inside: 'A-Za-z0-9_' },
  s: { outside: '[ \\t\\n\\r\\f\\v]', inside: ' \\t\\n\\r\\f\\v' },
  D: { outside: '[^0-9]', inside: undefined },
  W: { outside: '[^A-Za-z0-9_]', inside: undefined },
  S: { outside: '[^ \\t\\n\\r\\f\\v]', inside: undefined },
};

/**
 * The shorthand escapes a pattern uses, and the pattern with each spelled out (undefined when one cannot be:
 * a negated shorthand inside a class).
 * @param {string} pattern
 * @returns {{ found: string[], portable: string | undefined }}
 */
export function portablePattern(pattern) {
  /** @type {string[]} */
  const found = [];
  /** @type {string | undefined} */
  let portable = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = /** @type {string} */ (pattern[i + 1]);
      i++;
      const spelled = /** @type {Record<string, { outside: string, inside: string | undefined }>} */ (
        SPELLED
      )[next];
      if (spelled) {
        if (!found.includes(`\\${next}`)) found.push(`\\${next}`);
        const replacement = inClass ? spelled.inside : spelled.outside;
        portable = replacement === undefined || portable === undefined ? undefined : portable + replacement;
      } else if (portable !== undefined) portable += `\\${next}`;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    if (portable !== undefined) portable += c;
  }
  return { found, portable };
}

/**
 * @param {string} pattern
 * @param {string} where what holds the pattern (`pattern`, `a patternProperties key`)
 */
function message(pattern, where) {
  const { found, portable } = portablePattern(pattern);
  const fix = portable === undefined ? 'Spell each class out' : `Write \`${portable}\``;
  return (
    `${where} \`${pattern}\` uses ${found.map((e) => `\`${e}\``).join(', ')}: JSON Schema means ASCII (\`\\d\` is 0-9), ` +
    'but Python-based tools (Schemathesis, hypothesis-jsonschema) read `\\d` as any Unicode digit and `\\w`, `\\s` ' +
    `as Unicode classes, so they generate and accept values the service refuses. ${fix}: the same meaning in every ` +
    'regex dialect (specs/CONVENTIONS.md "Forms generators read").'
  );
}

/** @type {import('../util.js').Rule} */
export function PortablePatterns() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!isObject(schema)) return;
        if (typeof schema.pattern === 'string' && portablePattern(schema.pattern).found.length > 0) {
          ctx.report({
            message: message(schema.pattern, '`pattern`'),
            location: ctx.location.child(['pattern']),
          });
        }
        if (isObject(schema.patternProperties)) {
          for (const key of Object.keys(schema.patternProperties)) {
            if (portablePattern(key).found.length === 0) continue;
            ctx.report({
              message: message(key, 'The `patternProperties` key'),
              location: ctx.location.child(['patternProperties', key]).key(),
            });
          }
        }
      },
    },
  };
}
