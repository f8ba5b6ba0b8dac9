// @ts-check
// feed/inferred-choice-marked: every `x-inferred` is `{ choice, reason, basis, evidence? }` (choice and reason
// non-empty, basis one of the fixed vocabulary below, evidence one line), and a node whose description says
// "not shown" carries its own `x-inferred` (CONVENTIONS.md, "Not shown": x-inferred). The basis is what lets a
// reader weigh a choice (the docs show it as a badge): the documents' own words, public client code that reads
// the real service, or a guess. The notes are user text (the docs print them, generators copy them): they say
// what the evidence is in plain words and never point at a record users do not have (a file, its rows, the
// letters the project's record gives the clients): those live in specs/PUBLIC-CLIENT-EVIDENCE.md.
// `info.description` is exempt from the "not shown" check: it summarises the API and may mention what the
// documents leave out.
import { isNonEmptyString, isObject, kindOf } from '../util.js';

/** Node types whose `description` is prose about that node (example payloads are not walked as these). */
const DESCRIBED = new Set([
  'Operation',
  'Parameter',
  'Schema',
  'Response',
  'Header',
  'RequestBody',
  'MediaType',
  'Example',
  'Tag',
  'PathItem',
  'Server',
  'ServerVariable',
  'SecurityScheme',
  'Link',
]);

const NOT_SHOWN = /not\s+shown/i;

const SHAPE =
  'x-inferred: { choice: <what was chosen>, reason: <what the document gives and does not show>, basis: document | public clients (N) | guess }';

/** The vocabulary: `document`, `guess`, or `public clients (N)` with N ≥ 1 (how many independent clients agree). */
const BASIS = /^(document|guess|public clients \(([1-9]\d*)\))$/;
const BASIS_FORMS =
  '`document` (the documents state or imply it), `public clients (N)` (N independent public clients of the ' +
  'real service read it so) or `guess` (nothing supports it beyond plausibility)';

/** The first count of public clients an evidence line gives ("Two public clients read …"). */
const COUNT = /\b(one|two|three|four|five|six|seven|eight|nine|ten|\d+) (?:independent )?public clients?\b/i;
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** @param {string} word */
function numberOf(word) {
  const i = WORDS.indexOf(word.toLowerCase());
  return i >= 0 ? i + 1 : Number(word);
}

/**
 * What users of the spec cannot follow: a file outside the repository (the project's working notes beside the checkout), a row of a table they do not
 * have, or a client named by the letter the project's record gives it.
 */
const UNREADABLE = [
  { pattern: /[\w./-]*\.md\b/i, what: 'a file' },
  { pattern: /\.\.\/shared\b/, what: 'a file' },
  { pattern: /\brows? \d+/i, what: 'a row of a table' },
  { pattern: /\b[Cc]lients? [A-Z]\b/, what: 'a client by its letter' },
];
const PLAIN_WORDS =
  'say in plain words what the evidence is (e.g. "two public clients read `totalSize` beside `content`"); the ' +
  "rows and the clients' letters belong in specs/PUBLIC-CLIENT-EVIDENCE.md, which the docs do not show";

/** @param {string} text @returns {string | undefined} what the text cites that users do not have, and where */
function unreadable(text) {
  for (const { pattern, what } of UNREADABLE) {
    const m = pattern.exec(text);
    if (m) return `${what} (\`${m[0]}\`)`;
  }
  return undefined;
}

