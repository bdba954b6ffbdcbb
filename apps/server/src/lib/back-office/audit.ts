import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  userId: number;
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row in the caller's transaction: the change and its record go in together. */
export async function recordAudit(tx: Database, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ userId: e.userId, action: e.action, resource: e.resource, recordId: String(e.recordId), before: e.before ?? null, after: e.after ?? null });
}
