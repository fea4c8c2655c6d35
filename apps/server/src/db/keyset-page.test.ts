import { describe, expect, it } from "vitest";
import { toKeysetPage } from "./keyset-page";

const rows = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("toKeysetPage", () => {
  it("keeps `limit` rows and points the cursor at the last one when the extra row shows more follow", () => {
    expect(toKeysetPage(rows, 2, (row) => row.id.toUpperCase())).toEqual({ items: ["A", "B"], nextCursor: "b" });
  });

  it("has no next cursor on the last page", () => {
    expect(toKeysetPage(rows, 3, (row) => row.id)).toEqual({ items: ["a", "b", "c"], nextCursor: null });
    expect(toKeysetPage([], 3, (row: { id: string }) => row.id)).toEqual({ items: [], nextCursor: null });
  });
});
