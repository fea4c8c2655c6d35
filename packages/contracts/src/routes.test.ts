import { describe, expect, it } from "vitest";
import { isWellFormedPath, MalformedPathError, matchPageRoute } from "./routes";

describe("matchPageRoute", () => {
  it.each([
    ["/", "storefront", {}],
    ["/cart", "cart", {}],
    ["/cart/", "cart", {}],
    ["/CART", "cart", {}],
    ["/checkout", "checkout", {}],
    ["/checkout/result", "checkoutResult", {}],
    ["/products/blue-mug", "product", { slug: "blue-mug" }],
    ["/products/blue%20mug", "product", { slug: "blue mug" }],
    ["/products/mug.v2", "product", { slug: "mug.v2" }],
    ["/plans/2c9380847e9b451c", "plan", { id: "2c9380847e9b451c" }],
    ["/admin", "admin", { "*": "" }],
    ["/admin/payments/42", "admin", { "*": "payments/42" }],
  ] as const)("%s → %s", (path, name, params) => {
    expect(matchPageRoute(path)).toMatchObject({ name, params });
  });

  it.each(["/nope", "/products", "/products/a/b", "/checkout/42", "/administrator", "/api/health", "/favicon.ico"])(
    "%s matches no page",
    (path) => {
      expect(matchPageRoute(path)).toBeNull();
    },
  );

  it.each(["/products/%E0%A4%A", "/%", "/products/%00", "/nope/%zz"])("refuses the malformed path %s", (path) => {
    expect(isWellFormedPath(path)).toBe(false);
    expect(() => matchPageRoute(path)).toThrow(MalformedPathError);
  });
});
