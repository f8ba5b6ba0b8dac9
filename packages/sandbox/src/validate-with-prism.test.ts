// --validate-with-prism loads Prism through the optional peer dependency @assoc-feed/mock: without it the
// error names the package to install; any other failure of the load is passed on as it is.
import { describe, expect, it } from 'vitest';
import { loadPrismProxy } from './validate-with-prism.js';

const failing = (code: string) => () =>
  Promise.reject(Object.assign(new Error(`Cannot find package '@assoc-feed/mock'`), { code }));

describe('loadPrismProxy', () => {
  it.each(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'])(
    'without @assoc-feed/mock (%s): an error naming the package and how to install it',
    async (code) => {
      await expect(loadPrismProxy(failing(code))).rejects.toThrow(
        /--validate-with-prism \(validateWithPrism\) needs @assoc-feed\/mock.*npm install --save-dev @assoc-feed\/mock/,
      );
    },
  );

  it('passes on any other failure unchanged', async () => {
    await expect(loadPrismProxy(failing('ERR_SOMETHING_ELSE'))).rejects.toThrow(
      "Cannot find package '@assoc-feed/mock'",
    );
  });

  it('with @assoc-feed/mock installed: its startPrismProxy', async () => {
    const { startPrismProxy } = await import('@assoc-feed/mock');
    expect(await loadPrismProxy()).toBe(startPrismProxy);
  });
});
