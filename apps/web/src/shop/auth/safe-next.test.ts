import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFor } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/plans/abc?x=1#top")).toBe("/plans/abc?x=1#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const next of [
      null,
      "",
      "account",
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "javascript:alert(1)",
      "/\u0000x",
    ]) {
      expect(safeNextPath(next)).toBe("/");
    }
  });

  it("builds the sign-in address that comes back", () => {
    expect(signInPathFor("/plans/p1")).toBe("/login?next=%2Fplans%2Fp1");
  });
});
