// admin.settings.* for the store's identity, through the whole app (Hono, the /api filter, tRPC) over a real
// database and the sandbox: bad values are 400s naming the field, every change is audited with before and after,
// the logo is checked by its bytes and served by its hash, the shop's identity query and the e-mails follow, and a
// card payment and a hosted checkout carry the statement descriptor to the provider.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { payWithCard } from "../../domain/checkout/pay-with-card";
import { queueEmail } from "../../domain/email/outbox";
import { sendOutboundEmail } from "../../domain/email/send-outbound-email";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { signInAs } from "../../test/test-users";

const env = await startShopTestEnv();
const webDist = await mkdtemp(join(tmpdir(), "cobro-settings-web-"));
await mkdir(join(webDist, "assets"));
await writeFile(
  join(webDist, "index.html"),
  "<!doctype html><html><head><title>Cobro</title></head><body></body></html>",
);
afterAll(async () => {
  await env.close();
  await rm(webDist, { recursive: true, force: true });
});
const { db, deps, provider } = env;
const app = createApp(deps, { webDistDir: webDist });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

interface Answer {
  status: number;
  body: {
    result?: { data: { settings: Record<string, unknown> } & Record<string, unknown> };
    error?: { message: string; data: { field: string | null; fieldErrors: Record<string, string[]> | null } };
  };
}

