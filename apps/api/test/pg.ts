import pg from 'pg';

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** One statement on a short-lived connection (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(adminUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Drops every database whose name starts with the prefix, even with connections still open. */
export async function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void> {
  const found = await adminQuery(adminUrl, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
  for (const row of found.rows as { datname: string }[]) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(row.datname)} WITH (FORCE)`);
  }
}
