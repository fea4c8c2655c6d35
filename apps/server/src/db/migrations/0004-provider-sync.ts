// Where the mirror's sync with the provider stands: one row per synced
// resource (today `payments`), with the cursor (the newest `date_last_updated`
// applied) and the last run, so every server instance resumes from the same
// place and the console can show it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("provider_sync_state")
    .addColumn("resource", "text", (col) => col.primaryKey())
    /** The newest provider `date_last_updated` applied; the next run reads from a little before it. */
    .addColumn("cursor", "timestamptz")
    .addColumn("last_started_at", "timestamptz")
    .addColumn("last_finished_at", "timestamptz")
    /** How many snapshots the last run applied (created or updated mirror rows). */
    .addColumn("last_applied", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("provider_sync_state").ifExists().execute();
}
