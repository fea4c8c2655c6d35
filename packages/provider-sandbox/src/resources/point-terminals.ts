// Point card terminals and the legacy Payment Intent API (docs/provider-facts.md §4.9).
//
// Every seller lazily gets three simulated terminals: two in PDV mode (they take
// payment intents from the API) and one STANDALONE. An intent moves
// OPEN → ON_TERMINAL → PROCESSING → PROCESSED → FINISHED, or ends CANCELED,
// ERROR, ABANDONED or CONFIRMATION_REQUIRED. Nothing moves an intent in the
// sandbox but the control API (`/__sandbox/point/...`, see `point.ts`) and the
// clock: an intent no terminal fetched within 15 minutes becomes ABANDONED.
// Reaching FINISHED creates the `/v1/payments` payment (`operation_type:
// pos_payment`), with the outcome of the tapped card's cardholder name.

import type { SandboxContext, Seller } from "../context";
import { classicError, notFound, SandboxHttpError } from "../core/errors";
import { uuid } from "../core/ids";
import type { Schemas } from "../schemas";
import { createPayment } from "./payments";

export type PointDevice = Schemas["PointDevice"];
export type PaymentIntent = Schemas["PaymentIntent"];
export type IntentState = Schemas["PaymentIntentState"];

/** A payment intent as the sandbox keeps it (per-seller collection `point_intents`). */
export interface StoredIntent {
  intent: PaymentIntent & { state: IntentState };
  /** Every state the intent entered, oldest first. */
  events: { status: IntentState; created_on: string }[];
}

const DEVICES = "point_devices";
const INTENTS = "point_intents";
/** provider: an intent not processed within the time limit is ABANDONED; the sandbox uses 15 minutes. */
export const INTENT_ABANDON_AFTER_MS = 15 * 60_000;
/** provider: the events endpoint takes ranges of at most 30 days. */
const MAX_EVENT_RANGE_DAYS = 30;

export const HAPPY_PATH: readonly IntentState[] = ["OPEN", "ON_TERMINAL", "PROCESSING", "PROCESSED", "FINISHED"];
const FINAL_STATES: ReadonlySet<IntentState> = new Set([
  "FINISHED",
  "CONFIRMATION_REQUIRED",
  "CANCELED",
  "ERROR",
  "ABANDONED",
]);
const ALL_STATES: ReadonlySet<string> = new Set([...HAPPY_PATH, ...FINAL_STATES]);

export function isIntentState(value: unknown): value is IntentState {
  return typeof value === "string" && ALL_STATES.has(value);
}

export function isFinalState(state: IntentState): boolean {
  return FINAL_STATES.has(state);
}

// ------------------------------------------------------------------ devices

function devicesOf(ctx: SandboxContext, seller: Seller) {
  return ctx.store.collection<PointDevice>(seller.userId, DEVICES);
}

function intentsOf(ctx: SandboxContext, userId: number) {
  return ctx.store.collection<StoredIntent>(userId, INTENTS);
}

/** A seller's terminals, creating the three simulated ones on first use. */
export function ensureDevices(ctx: SandboxContext, seller: Seller): PointDevice[] {
  const devices = devicesOf(ctx, seller);
  const existing = devices.list();
  if (existing.length > 0) return existing;
  // Serials, stores and POS ids derive from the seller id, so a seller's terminals are stable across resets.
  const n = seller.userId % 100_000_000;
  const storeA = String(40_000_000 + (n % 10_000_000) * 2);
  const storeB = String(40_000_000 + (n % 10_000_000) * 2 + 1);
  const posBase = 50_000_000 + (n % 10_000_000) * 3;
  const seeded: PointDevice[] = [
    {
      id: `PAX_A910__SMARTPOS${1_400_000_000 + n}`,
      pos_id: posBase,
      store_id: storeA,
      external_pos_id: "SUC01POS01",
      operating_mode: "PDV",
    },
    {
      id: `NEWLAND_N950__NS${1_500_000_000 + n}`,
      pos_id: posBase + 1,
      store_id: storeA,
      external_pos_id: "SUC01POS02",
      operating_mode: "PDV",
    },
    {
      id: `GERTEC_MP35P__8701${1_600_000_000 + n}`,
      pos_id: posBase + 2,
      store_id: storeB,
      external_pos_id: "SUC02POS01",
      operating_mode: "STANDALONE",
    },
  ];
  for (const device of seeded) devices.put(device.id, device);
  return seeded;
}

