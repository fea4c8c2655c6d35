import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiGuard, mediaTypeOf } from "./api-guard";

const APP_ORIGIN = "https://shop.example.com";

function guardedApp() {
  const app = new Hono();
  app.use("/api/*", apiGuard({ allowedOrigins: [APP_ORIGIN], isCsrfExempt: (path) => path === "/api/webhooks/x" }));
  app.all("/api/*", (c) => c.json({ ok: true }));
  return app;
}

function post(path: string, headers: Record<string, string>, body = "{}") {
  return guardedApp().request(`${APP_ORIGIN}${path}`, { method: "POST", headers, body });
}

describe("apiGuard", () => {
  it("lets same-origin JSON through", async () => {
    const response = await post("/api/thing", {
      "content-type": "application/json",
      origin: APP_ORIGIN,
      "sec-fetch-site": "same-origin",
    });
    expect(response.status).toBe(200);
  });

  it.each(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain;charset=UTF-8"])(
    "refuses the simple content type %s with 415, even from our origin",
    async (contentType) => {
      const response = await post("/api/thing", { "content-type": contentType, origin: APP_ORIGIN }, "a=b");
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    },
  );

  it("refuses other non-JSON bodies and bodies without a content type", async () => {
    expect((await post("/api/thing", { "content-type": "application/xml" }, "<a/>")).status).toBe(415);
    expect((await post("/api/thing", { "content-length": "2" }, "{}")).status).toBe(415);
  });

  it("accepts +json media types and bodiless POSTs", async () => {
    expect((await post("/api/thing", { "content-type": "application/merge-patch+json" })).status).toBe(200);
    const response = await guardedApp().request(`${APP_ORIGIN}/api/thing`, { method: "POST" });
    expect(response.status).toBe(200);
  });

  it("refuses Sec-Fetch-Site: cross-site with 403", async () => {
    const response = await post("/api/thing", { "content-type": "application/json", "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("refuses a foreign or null Origin with 403", async () => {
    expect(
      (await post("/api/thing", { "content-type": "application/json", origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await post("/api/thing", { "content-type": "application/json", origin: "null" })).status).toBe(403);
  });

  it("lets safe methods through whatever their origin", async () => {
    const response = await guardedApp().request(`${APP_ORIGIN}/api/thing`, {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(200);
  });

  it("exempts the webhook from the cross-site checks but not from JSON-only", async () => {
    const crossSite = {
      "content-type": "application/json",
      origin: "https://provider.example",
      "sec-fetch-site": "cross-site",
    };
    expect((await post("/api/webhooks/x", crossSite)).status).toBe(200);
    expect((await post("/api/webhooks/x", { "content-type": "text/plain" }, "x")).status).toBe(415);
  });
});

describe("mediaTypeOf", () => {
  it("lower-cases and drops parameters", () => {
    expect(mediaTypeOf("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(mediaTypeOf(undefined)).toBeUndefined();
    expect(mediaTypeOf("")).toBeUndefined();
  });
});
