import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWebApp } from "./static-web";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "cobro-web-"));
  await mkdir(join(root, "assets"));
  await writeFile(join(root, "index.html"), "<!doctype html><div id=root></div>");
  await writeFile(join(root, "assets", "app-abc.js"), "console.log(1)");
  await writeFile(join(root, "robots.txt"), "User-agent: *");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function app(dir: string) {
  const hono = new Hono();
  hono.all("*", serveWebApp({ root: dir }));
  return hono;
}

describe("serveWebApp", () => {
  it("serves files with their content type; hashed assets are immutable", async () => {
    const response = await app(root).request("/assets/app-abc.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toBe("console.log(1)");
    expect((await app(root).request("/robots.txt")).headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("falls back to index.html for app routes, uncached", async () => {
    for (const path of ["/", "/checkout/42", "/admin/payments/"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toContain("<div id=root>");
    }
  });

  it("answers 404 for a missing file with an extension", async () => {
    const response = await app(root).request("/assets/missing.js");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This page could not be found");
  });

  it("never reads outside the root", async () => {
    for (const path of ["/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd"]) {
      const response = await app(root).request(path);
      expect([200, 404]).toContain(response.status);
      expect(await response.text()).not.toContain("root:");
    }
  });

  it("answers 405 for other methods", async () => {
    const response = await app(root).request("/", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.text()).toContain("Method Not Allowed");
  });

  it("explains how to build the app when it is missing", async () => {
    const response = await app(join(root, "nope")).request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("npm run build --workspace @cobro/web");
  });
});
