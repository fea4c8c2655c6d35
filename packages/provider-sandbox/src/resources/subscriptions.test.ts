import { describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "../core/idempotency";
import type { Schemas } from "../schemas";
import { apiFor, callerFor, expectJson } from "../test-support/api-client";
import { TEST_DNI, tokenize } from "../test-support/card-payments";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { authHeaders, DEFAULT_SELLER } from "../testing";

type Subscription = Schemas["Subscription"];
type AuthorizedPayment = Schemas["AuthorizedPayment"];

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
const call = callerFor(sandbox);
const OTHER_SELLER = "TEST-8888888888888888-888888-88888888888888888888888888888888-7770008";
const DAY_MS = 86_400_000;

function cardToken(cardholder: string): Promise<string> {
  return tokenize(apiFor(sandbox), { brand: "master", name: cardholder, identification: TEST_DNI });
}

const RECURRING = { frequency: 10, frequency_type: "days", transaction_amount: 250, currency_id: "ARS" } as const;

async function subscribe(body: Partial<Schemas["SubscriptionRequest"]> = {}): Promise<Subscription> {
  const res = await call("POST", "/preapproval/", {
    reason: "Magazine",
    payer_email: "reader@testuser.com",
    back_url: "https://shop.example/back",
    auto_recurring: RECURRING,
    ...body,
  });
  return expectJson<Subscription>(res, 201);
}

async function invoices(subscriptionId: string): Promise<AuthorizedPayment[]> {
  const res = await call("GET", `/authorized_payments/search?preapproval_id=${subscriptionId}`);
  return (await expectJson<Schemas["AuthorizedPaymentSearchResult"]>(res)).results;
}

async function get(id: string): Promise<Subscription> {
  return expectJson<Subscription>(await call("GET", `/preapproval/${id}`));
}

async function advanceDays(days: number): Promise<void> {
  await sandbox.control.advanceClock({ days });
}

describe("subscriptions lifecycle", () => {
  it("creates a pending subscription with an init_point when there is no card", async () => {
    const sub = await subscribe();
    expect(sub.id).toMatch(/^[0-9a-f]{32}$/);
    expect(sub).toMatchObject({ status: "pending", payer_email: "reader@testuser.com", collector_id: 1000001 });
    expect(sub.init_point).toBe(`${sandbox.url}/subscriptions/checkout?preapproval_id=${sub.id}`);
    // provider (sdk-nodejs e2e/preApproval/update.spec.ts): the numeric id of the token's application.
    expect(sub.application_id).toEqual(expect.any(Number));
    await advanceDays(30);
    expect(await invoices(sub.id)).toEqual([]);
  });

  it("needs a card token to create an authorized subscription", async () => {
    const res = await call("POST", "/preapproval/", {
      reason: "Magazine",
      payer_email: "reader@testuser.com",
      auto_recurring: RECURRING,
      status: "authorized",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).cause[0].data).toBe("card_token_id");
  });

  it("charges an authorized subscription at once and remembers the card", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("APRO"), status: "authorized" });
    expect(sub.status).toBe("authorized");
    expect(sub.payment_method_id).toBe("master");
    expect(sub.summarized).toMatchObject({
      charged_quantity: 1,
      charged_amount: 250,
      last_charged_amount: 250,
      semaphore: "green",
    });
    const created = Date.parse(sub.date_created ?? "");
    expect(Date.parse(sub.next_payment_date ?? "") - created).toBeGreaterThanOrEqual(10 * DAY_MS - 1000);

    const [invoice] = await invoices(sub.id);
    expect(invoice).toMatchObject({
      preapproval_id: sub.id,
      status: "processed",
      transaction_amount: 250,
      retry_attempt: 0,
    });
    expect(invoice?.payment?.status).toBe("approved");
    const payment = await expectJson<Schemas["Payment"]>(
      await call("GET", `/v1/payments/${String(invoice?.payment?.id)}`),
    );
    expect(payment).toMatchObject({ operation_type: "recurring_payment", status: "approved", transaction_amount: 250 });

    const one = await expectJson<AuthorizedPayment>(await call("GET", `/authorized_payments/${String(invoice?.id)}`));
    expect(one.id).toBe(invoice?.id);
    const theirs = await call("GET", `/authorized_payments/${String(invoice?.id)}`, undefined, OTHER_SELLER);
    expect(theirs.status).toBe(404);
    const byPayment = await call("GET", `/authorized_payments/search?payment_id=${String(invoice?.payment?.id)}`);
    expect((await expectJson<Schemas["AuthorizedPaymentSearchResult"]>(byPayment)).results.map((i) => i.id)).toEqual([
      invoice?.id,
    ]);

    const topics = sandbox.control.deliveries().map((d) => `${d.topic}:${d.action}`);
    expect(topics).toContain("subscription_preapproval:created");
    expect(topics).toContain("subscription_authorized_payment:created");
  });

  it("pauses, resumes and cancels; a cancelled subscription never changes again", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("APRO") });
    const paused = await expectJson<Subscription>(await call("PUT", `/preapproval/${sub.id}`, { status: "paused" }));
    expect(paused.status).toBe("paused");
    await advanceDays(25);
    expect(await invoices(sub.id)).toHaveLength(1);

    const resumed = await expectJson<Subscription>(
      await call("PUT", `/preapproval/${sub.id}`, { status: "authorized" }),
    );
    expect(resumed.status).toBe("authorized");
    // Periods that fell while paused are skipped, not charged late.
    expect(Date.parse(resumed.next_payment_date ?? "")).toBeGreaterThanOrEqual(sandbox.control.now().getTime());
    expect(await invoices(sub.id)).toHaveLength(1);

    const cancelled = await expectJson<Subscription>(
      await call("PUT", `/preapproval/${sub.id}`, { status: "cancelled" }),
    );
    expect(cancelled).toMatchObject({ status: "cancelled", next_payment_date: null });
    for (const change of [{ status: "authorized" }, { status: "paused" }, { reason: "again" }]) {
      const res = await call("PUT", `/preapproval/${sub.id}`, change);
      expect(res.status).toBe(400);
    }
    await advanceDays(30);
    expect(await invoices(sub.id)).toHaveLength(1);
    const actions = sandbox.control
      .deliveries()
      .filter((d) => d.topic === "subscription_preapproval" && d.dataId === sub.id)
      .map((d) => d.action);
    expect(actions).toEqual(["created", "updated", "updated", "updated"]);
  });

  it("refuses to pause a pending subscription and keeps the frequency immutable", async () => {
    const sub = await subscribe();
    expect((await call("PUT", `/preapproval/${sub.id}`, { status: "paused" })).status).toBe(400);
    expect((await call("PUT", `/preapproval/${sub.id}`, { auto_recurring: { frequency: 2 } })).status).toBe(400);
    expect((await call("PUT", `/preapproval/${sub.id}`, { status: "authorized" })).status).toBe(400);
  });

  // provider: sdk-nodejs e2e/preApproval/update.spec.ts updates a pending subscription with `status: "pending"`.
  it("accepts status pending with other changes on a pending subscription, and nowhere else", async () => {
    const sub = await subscribe();
    const updated = await call("PUT", `/preapproval/${sub.id}`, {
      reason: "update test",
      auto_recurring: { transaction_amount: 20, currency_id: "ARS" },
      status: "pending",
    });
    expect(await expectJson<Subscription>(updated)).toMatchObject({
      status: "pending",
      reason: "update test",
      auto_recurring: { transaction_amount: 20 },
    });
    const token = await cardToken("APRO");
    const active = await subscribe({ card_token_id: token });
    const refused = await call("PUT", `/preapproval/${active.id}`, { status: "pending" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).cause[0].data).toBe("status");
  });

  it("authorizes a pending subscription with a card and charges it", async () => {
    const sub = await subscribe();
    const res = await call("PUT", `/preapproval/${sub.id}`, {
      status: "authorized",
      card_token_id: await cardToken("APRO"),
    });
    const authorized = await expectJson<Subscription>(res);
    expect(authorized.status).toBe("authorized");
    expect(await invoices(sub.id)).toHaveLength(1);
  });

  it("changes the amount of future charges", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("APRO") });
    const updated = await expectJson<Subscription>(
      await call("PUT", `/preapproval/${sub.id}`, { auto_recurring: { transaction_amount: 300 } }),
    );
    expect(updated.auto_recurring?.transaction_amount).toBe(300);
    expect(updated.version).toBe(2);
    await advanceDays(10);
    expect((await invoices(sub.id)).map((i) => i.transaction_amount)).toEqual([250, 300]);
  });

  it("searches by payer, plan, status and text, per seller", async () => {
    await subscribe({ payer_email: "a@testuser.com", reason: "Alpha" });
    await subscribe({ payer_email: "b@testuser.com", reason: "Beta", card_token_id: await cardToken("APRO") });
    const search = async (query: string, token?: string) =>
      (
        await expectJson<Schemas["SubscriptionSearchResult"]>(
          await call("GET", `/preapproval/search?${query}`, undefined, token),
        )
      ).results.map((s) => s.reason);
    expect(await search("payer_email=a@testuser.com")).toEqual(["Alpha"]);
    expect(await search("status=authorized")).toEqual(["Beta"]);
    expect(await search("q=alp")).toEqual(["Alpha"]);
    expect((await search("sort=date_created:asc")).length).toBe(2);
    expect(await search("", OTHER_SELLER)).toEqual([]);
    const missing = await call("GET", "/preapproval/0123456789abcdef0123456789abcdef");
    expect(missing.status).toBe(404);
  });
});

