import { eq, sql } from 'drizzle-orm';
import type { MyNotificationList } from '@store/contract';
import { profiles } from '../../src/db/schema.ts';
import type { JobKind } from '../../src/jobs/job-queue.ts';
import type { JobHandler } from '../../src/jobs/runner.ts';
import type { TestApp } from './test-app.ts';

/** Shared by this module's tests: run the queue's notification jobs now, and read what a customer sees. */
export function notificationKit(t: () => TestApp, handlers: Partial<Record<JobKind, JobHandler>> = {}) {
  const ctx = { signal: new AbortController().signal, progress: () => undefined };
  return {
    /** Runs every due job of these kinds, as a worker would (a failure is retried later by the queue). */
    async drain(kinds: JobKind[] = ['notify', 'notify-send']) {
      const n = t().store.notifications;
      const all: Partial<Record<JobKind, JobHandler>> = { notify: n.notify, 'notify-send': n.send, ...handlers };
      for (let i = 0; i < 10_000; i++) {
        const job = await t().store.jobQueue.claim(kinds);
        if (!job) return;
        try {
          await all[job.kind]!(job, ctx);
          await t().store.jobQueue.complete(job);
        } catch (err) {
          await t().store.jobQueue.fail(job, (err as Error).message);
        }
      }
    },
    async mine(who: { auth: Record<string, string> }, headers: Record<string, string> = {}) {
      const res = await t().app.inject({ url: '/api/notifications/mine/', headers: { ...who.auth, ...headers } });
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json<MyNotificationList>();
    },
    /** Quiet hours off, so what is made now is sent now whatever the hour of the test. */
    async noQuietHours(who: { auth: Record<string, string> }) {
      const res = await t().app.inject({ method: 'PUT', url: '/api/notifications/settings/', headers: who.auth, payload: { quiet_hours: null } });
      if (res.statusCode !== 200) throw new Error(res.body);
    },
    async setLanguage(userId: number, language: 'en' | 'sw') {
      await t().database.db.update(profiles).set({ language }).where(eq(profiles.userId, userId));
    },
    async deliveries(userId: number) {
      const r = (await t().database.db.execute(sql`
        SELECT d.channel, d.state, n.kind FROM notification_deliveries d JOIN customer_notifications n ON n.id = d.notification_id
          WHERE n.user_id = ${userId} ORDER BY d.id`)) as unknown as { rows: { channel: string; state: string; kind: string }[] };
      return r.rows;
    },
  };
}
