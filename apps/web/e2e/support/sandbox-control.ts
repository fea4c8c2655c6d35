// Calls to the provider sandbox of a store: its control API (settle a pending
// payment, list webhooks) and provider calls made as the store's seller
// (create a plan). Never through the browser.
import { expect } from "@playwright/test";
import { MAIN_STORE, SANDBOX_ACCESS_TOKEN, type StoreEnv } from "./e2e-env";

async function call(target: StoreEnv, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${target.sandboxUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}`,
      "x-idempotency-key": crypto.randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path} → ${response.status} ${text}`).toBe(true);
  return text === "" ? null : JSON.parse(text);
}

/** Settles a pending or in-process payment as the buyer's bank would (`approve`, `reject` or `expire`). */
export async function settlePayment(
  paymentId: number,
  outcome: "approve" | "reject" | "expire",
  target: StoreEnv = MAIN_STORE,
): Promise<void> {
  await call(target, "POST", `/__sandbox/payments/${paymentId}/settle`, { outcome });
}

/** A payment as the provider holds it. */
export async function getProviderPayment(
  paymentId: number,
  target: StoreEnv = MAIN_STORE,
): Promise<{ status: string; status_detail: string; transaction_amount: number; external_reference?: string }> {
  return (await call(target, "GET", `/v1/payments/${paymentId}`)) as {
    status: string;
    status_detail: string;
    transaction_amount: number;
    external_reference?: string;
  };
}

/** A payment's refunds as the provider holds them (amounts in the currency's units, as the API sends them). */
export async function getProviderRefunds(
  paymentId: number,
  target: StoreEnv = MAIN_STORE,
): Promise<{ id: number; amount: number; status: string }[]> {
  return (await call(target, "GET", `/v1/payments/${paymentId}/refunds`)) as {
    id: number;
    amount: number;
    status: string;
  }[];
}

/** A checkout preference (payment link) as the provider holds it. */
export async function getProviderPreference(
  preferenceId: string,
  target: StoreEnv = MAIN_STORE,
): Promise<{
  id: string;
  items: { title: string; quantity: number; unit_price: number; currency_id: string }[];
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: string;
  notification_url: string | null;
  expires: boolean;
  expiration_date_to: string | null;
}> {
  return (await call(target, "GET", `/checkout/preferences/${encodeURIComponent(preferenceId)}`)) as never;
}

/** Creates an active monthly plan as the store's seller (what the admin would do) and returns its id. */
export async function createPlan(options: {
  reason: string;
  amount: number;
  currency?: string;
  target?: StoreEnv;
}): Promise<string> {
  const target = options.target ?? MAIN_STORE;
  const plan = (await call(target, "POST", "/preapproval_plan", {
    reason: options.reason,
    auto_recurring: {
      frequency: 1,
      frequency_type: "months",
      transaction_amount: options.amount,
      currency_id: options.currency ?? "ARS",
    },
    back_url: `${target.baseUrl}/account`,
  })) as { id: string };
  return plan.id;
}

/**
 * A card payment made straight at the provider as the store's seller, outside the shop (what the provider's own
 * tools or another integration would do); `capture: false` leaves it authorized, holding the amount.
 */
export async function createCardPayment(options: {
  amount: number;
  capture?: boolean;
  payerEmail?: string;
  target?: StoreEnv;
}): Promise<{ id: number; status: string }> {
  const target = options.target ?? MAIN_STORE;
  const token = (await call(target, "POST", "/v1/card_tokens", {
    card_number: "4509953566233704",
    expiration_month: 11,
    expiration_year: 2030,
    security_code: "123",
    cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
  })) as { id: string };
  return (await call(target, "POST", "/v1/payments", {
    transaction_amount: options.amount,
    token: token.id,
    payment_method_id: "visa",
    installments: 1,
    payer: { email: options.payerEmail ?? "buyer@e2e.test" },
    ...(options.capture === false ? { capture: false } : {}),
  })) as { id: number; status: string };
}

/** A provider customer with its saved cards, as the sandbox holds it. */
export interface ProviderCustomer {
  id: string;
  email: string;
  first_name: string | null;
  cards: { id: string; last_four_digits: string; expiration_month: number; expiration_year: number }[];
}

/** The store's customers at the provider with this exact e-mail. */
export async function searchProviderCustomers(
  email: string,
  target: StoreEnv = MAIN_STORE,
): Promise<ProviderCustomer[]> {
  const found = (await call(target, "GET", `/v1/customers/search?email=${encodeURIComponent(email)}`)) as {
    results: ProviderCustomer[];
  };
  return found.results;
}

/** Creates a customer at the provider as the store's seller (not through Cobro). */
export async function createProviderCustomer(
  body: { email: string; first_name?: string },
  target: StoreEnv = MAIN_STORE,
): Promise<ProviderCustomer> {
  return (await call(target, "POST", "/v1/customers", body)) as ProviderCustomer;
}