describe("charging clock", () => {
  it("creates exactly one invoice per period, however often the clock moves", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("APRO") });
    expect(await invoices(sub.id)).toHaveLength(1);
    await advanceDays(10);
    expect(await invoices(sub.id)).toHaveLength(2);
    await sandbox.control.advanceClock({ hours: 1 });
    await sandbox.control.advanceClock({ ms: 0 });
    expect(await invoices(sub.id)).toHaveLength(2);
    await advanceDays(9);
    expect(await invoices(sub.id)).toHaveLength(2);
    await advanceDays(1);
    const all = await invoices(sub.id);
    expect(all).toHaveLength(3);
    expect(new Set(all.map((i) => i.debit_date)).size).toBe(3);
    const current = await get(sub.id);
    expect(current.summarized).toMatchObject({ charged_quantity: 3, charged_amount: 750 });
    const charges = sandbox.control
      .deliveries()
      .filter((d) => d.topic === "subscription_authorized_payment" && d.action === "created");
    expect(charges).toHaveLength(3);
  });

  it("charges every missed period when the clock jumps several periods at once", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("APRO") });
    await advanceDays(35);
    expect(await invoices(sub.id)).toHaveLength(4);
  });

  it("recycles a declined charge, retries it, and succeeds after the card changes", async () => {
    const sub = await subscribe({ card_token_id: await cardToken("OTHE") });
    const [declined] = await invoices(sub.id);
    expect(declined).toMatchObject({ status: "recycling", retry_attempt: 0 });
    expect(declined?.payment?.status).toBe("rejected");
    expect(declined?.next_retry_date).toBeTruthy();
    expect((await get(sub.id)).summarized).toMatchObject({ charged_quantity: 0, semaphore: "yellow" });

    await advanceDays(2);
    const [retried] = await invoices(sub.id);
    expect(retried).toMatchObject({ status: "recycling", retry_attempt: 1 });

    await call("PUT", `/preapproval/${sub.id}`, { card_token_id: await cardToken("APRO") });
    await advanceDays(2);
    const [paid] = await invoices(sub.id);
    expect(paid).toMatchObject({ status: "processed", retry_attempt: 2 });
    expect(paid?.payment?.status).toBe("approved");
    expect((await get(sub.id)).summarized).toMatchObject({ charged_quantity: 1, semaphore: "green" });
  });

  it("gives up after the last retry", async () => {
    const sub = await subscribe({
      card_token_id: await cardToken("FUND"),
      auto_recurring: { ...RECURRING, frequency: 1, frequency_type: "months" },
    });
    await advanceDays(7);
    const [invoice] = await invoices(sub.id);
    expect(invoice).toMatchObject({ status: "cancelled", retry_attempt: 3 });
    expect((await get(sub.id)).summarized?.semaphore).toBe("red");
  });

  it("honours a plan's free trial and repetitions", async () => {
    const plan = await expectJson<Schemas["Plan"]>(
      await call("POST", "/preapproval_plan/", {
        reason: "Course",
        back_url: "https://shop.example/back",
        auto_recurring: {
          frequency: 1,
          frequency_type: "days",
          transaction_amount: 99,
          currency_id: "ARS",
          repetitions: 2,
          free_trial: { frequency: 3, frequency_type: "days" },
        },
      }),
      201,
    );
    const sub = await subscribe({
      preapproval_plan_id: plan.id,
      card_token_id: await cardToken("APRO"),
      auto_recurring: undefined,
      reason: undefined,
    });
    expect(sub).toMatchObject({ status: "authorized", preapproval_plan_id: plan.id, reason: "Course" });
    expect(sub.summarized).toMatchObject({ charged_quantity: 0, quotas: 2 });
    expect(await invoices(sub.id)).toHaveLength(0);

    await advanceDays(2);
    expect(await invoices(sub.id)).toHaveLength(0);
    await advanceDays(1);
    expect(await invoices(sub.id)).toHaveLength(1);
    await advanceDays(10);
    expect(await invoices(sub.id)).toHaveLength(2);
    const done = await get(sub.id);
    expect(done.next_payment_date).toBeNull();
    expect(done.summarized).toMatchObject({ charged_quantity: 2, pending_charge_quantity: 0 });

    const byPlan = await expectJson<Schemas["SubscriptionSearchResult"]>(
      await call("GET", `/preapproval/search?preapproval_plan_id=${plan.id}`),
    );
    expect(byPlan.results.map((s) => s.id)).toEqual([sub.id]);
  });

  it("stops at end_date", async () => {
    const endDate = new Date(sandbox.control.now().getTime() + 15 * DAY_MS).toISOString();
    const sub = await subscribe({
      card_token_id: await cardToken("APRO"),
      auto_recurring: { ...RECURRING, end_date: endDate },
    });
    await advanceDays(40);
    expect(await invoices(sub.id)).toHaveLength(2);
    expect((await get(sub.id)).next_payment_date).toBeNull();
  });

  it("refuses an inactive or unknown plan", async () => {
    const plan = await expectJson<Schemas["Plan"]>(
      await call("POST", "/preapproval_plan/", {
        reason: "Old",
        back_url: "https://shop.example/back",
        status: "inactive",
        auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 10, currency_id: "ARS" },
      }),
      201,
    );
    expect(
      (await call("POST", "/preapproval/", { payer_email: "x@testuser.com", preapproval_plan_id: plan.id })).status,
    ).toBe(400);
    expect(
      (await call("POST", "/preapproval/", { payer_email: "x@testuser.com", preapproval_plan_id: "nope" })).status,
    ).toBe(400);
  });
});

