import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { videos } from '../db/schema.ts';
import { createBundleService } from '../modules/selling/index.ts';
import { engines } from '../../test/helpers/engines.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';
import { DEMO_SERIES } from './catalogue.ts';
import { DEMO_BUNDLE_DJ } from './bundles.ts';
import { seedDemoStore } from './seed.ts';

describe.each(engines())('the demo’s bundles on %s', (engine) => {
  let database: TestDatabase;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-demo-bundles-'));
    database = await createTestDatabase(engine);
    await seedDemoStore(database.db, mediaDir, { demoClips: 0 });
  });
  afterAll(async () => {
    await database.destroy();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('offers every series of two or more seasons whole once its seasons play, and a DJ’s best made by staff', async () => {
    // As the transcoding jobs leave them: every video playable.
    await database.db.update(videos).set({ videoPath: 'renditions/demo' }).where(isNull(videos.videoPath));
    const list = await createBundleService(database.db).list('/api/bundles/', {});
    const passes = list.results.filter((b) => b.kind === 'all_seasons');
    const series = DEMO_SERIES.filter((s) => (s.seasons ?? 1) >= 2);
    expect(passes.map((b) => b.title).sort()).toEqual(series.map((s) => `${s.title}: all seasons`).sort());
    for (const b of passes) {
      expect(b.video_ids.length).toBe(series.find((s) => b.title.startsWith(s.title))!.seasons);
      expect(b.price).toBe(Math.round(b.list_total * 0.8));
    }
    const best = list.results.find((b) => b.kind === 'staff');
    expect(best).toMatchObject({ title: `DJ ${DEMO_BUNDLE_DJ}’s best`, video_ids: expect.any(Array) });
    expect(best!.video_ids).toHaveLength(4);
    expect(best!.price).toBe(Math.round(best!.list_total * 0.75));
  });
});
