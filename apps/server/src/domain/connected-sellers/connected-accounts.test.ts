// Connected seller accounts against the real sandbox over HTTP and the test database: the account Cobro charges
// with, the OAuth connection (state bound to the session, single use, short-lived; the code exchanged once),
// tokens encrypted at rest, refresh with rotation, a refresh the provider refuses ending the connection, the
// refresh job, and disconnecting.
import { ProviderError } from "@cobro/provider-client";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error";
import { consentAtSandbox, insertConnectedSeller, revokeAtSandbox } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestSession, createTestUser } from "../../test/test-users";
import { completeSellerConnection } from "./complete-connection";
import { getChargingAccount } from "./get-charging-account";
import { disconnectSellerAccount, listConnectedAccounts } from "./manage-connections";
import { resolveOAuthApp } from "./oauth-app";
import { refreshDueConnections, refreshSellerConnection } from "./refresh-connection";
import { hashState, OAUTH_STATE_TTL_MS, startSellerConnection } from "./start-connection";
import { decryptToken } from "./token-storage";

let clockOffsetMs = 0;
const env = await startShopTestEnv({ now: () => new Date(Date.now() + clockOffsetMs) });
afterAll(() => env.close());
const { db, deps, sandbox } = env;
const admin = await createTestUser({ db, role: "admin" });
const { session } = await createTestSession({ db, userId: admin.id });
const app = resolveOAuthApp(deps);

async function start(sessionId = session.id, userId = admin.id) {
  return startSellerConnection({ deps, userId, sessionId });
}

function complete(back: URL, sessionId = session.id, userId = admin.id) {
  return completeSellerConnection({
    deps,
    sessionId,
    userId,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
  });
}