async function call(path: string, input: unknown, cookie: string | null, method: "POST" | "GET" = "POST") {
  const url =
    method === "GET" && input !== undefined
      ? `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
      : `/api/trpc/${path}`;
  const response = await app.request(url, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    ...(method === "POST" ? { body: JSON.stringify(input) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** The fields the error names, from zod's `fieldErrors` or an AppError's `field`. */
function fieldsOf(answer: Answer): string[] {
  const data = answer.body.error?.data;
  return [...new Set([...Object.keys(data?.fieldErrors ?? {}), ...(data?.field ? [data.field] : [])])];
}

const admin = await signInAs({ db, role: "admin" });
const operator = await signInAs({ db, role: "operator" });

describe("admin.settings: the store's identity", () => {
  it("refuses bad values with a 400 naming each field, and changes nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ statementDescriptor: "A".repeat(23) }, "statementDescriptor"],
      [{ statementDescriptor: "TIENDA ÑANDÚ" }, "statementDescriptor"],
      [{ brandColor: "#ffd700" }, "brandColor"],
      [{ brandColor: "blue" }, "brandColor"],
      [{ senderAddress: "not an address" }, "senderAddress"],
      [{ senderName: "Evil <x@y.z>" }, "senderName"],
      [{ storeName: "   " }, "storeName"],
    ];
    for (const [input, field] of cases) {
      const answer = await call("admin.settings.update", input, admin.cookie);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(fieldsOf(answer)).toEqual([field]);
    }
    // The colour's message says why (contrast with white text, AA).
    const yellow = await call("admin.settings.update", { brandColor: "#ffd700" }, admin.cookie);
    expect(yellow.body.error?.data.fieldErrors?.brandColor?.[0]).toMatch(/contrast.*4\.5:1/);
    const identity = await call("system.storeIdentity", undefined, null, "GET");
    expect(identity.body.result?.data).toEqual({ name: "Cobro", brandColor: "#0a4fb5", logoUrl: null });
  });

  it("is admins' only: an operator gets 403 and nothing changes", async () => {
    const answer = await call("admin.settings.update", { storeName: "Operator's shop" }, operator.cookie);
    expect(answer.status).toBe(403);
    const upload = await call("admin.settings.uploadLogo", { logo: PNG.toString("base64") }, operator.cookie);
    expect(upload.status).toBe(403);
    expect(await db.selectFrom("store_settings").select("key").where("key", "=", "store_name").execute()).toEqual([]);
  });

  it("audits a change with before and after, and the shop's identity shows it at once", async () => {
    const answer = await call(
      "admin.settings.update",
      { storeName: "  Yerba Norte ", brandColor: "#1B5E20", statementDescriptor: "YERBANORTE" },
      admin.cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data.settings).toMatchObject({
      storeName: "Yerba Norte",
      brandColor: "#1b5e20",
      statementDescriptor: "YERBANORTE",
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_user_id", "resource_id", "details"])
      .where("action", "=", "store_setting.changed")
      .where("resource_id", "in", ["store_name", "brand_color", "statement_descriptor"])
      .orderBy("resource_id")
      .execute();
    expect(audit).toEqual([
      { actor_user_id: admin.user.id, resource_id: "brand_color", details: { from: "#0a4fb5", to: "#1b5e20" } },
      {
        actor_user_id: admin.user.id,
        resource_id: "statement_descriptor",
        details: { from: "COBRO", to: "YERBANORTE" },
      },
      { actor_user_id: admin.user.id, resource_id: "store_name", details: { from: "Cobro", to: "Yerba Norte" } },
    ]);
    const identity = await call("system.storeIdentity", undefined, null, "GET");
    expect(identity.body.result?.data).toMatchObject({ name: "Yerba Norte", brandColor: "#1b5e20" });
  });

  it("takes a PNG by its bytes, serves it by its hash for a year, and refuses SVG, HTML and oversized files", async () => {
    // An SVG named as anything is still an SVG: refused by its bytes.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusedSvg = await call("admin.settings.uploadLogo", { logo: svg.toString("base64") }, admin.cookie);
    expect(refusedSvg.status).toBe(400);
    expect(fieldsOf(refusedSvg)).toEqual(["logo"]);
    expect(refusedSvg.body.error?.message).toMatch(/PNG, JPEG or WebP/);
    // 530 KB starting like a PNG: over the limit (the body passes the logo path's larger limit, zod refuses it).
    const big = Buffer.concat([PNG, Buffer.alloc(530 * 1024)]);
    const refusedBig = await call("admin.settings.uploadLogo", { logo: big.toString("base64") }, admin.cookie);
    expect(refusedBig.status).toBe(400);
    expect(fieldsOf(refusedBig)).toEqual(["logo"]);
    // Any other procedure keeps the ordinary 100 KB body limit.
    const padded = await call("admin.settings.update", { storeName: "x".repeat(200 * 1024) }, admin.cookie);
    expect(padded.status).toBe(413);

    const uploaded = await call("admin.settings.uploadLogo", { logo: PNG.toString("base64") }, admin.cookie);
    expect(uploaded.status).toBe(200);
    const identity = await call("system.storeIdentity", undefined, null, "GET");
    const logoUrl = String((identity.body.result?.data as unknown as { logoUrl?: string } | undefined)?.logoUrl);
    expect(logoUrl).toMatch(/^\/api\/store\/logo\/[0-9a-f]{64}$/);
    const image = await app.request(logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await app.request(`/api/store/logo/${"0".repeat(64)}`)).status).toBe(404);
    const audited = await db
      .selectFrom("audit_log")
      .select("details")
      .where("resource_id", "=", "logo")
      .executeTakeFirstOrThrow();
    expect(audited.details).toMatchObject({ from: null, to: { contentType: "image/png" } });
  });

  it("sends the descriptor on card payments and hosted-checkout preferences", async () => {
    await call("admin.settings.update", { statementDescriptor: "NORTE*MATE" }, admin.cookie);
    const checkout = await env.openCheckout({ priceMinor: 5_000 });
    await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, await env.cardToken("APRO")) });
    const payment = (await provider.payments.search({ external_reference: checkout.checkoutId })).results[0];
    expect(payment?.statement_descriptor).toBe("NORTE*MATE");

    const hosted = await env.openCheckout({ priceMinor: 5_000 });
    const preference = await call(
      "checkout.createPreference",
      { checkoutId: hosted.checkoutId, checkoutToken: hosted.checkoutToken },
      null,
    );
    expect(preference.status).toBe(200);
    const found = await provider.preferences.search({ external_reference: hosted.checkoutId });
    const stored = await provider.preferences.get(found.elements[0]?.id ?? "");
    expect(stored.statement_descriptor).toBe("NORTE*MATE");
  });

  it("e-mails carry the store's name and logo and come from its sender; without a sender, from MAIL_FROM", async () => {
    await call("admin.settings.update", { storeName: "Yerba Norte" }, admin.cookie);
    const send = async (to: string) => {
      const id = await queueEmail({
        db,
        dedupeKey: `account-exists:${to}`,
        kind: "account_exists",
        to,
        locale: "en",
        payload: {},
        now: new Date(),
      });
      await sendOutboundEmail({ deps, emailId: id ?? "" });
      return deps.sentMails.find((mail) => mail.to === to);
    };
    const before = await send(`first-${crypto.randomUUID()}@example.com`);
    expect(before?.from).toBeUndefined();
    expect(before?.text).toContain("Yerba Norte");
    expect(before?.html).toMatch(
      /<img src="http:\/\/127\.0\.0\.1:3000\/api\/store\/logo\/[0-9a-f]{64}" alt="Yerba Norte"/,
    );

    await call("admin.settings.update", { senderAddress: "hola@yerbanorte.example" }, admin.cookie);
    const after = await send(`second-${crypto.randomUUID()}@example.com`);
    expect(after?.from).toEqual({ name: "Yerba Norte", address: "hola@yerbanorte.example" });
    await call("admin.settings.update", { senderName: "Ventas Norte" }, admin.cookie);
    const named = await send(`third-${crypto.randomUUID()}@example.com`);
    expect(named?.from).toEqual({ name: "Ventas Norte", address: "hola@yerbanorte.example" });
  });
});