/** A seller's terminal, or the classic 404 (also for another seller's terminal). */
export function findDevice(ctx: SandboxContext, seller: Seller, deviceId: string): PointDevice {
  ensureDevices(ctx, seller);
  const device = devicesOf(ctx, seller).get(deviceId);
  if (!device) throw notFound("device", deviceId);
  return device;
}

/** Lists a seller's terminals, optionally of one store or point of sale (GET /point/integration-api/devices). */
export function listDevices(
  ctx: SandboxContext,
  seller: Seller,
  query: { store_id?: string; pos_id?: string; limit: number; offset: number },
): Schemas["DeviceList"] {
  const found = ensureDevices(ctx, seller)
    .filter((d) => (query.store_id ? String(d.store_id) === query.store_id : true))
    .filter((d) => (query.pos_id ? String(d.pos_id) === query.pos_id : true));
  return {
    devices: structuredClone(found.slice(query.offset, query.offset + query.limit)),
    paging: { total: found.length, offset: query.offset, limit: query.limit },
  };
}

/** Switches a terminal between PDV and STANDALONE (PATCH /point/integration-api/devices/{id}). */
export function setOperatingMode(
  ctx: SandboxContext,
  seller: Seller,
  deviceId: string,
  mode: Schemas["OperatingModeValue"],
): Schemas["OperatingMode"] {
  const device = findDevice(ctx, seller, deviceId);
  device.operating_mode = mode;
  devicesOf(ctx, seller).put(device.id, device);
  return { operating_mode: mode };
}

// ------------------------------------------------------------------ intents

function notifyIntent(ctx: SandboxContext, userId: number, stored: StoredIntent): void {
  // provider: Point notifications go to the application's URL only (no per-resource notification_url).
  ctx.webhooks.notify({
    sellerUserId: userId,
    topic: "point_integration_wh",
    action: `payment_intent.${stored.intent.state.toLowerCase()}`,
    dataId: stored.intent.id,
  });
}

function enterState(ctx: SandboxContext, userId: number, stored: StoredIntent, state: IntentState, at: Date): void {
  stored.intent.state = state;
  stored.events.push({ status: state, created_on: at.toISOString() });
  intentsOf(ctx, userId).put(stored.intent.id, stored);
  notifyIntent(ctx, userId, stored);
}

/** Marks a seller's OPEN intents older than 15 minutes ABANDONED; true when any changed. */
function abandonStaleIntents(ctx: SandboxContext, userId: number, now: Date): boolean {
  let changed = false;
  for (const stored of intentsOf(ctx, userId).list()) {
    if (stored.intent.state !== "OPEN") continue;
    const opened = new Date(stored.events[0]?.created_on ?? now.toISOString()).getTime();
    if (now.getTime() - opened < INTENT_ABANDON_AFTER_MS) continue;
    enterState(ctx, userId, stored, "ABANDONED", new Date(opened + INTENT_ABANDON_AFTER_MS));
    changed = true;
  }
  return changed;
}

/** The clock ticker: abandons stale intents of every seller. */
export function runPointExpiry(ctx: SandboxContext, now: Date): void {
  for (const seller of ctx.store.sellers()) abandonStaleIntents(ctx, seller.userId, now);
}

const expiryClocks = new WeakSet<object>();

/** Registers the abandonment ticker on the sandbox clock, once per clock. */
export function startPointExpiry(ctx: SandboxContext): void {
  if (expiryClocks.has(ctx.clock)) return;
  expiryClocks.add(ctx.clock);
  ctx.clock.onTick((now) => runPointExpiry(ctx, now));
}

