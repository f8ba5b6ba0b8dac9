// The body reader under `validateResponses`: decimal notation is checked where the operation's answer holds
// decimal fields (the validators module's `decimalFields`), and only there.
import { describe, expect, it } from 'vitest';
import { createBodyReader } from './response-body.js';
import {
  type CompiledValidator,
  type ExactModule,
  type ResponseIssue,
  ResponseValidationError,
  type ValidatorsModule,
} from './response-types.js';

const SERIES = 'GET /series';
const LIST = 'GET /list';
const exact: ExactModule = {
  exactFields: ['valor_cota', 'a/b'],
  decimalRules: { valor_cota: { precision: 33, scale: 17 }, 'a/b': { precision: 19, scale: 2 } },
};
const accept: CompiledValidator = () => true;
const listed: ValidatorsModule = {
  validators: { [`${SERIES} 200`]: accept, [`${LIST} 200`]: accept },
  decimalFields: { [`${SERIES} 200`]: ['/content/*/valor_cota', '/por_classe/*/a~1b'] },
};

function reader(validators: ValidatorsModule, validate: 'warn' | 'throw' = 'warn') {
  const reported: ResponseIssue[] = [];
  const body = createBodyReader({
    numbers: 'number',
    validate,
    extras: { exact: async () => exact, validators: async () => validators },
    report: (issues) => reported.push(...issues),
  });
  const read = (operation: string, text: string) => body.parse(text, 200, operation, '/x');
  return { read, reported };
}

/** A series answer: quotas in `content`, and the same field name where the schema lists no decimal. */
const series = (quota: string, elsewhere = '1e5') =>
  `{"content":[{"valor_cota":1.5},{"valor_cota":${quota}}],"resumo":{"valor_cota":${elsewhere}},` +
  `"por_classe":{"C1":{"a/b":10.25}},"outros":[1e3,0.1]}`;

describe('decimal notation, where the schema lists decimal fields', () => {
  it.each([
    ['an exponent', '1.5e3', 'an exponent'],
    ['more decimals than the scale', '1.123456789012345678', '18 decimals (scale 17)'],
  ])(
    '%s in a listed field: reported with its pointer, the notation and the text sent',
    async (_n, quota, problem) => {
      const { read, reported } = reader(listed);
      await read(SERIES, series(quota));
      expect(reported).toEqual([
        {
          operation: `${SERIES} 200`,
          pointer: '/content/1/valor_cota',
          expected: 'decimal notation (precision 33, scale 17)',
          found: `${quota} (${problem})`,
        },
      ]);
    },
  );

  it('a listed field under a map and an escaped name', async () => {
    const { read, reported } = reader(listed);
    await read(SERIES, series('2.5').replace('10.25', '10.255'));
    expect(reported).toEqual([
      {
        operation: `${SERIES} 200`,
        pointer: '/por_classe/C1/a~1b',
        expected: 'decimal notation (precision 19, scale 2)',
        found: '10.255 (3 decimals (scale 2))',
      },
    ]);
  });

  it('numbers elsewhere are untouched: not checked, not reported, parsed as JSON.parse does', async () => {
    const { read, reported } = reader(listed);
    const text = series('2.5', '1.123456789012345678e5');
    expect(await read(SERIES, text)).toEqual(JSON.parse(text));
    expect(reported).toEqual([]);
  });

  it('an operation whose answer has no decimal fields is not checked for notation at all', async () => {
    const { read, reported } = reader(listed);
    await read(LIST, series('1.5e3'));
    expect(reported).toEqual([]);
  });

  it("'throw' throws the notation difference", async () => {
    const { read } = reader(listed, 'throw');
    const error = await read(SERIES, series('1e400')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      expect.objectContaining({ pointer: '/content/1/valor_cota', found: '1e400 (an exponent)' }),
    ]);
  });
});

describe('a validators module without decimalFields (generated before it)', () => {
  it('checks every number under an exact field name, wherever it is', async () => {
    const { read, reported } = reader({ validators: { [`${SERIES} 200`]: accept } });
    await read(SERIES, series('1.5e3'));
    expect(reported.map((i) => [i.pointer, i.found])).toEqual([
      ['/content/1/valor_cota', '1.5e3 (an exponent)'],
      ['/resumo/valor_cota', '1e5 (an exponent)'],
    ]);
  });
});
