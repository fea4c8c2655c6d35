// A test-only resource group for the fixture spec: enough behaviour to watch
// the core work (auth partitions, validation, idempotency, faults, webhooks)
// without depending on the real resource handlers.

import type { RegisterRoutes } from "../context";
import { notFound } from "../core/errors";
import { markPublicPath } from "../core/public-paths";

export interface TestWidget {
  id: number;
  transaction_amount: number;
  status: "created" | "closed";
  payer: { email: string };
  description?: string;
}

interface TestOrder {
  id: string;
  status: string;
  total_amount: string;
  external_reference?: string;
}

/** Counts handler runs, so tests can tell a replay (no run) from a second execution. */
export const handlerRuns = { widgets: 0, orders: 0 };

export const registerTestRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/widgets", (c) => {
    handlerRuns.widgets += 1;
    const seller = c.get("seller");
    const body = c.get("jsonBody") as {
      transaction_amount: number;
      payer: { email: string };
      description?: string;
      notification_url?: string;
    };
    if (body.description === "explode") throw new Error("handler exploded");
    const widget: TestWidget = {
      id: ctx.store.nextId("widget", 100),
      transaction_amount: body.transaction_amount,
      status: "created",
      payer: body.payer,
      ...(body.description ? { description: body.description } : {}),
    };
    ctx.store.collection<TestWidget>(seller.userId, "widgets").put(widget.id, widget);
    ctx.webhooks.notify({
      sellerUserId: seller.userId,
      topic: "payment",
      action: "payment.created",
      dataId: String(widget.id),
      notificationUrl: body.notification_url ?? null,
    });
    return c.json(widget, 201, { location: `/v1/widgets/${widget.id}` });
  });

  app.get("/v1/widgets/search", (c) => {
    const results = ctx.store.collection<TestWidget>(c.get("seller").userId, "widgets").list();
    return c.json({ results });
  });

  app.get("/v1/widgets/:id", (c) => {
    const widget = ctx.store.collection<TestWidget>(c.get("seller").userId, "widgets").get(c.req.param("id"));
    if (!widget) throw notFound("widget", c.req.param("id"));
    return c.json(widget);
  });

  app.get("/v1/widgets/:id/notes/", (c) => c.json([`note of ${c.req.param("id")}`]));

  app.post("/v1/orders", async (c) => {
    handlerRuns.orders += 1;
    const body = c.get("jsonBody") as { total_amount: string; external_reference?: string; delay_ms?: number };
    if (body.delay_ms) await new Promise((resolve) => setTimeout(resolve, body.delay_ms));
    const order: TestOrder = {
      id: `ORD${String(ctx.store.nextId("order", 1)).padStart(26, "0")}`,
      status: "created",
      total_amount: body.total_amount,
      ...(body.external_reference ? { external_reference: body.external_reference } : {}),
    };
    ctx.store.collection<TestOrder>(c.get("seller").userId, "orders").put(order.id, order);
    ctx.webhooks.notify({
      sellerUserId: c.get("seller").userId,
      topic: "order",
      action: "order.created",
      dataId: order.id,
    });
    return c.json(order, 201);
  });

  app.post("/v1/card_tokens", (c) =>
    c.json(
      { id: "0123456789abcdef0123456789abcdef", seller_id: c.get("seller").userId, auth_kind: c.get("authKind") },
      201,
    ),
  );

  app.post("/oauth/token", (c) => c.json({ access_token: "TEST-issued-by-fixture-42" }));

  app.post("/checkout/preferences/", (c) => c.json({ id: `${c.get("seller").userId}-pref` }, 201));

  // A route outside the spec: needs a bearer token (default), answers who is calling.
  app.get("/v1/whoami", (c) => c.json({ user_id: c.get("seller").userId, auth_kind: c.get("authKind") }));

  // Non-provider pages: one under a default public prefix, one marked by the handler.
  app.get("/checkout/v1/redirect", (c) => c.html(`<h1>checkout ${c.req.query("pref_id") ?? ""}</h1>`));
  markPublicPath(app, "/test-pages");
  app.get("/test-pages/hello", (c) => c.text("hello"));

  // A resource helper's own control endpoint.
  app.post("/__sandbox/widgets/:id/close", (c) => {
    for (const seller of ctx.store.sellers()) {
      const widgets = ctx.store.collection<TestWidget>(seller.userId, "widgets");
      const widget = widgets.get(c.req.param("id"));
      if (widget) {
        widgets.put(widget.id, { ...widget, status: "closed" });
        return c.json({ ok: true, seller_seen: c.get("seller")?.userId ?? null });
      }
    }
    throw notFound("widget", c.req.param("id"));
  });
};
