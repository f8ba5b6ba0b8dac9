import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.{js,ts}'],
    exclude: ['**/node_modules/**'],
  },
});
