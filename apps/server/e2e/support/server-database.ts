// Reading what a server process wrote: one short-lived connection to its PostgreSQL per use.
import pg from "pg";

/** Runs `use` with a client connected to `databaseUrl` (e.g. `server.databaseUrl()`), and always disconnects. */
export async function withServerDatabase<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
