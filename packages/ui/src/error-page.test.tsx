import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorPage, errorPageTitle } from "./error-page";

describe("errorPageTitle", () => {
  it("uses the same titles as the server's error pages", () => {
    expect(errorPageTitle(400)).toBe("Bad Request");
    expect(errorPageTitle(404)).toBe("This page could not be found");
    expect(errorPageTitle(405)).toBe("Method Not Allowed");
    expect(errorPageTitle(500)).toBe("Internal Server Error");
    expect(errorPageTitle(418)).toBe("An unexpected error has occurred");
    expect(errorPageTitle(503)).toBe("An unexpected error has occurred");
  });
});

describe("ErrorPage", () => {
  it("shows the status beside its title", () => {
    const html = renderToString(<ErrorPage status={404} action={<a href="/">Home</a>} />);
    expect(html).toMatch(/<h1[^>]*>404<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>This page could not be found<\/h2>/);
    expect(html).toContain('<a href="/">Home</a>');
  });
});
