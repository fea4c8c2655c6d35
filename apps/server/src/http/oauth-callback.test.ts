// The OAuth callback route in-process, against the real sandbox and the test database: it needs an admin's
// session (the one that started the connection), completes the connection once, and sends the admin back to the
// Accounts page with the outcome in the query.
import { OAUTH_CALLBACK_PATH } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { startSellerConnection } from "../domain/connected-sellers/start-connection";
import { consentAtSandbox } from "../test/connected-sellers";
import { startShopTestEnv } from "../test/shop-test-env";
import { signInAs } from "../test/test-users";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const app = createApp(deps);
const ORIGIN = "http://127.0.0.1:3000";

async function callback(back: URL, cookie: string | null) {
  const response = await app.request(`${ORIGIN}${OAUTH_CALLBACK_PATH}${back.search}`, {
    headers: cookie ? { cookie } : {},
  });
  return { status: response.status, location: response.headers.get("location") };
}

describe(`GET ${OAUTH_CALLBACK_PATH}`, () => {
  it("connects the seller for the admin who started it, once", async () => {
    const admin = await signInAs({ db, role: "admin" });
    const { authorizationUrl } = await startSellerConnection({
      deps,
      userId: admin.user.id,
      sessionId: admin.session.id,
    });
    const back = await consentAtSandbox(authorizationUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}${OAUTH_CALLBACK_PATH}`);

    const first = await callback(back, admin.cookie);
    expect(first.status).toBe(303);
    const connected = new URL(first.location ?? "", ORIGIN);
    expect(connected.pathname).toBe("/admin/account");
    const sellerId = Number(connected.searchParams.get("connected"));
    const row = await db
      .selectFrom("provider_accounts")
      .select(["status", "connected_by"])
      .where("provider_user_id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "active", connected_by: admin.user.id });

    expect(await callback(back, admin.cookie)).toEqual({
      status: 303,
      location: "/admin/account?oauthError=state_used",
    });
  });

  it("sends a visitor without a session to sign in, and refuses staff below admin", async () => {
    const admin = await signInAs({ db, role: "admin" });
    const { authorizationUrl } = await startSellerConnection({
      deps,
      userId: admin.user.id,
      sessionId: admin.session.id,
    });
    const back = await consentAtSandbox(authorizationUrl);
    const anonymous = await callback(back, null);
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toMatch(/^\/login\?next=/);
    const operator = await signInAs({ db, role: "operator" });
    expect(await callback(back, operator.cookie)).toEqual({
      status: 303,
      location: "/admin/account?oauthError=forbidden",
    });
    // Another admin's session cannot use this admin's state.
    const otherAdmin = await signInAs({ db, role: "admin" });
    expect(await callback(back, otherAdmin.cookie)).toEqual({
      status: 303,
      location: "/admin/account?oauthError=state_other_session",
    });
    // None of those spent it.
    expect((await callback(back, admin.cookie)).location).toMatch(/^\/admin\/account\?connected=\d+$/);
  });
});
