// The console's user search (`ilike '%part%'` on e-mail and name) through
// trigram indexes, so it stays fast as the shop's customers grow. pg_trgm ships
// with PostgreSQL and is a trusted extension (PG 13+); where the database user
// may still not create it, the search keeps working unindexed, as before.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when insufficient_privilege or undefined_file or feature_not_supported then
      raise notice 'pg_trgm is not available: the user search stays unindexed';
    end
    $$`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists users_email_trgm_idx on users using gin (email gin_trgm_ops);
        create index if not exists users_name_trgm_idx on users using gin (name gin_trgm_ops);
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_email_trgm_idx`.execute(db);
  await sql`drop index if exists users_name_trgm_idx`.execute(db);
}
