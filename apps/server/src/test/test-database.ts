// A fresh database for one test file, cloned from the run's migrated template:
//
//   const testDb = await createTestDatabase();
//   afterAll(() => testDb.drop());
//   ... testDb.db is a Kysely<DB> on an empty, fully migrated schema.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase } from "../db/database";
import type { DB } from "../db/schema";
import { connectionStringForDatabase } from "./connection-strings";
import "./provided-context";

export interface TestDatabase {
  db: Kysely<DB>;
  connectionString: string;
  name: string;
  /** How long CREATE DATABASE … TEMPLATE took, in ms. */
  cloneMs: number;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** "migrated" (default): a clone of the migrated template. "empty": no schema at all (template0). */
  from?: "migrated" | "empty";
}

export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const info = inject("testDatabase");
  const template = options.from === "empty" ? "template0" : info.templateDatabase;
  const name = `${info.databasePrefix}${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: info.adminConnectionString });
  await admin.connect();
  let cloneMs: number;
  try {
    const started = performance.now();
    await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`);
    cloneMs = performance.now() - started;
  } finally {
    await admin.end();
  }
  const connectionString = connectionStringForDatabase(info.adminConnectionString, name);
  const db = createDatabase(connectionString, { maxConnections: 4 });
  return {
    db,
    connectionString,
    name,
    cloneMs,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: info.adminConnectionString });
      await client.connect();
      try {
        await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * `postgres://user:password@…/none` on the run's own PostgreSQL: every connection is refused for bad credentials
 * (28P01), a misconfiguration the app answers with a generic 500. (A server that cannot be reached at all is an
 * outage, answered with 503: see http/database-unavailable.test.ts.)
 */
/**
 * What PostgreSQL answers a misconfigured URL: a password refused, or (under trust authentication, as CI's
 * PostgreSQL 15 runs) an unknown role or database.
 */
export const MISCONFIGURED_DATABASE_ERROR =
  /password authentication failed|(role|database) \\?"[^"\\]*\\?" does not exist/;

export function misconfiguredDatabaseUrl(user: string, password: string): string {
  const url = new URL(inject("testDatabase").adminConnectionString);
  url.username = user;
  url.password = password;
  url.pathname = "/none";
  return url.toString();
}
