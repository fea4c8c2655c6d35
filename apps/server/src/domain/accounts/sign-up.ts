// Creates a shopper account and signs it in (returns a fresh session).

import { normalizeEmail } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../../auth/passwords";
import { createSession, type Session, type SessionUser } from "../../auth/sessions";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";

export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Sign in instead.";

export interface SignUpOptions {
  db: Kysely<DB>;
  email: string;
  password: string;
  name: string;
  now?: Date;
}

export async function signUp(options: SignUpOptions): Promise<{ user: SessionUser; token: string; session: Session }> {
  const { db } = options;
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();

  // Cheap check first so a duplicate does not pay for a 128 MiB scrypt; the
  // unique index still decides when two sign-ups race.
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
  if (existing) throw new AppError("CONFLICT", DUPLICATE_EMAIL_MESSAGE, { field: "email" });

  const passwordHash = await hashPassword(options.password);
  const inserted = await db
    .insertInto("users")
    .values({
      email,
      password_hash: passwordHash,
      name: options.name.trim(),
      role: "shopper",
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(["id", "email", "name", "role"])
    .executeTakeFirst();
  if (!inserted) throw new AppError("CONFLICT", DUPLICATE_EMAIL_MESSAGE, { field: "email" });

  const { token, session } = await createSession({ db, userId: inserted.id, now });
  return { user: inserted, token, session };
}
