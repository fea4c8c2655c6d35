// True HTTP statuses, through the assembled app against a real test database
// and the provider sandbox: pages that exist answer 200; unknown paths,
// products and plans 404 (in the web app's shell, naming the status); wrong
// methods 405 with Allow, pages and API alike; malformed paths 400.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { startShopTestEnv } from "../test/shop-test-env";

const env = await startShopTestEnv();
const webDist = await mkdtemp(join(tmpdir(), "cobro-statuses-web-"));
await mkdir(join(webDist, "assets"));
await writeFile(
  join(webDist, "index.html"),
  "<!doctype html><html><head><title>Cobro</title></head><body><div id=root></div></body></html>",
);
await writeFile(join(webDist, "assets", "index-abc.js"), "export {}");
await writeFile(join(webDist, "assets", "index-abc.js.map"), '{"sources":["../src/main.tsx"]}');
afterAll(async () => {
  await env.close();
  await rm(webDist, { recursive: true, force: true });
});

const ORIGIN = env.deps.publicUrl;
const app = createApp(env.deps, { webDistDir: webDist });
const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init);

const product = await env.seedProduct();
const retiredProduct = await env.seedProduct({ active: false });
const plan = await env.provider.plans.create({
  reason: "Yerba del mes",
  back_url: "https://shop.example.test/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1_000, currency_id: "ARS" },
});
const retiredPlan = await env.provider.plans.create({
  reason: "Retired",
  back_url: "https://shop.example.test/account",
  status: "inactive",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 100, currency_id: "ARS" },
});

async function expectErrorShell(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain("<div id=root>");
  expect(html).toContain(`<meta name="cobro-error-status" content="${status}">`);
}

describe("pages", () => {
  it.each(["/", "/cart", "/checkout", "/checkout/result", "/plans", "/login", "/signup", "/account"])(
    "GET %s → 200 with the app",
    async (path) => {
      const response = await request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("cobro-error-status");
    },
  );

  it("HEAD on a page → 200", async () => {
    expect((await request("/cart", { method: "HEAD" })).status).toBe(200);
  });

  it.each(["/nope", "/checkout/42", "/products", "/products/a/b", "/_next/image", "/index.php"])(
    "GET %s → 404 page",
    async (path) => {
      await expectErrorShell(await request(path), 404);
    },
  );

  it("an existing product's page → 200; an unknown or retired one → 404", async () => {
    expect((await request(`/products/${product.slug}`)).status).toBe(200);
    await expectErrorShell(await request("/products/no-such-product"), 404);
    await expectErrorShell(await request(`/products/${retiredProduct.slug}`), 404);
  });

  it("an active plan's page → 200; an unknown or inactive one → 404", async () => {
    expect((await request(`/plans/${plan.id}`)).status).toBe(200);
    await expectErrorShell(await request("/plans/2c9380847e9b451c017ea0000000dead"), 404);
    await expectErrorShell(await request(`/plans/${retiredPlan.id}`), 404);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s on a page → 405 with Allow: GET, HEAD", async (method) => {
    const response = await request("/checkout", { method, headers: { origin: ORIGIN } });
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    await expectErrorShell(response, 405);
  });

  it.each(["/products/%E0%A4%A", "/%", "/cart%", "/products/a%00b"])("GET %s (malformed) → 400 page", async (path) => {
    await expectErrorShell(await request(path), 400);
  });

  it("never serves a source map", async () => {
    expect((await request("/assets/index-abc.js")).status).toBe(200);
    const map = await request("/assets/index-abc.js.map");
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain("main.tsx");
  });
});

describe("API", () => {
  it("/api/health answers GET and HEAD; other methods → 405 with Allow: GET, HEAD", async () => {
    expect((await request("/api/health")).status).toBe(200);
    expect((await request("/api/health", { method: "HEAD" })).status).toBe(200);
    const response = await request("/api/health", { method: "POST", headers: { origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ error: { code: "METHOD_NOT_SUPPORTED", message: "Method Not Allowed" } });
  });

  it("the webhook answers POST only", async () => {
    const response = await request("/api/webhooks/mercadopago", { method: "PUT", headers: { origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("tRPC: methods other than GET and POST → 405 with Allow: GET, POST", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await request("/api/trpc/system.health", { method, headers: { origin: ORIGIN } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, POST");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("tRPC: a mutation sent as GET → 405 with Allow: POST; a query sent as POST → 405 with Allow: GET", async () => {
    const mutationAsGet = await request("/api/trpc/auth.signOut");
    expect(mutationAsGet.status).toBe(405);
    expect(mutationAsGet.headers.get("allow")).toBe("POST");
    const queryAsPost = await request("/api/trpc/system.publicConfig", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(queryAsPost.status).toBe(405);
    expect(queryAsPost.headers.get("allow")).toBe("GET");
  });

  it("unknown API paths → 404 JSON; malformed ones → 400 JSON", async () => {
    const missing = await request("/api/nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    const malformed = await request("/api/trpc/%E0%A4%A");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { code: "BAD_REQUEST", message: "Bad Request" } });
  });
});