function findIntent(ctx: SandboxContext, seller: Seller, intentId: string): StoredIntent {
  abandonStaleIntents(ctx, seller.userId, ctx.clock.now());
  const stored = intentsOf(ctx, seller.userId).get(intentId);
  if (!stored) throw notFound("payment_intent", intentId);
  return stored;
}

/**
 * Queues a payment intent on a PDV terminal (POST …/devices/{id}/payment-intents).
 * 400 for a STANDALONE terminal; 409 `conflict_error` while the terminal has an
 * intent that has not reached a final state. The answer carries no `state`.
 */
export function createPaymentIntent(
  ctx: SandboxContext,
  seller: Seller,
  deviceId: string,
  body: Schemas["PaymentIntentRequest"],
): PaymentIntent {
  const device = findDevice(ctx, seller, deviceId);
  if (device.operating_mode !== "PDV") {
    throw classicError(400, "the device is not in PDV operating mode", {
      cause: [
        {
          code: "device_not_in_pdv_mode",
          description: `device ${deviceId} is ${device.operating_mode}; switch it to PDV first`,
          data: deviceId,
        },
      ],
    });
  }
  const now = ctx.clock.now();
  abandonStaleIntents(ctx, seller.userId, now);
  const queued = intentsOf(ctx, seller.userId)
    .list()
    .find((s) => s.intent.device_id === deviceId && !isFinalState(s.intent.state));
  if (queued) {
    // provider: one queued intent per terminal.
    throw classicError(409, "the device already has a queued payment intent", {
      error: "conflict_error",
      cause: [
        {
          code: "conflict_error",
          description: `device ${deviceId} has payment intent ${queued.intent.id} in ${queued.intent.state}`,
          data: queued.intent.id,
        },
      ],
    });
  }
  const intent: StoredIntent["intent"] = { id: uuid(), device_id: deviceId, amount: body.amount, state: "OPEN" };
  if (body.description !== undefined) intent.description = body.description;
  if (body.payment) intent.payment = structuredClone(body.payment);
  if (body.additional_info) intent.additional_info = structuredClone(body.additional_info);
  const stored: StoredIntent = { intent, events: [{ status: "OPEN", created_on: now.toISOString() }] };
  intentsOf(ctx, seller.userId).put(intent.id, stored);
  const { state: _state, ...answer } = structuredClone(intent);
  return answer;
}

/** A seller's intent with its current `state` (GET /point/integration-api/payment-intents/{id}). */
export function getPaymentIntent(ctx: SandboxContext, seller: Seller, intentId: string): PaymentIntent {
  return structuredClone(findIntent(ctx, seller, intentId).intent);
}

/** The latest state of an intent and when it was entered (GET …/payment-intents/{id}/events). */
export function getPaymentIntentStatus(
  ctx: SandboxContext,
  seller: Seller,
  intentId: string,
): Schemas["PaymentIntentStatus"] {
  const stored = findIntent(ctx, seller, intentId);
  const last = stored.events.at(-1);
  return { status: stored.intent.state, ...(last ? { created_on: last.created_on } : {}) };
}

function cancelError(status: number, message: string, intentId: string): SandboxHttpError {
  // provider: a missing or already cancelled intent answers with error code "101".
  return classicError(status, message, { cause: [{ code: "101", description: message, data: intentId }] });
}

/**
 * Cancels an intent the terminal has not fetched yet (DELETE …/payment-intents/{id}).
 * Unknown intent: 404 (code "101"); already cancelled: 400 (code "101"); any
 * other state than OPEN: 409, cancel it on the terminal instead.
 */