async function accountRow(id: string) {
  return db.selectFrom("provider_accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function auditActions(resourceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", resourceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

describe("getChargingAccount", () => {
  it("reads /users/me of the store's credentials: nickname, site, country and mode, never a token", async () => {
    const account = await getChargingAccount({ deps });
    const me = await env.provider.account.me();
    expect(account).toEqual({
      userId: env.seller.userId,
      nickname: me.nickname,
      email: me.email ?? null,
      siteId: "MLA",
      countryId: "AR",
      mode: "sandbox",
    });
    expect(JSON.stringify(account)).not.toContain(env.seller.accessToken);
  });
});

describe("connecting a seller by OAuth", () => {
  it("builds the authorization URL and keeps only the state's hash, bound to the session", async () => {
    const { authorizationUrl, expiresAt } = await start();
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/authorization`);
    const state = url.searchParams.get("state") ?? "";
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: app?.clientId,
      redirect_uri: "http://127.0.0.1:3000/api/admin/account/oauth/callback",
      response_type: "code",
      platform_id: "mp",
      code_challenge_method: "S256",
    });
    expect(state.length).toBeGreaterThanOrEqual(43);
    const row = await db
      .selectFrom("oauth_states")
      .selectAll()
      .where("state_hash", "=", hashState(state))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ session_id: session.id, user_id: admin.id, used_at: null });
    expect(JSON.stringify(row)).not.toContain(state);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(OAUTH_STATE_TTL_MS + 1000);
  });

  it("exchanges the code, stores the tokens encrypted (no plaintext in the row) and audits the connection", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl);
    const result = await complete(back);
    if (!result.ok) throw new Error(`connection failed: ${result.error}`);
    const { account } = result;
    expect(account).toMatchObject({ status: "active", siteId: "MLA", lastError: null, endedReason: null });
    expect(account.nickname).toBeTruthy();
    expect(Date.parse(account.expiresAt ?? "") - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);

    const row = await accountRow(account.id);
    const seller = sandbox.control.sellers().find((s) => s.userId === account.providerUserId);
    expect(seller?.accessTokens.length).toBeGreaterThan(0);
    const rowText = JSON.stringify(row);
    for (const token of seller?.accessTokens ?? []) expect(rowText).not.toContain(token);
    expect(row.access_token_ciphertext).toMatch(/^v1\./);
    expect(row.refresh_token_ciphertext).toMatch(/^v1\./);
    const accessToken = decryptToken(
      deps.tokenEncryptionKey,
      account.providerUserId,
      "access",
      row.access_token_ciphertext ?? "",
    );
    expect(seller?.accessTokens).toContain(accessToken);
    // The stored token acts for the seller.
    expect((await env.provider.account.me({ accessToken })).id).toBe(account.providerUserId);
    expect(await auditActions(account.id)).toEqual(["provider_account.connected"]);
  });

  it("refuses a reused state, and the code is not exchanged twice", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl);
    const first = await complete(back);
    expect(first.ok).toBe(true);
    const before = await db.selectFrom("provider_accounts").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(await complete(back)).toEqual({ ok: false, error: "state_used" });
    const after = await db.selectFrom("provider_accounts").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses a state of another session without spending it", async () => {
    const other = await createTestSession({ db, userId: admin.id });
    const otherAdmin = await createTestUser({ db, role: "admin" });
    const third = await createTestSession({ db, userId: otherAdmin.id });
    const back = await consentAtSandbox((await start()).authorizationUrl);
    expect(await complete(back, other.session.id)).toEqual({ ok: false, error: "state_other_session" });
    expect(await complete(back, third.session.id, otherAdmin.id)).toEqual({ ok: false, error: "state_other_session" });
    // The session that started it still completes it.
    expect((await complete(back)).ok).toBe(true);
  });

  it("refuses an unknown or missing state", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl);
    back.searchParams.set("state", "forged-state");
    expect(await complete(back)).toEqual({ ok: false, error: "state_invalid" });
    back.searchParams.delete("state");
    expect(await complete(back)).toEqual({ ok: false, error: "state_invalid" });
  });

  it("refuses an expired state", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl);
    clockOffsetMs = OAUTH_STATE_TTL_MS + 1000;
    try {
      expect(await complete(back)).toEqual({ ok: false, error: "state_expired" });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("refuses an expired code (the provider's 10 minutes) and stores nothing", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl);
    await sandbox.control.advanceClock({ minutes: 11 });
    const count = async () =>
      (await db.selectFrom("provider_accounts").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect(await complete(back)).toEqual({ ok: false, error: "code_refused" });
    expect(await count()).toBe(before);
  });

  it("tells a seller's refusal apart", async () => {
    const back = await consentAtSandbox((await start()).authorizationUrl, "deny");
    expect(await complete(back)).toEqual({ ok: false, error: "access_denied" });
  });
});

describe("refreshing a connection", () => {
  it("rotates the tokens: the new refresh token is stored and the old one no longer works at the provider", async () => {
    const seller = await insertConnectedSeller(deps);
    const before = await accountRow(seller.id);
    const result = await refreshSellerConnection({ deps, accountId: seller.id, actorUserId: admin.id });
    expect(result.outcome).toBe("refreshed");
    expect(result.account.lastRefreshedAt).not.toBeNull();
    const after = await accountRow(seller.id);
    expect(after.refresh_token_ciphertext).not.toBe(before.refresh_token_ciphertext);
    expect(after.refresh_lease_until).toBeNull();
    const newRefresh = decryptToken(
      deps.tokenEncryptionKey,
      seller.providerUserId,
      "refresh",
      after.refresh_token_ciphertext ?? "",
    );
    expect(newRefresh).not.toBe(seller.refreshToken);
    expect(JSON.stringify(after)).not.toContain(newRefresh);

    const old = await env.provider.oauth
      .refreshToken({
        clientId: app?.clientId ?? "",
        clientSecret: app?.clientSecret ?? "",
        refreshToken: seller.refreshToken,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(old).toBeInstanceOf(ProviderError);
    expect((old as ProviderError).code).toBe("invalid_grant");
    // The stored one works: a second refresh rotates again.
    expect((await refreshSellerConnection({ deps, accountId: seller.id, actorUserId: null })).outcome).toBe(
      "refreshed",
    );
    expect(await auditActions(seller.id)).toEqual(["provider_account.refreshed", "provider_account.refreshed"]);
  });

  it("one refresher at a time: a concurrent refresh is refused, the connection stays", async () => {
    const seller = await insertConnectedSeller(deps);
    // The provider takes its time with the first refresh, so the second surely starts while the first holds the
    // account (without it, a busy machine could run the two one after the other and both would succeed).
    sandbox.control.addFault({ method: "POST", path: "/oauth/token", action: { type: "latency", ms: 1_500 } });
    const outcomes = await Promise.allSettled([
      refreshSellerConnection({ deps, accountId: seller.id, actorUserId: admin.id }),
      refreshSellerConnection({ deps, accountId: seller.id, actorUserId: admin.id }),
    ]);
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    const refusal: unknown = rejected[0]?.reason;
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).reason).toBe("action_in_progress");
    expect((await accountRow(seller.id)).status).toBe("active");
  });

  it("ends the connection with a visible reason when the provider refuses the refresh (access revoked)", async () => {
    const seller = await insertConnectedSeller(deps);
    await revokeAtSandbox(sandbox, seller.providerUserId);
    const result = await refreshSellerConnection({ deps, accountId: seller.id, actorUserId: null });
    expect(result.outcome).toBe("revoked");
    const row = await accountRow(seller.id);
    expect(row).toMatchObject({
      status: "revoked",
      access_token_ciphertext: null,
      refresh_token_ciphertext: null,
      ended_reason: "refresh_refused",
      last_error: "refresh_refused",
      refresh_lease_until: null,
    });
    const listed = (await listConnectedAccounts({ deps })).items.find((item) => item.id === seller.id);
    expect(listed).toMatchObject({ status: "revoked", endedReason: "refresh_refused", lastError: "refresh_refused" });
    expect(await auditActions(seller.id)).toEqual(["provider_account.revoked"]);
    await expect(refreshSellerConnection({ deps, accountId: seller.id, actorUserId: null })).rejects.toBeInstanceOf(
      AppError,
    );
  });

  it("the job refreshes only the connections that expire soon", async () => {
    const due = await insertConnectedSeller(deps);
    const later = await insertConnectedSeller(deps);
    await db
      .updateTable("provider_accounts")
      .set({ expires_at: new Date(Date.now() + 3 * 24 * 3600 * 1000) })
      .where("id", "=", due.id)
      .execute();
    const counts = await refreshDueConnections({ deps });
    expect(counts.refreshed).toBeGreaterThanOrEqual(1);
    expect((await accountRow(due.id)).last_refreshed_at).not.toBeNull();
    expect(Number((await accountRow(due.id)).expires_at?.getTime()) - Date.now()).toBeGreaterThan(
      179 * 24 * 3600 * 1000,
    );
    expect((await accountRow(later.id)).last_refreshed_at).toBeNull();
  });
});

describe("disconnecting", () => {
  it("wipes the tokens, keeps who and when, and audits it", async () => {
    const seller = await insertConnectedSeller(deps);
    const account = await disconnectSellerAccount({ deps, accountId: seller.id, actorUserId: admin.id });
    expect(account).toMatchObject({ status: "disconnected", endedReason: "disconnected" });
    expect(await accountRow(seller.id)).toMatchObject({
      status: "disconnected",
      access_token_ciphertext: null,
      refresh_token_ciphertext: null,
      ended_by: admin.id,
    });
    expect(await auditActions(seller.id)).toEqual(["provider_account.disconnected"]);
    // Twice is once.
    await disconnectSellerAccount({ deps, accountId: seller.id, actorUserId: admin.id });
    expect(await auditActions(seller.id)).toEqual(["provider_account.disconnected"]);
  });
});
