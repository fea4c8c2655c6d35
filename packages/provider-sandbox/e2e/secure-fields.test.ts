// The browser SDK stand-in in a real browser: a shop page served from another
// origin loads /js/v2 from the sandbox, mounts the secure fields, the buyer
// types an APRO test card into the frames, and the page gets a card token. The
// shop's document never holds the card number or the CVV: not in its DOM, not
// in its inputs, not in any message it received; the frames are cross-origin.

import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testBrowser } from "@cobro/test-browser";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Schemas } from "../src/schemas";
import { authHeaders, createTestSandbox, DEFAULT_SELLER, type TestSandbox } from "../src/testing";

const BROWSER_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 45_000;

const CARD_NUMBER = "4509953566233704";
const CARD_BIN = "45099535";
const CVV = "987";

let sandbox: TestSandbox;
let browser: Browser;
let shop: Server;
let shopUrl: string;

/** The shop's page: records every message it receives and every field event, then mounts what `?fields=` lists. */
function shopPage(sdkUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop checkout</title>
<script>
  window.__messages = [];
  window.__events = [];
  window.addEventListener("message", (e) => window.__messages.push({ origin: e.origin, data: JSON.stringify(e.data) }));
</script>
<script src="${sdkUrl}"></script>
</head>
<body>
<h1>Checkout</h1>
<label>Cardholder <input id="holder" value="APRO"></label>
<div id="card-number"></div><div id="expiration-date"></div><div id="expiration-month"></div><div id="expiration-year"></div><div id="security-code"></div>
<script>
  const fields = new URLSearchParams(location.search).get("fields").split(",");
  const containers = {
    cardNumber: "card-number",
    expirationDate: "expiration-date",
    expirationMonth: "expiration-month",
    expirationYear: "expiration-year",
    securityCode: "security-code",
  };
  window.__fields = {};
  window.mp = new MercadoPago("${DEFAULT_SELLER.publicKey}", { locale: "en-US" });
  window.__ready = [];
  for (const type of fields) {
    const field = mp.fields.create(type, { placeholder: type, srLabel: type + " label", style: { fontSize: "16px" } });
    for (const event of ["ready", "focus", "blur", "change", "validityChange", "binChange", "error"]) {
      field.on(event, (payload) => {
        window.__events.push({ type, event, payload });
        if (event === "ready") window.__ready.push(type);
      });
    }
    field.mount(containers[type]);
    window.__fields[type] = field;
  }
</script>
</body></html>`;
}

async function openShop(page: Page, fields: string[]): Promise<void> {
  await page.goto(`${shopUrl}/checkout?fields=${fields.join(",")}`);
  await page.waitForFunction((n) => (window as unknown as { __ready: string[] }).__ready.length === n, fields.length);
}

function frameInput(page: Page, container: string) {
  return page.frameLocator(`#${container} iframe`).locator("input");
}

interface FieldEvent {
  type: string;
  event: string;
  payload: Record<string, unknown>;
}

async function events(page: Page): Promise<FieldEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: FieldEvent[] }).__events);
}

/** Everything the shop's document can see: its HTML, its inputs' values and the messages it received. */
async function shopSurface(page: Page): Promise<string> {
  return page.evaluate(() => {
    const w = window as unknown as { __messages: { data: string }[] };
    const values = Array.from(document.querySelectorAll("input")).map((i) => i.value);
    return [
      document.documentElement.outerHTML,
      document.body.innerText,
      ...values,
      ...w.__messages.map((m) => m.data),
    ].join("\n");
  });
}

async function createToken(page: Page, data: Record<string, unknown>): Promise<Schemas["CardToken"]> {
  return page.evaluate(
    (d) =>
      (
        window as unknown as { mp: { fields: { createCardToken(x: unknown): Promise<Schemas["CardToken"]> } } }
      ).mp.fields.createCardToken(d),
    data,
  );
}

