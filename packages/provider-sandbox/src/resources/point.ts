// Point terminals and payment intents (`/point/integration-api`, provider-facts
// §4.9), plus the control endpoints that play the terminal's part:
//
//   POST /__sandbox/point/intents/:id/advance  {"to": "FINISHED", "cardholder"?: "APRO"}
//   POST /__sandbox/point/devices/:id/tap      {"cardholder"?: "OTHE"}   (whole happy path)
//
// Domain rules live in `point-terminals.ts`.

import type { RegisterRoutes } from "../context";
import { classicError } from "../core/errors";
import type { Schemas } from "../schemas";
import {
  advanceIntent,
  cancelPaymentIntent,
  createPaymentIntent,
  findQueuedIntentOnDevice,
  getPaymentIntent,
  getPaymentIntentStatus,
  isIntentState,
  listDevices,
  listPaymentIntentEvents,
  setOperatingMode,
  startPointExpiry,
} from "./point-terminals";
import { queryInt } from "./subscriptions-common";

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function cardholderOf(body: Record<string, unknown>): string | undefined {
  if (body.cardholder === undefined) return undefined;
  if (typeof body.cardholder !== "string" || body.cardholder.trim() === "") {
    throw classicError(400, "cardholder must be a non-empty string, e.g. APRO or OTHE");
  }
  return body.cardholder;
}

/** Routes of the `point` group, the terminal-simulation control endpoints and the abandonment clock. */
export const registerPointRoutes: RegisterRoutes = (app, ctx) => {
  startPointExpiry(ctx);

  app.get("/point/integration-api/devices", (c) => {
    const result = listDevices(ctx, c.get("seller"), {
      store_id: c.req.query("store_id"),
      pos_id: c.req.query("pos_id"),
      limit: queryInt(c.req.query("limit"), 30),
      offset: queryInt(c.req.query("offset"), 0),
    });
    return c.json(result, 200);
  });

  app.patch("/point/integration-api/devices/:device_id", (c) => {
    const body = c.get("jsonBody") as Schemas["OperatingMode"];
    return c.json(setOperatingMode(ctx, c.get("seller"), c.req.param("device_id"), body.operating_mode), 200);
  });

  app.post("/point/integration-api/devices/:device_id/payment-intents", (c) => {
    const body = c.get("jsonBody") as Schemas["PaymentIntentRequest"];
    return c.json(createPaymentIntent(ctx, c.get("seller"), c.req.param("device_id"), body), 201);
  });

  app.delete("/point/integration-api/devices/:device_id/payment-intents/:payment_intent_id", (c) =>
    c.json(cancelPaymentIntent(ctx, c.get("seller"), c.req.param("device_id"), c.req.param("payment_intent_id")), 200),
  );

  // Registered before `/:payment_intent_id` so that `events` is never taken for an intent id.
  app.get("/point/integration-api/payment-intents/events", (c) => {
    const result = listPaymentIntentEvents(
      ctx,
      c.get("seller"),
      c.req.query("startDate") ?? "",
      c.req.query("endDate") ?? "",
    );
    return c.json(result, 200);
  });

  app.get("/point/integration-api/payment-intents/:payment_intent_id", (c) =>
    c.json(getPaymentIntent(ctx, c.get("seller"), c.req.param("payment_intent_id")), 200),
  );

  app.get("/point/integration-api/payment-intents/:payment_intent_id/events", (c) =>
    c.json(getPaymentIntentStatus(ctx, c.get("seller"), c.req.param("payment_intent_id")), 200),
  );

  app.post("/__sandbox/point/intents/:id/advance", (c) => {
    const body = asRecord(c.get("jsonBody"));
    if (!isIntentState(body.to)) {
      throw classicError(
        400,
        "to must be one of ON_TERMINAL, PROCESSING, PROCESSED, FINISHED, CONFIRMATION_REQUIRED, CANCELED, ERROR, ABANDONED",
      );
    }
    return c.json(advanceIntent(ctx, c.req.param("id"), body.to, cardholderOf(body)), 200);
  });

  app.post("/__sandbox/point/devices/:id/tap", (c) => {
    const body = asRecord(c.get("jsonBody"));
    const cardholder = cardholderOf(body);
    const { stored } = findQueuedIntentOnDevice(ctx, c.req.param("id"));
    return c.json(advanceIntent(ctx, stored.intent.id, "FINISHED", cardholder), 200);
  });
};