describe("subscriptions and X-Idempotency-Key", () => {
  async function post(key: string, body: unknown): Promise<Response> {
    return fetch(`${sandbox.url}/preapproval/`, {
      method: "POST",
      headers: {
        ...authHeaders(DEFAULT_SELLER.accessToken),
        "content-type": "application/json",
        "x-idempotency-key": key,
      },
      body: JSON.stringify(body),
    });
  }

  it("a repeated POST /preapproval with the same key replays the first subscription (one subscription, one charge)", async () => {
    const body = {
      reason: "No plan",
      payer_email: "same-key@testuser.com",
      status: "authorized",
      card_token_id: await cardToken("APRO"),
      auto_recurring: RECURRING,
    };
    const first = await expectJson<Subscription>(await post("sub-key-1", body), 201);
    const replay = await post("sub-key-1", body);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
    expect((await expectJson<Subscription>(replay, 201)).id).toBe(first.id);
    const found = await expectJson<Schemas["SubscriptionSearchResult"]>(
      await call("GET", "/preapproval/search?payer_email=same-key@testuser.com"),
    );
    expect(found.results.map((s) => s.id)).toEqual([first.id]);
    expect(await invoices(first.id)).toHaveLength(1);
    // The same key with another body is refused, not a second subscription.
    expect((await post("sub-key-1", { ...body, reason: "Other" })).status).toBe(409);
  });

  it("a repeated PUT with the same key and a consumed card token replays instead of refusing", async () => {
    const sub = await subscribe({ status: "authorized", card_token_id: await cardToken("APRO") });
    const body = { card_token_id: await cardToken("FUND"), auto_recurring: { transaction_amount: 300 } };
    const put = (key: string) =>
      fetch(`${sandbox.url}/preapproval/${sub.id}`, {
        method: "PUT",
        headers: {
          ...authHeaders(DEFAULT_SELLER.accessToken),
          "content-type": "application/json",
          "x-idempotency-key": key,
        },
        body: JSON.stringify(body),
      });
    const first = await expectJson<Subscription>(await put("put-key-1"));
    const again = await expectJson<Subscription>(await put("put-key-1"));
    expect(again.version).toBe(first.version);
    expect((await put("put-key-2")).status).toBe(400);
  });
});
