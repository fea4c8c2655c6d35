// Users and sessions for tests: log in by creating a session, not through the UI.
//
//   const { user, cookie } = await signInAs({ db, role: "admin" });
//   const { ctx } = await createTestContext({ deps, cookie });
//   await createCaller(ctx).admin.users.list({});
import { randomBytes } from "node:crypto";
import { parse } from "hono/utils/cookie";
import type { Kysely } from "kysely";
import { hashPassword, type ScryptParams } from "../auth/passwords";
import { createSession, SESSION_COOKIE_NAME, type Session, type SessionUser } from "../auth/sessions";
import type { DB, UserRole } from "../db/schema";
import type { AppDeps } from "../deps";
import { createCaller } from "../trpc/router";
import { buildTrpcContext, type TrpcContext } from "../trpc/trpc";

// Cheap scrypt for fixtures: hashes are self-describing, so sign-in verifies
// them with these parameters (production hashes use the defaults).
const FIXTURE_SCRYPT_PARAMS: ScryptParams = { logN: 10, r: 8, p: 1 };
export const TEST_PASSWORD = "correct horse battery staple";

let fixtureHash: Promise<string> | null = null;

export interface CreateTestUserOptions {
  db: Kysely<DB>;
  role?: UserRole;
  email?: string;
  name?: string;
  /** Default TEST_PASSWORD. */
  password?: string;
}

export async function createTestUser(options: CreateTestUserOptions): Promise<SessionUser> {
  const password = options.password ?? TEST_PASSWORD;
  if (password === TEST_PASSWORD && fixtureHash === null) {
    fixtureHash = hashPassword(TEST_PASSWORD, FIXTURE_SCRYPT_PARAMS);
  }
  const passwordHash =
    password === TEST_PASSWORD && fixtureHash !== null
      ? await fixtureHash
      : await hashPassword(password, FIXTURE_SCRYPT_PARAMS);
  return options.db
    .insertInto("users")
    .values({
      email: (options.email ?? uniqueEmail(options.role ?? "shopper")).toLowerCase(),
      password_hash: passwordHash,
      name: options.name ?? "Test User",
      role: options.role ?? "shopper",
    })
    .returning(["id", "email", "name", "role"])
    .executeTakeFirstOrThrow();
}

/** A unique address per call, so test files can share a database without colliding. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.test`;
}

export interface TestSession {
  token: string;
  session: Session;
  /** A Cookie header value carrying the session. */
  cookie: string;
}

export async function createTestSession(options: { db: Kysely<DB>; userId: string; now?: Date }): Promise<TestSession> {
  const { token, session } = await createSession(options);
  return { token, session, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

/** A new user with the role, plus a session for them. */
export async function signInAs(
  options: CreateTestUserOptions & { now?: Date },
): Promise<TestSession & { user: SessionUser }> {
  const user = await createTestUser(options);
  const session = await createTestSession({ db: options.db, userId: user.id, now: options.now });
  return { user, ...session };
}

/** A tRPC context as a request with this Cookie header would get; `resHeaders` collects Set-Cookie. */
export async function createTestContext(options: {
  deps: AppDeps;
  cookie?: string | null;
  clientIp?: string | null;
}): Promise<{ ctx: TrpcContext; resHeaders: Headers }> {
  const resHeaders = new Headers();
  const ctx = await buildTrpcContext({
    deps: options.deps,
    sessionToken: options.cookie ? (parse(options.cookie)[SESSION_COOKIE_NAME] ?? null) : null,
    clientIp: options.clientIp === undefined ? "203.0.113.10" : options.clientIp,
    resHeaders,
  });
  return { ctx, resHeaders };
}

/** A server-side tRPC caller acting as a request with this cookie. */
export async function createTestCaller(options: {
  deps: AppDeps;
  cookie?: string | null;
  clientIp?: string | null;
}): Promise<{ caller: ReturnType<typeof createCaller>; ctx: TrpcContext; resHeaders: Headers }> {
  const { ctx, resHeaders } = await createTestContext(options);
  return { caller: createCaller(ctx), ctx, resHeaders };
}
