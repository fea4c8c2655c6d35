// The intents list's account filter (issue #12), against the real sandbox and PostgreSQL: an intent sent from the
// console records the store's own account (null) explicitly; the list filtered by `own` shows it and not a
// connected seller's intent, the seller's filter shows only the seller's, no filter shows both.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createPointIntent, listPointIntents } from "./point-intents";
import { listTerminalDevices } from "./terminal-devices";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const operator = await createTestUser({ db, role: "operator" });
const seller = await insertConnectedSeller(deps);
const { devices } = await listTerminalDevices({ deps, filters: { offset: 0, limit: 50 } });
const terminal = devices.find((device) => device.operatingMode === "PDV")?.id ?? "";

describe("the intents list's account filter", () => {
  it("an intent is recorded on the store's own account and listed under `own`, not under a seller", async () => {
    const own = await createPointIntent({
      deps,
      actorUserId: operator.id,
      input: {
        idempotencyKey: randomUUID(),
        deviceId: terminal,
        amountMinor: 990,
        installments: 1,
        installmentsCost: "seller",
        printOnTerminal: false,
      },
    });
    expect(own.accountId).toBeNull();
    const stored = await db
      .selectFrom("point_intents")
      .select("provider_account_id")
      .where("id", "=", own.id)
      .executeTakeFirstOrThrow();
    expect(stored.provider_account_id).toBeNull();

    // No console path sends an intent with a seller's credentials yet: the seller's row is stored as one would be.
    const request = await db
      .insertInto("provider_requests")
      .values({
        kind: "point.intent",
        idempotency_key: randomUUID(),
        provider_account_id: seller.id,
        status: "failed",
        error: JSON.stringify({ type: "refused", httpStatus: 400, code: null, message: "seller intent" }),
        resource_type: "terminal",
        resource_id: "SELLER__DEVICE",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sellers = await db
      .insertInto("point_intents")
      .values({
        provider_request_id: request.id,
        device_id: "SELLER__DEVICE",
        amount_minor: 500,
        currency: "ARS",
        installments: 1,
        installments_cost: "seller",
        print_on_terminal: false,
        request: JSON.stringify({ amount: 500 }),
        provider_account_id: seller.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const ids = async (account?: string) =>
      (await listPointIntents({ deps, offset: 0, limit: 50, ...(account ? { account } : {}) })).intents.map(
        (intent) => intent.id,
      );
    const ownList = await listPointIntents({ deps, account: "own", offset: 0, limit: 50 });
    expect(ownList.intents.map((intent) => intent.id)).toContain(own.id);
    expect(ownList.intents.map((intent) => intent.id)).not.toContain(sellers.id);
    expect(ownList.intents.every((intent) => intent.accountId === null)).toBe(true);

    const sellerList = await listPointIntents({ deps, account: seller.id, offset: 0, limit: 50 });
    expect(sellerList).toMatchObject({ total: 1 });
    expect(sellerList.intents.map((intent) => [intent.id, intent.accountId])).toEqual([[sellers.id, seller.id]]);

    expect(await ids()).toEqual(expect.arrayContaining([own.id, sellers.id]));
    expect(await ids(randomUUID())).toEqual([]);
  });
});
