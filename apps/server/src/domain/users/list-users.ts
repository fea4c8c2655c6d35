// The admin's user list: newest first, keyset-paginated on (created_at, id)
// (indexes users_created_at_id_idx and, filtered by role,
// users_role_created_at_id_idx), so page 500 costs what page 1 does and a
// sign-up between two pages neither repeats nor skips anyone. `search` matches
// a substring of the email or the name, case-insensitively (through the
// trigram indexes users_email_trgm_idx and users_name_trgm_idx, 0018).
import { type Kysely, sql } from "kysely";
import type { DB, UserRole } from "../../db/schema";

export interface ListedUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabledAt: Date | null;
  /** When the user followed their verification link; null while unverified. */
  emailVerifiedAt: Date | null;
  createdAt: Date;
  /** The provider customer the user's saved cards live under, or null. */
  providerCustomerId: string | null;
}

export interface ListUsersOptions {
  db: Kysely<DB>;
  limit: number;
  /** The id of the last user of the previous page. */
  cursor?: string | null;
  /** A part of the email or name to look for. */
  search?: string | null;
  role?: UserRole | null;
}

/** Escapes LIKE's wildcards so a search for "a_b" looks for those three characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listUsers(
  options: ListUsersOptions,
): Promise<{ items: ListedUser[]; nextCursor: string | null }> {
  const { db, limit, cursor } = options;
  let query = db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "disabled_at", "email_verified_at", "created_at", "provider_customer_id"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (options.role) query = query.where("role", "=", options.role);
  const search = options.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb("email", "ilike", pattern), eb("name", "ilike", pattern)]));
  }
  if (cursor) {
    // Row comparison against the cursor row keeps PostgreSQL's microseconds
    // (a JS Date would round them off and repeat or skip rows).
    query = query.where(
      sql<boolean>`(created_at, id) < (select c.created_at, c.id from users c where c.id = ${cursor})`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      disabledAt: row.disabled_at,
      emailVerifiedAt: row.email_verified_at,
      createdAt: row.created_at,
      providerCustomerId: row.provider_customer_id,
    })),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}
