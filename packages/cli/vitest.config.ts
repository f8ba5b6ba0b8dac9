import { defineConfig } from 'vitest/config';

// The command tests run the CLI against a sandbox, in-process or as a child process: seconds, not milliseconds. The
// timeouts are guards against a hang, sized for a shared machine at half speed or worse (a kill-and-resume test
// runs the command three times); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One S3-compatible server (s3rver) on a free port for the tests of `sync --out-dir s3://…`.
    globalSetup: ['src/test-support/s3-global-setup.ts'],
    // The files share one worker and its module cache: the command line, the sandbox and DuckDB are loaded once,
    // not once per file. They leave nothing behind that another reads (env stubs are undone, servers stopped).
    isolate: false,
    unstubEnvs: true,
    // Two workers, whatever the core count (vitest's default is one on two cores): most of a file's time is spent
    // waiting on a sandbox's latency, a child process or the bucket, so two files overlap well. Each worker loads
    // the modules once; every file makes its own directories, sandboxes and buckets.
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
