// The bucket lock's heartbeat against a release: a heartbeat that read the lock before the run released it must
// not write it back after (a lock no run holds would refuse another host's run until it turned stale).
import { describe, expect, it } from 'vitest';
import type { Bucket } from './bucket-client.js';
import { takeBucketLock } from './bucket-lock.js';
import { LOCK } from './lock.js';

/** A bucket in memory whose reads of the lock can be held back, as a slow store's would. */
function slowBucket() {
  const objects = new Map<string, string>();
  const heldReads: (() => void)[] = [];
  let holdReads = false;
  let reads = 0;
  const bucket: Bucket = {
    location: { bucket: 'b', prefix: '' },
    url: 's3://b',
    requests: 0,
    async getText(key) {
      reads++;
      if (holdReads) await new Promise<void>((resolve) => heldReads.push(resolve));
      return objects.get(key);
    },
    async putText(key, body) {
      objects.set(key, body);
      return true;
    },
    upload: async () => undefined,
    download: async () => false,
    async remove(key) {
      objects.delete(key);
    },
    close: () => undefined,
  };
  return {
    bucket,
    objects,
    reads: () => reads,
    holdReads: (on: boolean) => {
      holdReads = on;
      if (!on) for (const resolve of heldReads.splice(0)) resolve();
    },
    heldReads: () => heldReads.length,
  };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 1));
};

describe('the lock object of a copy in a bucket', () => {
  it('a heartbeat under way when the run releases its lock does not put the lock back', async () => {
    const store = slowBucket();
    const lock = await takeBucketLock(store.bucket, { heartbeatMs: 5, isSyncProcess: () => false });
    expect(store.objects.has(LOCK)).toBe(true);
    // A heartbeat reads the lock to check it is still this run's; its answer is held back.
    store.holdReads(true);
    await until(() => store.heldReads() > 0);
    const released = lock.release();
    store.holdReads(false);
    await released;
    const readsAfter = store.reads();
    expect(store.objects.has(LOCK)).toBe(false);
    // No heartbeat after the release: the lock stays gone.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.reads()).toBe(readsAfter);
    expect(store.objects.has(LOCK)).toBe(false);
  });
});
