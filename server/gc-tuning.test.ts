import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NO_PRETENURING, tuneGarbageCollector } from './gc-tuning';

describe('tuneGarbageCollector', () => {
  it('turns pretenuring off unless V8_PRETENURING=on', () => {
    const set: string[] = [];
    expect(tuneGarbageCollector({}, (f) => set.push(f))).toBe(true);
    expect(tuneGarbageCollector({ V8_PRETENURING: 'off' }, (f) => set.push(f))).toBe(true);
    expect(tuneGarbageCollector({ V8_PRETENURING: 'on' }, (f) => set.push(f))).toBe(false);
    expect(set).toEqual([NO_PRETENURING, NO_PRETENURING]);
  });

  it('is a flag this V8 knows and accepts at run time', () => {
    // An unknown flag is ignored by setFlagsFromString without a word: ask node's own list.
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(options).toContain(NO_PRETENURING.replace('--no-', '--'));
    const run = spawnSync(
      process.execPath,
      ['-e', `require('node:v8').setFlagsFromString('${NO_PRETENURING}'); console.log('ok')`],
      { encoding: 'utf8' },
    );
    expect(run.stdout.trim()).toBe('ok');
  });
});
