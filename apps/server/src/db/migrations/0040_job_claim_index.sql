-- A claim reads the due jobs of one kind in order from this index instead of sorting every queued
-- job of the kind: with 10,000 pushes queued by a fan-out, each claim sorted all of them (6 ms of
-- PostgreSQL's CPU per push, issue 34).
CREATE INDEX IF NOT EXISTS "media_jobs_due_idx" ON "media_jobs" USING btree ("kind","priority" DESC,"id") WHERE "state" = 'queued';
