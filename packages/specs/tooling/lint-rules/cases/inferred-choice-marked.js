// @ts-check
// The fixtures of ../inferred-choice-marked.test.js, apart from its tests: test-support/lint-once.js lints
// the fixtures of every lint-rule file in one Redocly run before the tests start.
import { api, at, operation } from '../test-support/lint-fixtures.js';
import {
  badBasis,
  badEvidence,
  cites,
  EVIDENCE_FILE,
  INFERRED,
  noBasis,
  noChoice,
  noEvidence,
  noReason,
  notObject,
  notShown,
  P,
  PLAIN_WORDS,
  SHARED_EVIDENCE,
} from './inferred-choice-marked-messages.js';

/** @param {Record<string, unknown>} schema */
const withSchema = (schema) =>
  api({ [P]: { get: operation() } }, { components: { schemas: { Fund: schema } } });

/** @type {Array<{ name: string, files: Record<string, string | object>, expected: Array<{ at: string, message: string }> }>} */
export const cases = [
  {
    name: 'well-formed x-inferred on info, operation, parameter and schema',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              'x-inferred': INFERRED,
              parameters: [
                { name: 'page', in: 'query', schema: { type: 'integer' }, 'x-inferred': INFERRED },
              ],
            }),
          },
        },
        {
          info: { title: 'F', version: '1', 'x-inferred': INFERRED },
          components: { schemas: { Fund: { type: 'object', 'x-inferred': INFERRED } } },
        },
      ),
    },
    expected: [],
  },
  {
    name: 'info.description may say "not shown" without x-inferred',
    files: {
      'openapi.yaml': api(
        { [P]: { get: operation() } },
        { info: { title: 'F', version: '1', description: 'Rate limits: not shown.' } },
      ),
    },
    expected: [],
  },
  {
    name: '"not shown" on nodes that carry x-inferred, including a referenced response file',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            description: 'The default page size is not shown.',
            'x-inferred': INFERRED,
            responses: { 200: { $ref: 'responses/Ok.yaml' } },
          }),
        },
      }),
      'responses/Ok.yaml': [
        'description: The error body is Not Shown in the document.',
        'x-inferred:',
        '  choice: Errors answer a JSON object.',
        '  reason: The document does not show the error body.',
        '  basis: public clients (1)',
        '  evidence: One answer recorded from the production host.',
        '',
      ].join('\n'),
    },
    expected: [],
  },
  {
    name: 'example payloads are data, not descriptions',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object' },
                    examples: { a: { summary: 'a', value: { description: 'value not shown on the site' } } },
                  },
                },
              },
            },
          }),
        },
      }),
    },
    expected: [],
  },
  {
    name: 'x-inferred written as a string',
    files: {
      'openapi.yaml': withSchema({ type: 'string', 'x-inferred': 'Chosen because the document is silent.' }),
    },
    expected: [
      {
        at: 'openapi.yaml#/components/schemas/Fund/x-inferred',
        message: notObject('Schema', 'a string ("Chosen because the document is silent.")'),
      },
    ],
  },
  {
    name: 'x-inferred with an empty choice and no reason',
    files: { 'openapi.yaml': withSchema({ type: 'string', 'x-inferred': { choice: '' } }) },
    expected: [
      {
        at: 'openapi.yaml#/components/schemas/Fund/x-inferred/choice',
        message: noChoice('Schema', 'a string ("")'),
      },
      { at: 'openapi.yaml#/components/schemas/Fund/x-inferred', message: noReason('Schema') },
      { at: 'openapi.yaml#/components/schemas/Fund/x-inferred', message: noBasis('Schema') },
    ],
  },
  {
    name: 'each accepted basis: document, guess, public clients (N) with its evidence',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              'x-inferred': { ...INFERRED, basis: 'document' },
              parameters: [
                {
                  name: 'size',
                  in: 'query',
                  schema: { type: 'integer' },
                  'x-inferred': {
                    ...INFERRED,
                    basis: 'public clients (2)',
                    evidence: 'Two public clients read `totalSize` beside `content`.',
                  },
                },
              ],
            }),
          },
        },
        { components: { schemas: { Fund: { type: 'object', 'x-inferred': INFERRED } } } },
      ),
    },
    expected: [],
  },
  {
    name: 'a basis outside the three forms, public clients without a count or without evidence',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              'x-inferred': { ...INFERRED, basis: 'public clients' },
              parameters: [
                {
                  name: 'size',
                  in: 'query',
                  schema: { type: 'integer' },
                  'x-inferred': { ...INFERRED, basis: 'public clients (0)' },
                },
                {
                  name: 'page',
                  in: 'query',
                  schema: { type: 'integer' },
                  'x-inferred': { ...INFERRED, basis: 'public clients (3)' },
                },
              ],
            }),
          },
        },
        {
          components: {
            schemas: { Fund: { type: 'object', 'x-inferred': { ...INFERRED, basis: 'analogy' } } },
          },
        },
      ),
    },
    expected: [
      { at: `${at(P)}/x-inferred/basis`, message: badBasis('Operation', 'a string ("public clients")') },
      {
        at: `${at(P)}/parameters/0/x-inferred/basis`,
        message: badBasis('Parameter', 'a string ("public clients (0)")'),
      },
      { at: `${at(P)}/parameters/1/x-inferred/basis`, message: noEvidence('Parameter') },
      {
        at: 'openapi.yaml#/components/schemas/Fund/x-inferred/basis',
        message: badBasis('Schema', 'a string ("analogy")'),
      },
    ],
  },
  {
    name: 'public clients counted on an analogy alone, or more than the evidence names',
    files: {
      'openapi.yaml': api({
        [P]: {
          get: operation({
            'x-inferred': {
              ...INFERRED,
              basis: 'public clients (2)',
              evidence: 'By analogy with the funds list, which two public clients read so.',
            },
            parameters: [
              {
                name: 'size',
                in: 'query',
                schema: { type: 'integer' },
                'x-inferred': {
                  ...INFERRED,
                  basis: 'public clients (3)',
                  evidence: 'Two public clients and a third public spec read `size`.',
                },
              },
              {
                name: 'page',
                in: 'query',
                schema: { type: 'integer' },
                'x-inferred': {
                  ...INFERRED,
                  basis: 'public clients (1)',
                  evidence: 'One public client reads `page`; by analogy, four read the list so.',
                },
              },
            ],
          }),
        },
      }),
    },
    expected: [
      {
        at: `${at(P)}/x-inferred/basis`,
        message:
          '`x-inferred` on this Operation counts public clients (2) on an analogy alone: an analogy (the same ' +
          'reading elsewhere) is evidence in words, not a client that reads this place. Write `basis: guess` and ' +
          'keep the analogy in `evidence:`.',
      },
      {
        at: `${at(P)}/parameters/0/x-inferred/basis`,
        message:
          '`basis` of `x-inferred` on this Parameter counts 3 public client(s) but its evidence says "Two public ' +
          'clients". N counts only the clients that read this very place (a public spec, a README or an analogy ' +
          'is evidence in words, not a client): make the two agree.',
      },
    ],
  },
  {
    name: 'evidence on more than one line, or not a string',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              'x-inferred': { ...INFERRED, basis: 'document', evidence: 'One client.\nAnother.' },
            }),
          },
        },
        { components: { schemas: { Fund: { type: 'object', 'x-inferred': { ...INFERRED, evidence: 3 } } } } },
      ),
    },
    expected: [
      {
        at: `${at(P)}/x-inferred/evidence`,
        message: badEvidence('Operation', 'a string ("One client.\\nAnother.")'),
      },
      {
        at: 'openapi.yaml#/components/schemas/Fund/x-inferred/evidence',
        message: badEvidence('Schema', 'a number (3)'),
      },
    ],
  },
  {
    name: 'notes and descriptions that cite a file, a row or a client by letter users do not have',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              description: `Paged as the clients read it (see ${SHARED_EVIDENCE}).`,
              'x-inferred': {
                ...INFERRED,
                basis: 'public clients (2)',
                evidence: `${EVIDENCE_FILE} row 1: clients C and D read \`totalSize\``,
              },
              parameters: [
                {
                  name: 'size',
                  in: 'query',
                  schema: { type: 'integer' },
                  'x-inferred': {
                    choice: 'The default is 1000, as in row 8.',
                    reason: 'Client B sends it.',
                    basis: 'public clients (1)',
                    evidence: 'client B sends `size` beside `cursor`',
                  },
                },
              ],
            }),
          },
        },
        {
          components: {
            schemas: {
              Fund: {
                type: 'object',
                'x-inferred': {
                  ...INFERRED,
                  basis: 'public clients (4)',
                  evidence:
                    'Four public clients read the fields at the top level of each record (A and B too).',
                },
              },
            },
          },
        },
      ),
    },
    expected: [
      {
        at: `${at(P)}/description`,
        message: `The description of this Operation cites a file (\`${SHARED_EVIDENCE}\`), which users of the spec do not have: ${PLAIN_WORDS}.`,
      },
      {
        at: `${at(P)}/x-inferred/evidence`,
        message: cites('evidence', 'Operation', `a file (\`${EVIDENCE_FILE}\`)`),
      },
      {
        at: `${at(P)}/parameters/0/x-inferred/choice`,
        message: cites('choice', 'Parameter', 'a row of a table (`row 8`)'),
      },
      {
        at: `${at(P)}/parameters/0/x-inferred/reason`,
        message: cites('reason', 'Parameter', 'a client by its letter (`Client B`)'),
      },
      {
        at: `${at(P)}/parameters/0/x-inferred/evidence`,
        message: cites('evidence', 'Parameter', 'a client by its letter (`client B`)'),
      },
    ],
  },
  {
    name: 'x-inferred on info without reason, on a parameter as a list',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              parameters: [{ name: 'size', in: 'query', schema: { type: 'integer' }, 'x-inferred': ['a'] }],
            }),
          },
        },
        {
          info: {
            title: 'F',
            version: '1',
            'x-inferred': { choice: 'Version 1.0.0.', reason: 42, basis: 'guess' },
          },
        },
      ),
    },
    expected: [
      { at: 'openapi.yaml#/info/x-inferred/reason', message: noReason('Info', 'a number (42)') },
      { at: `${at(P)}/parameters/0/x-inferred`, message: notObject('Parameter', 'a list') },
    ],
  },
  {
    name: '"not shown" without x-inferred on an operation, a parameter, a property and a referenced response',
    files: {
      'openapi.yaml': api(
        {
          [P]: {
            get: operation({
              description: 'Defaults are NOT SHOWN in the document.',
              parameters: [
                { name: 'size', in: 'query', description: 'Default not shown.', schema: { type: 'integer' } },
              ],
              responses: { 200: { $ref: 'responses/Ok.yaml' } },
            }),
          },
        },
        {
          components: {
            schemas: {
              Fund: {
                type: 'object',
                'x-inferred': INFERRED,
                properties: { taxa: { type: 'number', description: 'Scale not  shown.' } },
              },
            },
          },
        },
      ),
      'responses/Ok.yaml': 'description: The body is not shown.\n',
    },
    expected: [
      { at: `${at(P)}/description`, message: notShown('Operation') },
      { at: `${at(P)}/parameters/0/description`, message: notShown('Parameter') },
      {
        at: 'openapi.yaml#/components/schemas/Fund/properties/taxa/description',
        message: notShown('Schema'),
      },
      { at: 'responses/Ok.yaml#/description', message: notShown('Response') },
    ],
  },
];

/** The rules these fixtures are linted with. */
export const rules = ['inferred-choice-marked'];
export const fixtures = cases;
