// Payment transactions of a manual-mode order (`/v1/orders/{id}/transactions`).
// Business rules (manual mode only, order still `created`, one payment per
// order) live in `orders-engine.ts`.

import type { RegisterRoutes } from "../context";
import type { Schemas } from "../schemas";
import { addOrderTransactions, deleteOrderTransaction, updateOrderTransaction } from "./orders-engine";

/** Routes of the `order-transactions` group: add (201), update (200) and delete (204) a payment. */
export const registerOrderTransactionsRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/orders/:id/transactions", (c) => {
    const body = c.get("jsonBody") as Schemas["OrderTransactionsRequest"];
    return c.json(addOrderTransactions(ctx, c.get("seller"), c.req.param("id"), body), 201);
  });

  app.put("/v1/orders/:id/transactions/:transactionId", (c) => {
    const body = c.get("jsonBody") as Schemas["OrderPaymentUpdateRequest"];
    return c.json(
      updateOrderTransaction(ctx, c.get("seller"), c.req.param("id"), c.req.param("transactionId"), body),
      200,
    );
  });

  app.delete("/v1/orders/:id/transactions/:transactionId", (c) => {
    deleteOrderTransaction(ctx, c.get("seller"), c.req.param("id"), c.req.param("transactionId"));
    return c.body(null, 204);
  });
};
