// Test fixtures for the shopper domain (imported by tests only): a test
// database, a real sandbox over HTTP playing Mercado Pago, AppDeps wired to
// both, and helpers to tokenize test cards, seed products, open checkouts and
// settle payments.
//
//   const env = await startShopTestEnv();
//   afterAll(() => env.close());
//   const token = await env.cardToken("APRO");
import { randomUUID } from "node:crypto";
import type { Payer, PayWithCardInput } from "@cobro/contracts";
import { createProviderClient, type ProviderClient, type Payment as ProviderPayment } from "@cobro/provider-client";
import type { Kysely, Selectable } from "kysely";
import { createSandbox, type Sandbox, type SiteId } from "mercadopago-sandbox";
import type { CheckoutsTable, DB } from "../db/schema";
import { type CreatedCheckout, createCheckout } from "../domain/checkout/create-checkout";
import { syncPaymentFromProvider } from "../domain/payments/sync-payment-from-provider";
import type { ProviderRequestStatus } from "../domain/provider-requests/provider-request-status";
import { createLogger } from "../logging/logger";
import { createProviderCallRecorder } from "../provider/provider-call-log";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { createTestDeps, type TestDeps } from "./test-deps";

/** provider-facts §5.2: test cards per site (any expiry in the future, CVV 123). */
const VISA_BY_SITE: Partial<Record<SiteId, string>> = {
  MLA: "4509953566233704",
  MLB: "4235647728025682",
  MLM: "4075595716483764",
};

/** provider-facts §5.1: the documents the provider pairs with test cardholders. */
const IDENTIFICATION_BY_SITE: Partial<Record<SiteId, { type: string; number: string }>> = {
  MLA: { type: "DNI", number: "12345678" },
  MLB: { type: "CPF", number: "12345678909" },
};

export interface ShopTestEnv {
  testDb: TestDatabase;
  db: Kysely<DB>;
  sandbox: Sandbox;
  /** The store's account at the sandbox (the default seller for MLA, a new seller for other sites). */
  seller: { userId: number; accessToken: string; publicKey: string };
  provider: ProviderClient;
  deps: TestDeps;
  siteId: SiteId;
  /**
   * Where the sandbox's webhooks go: by default they are accepted and dropped;
   * a test that wants them sets a handler (e.g. the app's fetch).
   */
  setWebhookHandler(handler: ((request: Request) => Promise<Response>) | null): void;
  /** A fresh single-use card token for a test cardholder name (APRO, OTHE, CONT, FUND, …). */
  cardToken(cardholderName?: string): Promise<string>;
  /** Inserts an active product; the price is in minor units. */
  seedProduct(options?: { priceMinor?: number; currency?: string; name?: string; active?: boolean }): Promise<{
    id: string;
    slug: string;
    priceMinor: number;
  }>;
  /** A payer the sandbox accepts (a test-user e-mail and the site's sample document). */
  payer(overrides?: Partial<Payer>): Payer;
  /**
   * Seeds a product (as `seedProduct`) and opens a checkout for `quantity` of it (1 unless told), paid by `payer()`
   * with `payer`'s overrides, created at `now` (the deps' clock unless told), for `userId` (a guest unless told).
   */
  openCheckout(options?: {
    priceMinor?: number;
    currency?: string;
    name?: string;
    quantity?: number;
    userId?: string | null;
    payer?: Partial<Payer>;
    now?: Date;
  }): Promise<CreatedCheckout>;
  /**
   * A Visa card payment made at the provider (`amount` in major units, APRO unless told; `capture: false` only
   * authorizes) and mirrored, like one the console lists.
   */
  mirroredPayment(options: { amount: number; cardholder?: string; capture?: boolean }): Promise<ProviderPayment>;
  /** Settles a pending or in_process payment at the provider, as the buyer or issuer would. */
  settle(paymentId: number, outcome: "approve" | "reject" | "expire"): Promise<void>;
  /** The checkout's row as the database holds it now. */
  /** The checkout row with where its direct payment's provider request stands (status, lease, last try). */
  checkoutRow(checkoutId: string): Promise<
    Selectable<CheckoutsTable> & {
      payment_request_status: ProviderRequestStatus | null;
      payment_lease_until: Date | null;
      payment_attempted_at: Date | null;
    }
  >;
  /** The payments the provider holds for a checkout (its external reference is the checkout id). */
  providerPaymentsOf(checkoutId: string): Promise<ProviderPayment[]>;
  close(): Promise<void>;
  /** Waits until every provider call made so far is in `provider_calls`. */
  flushProviderCalls(): Promise<void>;
}

