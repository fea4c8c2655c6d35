// Staff for the admin console's browser tests: a user of the role with a
// session made by the server's own module, its cookie set on the context
// (never through the sign-in form).

import type { DB } from "@cobro/server/testing";
import { createSession, hashPassword, SESSION_COOKIE_NAME } from "@cobro/server/testing";
import type { BrowserContext } from "@playwright/test";
import type { Kysely } from "kysely";
import { MAIN_STORE } from "./e2e-env";

export async function signInStaff(options: {
  db: Kysely<DB>;
  context: BrowserContext;
  role: "viewer" | "operator" | "admin";
}): Promise<{ id: string; email: string }> {
  const email = `${options.role}-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const user = await options.db
    .insertInto("users")
    .values({
      email,
      name: `Staff ${options.role}`,
      password_hash: await hashPassword(`pw-${crypto.randomUUID()}`, { logN: 10, r: 8, p: 1 }),
      role: options.role,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { token, session } = await createSession({ db: options.db, userId: user.id });
  await options.context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value: token,
      url: MAIN_STORE.baseUrl,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  ]);
  return { id: user.id, email };
}
