import { describe, expect, it } from "vitest";
import { orderListInputSchema } from "./admin-orders";
import { catalogListInputSchema, ordersInputSchema } from "./shop";

describe("page inputs", () => {
  it.each([
    ["catalog.list", catalogListInputSchema],
    ["account.orders", ordersInputSchema],
    ["admin.orders.list", orderListInputSchema],
  ] as const)(
    "%s accepts the direction tRPC's infinite queries send, and still refuses unknown fields",
    (_, schema) => {
      expect(schema.parse({ limit: 5, cursor: null, direction: "forward" })).toMatchObject({ limit: 5, cursor: null });
      expect(schema.safeParse({ limit: 5, direction: "sideways" }).success).toBe(false);
      expect(schema.safeParse({ limit: 5, sort: "price" }).success).toBe(false);
    },
  );
});
