import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCT_IMAGES } from "../domain/catalog/demo-product-images";
import { DEMO_PRODUCTS } from "../domain/catalog/seed-demo-catalog";
import { provideWebAppShell } from "./error-pages";
import { createWebAppShell, type StaticWebOptions, serveWebApp } from "./static-web";

let root: string;
const INDEX_HTML = "<!doctype html><html><head><title>Cobro</title></head><body><div id=root></div></body></html>";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "cobro-web-"));
  await mkdir(join(root, "assets"));
  await writeFile(join(root, "index.html"), INDEX_HTML);
  await writeFile(join(root, "assets", "app-abc.js"), "console.log(1)");
  await writeFile(join(root, "assets", "app-abc.js.map"), '{"version":3,"sources":["secret.ts"]}');
  await writeFile(join(root, "robots.txt"), "User-agent: *");
  await mkdir(join(root, ".vite"));
  await writeFile(join(root, ".vite", "manifest.json"), '{"src/admin/admin-page.tsx":{}}');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function app(dir: string, options: Omit<StaticWebOptions, "root"> = {}) {
  const hono = new Hono();
  hono.use("*", provideWebAppShell(createWebAppShell(dir)));
  hono.all("*", serveWebApp({ root: dir, ...options }));
  return hono;
}

describe("serveWebApp: files", () => {
  it("serves files with their content type; hashed assets are immutable, others revalidated", async () => {
    const response = await app(root).request("/assets/app-abc.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("console.log(1)");
    const robots = await app(root).request("/robots.txt");
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(robots.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers HEAD for a file without a body", async () => {
    const response = await app(root).request("/assets/app-abc.js", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("14");
    expect(await response.text()).toBe("");
  });

  it("never serves source maps, though they are on disk", async () => {
    for (const path of ["/assets/app-abc.js.map", "/assets/APP-abc.js.MAP", "/assets/missing.css.map"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("secret.ts");
    }
  });

  it("never serves the build's manifest or other dot-paths", async () => {
    for (const path of ["/.vite/manifest.json", "/.vite/", "/.env"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("admin-page");
    }
  });

  it("answers 404 with the app's error page for a missing file", async () => {
    const response = await app(root).request("/assets/missing.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="cobro-error-status" content="404">');
    expect(html).toContain("<title>404: This page could not be found</title>");
  });

  it("never reads outside the root", async () => {
    for (const path of [
      "/..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/assets/..%2f..%2f..%2fetc%2fpasswd",
    ]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("root:");
    }
  });
});

describe("serveWebApp: pages", () => {
  it("serves index.html with 200, revalidated, for every page route", async () => {
    for (const path of ["/", "/cart", "/checkout", "/checkout/result", "/products/mug", "/plans/p-1", "/admin/x/"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(html).toBe(INDEX_HTML);
    }
  });

  it("answers 404 with index.html naming the status for an unknown path", async () => {
    for (const path of ["/nope", "/checkout/42", "/products", "/assets"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain("<div id=root>");
      expect(html).toContain('<meta name="cobro-error-status" content="404">');
    }
  });

  it("answers 404 when the record a dynamic page names does not exist", async () => {
    const seen: string[] = [];
    const hono = app(root, {
      pageExists: async (match) => {
        seen.push(`${match.name}:${Object.values(match.params).join()}`);
        return match.params.slug === "mug";
      },
    });
    expect((await hono.request("/products/mug")).status).toBe(200);
    expect((await hono.request("/products/no-such-mug")).status).toBe(404);
    expect((await hono.request("/cart")).status).toBe(200);
    expect(seen).toEqual(["product:mug", "product:no-such-mug"]);
  });

  it("answers 405 with Allow for other methods on a page, 404 on an unknown path", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await app(root).request("/checkout", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.text()).toContain('<meta name="cobro-error-status" content="405">');
    }
    expect((await app(root).request("/nope", { method: "POST" })).status).toBe(404);
  });

  it("answers 400 for a malformed path", async () => {
    for (const path of ["/products/%E0%A4%A", "/%", "/products/a%00b"]) {
      const response = await app(root).request(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain('<meta name="cobro-error-status" content="400">');
    }
  });

  it("picks up a rebuilt index.html", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cobro-web-rebuilt-"));
    try {
      await writeFile(join(dir, "index.html"), "<p>first build</p>");
      const hono = app(dir);
      expect(await (await hono.request("/")).text()).toBe("<p>first build</p>");
      await writeFile(join(dir, "index.html"), "<p>second build</p>");
      const later = new Date(Date.now() + 5_000);
      await utimes(join(dir, "index.html"), later, later);
      expect(await (await hono.request("/")).text()).toBe("<p>second build</p>");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("explains how to build the app when it is missing, and still answers 404s", async () => {
    const missing = join(root, "nope");
    const response = await app(missing).request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("npm run build --workspace @cobro/web");
    const notFound = await app(missing).request("/nope");
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain("<h1>404</h1>");
  });
});

// Over a real socket, with the files the web app really ships (apps/web/public: the favicon and the demo
// catalog's product images) and a source map next to a built script, as a production build leaves them on disk.
describe("serveWebApp over HTTP: shipped files", () => {
  const publicDir = fileURLToPath(new URL("../../../web/public/", import.meta.url));
  let httpRoot: string;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    httpRoot = await mkdtemp(join(tmpdir(), "cobro-web-http-"));
    await cp(publicDir, httpRoot, { recursive: true });
    await mkdir(join(httpRoot, "assets"), { recursive: true });
    await writeFile(join(httpRoot, "index.html"), INDEX_HTML);
    await writeFile(join(httpRoot, "assets", "index-3f9a.js"), "console.log(1)");
    await writeFile(join(httpRoot, "assets", "index-3f9a.js.map"), '{"version":3,"sources":["../src/main.tsx"]}');
    server = serve({
      fetch: app(httpRoot).fetch,
      hostname: "127.0.0.1",
      port: 0,
      overrideGlobalObjects: false,
    }) as Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(httpRoot, { recursive: true, force: true });
  });

  it("serves every product image as WebP, cached for good (content-hashed names)", async () => {
    const urls = Object.values(DEMO_PRODUCT_IMAGES).flatMap((files) => files.map((file) => file.url));
    expect(urls.length).toBeGreaterThanOrEqual(DEMO_PRODUCTS.length * 3);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/products\/[a-z0-9-]+-\d+\.[0-9a-f]{10}\.webp$/);
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe("image/webp");
      expect(response.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await response.arrayBuffer());
      // RIFF....WEBP
      expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("RIFF");
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    }
  });

  it("never serves a source map, though the build left it next to the script", async () => {
    expect((await fetch(`${baseUrl}/assets/index-3f9a.js`)).status).toBe(200);
    const map = await fetch(`${baseUrl}/assets/index-3f9a.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain("main.tsx");
  });

  it("serves the SVG favicon and /favicon.ico, revalidated (their names are not hashed)", async () => {
    const svg = await fetch(`${baseUrl}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get("cache-control")).toBe("no-cache");
    expect(await svg.text()).toContain("<svg");
    const ico = await fetch(`${baseUrl}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon).
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it("names the favicon in the app's index.html", async () => {
    const html = await readFile(fileURLToPath(new URL("../../../web/index.html", import.meta.url)), "utf8");
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });
});
