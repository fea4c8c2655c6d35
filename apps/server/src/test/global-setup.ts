// Vitest global setup: ONE PostgreSQL for the whole run and ONE migrated
// template database; each test file clones its own database from it
// (test-database.ts), which takes milliseconds.
//
// Without DATABASE_URL an embedded PostgreSQL starts in a temp dir on a free
// port (fsync off: the data is thrown away). With DATABASE_URL the same tests
// run against that server instead; its user needs CREATEDB.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../db/database";
import { allowPostgresUserToTraverse, type EmbeddedPostgres, startEmbeddedPostgres } from "../db/embedded-postgres";
import { migrateToLatest } from "../db/migrate";
import { loadEnv } from "../env";
import { connectionStringForDatabase } from "./connection-strings";
import type { TestDatabaseInfo } from "./provided-context";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = loadEnv();
  let embedded: EmbeddedPostgres | null = null;
  let tempDir: string | null = null;
  let adminConnectionString: string;

  if (env.DATABASE_URL) {
    adminConnectionString = env.DATABASE_URL;
  } else {
    tempDir = await mkdtemp(path.join(tmpdir(), "cobro-test-pg-"));
    await allowPostgresUserToTraverse(tempDir);
    // Every test file opens its own pools (and some a job queue) in parallel workers: more than one server's share.
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, "data"),
      port: 0,
      nonDurable: true,
      maxConnections: 200,
    });
    adminConnectionString = embedded.connectionStringFor("postgres");
  }

  const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const templateDatabase = `cobro_test_template_${runId}`;
  const databasePrefix = `cobro_test_${runId}_`;

  const teardown = async () => {
    try {
      await dropRunDatabases(adminConnectionString, templateDatabase, databasePrefix);
    } finally {
      await embedded?.stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    }
  };

  try {
    await withAdminClient(adminConnectionString, (client) =>
      client.query(`create database ${client.escapeIdentifier(templateDatabase)}`),
    );
    const started = performance.now();
    const db = createDatabase(connectionStringForDatabase(adminConnectionString, templateDatabase), {
      maxConnections: 1,
    });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const info: TestDatabaseInfo = {
      adminConnectionString,
      templateDatabase,
      databasePrefix,
      server: embedded ? "embedded" : "external",
      templateMigrationMs: Math.round(performance.now() - started),
    };
    project.provide("testDatabase", info);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function dropRunDatabases(adminConnectionString: string, template: string, prefix: string): Promise<void> {
  await withAdminClient(adminConnectionString, async (client) => {
    const leftovers = await client.query<{ datname: string }>(
      "select datname from pg_database where datname = $1 or starts_with(datname, $2)",
      [template, prefix],
    );
    for (const { datname } of leftovers.rows) {
      await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    }
  });
}

async function withAdminClient<T>(connectionString: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
