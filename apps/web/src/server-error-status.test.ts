import { describe, expect, it } from "vitest";
import { readServerErrorStatus } from "./server-error-status";

function documentWithMeta(content: string | null): Pick<Document, "querySelector"> {
  return {
    querySelector: (selector: string) => {
      expect(selector).toBe('meta[name="cobro-error-status"]');
      return content === null ? null : ({ getAttribute: () => content } as unknown as Element);
    },
  };
}

describe("readServerErrorStatus", () => {
  it.each([
    ["404", 404],
    ["403", 403],
    ["500", 500],
    ["200", null],
    ["4040", null],
    ["abc", null],
    ["", null],
  ])("content=%j → %j", (content, status) => {
    expect(readServerErrorStatus(documentWithMeta(content))).toBe(status);
  });

  it("is null without the meta tag", () => {
    expect(readServerErrorStatus(documentWithMeta(null))).toBeNull();
  });
});
