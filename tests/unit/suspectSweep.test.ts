import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sweepStaleSuspects } from '../../api/lib/suspectFile';

/*
 * A suspect's temporary folder is removed by its request; one left by a crash is swept once it is a
 * day old, and nothing else in the temporary folder is touched.
 */
test('folders of suspects older than a day are removed; recent ones and anything else stay', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sweep-test-'));
  try {
    const now = Date.now();
    const day = 24 * 3600_000;
    const make = async (name: string, ageMs: number) => {
      await mkdir(path.join(tmp, name, 'deep'), { recursive: true });
      await writeFile(path.join(tmp, name, 'deep', 'suspect.jpg'), 'x');
      const at = new Date(now - ageMs);
      await utimes(path.join(tmp, name), at, at);
    };
    await make('ipci-suspect-old', 2 * day);
    await make('ipci-suspect-fresh', 60_000);
    await make('someone-else-old', 3 * day);
    expect(await sweepStaleSuspects(tmp, day, now)).toBe(1);
    expect((await readdir(tmp)).sort()).toEqual(['ipci-suspect-fresh', 'someone-else-old']);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
