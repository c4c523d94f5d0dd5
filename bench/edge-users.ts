// Another zone's edge users both ways (server/statistics/rollup-query.ts, countUsers): the raw
// calls of the edge hours probed against the bitmaps, or the bitmap rows that could be edge-only
// probed against the raw calls. Same answers, different work. For UTC ranges ending on each of
// the last few days, p50 / p95 ms of `runs` calls each after a warm-up, alternating sources.
//
//   npm run bench:edge-users -- --url postgres://…/console_bench_stats_… [--runs 20] [--zone UTC]
import { parseArgs } from 'node:util';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '../contract/statistics';
import { openDatabase } from '../server/db/client';
import { countUsers, type EdgeSource } from '../server/statistics/rollup-query';
import { platformDaysWithin } from '../server/statistics/zone-days';
import { loadAverage, ms, percentiles } from './lib/stats';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '20' },
    zone: { type: 'string', default: 'UTC' },
  },
});
if (!values.url) throw new Error('--url postgres://… (a bench:statistics database) is required');
const runs = Number(values.runs);
const zone = values.zone;
const { db, close } = await openDatabase({ databaseUrl: values.url });
console.log(`edge users, zone ${zone}, ${runs} runs per case; load average ${loadAverage()}`);
console.log(
  '\n| range | edges (UTC) | calls: p50 / p95 ms | bitmaps: p50 / p95 ms | same answer |',
);
console.log('| --- | --- | --: | --: | --- |');
const today = todayIn(zone, new Date());
for (const [days, back] of [
  [30, 0],
  [30, 1],
  [30, 2],
  [365, 0],
  [7, 0],
] as const) {
  const endDate = addDays(today, -back);
  const q = {
    startDate: addDays(endDate, 1 - days),
    endDate,
    granularity: 'day',
    timeZone: zone,
  } as const;
  const times: Record<EdgeSource, number[]> = { calls: [], bitmaps: [] };
  const answers: Record<EdgeSource, string> = { calls: '', bitmaps: '' };
  for (let i = -2; i < runs; i++) {
    for (const source of ['calls', 'bitmaps'] as const) {
      const t0 = performance.now();
      const counted = await countUsers(db, q, source);
      if (i >= 0) times[source].push(performance.now() - t0);
      answers[source] = JSON.stringify([[...counted.byScene].sort(), counted.all, counted.exact]);
    }
  }
  const { edges } = platformDaysWithin(q.startDate, q.endDate, zone);
  const shown = edges
    .map(
      ([a, b]) =>
        `${new Date(a).toISOString().slice(5, 16)}–${new Date(b).toISOString().slice(11, 16)}`,
    )
    .join(', ');
  const cell = (xs: number[]) => {
    const { p50, p95 } = percentiles(xs);
    return `${ms(p50)} / ${ms(p95)}`;
  };
  console.log(
    `| ${q.startDate}..${q.endDate} | ${shown} | ${cell(times.calls)} | ${cell(times.bitmaps)} | ${answers.calls === answers.bitmaps ? 'yes' : '**no**'} |`,
  );
}
console.log(
  `\nplatform today ${todayIn(DEFAULT_TIME_ZONE, new Date())}; load average ${loadAverage()}`,
);
await close();
