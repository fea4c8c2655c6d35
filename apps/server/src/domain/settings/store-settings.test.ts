// Store settings live in PostgreSQL: a change is audited (old → new, who) and
// every server instance sees it with its next read. A card payment made while
// the store captures manually is only authorized at the provider.
import { DEFAULT_STORE_SETTINGS } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestDeps } from "../../test/test-deps";
import { createTestUser } from "../../test/test-users";
import { payWithCard } from "../checkout/pay-with-card";
import { getStoreSettings } from "./store-settings";
import { updateStoreSettings } from "./update-store-settings";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;

describe("store settings", () => {
  it("default to capturing at checkout, and a change is audited and seen by a second instance at once", async () => {
    const admin = await createTestUser({ db, role: "admin" });
    // Two server instances over one database.
    const first = createTestDeps({ db });
    const second = createTestDeps({ db });
    expect((await getStoreSettings({ db: second.db })).settings).toEqual(DEFAULT_STORE_SETTINGS);
    expect(DEFAULT_STORE_SETTINGS.cardCapture).toBe("automatic");

    const updated = await updateStoreSettings({
      db: first.db,
      actorUserId: admin.id,
      changes: { cardCapture: "manual" },
    });
    expect(updated).toMatchObject({ settings: { cardCapture: "manual" }, changed: ["cardCapture"] });
    const seen = await getStoreSettings({ db: second.db });
    expect(seen.settings.cardCapture).toBe("manual");
    expect(seen.version).toBeGreaterThan(0);

    // Saving the same value changes nothing and audits nothing.
    expect(
      await updateStoreSettings({ db: first.db, actorUserId: admin.id, changes: { cardCapture: "manual" } }),
    ).toMatchObject({
      changed: [],
      version: seen.version,
    });

    await updateStoreSettings({ db: second.db, actorUserId: admin.id, changes: { cardCapture: "automatic" } });
    expect((await getStoreSettings({ db: first.db })).settings.cardCapture).toBe("automatic");

    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_user_id", "action", "resource_id", "details"])
      .where("resource_type", "=", "store_setting")
      .orderBy("created_at")
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: admin.id,
        action: "store_setting.changed",
        resource_id: "card_capture",
        details: { from: "automatic", to: "manual" },
      },
      {
        actor_user_id: admin.id,
        action: "store_setting.changed",
        resource_id: "card_capture",
        details: { from: "manual", to: "automatic" },
      },
    ]);
  });

  it("makes a card payment authorized-only while capture is manual, and captured again once automatic", async () => {
    const admin = await createTestUser({ db, role: "admin" });
    await updateStoreSettings({ db, actorUserId: admin.id, changes: { cardCapture: "manual" } });

    const held = await env.openCheckout({ priceMinor: 10_000 });
    const heldResult = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(held, await env.cardToken("APRO")),
    });
    expect(heldResult.status).toBe("authorized");
    const heldPayment = (await provider.payments.search({ external_reference: held.checkoutId })).results[0];
    expect(heldPayment).toMatchObject({ status: "authorized", captured: false });

    await updateStoreSettings({ db, actorUserId: admin.id, changes: { cardCapture: "automatic" } });
    const paid = await env.openCheckout({ priceMinor: 10_000 });
    const paidResult = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(paid, await env.cardToken("APRO")),
    });
    expect(paidResult.status).toBe("approved");
  });
});