/** An order (Orders API) as the provider holds it. */
export async function getProviderOrder(
  orderId: string,
  target: StoreEnv = MAIN_STORE,
): Promise<{
  id: string;
  status: string;
  status_detail: string;
  processing_mode: string;
  capture_mode: string;
  total_amount: string;
  external_reference?: string;
  transactions?: {
    payments?: { id: string; status: string; amount: string; refunded_amount?: string }[];
    refunds?: { id: string; transaction_id: string; amount: string }[];
  };
}> {
  return (await call(target, "GET", `/v1/orders/${encodeURIComponent(orderId)}`)) as Awaited<
    ReturnType<typeof getProviderOrder>
  >;
}

/** The store's own account at the provider (`/users/me` with the store's credentials). */
export async function providerAccountMe(
  target: StoreEnv = MAIN_STORE,
): Promise<{ id: number; nickname: string; site_id: string; country_id: string }> {
  return (await call(target, "GET", "/users/me")) as {
    id: number;
    nickname: string;
    site_id: string;
    country_id: string;
  };
}

/** A seller of the sandbox with every access token it holds (e.g. one connected by OAuth). */
export async function sandboxSeller(
  userId: number,
  target: StoreEnv = MAIN_STORE,
): Promise<{ user_id: number; nickname: string; access_tokens: string[] } | undefined> {
  const { sellers } = (await call(target, "GET", "/__sandbox/sellers")) as {
    sellers: { user_id: number; nickname: string; access_tokens: string[] }[];
  };
  return sellers.find((seller) => seller.user_id === userId);
}

/** A subscription plan as the provider holds it. */
export async function getProviderPlan(
  planId: string,
  target: StoreEnv = MAIN_STORE,
): Promise<{
  id: string;
  status: string;
  reason: string;
  back_url: string;
  auto_recurring: {
    frequency: number;
    frequency_type: string;
    transaction_amount: number;
    currency_id: string;
    repetitions?: number | null;
    free_trial?: { frequency: number; frequency_type: string };
  };
}> {
  return (await call(target, "GET", `/preapproval_plan/${encodeURIComponent(planId)}`)) as Awaited<
    ReturnType<typeof getProviderPlan>
  >;
}

/**
 * Moves the sandbox's clock forward (it charges the subscriptions that fall due). Only on the clock store: every
 * other spec shares the main store's sandbox, and its clock must not move under them.
 */
export async function advanceSandboxClock(
  by: { days?: number; hours?: number },
  target: StoreEnv,
): Promise<{ now: string }> {
  if (target.name !== "clock") throw new Error("Only the clock store's sandbox clock may move (see e2e-env.ts)");
  return (await call(target, "POST", "/__sandbox/clock/advance", by)) as { now: string };
}

/** Adds a fault rule to the sandbox (its README, "Fault injection"): the next matching provider call fails so. */
export async function addSandboxFault(rule: Record<string, unknown>, target: StoreEnv = MAIN_STORE): Promise<unknown> {
  return call(target, "POST", "/__sandbox/faults", rule);
}

/** Removes a fault rule that may be used up already (a used-up rule is gone: 404, which is fine here). */
export async function removeSandboxFault(id: string, target: StoreEnv = MAIN_STORE): Promise<void> {
  const response = await fetch(`${target.sandboxUrl}/__sandbox/faults/${encodeURIComponent(id)}`, { method: "DELETE" });
  expect([200, 204, 404]).toContain(response.status);
}

/** A subscription without a plan, pending its payer's card (POST /preapproval), made as the store's seller. */
export async function createPendingSubscription(options: {
  reason: string;
  payerEmail: string;
  amount: number;
  target?: StoreEnv;
}): Promise<{ id: string }> {
  const target = options.target ?? MAIN_STORE;
  return (await call(target, "POST", "/preapproval", {
    reason: options.reason,
    payer_email: options.payerEmail,
    back_url: `${target.baseUrl}/account`,
    auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: options.amount, currency_id: "ARS" },
  })) as { id: string };
}

/** A checkout preference (a payment link) made as the store's seller, with one item. */
export async function createProviderPreference(options: {
  title: string;
  amount: number;
  target?: StoreEnv;
}): Promise<{ id: string }> {
  return (await call(options.target ?? MAIN_STORE, "POST", "/checkout/preferences/", {
    items: [{ title: options.title, quantity: 1, unit_price: options.amount, currency_id: "ARS" }],
  })) as { id: string };
}

/** A merchant order made as the store's seller (POST /merchant_orders), with one item. */
export async function createProviderMerchantOrder(options: {
  title: string;
  amount: number;
  externalReference: string;
  target?: StoreEnv;
}): Promise<{ id: number }> {
  return (await call(options.target ?? MAIN_STORE, "POST", "/merchant_orders", {
    external_reference: options.externalReference,
    items: [{ title: options.title, quantity: 1, unit_price: options.amount, currency_id: "ARS" }],
  })) as { id: number };
}
