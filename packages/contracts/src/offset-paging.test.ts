import { describe, expect, it } from "vitest";
import { offsetPagingSchema } from "./offset-paging";

describe("offsetPagingSchema", () => {
  const schema = offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 });

  it("fills the first page by default", () => {
    expect(schema.parse({})).toEqual({ offset: 0, limit: 20 });
  });

  it.each([
    [{ offset: -1 }, "offset", "offset cannot be negative"],
    [{ offset: 10_001 }, "offset", "offset must be at most 10000"],
    [{ offset: 1.5 }, "offset", "offset must be a whole number"],
    [{ limit: 0 }, "limit", "limit must be at least 1"],
    [{ limit: 51 }, "limit", "limit must be at most 50"],
    [{ limit: "10" }, "limit", "limit must be a number"],
  ])("refuses %j naming %s", (input, field, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
