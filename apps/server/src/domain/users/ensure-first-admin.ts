// Makes sure the shop has an admin when the server starts.
//
// - ADMIN_EMAIL (and optionally ADMIN_PASSWORD) set: that account is created
//   as admin if missing (with ADMIN_PASSWORD, or a generated password). An
//   existing non-admin account with that email is promoted only when
//   ADMIN_PASSWORD is set and is its password: otherwise whoever signed up
//   first with the address would get admin rights.
// - Nothing set and no users at all: `admin@cobro.local` is created with a
//   generated password, returned once so main.ts can print it. It is stored
//   only as a hash.
// - Nothing set and users but no admin: nothing happens; `notice` says what to do.
import { randomBytes } from "node:crypto";
import { emailSchema, passwordSchema } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { hashPassword, verifyPassword } from "../../auth/passwords";
import type { DB } from "../../db/schema";
import { recordAudit } from "../audit/record-audit";
import { lockUserRoles } from "./change-user-role";

export const DEFAULT_ADMIN_EMAIL = "admin@cobro.local";

export type EnsureFirstAdminOutcome =
  | "created"
  | "promoted"
  | "already-admin"
  | "not-promoted"
  | "no-admin"
  | "skipped";

export interface EnsureFirstAdminResult {
  outcome: EnsureFirstAdminOutcome;
  email: string | null;
  /** Set only when this call made the password up. Show it once; it is not recoverable. */
  generatedPassword?: string;
  /** One line for the startup log (never contains a password). */
  notice: string;
}

export interface EnsureFirstAdminOptions {
  db: Kysely<DB>;
  /** ADMIN_EMAIL */
  email?: string;
  /** ADMIN_PASSWORD */
  password?: string;
  now?: Date;
}

export async function ensureFirstAdmin(options: EnsureFirstAdminOptions): Promise<EnsureFirstAdminResult> {
  const now = options.now ?? new Date();
  if (options.password !== undefined && !passwordSchema.safeParse(options.password).success) {
    throw new Error("ADMIN_PASSWORD must be 8 to 128 characters");
  }
  const configuredEmail = options.email ?? (options.password !== undefined ? DEFAULT_ADMIN_EMAIL : undefined);
  if (configuredEmail !== undefined && !emailSchema.safeParse(configuredEmail).success) {
    throw new Error("ADMIN_EMAIL is not a valid email address");
  }
  const email = configuredEmail === undefined ? undefined : emailSchema.parse(configuredEmail);

  return options.db.transaction().execute(async (trx) => {
    await lockUserRoles(trx);

    if (email === undefined) {
      const anyUser = await trx.selectFrom("users").select("id").limit(1).executeTakeFirst();
      if (anyUser) {
        const admin = await trx
          .selectFrom("users")
          .select("id")
          .where("role", "=", "admin")
          .limit(1)
          .executeTakeFirst();
        return admin
          ? { outcome: "skipped", email: null, notice: "Admin account present." }
          : {
              outcome: "no-admin",
              email: null,
              notice:
                "No admin account exists. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create or promote one.",
            };
      }
      return createAdmin(trx, DEFAULT_ADMIN_EMAIL, undefined, now);
    }

    const existing = await trx
      .selectFrom("users")
      .select(["id", "role", "password_hash"])
      .where(sql<string>`lower(email)`, "=", email)
      .executeTakeFirst();
    if (!existing) return createAdmin(trx, email, options.password, now);
    if (existing.role === "admin") {
      return { outcome: "already-admin", email, notice: `Admin account ${email} present.` };
    }
    if (options.password === undefined || !(await verifyPassword(options.password, existing.password_hash))) {
      return {
        outcome: "not-promoted",
        email,
        notice: `${email} exists but is not an admin; set ADMIN_PASSWORD to its current password to promote it.`,
      };
    }
    await trx.updateTable("users").set({ role: "admin", updated_at: now }).where("id", "=", existing.id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
    await recordAudit({
      db: trx,
      actorUserId: null,
      action: "user.role_changed",
      resourceType: "user",
      resourceId: existing.id,
      details: { from: existing.role, to: "admin", reason: "ADMIN_EMAIL at startup" },
      now,
    });
    return { outcome: "promoted", email, notice: `Promoted ${email} to admin.` };
  });
}

async function createAdmin(
  trx: Kysely<DB>,
  email: string,
  password: string | undefined,
  now: Date,
): Promise<EnsureFirstAdminResult> {
  const generatedPassword = password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(password ?? generatedPassword ?? "");
  const user = await trx
    .insertInto("users")
    .values({
      email,
      password_hash: passwordHash,
      name: "Admin",
      role: "admin",
      // The operator configured this address: the first admin is never asked to verify it.
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit({
    db: trx,
    actorUserId: null,
    action: "user.created",
    resourceType: "user",
    resourceId: user.id,
    details: { role: "admin", reason: "first admin at startup", passwordGenerated: generatedPassword !== undefined },
    now,
  });
  return {
    outcome: "created",
    email,
    ...(generatedPassword !== undefined ? { generatedPassword } : {}),
    notice:
      generatedPassword !== undefined
        ? `Created admin ${email} with a generated password (shown once).`
        : `Created admin ${email}.`,
  };
}

/** 20 characters from a 32-symbol alphabet: 100 bits. */
function generatePassword(): string {
  // No l/o/0/1, which read alike. 256 is a multiple of 32, so no modulo bias.
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return Array.from(randomBytes(20), (byte) => alphabet[byte % 32]).join("");
}
