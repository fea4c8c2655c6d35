// Staff roles for the admin console: operators (every money action) and
// viewers (read-only) beside admins and shoppers; and disabled users, whose
// sessions end at once and who cannot sign in again until enabled.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'operator', 'viewer', 'shopper'))`.execute(
    db,
  );
  await db.schema.alterTable("users").addColumn("disabled_at", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
  await sql`update users set role = 'shopper' where role in ('operator', 'viewer')`.execute(db);
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'shopper'))`.execute(db);
}
