import { describe, expect, it } from "vitest";
import { catalogListInputSchema, ordersInputSchema } from "./shop";

describe("page inputs", () => {
  it("accept what tRPC's infinite queries send (cursor and direction) and still refuse unknown fields", () => {
    expect(catalogListInputSchema.parse({ limit: 12, cursor: null, direction: "forward" })).toEqual({
      limit: 12,
      cursor: null,
      direction: "forward",
    });
    expect(ordersInputSchema.parse(undefined)).toEqual({ limit: 20 });
    expect(catalogListInputSchema.safeParse({ limit: 12, sort: "price" }).success).toBe(false);
  });
});
