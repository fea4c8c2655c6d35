// What the vitest global setup hands to every test file (see global-setup.ts).

export interface TestDatabaseInfo {
  /** Connection string of a database on the test server with the right to CREATE DATABASE. */
  adminConnectionString: string;
  /** The migrated database each test file's database is cloned from. */
  templateDatabase: string;
  /** Prefix of this run's per-file databases (so teardown can drop leftovers). */
  databasePrefix: string;
  /** "embedded" or "external" (DATABASE_URL). */
  server: "embedded" | "external";
  /** How long migrating the template took, in ms. */
  templateMigrationMs: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}