/** @type {import('../util.js').Rule} */
export function InferredChoiceMarked() {
  return {
    any: {
      enter(node, ctx) {
        if (!isObject(node)) return;
        const type = ctx.type.name;

        if ('x-inferred' in node) {
          const inferred = node['x-inferred'];
          const where = ctx.location.child(['x-inferred']);
          if (!isObject(inferred)) {
            ctx.report({
              message: `\`x-inferred\` on this ${type} must be an object, found ${kindOf(inferred)}. Write \`${SHAPE}\`.`,
              location: where,
            });
          } else {
            if (!isNonEmptyString(inferred.choice)) {
              ctx.report({
                message:
                  `\`x-inferred\` on this ${type} has no \`choice\`${inferred.choice === undefined ? '' : ` (found ${kindOf(inferred.choice)})`}. ` +
                  'Add `choice:` with one or two sentences saying what was chosen; the docs list every inferred choice by it.',
                location: 'choice' in inferred ? where.child(['choice']) : where.key(),
              });
            }
            if (!isNonEmptyString(inferred.reason)) {
              ctx.report({
                message:
                  `\`x-inferred\` on this ${type} has no \`reason\`${inferred.reason === undefined ? '' : ` (found ${kindOf(inferred.reason)})`}. ` +
                  'Add `reason:` with one or two sentences saying why: what the document gives and what it does not show.',
                location: 'reason' in inferred ? where.child(['reason']) : where.key(),
              });
            }
            checkBasis(inferred, where, type, ctx);
            for (const field of ['choice', 'reason', 'evidence']) {
              const text = inferred[field];
              const cited = typeof text === 'string' ? unreadable(text) : undefined;
              if (cited)
                ctx.report({
                  message:
                    `\`${field}\` of \`x-inferred\` on this ${type} cites ${cited}, which users of the spec do not ` +
                    `have: ${PLAIN_WORDS}.`,
                  location: where.child([field]),
                });
            }
          }
        }

        if (DESCRIBED.has(type) && typeof node.description === 'string') {
          const cited = unreadable(node.description);
          if (cited)
            ctx.report({
              message: `The description of this ${type} cites ${cited}, which users of the spec do not have: ${PLAIN_WORDS}.`,
              location: ctx.location.child(['description']),
            });
        }

        if (
          DESCRIBED.has(type) &&
          typeof node.description === 'string' &&
          NOT_SHOWN.test(node.description) &&
          !('x-inferred' in node)
        ) {
          ctx.report({
            message:
              `The description of this ${type} says "not shown" but the ${type} has no \`x-inferred\`. Record the ` +
              `choice made for what the document does not show on this same node: \`${SHAPE}\`.`,
            location: ctx.location.child(['description']),
          });
        }
      },
    },
  };
}

/**
 * @param {Record<string, unknown>} inferred
 * @param {import('../util.js').Location} where
 * @param {string} type
 * @param {import('../util.js').Ctx} ctx
 */
function checkBasis(inferred, where, type, ctx) {
  const basis = inferred.basis;
  if (basis === undefined) {
    ctx.report({
      message: `\`x-inferred\` on this ${type} has no \`basis\`. Add \`basis:\` with one of ${BASIS_FORMS}.`,
      location: where.key(),
    });
  } else if (typeof basis !== 'string' || !BASIS.test(basis)) {
    ctx.report({
      message:
        `\`basis\` of \`x-inferred\` on this ${type} is ${kindOf(basis)}; write one of ${BASIS_FORMS}. ` +
        'Put the evidence itself in `evidence:` (one line: what the clients read, or the analogy drawn).',
      location: where.child(['basis']),
    });
  } else if (basis.startsWith('public clients') && !isNonEmptyString(inferred.evidence)) {
    ctx.report({
      message:
        `\`x-inferred\` on this ${type} rests on public clients but has no \`evidence\`. Add \`evidence:\` in one ` +
        'line saying what they read, e.g. `evidence: Two public clients read \\`totalSize\\` beside \\`content\\`.`',
      location: where.child(['basis']),
    });
  }
  const evidence = inferred.evidence;
  const counted = typeof basis === 'string' ? BASIS.exec(basis)?.[2] : undefined;
  if (counted !== undefined && isNonEmptyString(evidence)) {
    if (/^\s*by analogy\b/i.test(evidence)) {
      ctx.report({
        message:
          `\`x-inferred\` on this ${type} counts public clients (${counted}) on an analogy alone: an analogy (the same ` +
          'reading elsewhere) is evidence in words, not a client that reads this place. Write `basis: guess` and keep ' +
          'the analogy in `evidence:`.',
        location: where.child(['basis']),
      });
    } else {
      const said = COUNT.exec(evidence);
      const n = said ? numberOf(/** @type {string} */ (said[1])) : undefined;
      if (n !== undefined && String(n) !== counted) {
        ctx.report({
          message:
            `\`basis\` of \`x-inferred\` on this ${type} counts ${counted} public client(s) but its evidence says ` +
            `"${said?.[0]}". N counts only the clients that read this very place (a public spec, a README or an ` +
            'analogy is evidence in words, not a client): make the two agree.',
          location: where.child(['basis']),
        });
      }
    }
  }
  if (evidence !== undefined && (!isNonEmptyString(evidence) || /[\r\n]/.test(evidence))) {
    ctx.report({
      message:
        `\`evidence\` of \`x-inferred\` on this ${type} must be one non-empty line, found ${kindOf(evidence)}. ` +
        'Say what the clients read in one sentence; the reasoning goes in `reason`.',
      location: where.child(['evidence']),
    });
  }
}
