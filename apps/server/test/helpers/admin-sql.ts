import pg from 'pg';

/** Runs statements on a PostgreSQL server outside any pool (CREATE/DROP DATABASE need their own session). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query<T>(text);
  } finally {
    await admin.end();
  }
}
