// The `test` of every spec: Playwright's, plus
// - `db` / `brazilDb`: kysely on the embedded PostgreSQL of each store (the
//   server's own `createDatabase` and `DB` types), to seed data and to check
//   what the server recorded;
// - `signInAs`: a shopper created in the database with a session made by the
//   server's own session module, its cookie set on the browser context (never
//   through the sign-in form, never by waiting);
// - `cobroRequests`: every request the page sends to the store's origin, with
//   its body, to prove what never reaches Cobro's server.

import type { UserRole } from "@cobro/contracts";
import type { DB } from "@cobro/server/testing";
import { createDatabase, createSession, hashPassword, SESSION_COOKIE_NAME } from "@cobro/server/testing";
import { type BrowserContext, test as base, type Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { BRAZIL_STORE, CLOCK_STORE, MAIN_STORE, postgresConnectionString, type StoreEnv } from "./e2e-env";

export interface Shopper {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: string | null;
}

/** Cheap scrypt parameters: fixture users only (the server's hashPassword accepts them and still verifies). */
const FIXTURE_SCRYPT = { logN: 10, r: 8, p: 1 } as const;

/** Inserts a shopper and signs them in on `context` by creating a session row and setting its cookie. */
export async function createShopperWithSession(options: {
  db: Kysely<DB>;
  context: BrowserContext;
  target?: StoreEnv;
  name?: string;
  /** Default `shopper`; staff roles open the console. */
  role?: UserRole;
}): Promise<Shopper> {
  const target = options.target ?? MAIN_STORE;
  const unique = crypto.randomUUID().slice(0, 8);
  const name = options.name ?? `Shopper ${unique}`;
  const email = `shopper-${unique}@e2e.test`;
  const password = `pw-${crypto.randomUUID()}`;
  const user = await options.db
    .insertInto("users")
    .values({
      email,
      name,
      password_hash: await hashPassword(password, FIXTURE_SCRYPT),
      role: options.role ?? "shopper",
      // An established account: its address was verified long ago.
      email_verified_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { token, session } = await createSession({ db: options.db, userId: user.id });
  await options.context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value: token,
      url: target.baseUrl,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  ]);
  return { id: user.id, email, name, password };
}

/** Records every request `page` sends to `origin` (the store), bodies included. */
export function recordRequests(page: Page, origin: string): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) return;
    recorded.push({ method: request.method(), url: request.url(), body: request.postData() });
  });
  return recorded;
}

interface Fixtures {
  /** Signs a new shopper in on this test's browser context. */
  signInAs: (options?: { name?: string; target?: StoreEnv; role?: UserRole }) => Promise<Shopper>;
  /** Requests to the main store's origin made by `page` during the test. */
  cobroRequests: RecordedRequest[];
}

interface WorkerFixtures {
  db: Kysely<DB>;
  brazilDb: Kysely<DB>;
  /** The clock store's database (only the spec that moves the sandbox's clock uses it). */
  clockDb: Kysely<DB>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  db: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object
    async ({}, use) => {
      const db = createDatabase(postgresConnectionString(MAIN_STORE), { maxConnections: 2 });
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],
  brazilDb: [
    // biome-ignore lint/correctness/noEmptyPattern: see above
    async ({}, use) => {
      const db = createDatabase(postgresConnectionString(BRAZIL_STORE), { maxConnections: 2 });
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],
  clockDb: [
    // biome-ignore lint/correctness/noEmptyPattern: see above
    async ({}, use) => {
      const db = createDatabase(postgresConnectionString(CLOCK_STORE), { maxConnections: 2 });
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],
  signInAs: async ({ context, db, brazilDb }, use) => {
    await use((options = {}) =>
      createShopperWithSession({
        db: options.target === BRAZIL_STORE ? brazilDb : db,
        context,
        target: options.target ?? MAIN_STORE,
        ...(options.name ? { name: options.name } : {}),
        ...(options.role ? { role: options.role } : {}),
      }),
    );
  },
  cobroRequests: async ({ page }, use) => {
    await use(recordRequests(page, MAIN_STORE.baseUrl));
  },
});

export { expect } from "@playwright/test";