async function payWith(token: string, installments = 1): Promise<Schemas["Payment"]> {
  const res = await sandbox.fetch(`${sandbox.url}/v1/payments`, {
    method: "POST",
    headers: { ...authHeaders(), "x-idempotency-key": `sf-${token}` },
    body: JSON.stringify({
      transaction_amount: 1000,
      token,
      installments,
      payer: { email: "buyer@testuser.com" },
    }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** A customer's saved card (the APRO Visa), made through the API as the shop's server would. */
async function saveCard(): Promise<{ id: string }> {
  const headers = { ...authHeaders(), "content-type": "application/json" };
  const customer = await (
    await sandbox.fetch(`${sandbox.url}/v1/customers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: `saved-${randomUUID()}@testuser.com` }),
    })
  ).json();
  const seed = await (
    await sandbox.fetch(`${sandbox.url}/v1/card_tokens`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        card_number: CARD_NUMBER,
        expiration_month: 11,
        expiration_year: 2030,
        security_code: "123",
        cardholder: { name: "APRO" },
      }),
    })
  ).json();
  const card = await (
    await sandbox.fetch(`${sandbox.url}/v1/customers/${customer.id}/cards`, {
      method: "POST",
      headers,
      body: JSON.stringify({ token: seed.id }),
    })
  ).json();
  expect(card.id).toBeTruthy();
  return card;
}

describe("[sdk][secure-fields] the shop tokenizes a card through the sandbox's frames", () => {
  let page: Page;

  beforeAll(async () => {
    sandbox = await createTestSandbox({ tickIntervalMs: 0 });
    shop = createServer((req, res) => {
      if ((req.url ?? "").startsWith("/checkout")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(shopPage(`${sandbox.url}/js/v2`));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    // `localhost` vs the sandbox's 127.0.0.1: another origin (and another site) than the frames.
    shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
    browser = await chromium.launch({ ...testBrowser(), headless: true });
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
  });

  beforeEach(async () => {
    page = await browser.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  it(
    "APRO typed into the frames becomes a token; the shop never sees the number or the CVV",
    async () => {
      expect(new URL(shopUrl).origin).not.toBe(new URL(sandbox.url).origin);
      await openShop(page, ["cardNumber", "expirationDate", "securityCode"]);

      // The frames are cross-origin: the shop cannot read their documents.
      const docs = await page.evaluate(() =>
        Array.from(document.querySelectorAll("iframe")).map((f) => ({
          src: f.src,
          readable: f.contentDocument !== null,
        })),
      );
      expect(docs).toHaveLength(3);
      for (const doc of docs) {
        expect(new URL(doc.src).origin).toBe(new URL(sandbox.url).origin);
        expect(doc.readable).toBe(false);
      }

      // A number failing Luhn is reported invalid when the field is left.
      const number = frameInput(page, "card-number");
      await expect.poll(() => number.getAttribute("aria-label")).toBe("cardNumber label");
      expect(await number.getAttribute("autocomplete")).toBe("cc-number");
      await number.fill("4509953566233705");
      await number.blur();
      await expect
        .poll(
          async () =>
            (await events(page)).filter((e) => e.event === "validityChange" && e.type === "cardNumber").at(-1)?.payload,
        )
        .toEqual({
          field: "cardNumber",
          errorMessages: [{ message: "card number rejected on Luhn Validation.", cause: "invalid_value" }],
        });

      await number.fill(CARD_NUMBER);
      await frameInput(page, "expiration-date").fill("1130");
      await frameInput(page, "security-code").fill(CVV);
      expect(await frameInput(page, "expiration-date").inputValue()).toBe("11/30");
      expect(await frameInput(page, "security-code").getAttribute("autocomplete")).toBe("cc-csc");

      // binChange carried the BIN and nothing more.
      await expect
        .poll(async () => (await events(page)).filter((e) => e.event === "binChange").at(-1)?.payload)
        .toEqual({ field: "cardNumber", bin: CARD_BIN });
      for (const e of (await events(page)).filter((x) => x.event === "binChange")) {
        expect([null, CARD_BIN]).toContain(e.payload.bin);
      }

      const token = await createToken(page, {
        cardholderName: "APRO",
        identificationType: "DNI",
        identificationNumber: "12345678",
      });
      expect(token).toMatchObject({
        status: "active",
        first_six_digits: "450995",
        last_four_digits: "3704",
        expiration_month: 11,
        expiration_year: 2030,
        public_key: DEFAULT_SELLER.publicKey,
        cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
      });
      // The shop saves the card with a second token: each call gives a new one.
      const second = await createToken(page, { cardholderName: "APRO" });
      expect(second.id).not.toBe(token.id);

      // The token lives on the sandbox: a payment with it shows the card's last four.
      const payment = await payWith(token.id);
      expect(payment).toMatchObject({
        status: "approved",
        card: { last_four_digits: "3704", first_six_digits: "450995" },
      });

      const surface = await shopSurface(page);
      expect(surface).not.toContain(CARD_NUMBER);
      expect(surface).not.toContain("4509 9535 6623 3704");
      expect(surface).not.toContain(CARD_NUMBER.slice(0, 9));
      expect(surface).not.toMatch(/security_code"?\s*:\s*"?\d/);
      const messages = await page.evaluate(() => (window as unknown as { __messages: { data: string }[] }).__messages);
      for (const m of messages) {
        const data = JSON.parse(m.data) as Record<string, unknown>;
        // Only the token's own hex id may contain the CVV's digits by chance; no other value carries them.
        const values = JSON.stringify({ ...data, token: undefined });
        expect(values).not.toContain(`"${CVV}"`);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "invalid fields reject createCardToken with the causes",
    async () => {
      await openShop(page, ["cardNumber", "expirationDate", "securityCode"]);
      await frameInput(page, "card-number").fill(CARD_NUMBER);
      await frameInput(page, "expiration-date").fill("13");
      const error = await page.evaluate(() =>
        (window as unknown as { mp: { fields: { createCardToken(x: unknown): Promise<unknown> } } }).mp.fields
          .createCardToken({ cardholderName: "APRO" })
          .then(
            () => null,
            (e: Error & { cause: unknown }) => ({ name: e.name, message: e.message, cause: e.cause }),
          ),
      );
      expect(error).toMatchObject({
        cause: expect.arrayContaining([
          expect.objectContaining({ field: "expirationDate", cause: "invalid_value" }),
          expect.objectContaining({ field: "securityCode", cause: "invalid_length" }),
        ]),
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a saved card is tokenized with its CVV only (cardId)",
    async () => {
      const card = await saveCard();

      await openShop(page, ["securityCode"]);
      await frameInput(page, "security-code").fill(CVV);
      const token = await createToken(page, { cardId: card.id });
      expect(token).toMatchObject({ card_id: card.id, last_four_digits: "3704", status: "active" });
      const payment = await payWith(token.id);
      expect(payment).toMatchObject({ status: "approved", card: { id: card.id, last_four_digits: "3704" } });
      expect(await shopSurface(page)).not.toMatch(new RegExp(`"${CVV}"`));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "beside a new card's fields, a saved card's CVV field is the one tokenized with cardId",
    async () => {
      const card = await saveCard();
      await openShop(page, ["cardNumber", "expirationDate", "securityCode"]);
      // A second securityCode field, mounted after the new card's, as a saved card's CVV.
      await page.evaluate(() => {
        const w = window as unknown as {
          mp: {
            fields: {
              create(t: string, o: unknown): { on(e: string, cb: () => void): unknown; mount(id: string): unknown };
            };
          };
          __savedReady: boolean;
        };
        const box = document.createElement("div");
        box.id = "saved-cvv";
        document.body.append(box);
        const field = w.mp.fields.create("securityCode", { srLabel: "Saved card CVV" });
        field.on("ready", () => {
          w.__savedReady = true;
        });
        field.mount("saved-cvv");
      });
      await page.waitForFunction(() => (window as unknown as { __savedReady?: boolean }).__savedReady === true);
      await frameInput(page, "saved-cvv").fill(CVV);
      const token = await createToken(page, { cardId: card.id });
      expect(token).toMatchObject({ card_id: card.id, last_four_digits: "3704" });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "split expiry fields, an Amex card's 4-digit CVV, update, focus and unmount",
    async () => {
      await openShop(page, ["cardNumber", "expirationMonth", "expirationYear", "securityCode"]);
      expect(await frameInput(page, "expiration-month").getAttribute("autocomplete")).toBe("cc-exp-month");
      await frameInput(page, "card-number").fill("371180303257522");
      await expect
        .poll(async () => (await events(page)).filter((e) => e.event === "binChange").at(-1)?.payload)
        .toEqual({ field: "cardNumber", bin: "37118030" });
      expect(await frameInput(page, "card-number").inputValue()).toBe("3711 803032 57522");
      await frameInput(page, "expiration-month").fill("11");
      await frameInput(page, "expiration-year").fill("2030");
      // The brand's rules reach the CVV frame: Amex takes 4 digits, so 3 are refused.
      await frameInput(page, "security-code").fill("123");
      const short = await page.evaluate(() =>
        (window as unknown as { mp: { fields: { createCardToken(x: unknown): Promise<unknown> } } }).mp.fields
          .createCardToken({ cardholderName: "APRO" })
          .then(
            () => null,
            (e: Error & { cause: unknown }) => e.cause,
          ),
      );
      expect(short).toEqual([
        { field: "securityCode", message: "securityCode should be of length '4'.", cause: "invalid_length" },
      ]);
      await frameInput(page, "security-code").fill("1234");
      const token = await createToken(page, { cardholderName: "APRO" });
      expect(token).toMatchObject({ last_four_digits: "7522", security_code_length: 4, card_number_length: 15 });

      // update() reaches the frame; focus events come back; unmount removes the frame.
      await page.evaluate(() => {
        const w = window as unknown as {
          __fields: Record<string, { update(p: unknown): void }>;
          mp: { fields: { focus(): void } };
        };
        w.__fields.securityCode?.update({ placeholder: "CVV (4)" });
        w.mp.fields.focus();
      });
      await expect.poll(() => frameInput(page, "security-code").getAttribute("placeholder")).toBe("CVV (4)");
      await expect
        .poll(async () => (await events(page)).some((e) => e.event === "focus" && e.type === "cardNumber"))
        .toBe(true);
      await page.evaluate(() =>
        (window as unknown as { __fields: Record<string, { unmount(): void }> }).__fields.expirationYear?.unmount(),
      );
      expect(await page.locator("#expiration-year iframe").count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "getInstallments, getPaymentMethods, getIssuers and getIdentificationTypes answer what the endpoints answer",
    async () => {
      await openShop(page, ["cardNumber"]);
      const fromSdk = await page.evaluate(async (bin) => {
        type Sdk = Record<
          "getInstallments" | "getPaymentMethods" | "getIssuers" | "getIdentificationTypes",
          (p?: unknown) => Promise<unknown>
        >;
        const mp = (window as unknown as { mp: Sdk }).mp;
        return {
          installments: await mp.getInstallments({ amount: "1000", bin }),
          methods: await mp.getPaymentMethods({ bin }),
          issuers: await mp.getIssuers({ paymentMethodId: "visa", bin }),
          types: await mp.getIdentificationTypes(),
        };
      }, CARD_BIN);
      const pk = DEFAULT_SELLER.publicKey;
      const direct = async (path: string) => (await sandbox.fetch(`${sandbox.url}${path}`)).json();
      expect(fromSdk.installments).toEqual(
        await direct(`/v1/payment_methods/installments?public_key=${pk}&amount=1000&bin=${CARD_BIN}&locale=en-US`),
      );
      expect((fromSdk.installments as { payer_costs: unknown[] }[])[0]?.payer_costs.length).toBeGreaterThan(1);
      expect(fromSdk.methods).toMatchObject({ paging: { total: 1 }, results: [{ id: "visa" }] });
      expect(fromSdk.issuers).toMatchObject([{ name: "Visa" }]);
      expect(fromSdk.types).toEqual(await direct(`/v1/identification_types?public_key=${pk}`));
    },
    TEST_TIMEOUT_MS,
  );
});
