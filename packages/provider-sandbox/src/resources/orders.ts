// Orders API routes (`/v1/orders`, docs/provider-facts.md §4.6). The handlers are thin:
// the core has already checked the token, the spec (400 `unsupported_properties`,
// `property_type` for number amounts, ...) and idempotency; the business rules
// live in `orders-engine.ts`, which throws Orders-shaped errors.

import type { RegisterRoutes } from "../context";
import type { Schemas } from "../schemas";
import {
  cancelOrder,
  captureOrder,
  createOrder,
  getOrder,
  processOrder,
  refundOrder,
  startOrdersClock,
} from "./orders-engine";

/** Routes of the `orders` group (create, get, process, capture, cancel, refund) and the orders clock. */
export const registerOrdersRoutes: RegisterRoutes = (app, ctx) => {
  startOrdersClock(ctx);

  app.post("/v1/orders", (c) => {
    const order = createOrder(ctx, c.get("seller"), c.get("jsonBody") as Schemas["OrderCreateRequest"]);
    return c.json(order, 201);
  });

  app.get("/v1/orders/:id", (c) => c.json(getOrder(ctx, c.get("seller"), c.req.param("id")), 200));

  app.post("/v1/orders/:id/process", (c) => c.json(processOrder(ctx, c.get("seller"), c.req.param("id")), 200));

  app.post("/v1/orders/:id/capture", (c) => c.json(captureOrder(ctx, c.get("seller"), c.req.param("id")), 200));

  app.post("/v1/orders/:id/cancel", (c) => c.json(cancelOrder(ctx, c.get("seller"), c.req.param("id")), 200));

  app.post("/v1/orders/:id/refund", (c) => {
    const body = c.get("jsonBody") as Schemas["OrderRefundRequest"] | undefined;
    return c.json(refundOrder(ctx, c.get("seller"), c.req.param("id"), body), 201);
  });
};