export async function startShopTestEnv(
  options: {
    siteId?: SiteId;
    now?: () => Date;
    publicUrl?: string;
    /** Also send the notifications that go to the application's URL (Point's `point_integration_wh`). */
    applicationWebhooks?: boolean;
  } = {},
): Promise<ShopTestEnv> {
  const siteId = options.siteId ?? "MLA";
  const testDb = await createTestDatabase();
  const providerCalls = createProviderCallRecorder({
    db: testDb.db,
    logger: createLogger({ level: "silent", pretty: false }),
  });
  let webhookHandler: ((request: Request) => Promise<Response>) | null = null;
  const sandbox = await createSandbox({
    webhookSecret: "shop-test-webhook-secret",
    tickIntervalMs: 0,
    webhookRetryDelaysMs: [],
    ...(options.applicationWebhooks
      ? { defaultNotificationUrl: `${options.publicUrl ?? "http://127.0.0.1:3000"}/api/webhooks/mercadopago` }
      : {}),
    webhookFetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      return webhookHandler ? webhookHandler(request) : new Response(null, { status: 200 });
    }) as typeof fetch,
  });
  const seller = siteId === "MLA" ? sandbox.control.defaultSeller : sandbox.control.createSeller({ siteId });
  const provider = createProviderClient({
    accessToken: seller.accessToken,
    baseUrl: sandbox.url,
    timeoutMs: 5_000,
    backoffBaseMs: 10,
    onCallEnd: (info) => providerCalls.onCallEnd(info),
  });
  const deps: TestDeps = {
    ...createTestDeps({
      db: testDb.db,
      ...(options.now ? { now: options.now } : {}),
      publicUrl: options.publicUrl ?? "http://127.0.0.1:3000",
    }),
    provider,
    providerSettings: {
      mode: "sandbox",
      apiUrl: sandbox.url,
      publicKey: seller.publicKey,
      webhookSecret: "shop-test-webhook-secret",
    },
  };
  const card = VISA_BY_SITE[siteId] ?? "4509953566233704";
  const identification = IDENTIFICATION_BY_SITE[siteId] ?? { type: "Otro", number: "123456789" };
  const defaultCurrency = { MLA: "ARS", MLB: "BRL", MLM: "MXN", MLC: "CLP", MCO: "COP", MPE: "PEN", MLU: "UYU" }[
    siteId
  ];

  const env: ShopTestEnv = {
    testDb,
    db: testDb.db,
    sandbox,
    seller,
    provider,
    deps,
    siteId,
    setWebhookHandler(handler) {
      webhookHandler = handler;
    },
    async cardToken(cardholderName = "APRO") {
      const token = await provider.cardTokens.create({
        card_number: card,
        expiration_month: 11,
        expiration_year: 2030,
        security_code: "123",
        cardholder: { name: cardholderName, identification },
      });
      return token.id;
    },
    async seedProduct(product = {}) {
      const slug = `test-${randomUUID().slice(0, 8)}`;
      const priceMinor = product.priceMinor ?? 12_550;
      const row = await testDb.db
        .insertInto("products")
        .values({
          slug,
          name: product.name ?? `Product ${slug}`,
          description: "A product for tests.",
          price_minor: priceMinor,
          currency: product.currency ?? defaultCurrency,
          active: product.active ?? true,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, slug, priceMinor };
    },
    payer(overrides = {}) {
      return {
        email: `buyer-${randomUUID().slice(0, 8)}@testuser.com`,
        firstName: "Ana",
        lastName: "Pérez",
        identification,
        ...overrides,
      };
    },
    async openCheckout({ quantity = 1, userId = null, payer = {}, now = deps.now(), ...product } = {}) {
      const seeded = await env.seedProduct(product);
      return createCheckout({
        db: testDb.db,
        userId,
        items: [{ productId: seeded.id, quantity }],
        payer: env.payer(payer),
        now,
      });
    },
    async mirroredPayment(options) {
      const payment = await provider.payments.create({
        transaction_amount: options.amount,
        token: await env.cardToken(options.cardholder ?? "APRO"),
        payment_method_id: "visa",
        installments: 1,
        payer: { email: env.payer().email },
        ...(options.capture === false ? { capture: false } : {}),
      });
      await syncPaymentFromProvider({ deps, providerPaymentId: payment.id });
      return payment;
    },
    async settle(paymentId, outcome) {
      const response = await fetch(`${sandbox.url}/__sandbox/payments/${paymentId}/settle`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ outcome }),
      });
      if (!response.ok) throw new Error(`settle ${paymentId} answered ${response.status}: ${await response.text()}`);
    },
    checkoutRow(checkoutId) {
      return testDb.db
        .selectFrom("checkouts")
        .leftJoin("provider_requests", "provider_requests.id", "checkouts.provider_request_id")
        .selectAll("checkouts")
        .select([
          "provider_requests.status as payment_request_status",
          "provider_requests.lease_until as payment_lease_until",
          "provider_requests.attempted_at as payment_attempted_at",
        ])
        .where("checkouts.id", "=", checkoutId)
        .executeTakeFirstOrThrow();
    },
    async providerPaymentsOf(checkoutId) {
      return (await provider.payments.search({ external_reference: checkoutId })).results ?? [];
    },
    flushProviderCalls: () => providerCalls.flush(),
    async close() {
      await sandbox.close();
      await providerCalls.flush();
      await testDb.drop();
    },
  };
  return env;
}

/** `payWithCard`'s input for a checkout: its id and guest token, the card token, Visa in one installment. */
export function cardPaymentInput(
  checkout: { checkoutId: string; checkoutToken: string },
  cardToken: string,
  extra: Partial<PayWithCardInput> = {},
): PayWithCardInput {
  return {
    checkoutId: checkout.checkoutId,
    checkoutToken: checkout.checkoutToken,
    cardToken,
    paymentMethodId: "visa",
    installments: 1,
    ...extra,
  };
}

/**
 * Pays a preference on the sandbox's hosted checkout page as a buyer's browser would (loads the page, posts its card
 * form) and returns the page's answer: a 303 back to the store on success, an error page otherwise.
 */
export async function payOnHostedPage(initPoint: string, cardholder: string): Promise<Response> {
  const html = await (await fetch(initPoint)).text();
  const prefId = new URL(initPoint).searchParams.get("pref_id") ?? "";
  const attempt = /name="attempt" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const form = new URLSearchParams({
    pref_id: prefId,
    attempt,
    card_number: "4509953566233704",
    expiration_month: "11",
    expiration_year: "2030",
    security_code: "123",
    cardholder_name: cardholder,
    identification_type: "DNI",
    identification_number: "12345678",
    email: "buyer-hosted@testuser.com",
    installments: "1",
  });
  return fetch(new URL("/checkout/v1/pay", initPoint), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
}
