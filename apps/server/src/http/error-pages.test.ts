import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { errorTitle, provideWebAppShell, renderErrorPage, renderErrorShell, respondWithError } from "./error-pages";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Cobro</title></head><body><div id="root"></div></body></html>';

function appAnswering(status: 400 | 401 | 403 | 404 | 405 | 418 | 500 | 503, shell: string | null = null) {
  const app = new Hono();
  if (shell !== null) app.use("*", provideWebAppShell({ read: () => shell }));
  app.all("*", (c) => respondWithError(c, status));
  return app;
}

describe("error titles", () => {
  it.each([
    [400, "Bad Request"],
    [404, "This page could not be found"],
    [405, "Method Not Allowed"],
    [500, "Internal Server Error"],
    [401, "An unexpected error has occurred"],
    [403, "An unexpected error has occurred"],
    [418, "An unexpected error has occurred"],
    [503, "An unexpected error has occurred"],
  ] as const)("%i → %s", (status, title) => {
    expect(errorTitle(status)).toBe(title);
  });
});

describe("respondWithError", () => {
  it.each([400, 404, 405, 500, 403, 503] as const)(
    "pages get an HTML page with the status and its title (%i)",
    async (status) => {
      const response = await appAnswering(status).request("/some/page");
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain(`<h1>${status}</h1>`);
      expect(html).toContain(`<h2>${errorTitle(status)}</h2>`);
      expect(html).toContain(`<title>${status}: ${errorTitle(status)}</title>`);
      expect(html).not.toMatch(/<script/i);
    },
  );

  it.each([
    [400, "BAD_REQUEST"],
    [401, "UNAUTHORIZED"],
    [404, "NOT_FOUND"],
    [405, "METHOD_NOT_SUPPORTED"],
    [500, "INTERNAL_SERVER_ERROR"],
  ] as const)("/api paths get JSON {error:{code,message}} (%i)", async (status, code) => {
    const response = await appAnswering(status).request("/api/anything");
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code, message: errorTitle(status) } });
  });

  it.each([400, 403, 404, 405, 500] as const)(
    "pages are drawn in the web app's shell, naming the status (%i)",
    async (status) => {
      const response = await appAnswering(status, SHELL).request("/some/page");
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(
        `<head><title>${status}: ${errorTitle(status)}</title>\n<meta name="cobro-error-status" content="${status}"></head>`,
      );
      expect(html).not.toContain("<title>Cobro</title>");
    },
  );

  it("keeps JSON for /api even when the shell is there", async () => {
    const response = await appAnswering(404, SHELL).request("/api/x");
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: errorTitle(404) } });
  });

  it("adds a title to a shell without one", () => {
    expect(renderErrorShell("<html><head></head></html>", 500)).toBe(
      '<html><head><title>500: Internal Server Error</title>\n<meta name="cobro-error-status" content="500">\n</head></html>',
    );
  });

  it("escapes the title", () => {
    expect(renderErrorPage(400, "<b>&")).toContain("&#60;b&#62;&#38;");
  });
});
