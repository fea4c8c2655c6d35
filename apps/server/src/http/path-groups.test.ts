import { describe, expect, it } from "vitest";
import { classifyPath } from "./path-groups";

describe("classifyPath", () => {
  it.each([
    ["/admin", "admin"],
    ["/admin/payments", "admin"],
    ["/admin/export.csv", "admin"],
    ["/administrator", "page"],
    ["/api", "api"],
    ["/api/trpc/catalog.list", "api"],
    ["/apis", "page"],
    ["/", "page"],
    ["/checkout/123", "page"],
    ["/assets/index-abc123.js", "static"],
    ["/assets/fonts/x", "static"],
    ["/favicon.ico", "static"],
    ["/robots.txt", "static"],
    ["/logo.svg", "static"],
    ["/_image", "page"],
    ["/_next/image", "page"],
    ["/v1.2/page", "page"],
  ] as const)("%s → %s", (path, group) => {
    expect(classifyPath(path)).toBe(group);
  });
});