export function cancelPaymentIntent(
  ctx: SandboxContext,
  seller: Seller,
  deviceId: string,
  intentId: string,
): Schemas["PaymentIntentCancelResult"] {
  findDevice(ctx, seller, deviceId);
  abandonStaleIntents(ctx, seller.userId, ctx.clock.now());
  const stored = intentsOf(ctx, seller.userId).get(intentId);
  if (!stored || stored.intent.device_id !== deviceId) {
    throw cancelError(404, `payment intent ${intentId} not found on device ${deviceId}`, intentId);
  }
  if (stored.intent.state === "CANCELED")
    throw cancelError(400, `payment intent ${intentId} is already cancelled`, intentId);
  if (stored.intent.state !== "OPEN") {
    throw classicError(
      409,
      `payment intent ${intentId} is ${stored.intent.state} and can no longer be cancelled through the API`,
      {
        error: "conflict_error",
        cause: [
          {
            code: "conflict_error",
            description: "only OPEN intents (not yet on the terminal) can be cancelled",
            data: intentId,
          },
        ],
      },
    );
  }
  enterState(ctx, seller.userId, stored, "CANCELED", ctx.clock.now());
  return { id: intentId };
}

function dayStart(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getTime();
}

/**
 * The seller's intents whose latest state was entered between two days
 * (inclusive, UTC), as `{payment_intent_id, status, created_on}`.
 */
export function listPaymentIntentEvents(
  ctx: SandboxContext,
  seller: Seller,
  startDate: string,
  endDate: string,
): Schemas["PaymentIntentEventList"] {
  const from = dayStart(startDate);
  const to = dayStart(endDate) + 86_400_000;
  if (Number.isNaN(from) || Number.isNaN(to))
    throw classicError(400, "startDate and endDate must be dates (YYYY-MM-DD)");
  if (to <= from) throw classicError(400, "endDate must not be before startDate");
  if (to - from > (MAX_EVENT_RANGE_DAYS + 1) * 86_400_000) {
    throw classicError(400, `the range between startDate and endDate must be at most ${MAX_EVENT_RANGE_DAYS} days`);
  }
  abandonStaleIntents(ctx, seller.userId, ctx.clock.now());
  const events: Schemas["PaymentIntentEvent"][] = [];
  for (const stored of intentsOf(ctx, seller.userId).list()) {
    const last = stored.events.at(-1);
    if (!last) continue;
    const at = new Date(last.created_on).getTime();
    if (at >= from && at < to)
      events.push({ payment_intent_id: stored.intent.id, status: last.status, created_on: last.created_on });
  }
  return { events };
}

// ------------------------------------------------------------------ simulation (control API)

/** The seller and stored intent for an intent id, whoever owns it (the control API has no seller). */
export function findIntentAnywhere(ctx: SandboxContext, intentId: string): { seller: Seller; stored: StoredIntent } {
  for (const seller of ctx.store.sellers()) {
    const stored = intentsOf(ctx, seller.userId).get(intentId);
    if (stored) {
      abandonStaleIntents(ctx, seller.userId, ctx.clock.now());
      return { seller, stored: intentsOf(ctx, seller.userId).get(intentId) ?? stored };
    }
  }
  throw notFound("payment_intent", intentId);
}

/** The intent queued on a terminal (not in a final state), whoever owns the terminal. */
export function findQueuedIntentOnDevice(
  ctx: SandboxContext,
  deviceId: string,
): { seller: Seller; stored: StoredIntent } {
  for (const seller of ctx.store.sellers()) {
    const device = ctx.store.collection<PointDevice>(seller.userId, DEVICES).get(deviceId);
    if (!device) continue;
    abandonStaleIntents(ctx, seller.userId, ctx.clock.now());
    const stored = intentsOf(ctx, seller.userId)
      .list()
      .find((s) => s.intent.device_id === deviceId && !isFinalState(s.intent.state));
    if (!stored) {
      throw classicError(404, `device ${deviceId} has no queued payment intent`, {
        cause: [{ code: "not_found", description: `no open payment intent on ${deviceId}`, data: deviceId }],
      });
    }
    return { seller, stored };
  }
  throw notFound("device", deviceId);
}

