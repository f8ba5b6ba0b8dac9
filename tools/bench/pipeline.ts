// Pipeline benchmark: a cold build (turbo cache bypassed) against a no-change rebuild (must be a full cache hit).
import { spawnSync } from 'node:child_process';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { median, type Row, timeCommand } from './measure.ts';

export function pipelineBench(runs = 3): Row[] {
  const turbo = `${repoRoot}node_modules/.bin/turbo`;
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    cold.push(timeCommand(turbo, ['run', 'build', '--force', '--output-logs=none'], repoRoot));
    warm.push(timeCommand(turbo, ['run', 'build', '--output-logs=none'], repoRoot));
  }
  const dry = spawnSync(turbo, ['run', 'build', '--dry=json'], { cwd: repoRoot, encoding: 'utf8' });
  // Packages without a build or generate script are listed as <NONEXISTENT> tasks, never cached: not counted.
  const tasks = (
    JSON.parse(dry.stdout) as { tasks: { command: string; cache: { status: string } }[] }
  ).tasks.filter((t) => t.command !== '<NONEXISTENT>');
  const hits = tasks.filter((t) => t.cache.status === 'HIT').length;
  const coldMedian = median(cold);
  const warmMedian = median(warm);
  return [
    { benchmark: 'pipeline: cold build (turbo --force)', figure: `${coldMedian.toFixed(2)} s`, target: '' },
    {
      benchmark: 'pipeline: no-change rebuild',
      figure: `${warmMedian.toFixed(2)} s`,
      reference: 'cold build',
      ratio: `${(warmMedian / coldMedian).toFixed(3)}×`,
      target: `full cache hit (${hits}/${tasks.length} tasks)`,
    },
  ];
}
