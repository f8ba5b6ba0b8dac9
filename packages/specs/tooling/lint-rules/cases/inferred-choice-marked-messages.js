// @ts-check
// What the inferred-choice-marked rule says, as its fixtures (inferred-choice-marked.js) expect it: the form of a
// mark, its bases, one message per way a mark can be wrong, and the path and mark the fixtures share.

// The names of the working files outside the repository are assembled rather than written out, so that a search of
// the repository for citations of them finds only real ones.
export const EVIDENCE_FILE = ['EVIDENCE', 'md'].join('.');
export const SHARED_EVIDENCE = ['..', 'shared', EVIDENCE_FILE].join('/');
export const P = '/feed/fundos/v2/fundos';
export const SHAPE =
  'x-inferred: { choice: <what was chosen>, reason: <what the document gives and does not show>, basis: document | public clients (N) | guess }';
export const INFERRED = {
  choice: 'Pages count from 0.',
  reason: 'The document does not show where pages start.',
  basis: 'guess',
};
export const BASIS_FORMS =
  '`document` (the documents state or imply it), `public clients (N)` (N independent public clients of the ' +
  'real service read it so) or `guess` (nothing supports it beyond plausibility)';
export const PLAIN_WORDS =
  'say in plain words what the evidence is (e.g. "two public clients read `totalSize` beside `content`"); the ' +
  "rows and the clients' letters belong in specs/PUBLIC-CLIENT-EVIDENCE.md, which the docs do not show";

/** @param {string} type */
export const notShown = (type) =>
  `The description of this ${type} says "not shown" but the ${type} has no \`x-inferred\`. Record the choice ` +
  `made for what the document does not show on this same node: \`${SHAPE}\`.`;
/** @param {string} type @param {string} found */
export const notObject = (type, found) =>
  `\`x-inferred\` on this ${type} must be an object, found ${found}. Write \`${SHAPE}\`.`;
/** @param {string} type @param {string} [found] */
export const noChoice = (type, found) =>
  `\`x-inferred\` on this ${type} has no \`choice\`${found ? ` (found ${found})` : ''}. Add \`choice:\` with one or ` +
  'two sentences saying what was chosen; the docs list every inferred choice by it.';
/** @param {string} type @param {string} [found] */
export const noReason = (type, found) =>
  `\`x-inferred\` on this ${type} has no \`reason\`${found ? ` (found ${found})` : ''}. Add \`reason:\` with one or ` +
  'two sentences saying why: what the document gives and what it does not show.';

/** @param {string} type */
export const noBasis = (type) =>
  `\`x-inferred\` on this ${type} has no \`basis\`. Add \`basis:\` with one of ${BASIS_FORMS}.`;
/** @param {string} type @param {string} found */
export const badBasis = (type, found) =>
  `\`basis\` of \`x-inferred\` on this ${type} is ${found}; write one of ${BASIS_FORMS}. ` +
  'Put the evidence itself in `evidence:` (one line: what the clients read, or the analogy drawn).';
/** @param {string} type */
export const noEvidence = (type) =>
  `\`x-inferred\` on this ${type} rests on public clients but has no \`evidence\`. Add \`evidence:\` in one ` +
  'line saying what they read, e.g. `evidence: Two public clients read \\`totalSize\\` beside \\`content\\`.`';
/** @param {string} type @param {string} found */
export const badEvidence = (type, found) =>
  `\`evidence\` of \`x-inferred\` on this ${type} must be one non-empty line, found ${found}. ` +
  'Say what the clients read in one sentence; the reasoning goes in `reason`.';
/** @param {string} field @param {string} type @param {string} cited */
export const cites = (field, type, cited) =>
  `\`${field}\` of \`x-inferred\` on this ${type} cites ${cited}, which users of the spec do not have: ${PLAIN_WORDS}.`;