/** Test card data the sandbox "taps" on a terminal (docs/provider-facts.md §5.2, Visa credit / debit). */
function tappedCard(intent: PaymentIntent, cardholderName: string) {
  const debit = intent.payment?.type === "debit_card";
  return {
    cardholderName,
    paymentMethodId: debit ? "debvisa" : "visa",
    firstSixDigits: debit ? "400276" : "450995",
    lastFourDigits: debit ? "5619" : "3704",
    expirationMonth: 11,
    expirationYear: 2030,
  };
}

/** Creates the `/v1/payments` payment of a finished intent; returns null when the payment request was refused. */
function payIntent(
  ctx: SandboxContext,
  seller: Seller,
  stored: StoredIntent,
  cardholderName: string,
): Schemas["Payment"] | null {
  const intent = stored.intent;
  const card = tappedCard(intent, cardholderName);
  const device = ctx.store.collection<PointDevice>(seller.userId, DEVICES).get(intent.device_id);
  try {
    return createPayment(
      ctx,
      seller,
      {
        transaction_amount: intent.amount / 100,
        payment_method_id: card.paymentMethodId,
        installments: intent.payment?.installments ?? 1,
        payer: { email: `point_payer_${seller.userId}@testuser.com` },
        capture: true,
        binary_mode: false,
        ...(intent.description ? { description: intent.description } : {}),
        ...(intent.additional_info?.external_reference
          ? { external_reference: intent.additional_info.external_reference }
          : {}),
      },
      {
        operationType: "pos_payment",
        charge: card,
        extra: {
          point_of_interaction: { type: "POINT" },
          ...(device?.pos_id !== undefined ? { pos_id: String(device.pos_id) } : {}),
          ...(device?.store_id !== undefined ? { store_id: String(device.store_id) } : {}),
          metadata: { payment_intent_id: intent.id, device_id: intent.device_id },
        },
      },
    );
  } catch (error) {
    if (error instanceof SandboxHttpError) return null;
    throw error;
  }
}

/**
 * Moves an intent to `to` (control API). Along the happy path it walks every
 * state in between (OPEN → ON_TERMINAL → PROCESSING → PROCESSED → FINISHED),
 * one event and one webhook each; CANCELED, ERROR, ABANDONED and
 * CONFIRMATION_REQUIRED are reachable from any state that is not final.
 * FINISHED pays with a test card of `cardholder` (default APRO). 409 when the
 * intent is already final or `to` lies behind it.
 */
export function advanceIntent(
  ctx: SandboxContext,
  intentId: string,
  to: IntentState,
  cardholder = "APRO",
): PaymentIntent {
  const { seller, stored } = findIntentAnywhere(ctx, intentId);
  const from = stored.intent.state;
  const now = ctx.clock.now();
  const fromIndex = HAPPY_PATH.indexOf(from);
  const toIndex = HAPPY_PATH.indexOf(to);
  const refuse = () =>
    classicError(409, `payment intent ${intentId} cannot move from ${from} to ${to}`, {
      cause: [{ code: "invalid_transition", description: `${from} → ${to} is not allowed`, data: intentId }],
    });
  if (isFinalState(from)) throw refuse();
  if (toIndex === -1) {
    enterState(ctx, seller.userId, stored, to, now);
    return structuredClone(stored.intent);
  }
  if (toIndex <= fromIndex) throw refuse();
  for (const state of HAPPY_PATH.slice(fromIndex + 1, toIndex + 1)) {
    if (state === "FINISHED") {
      const payment = payIntent(ctx, seller, stored, cardholder);
      if (!payment) {
        enterState(ctx, seller.userId, stored, "ERROR", now);
        break;
      }
      stored.intent.payment = { ...(stored.intent.payment ?? {}), id: payment.id, state: payment.status };
      if (!stored.intent.payment.type) stored.intent.payment.type = payment.payment_type_id;
    }
    enterState(ctx, seller.userId, stored, state, now);
  }
  return structuredClone(stored.intent);
}
