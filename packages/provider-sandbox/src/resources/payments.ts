// /v1/payments (docs/provider-facts.md §4.1, §5, §6, §7): create (cards by token with
// the cardholder-name outcome, Pix, cash vouchers), get, search, capture and
// cancel; the clock expires what the provider would expire; the control API
// settles pending payments; vouchers and Pix pages are served at their URLs.

import { randomBytes } from "node:crypto";
import {
  type CurrencyCode,
  fromMinorUnits,
  isSupportedCurrency,
  toDecimalString,
  toMinorUnits,
} from "@cobro/provider-client/money";
import { costInMinorUnits, offeredCosts, type PayerCostMinor, scheduleOf } from "../browser-sdk/installments";
import type { Collection, RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, classicError, notFound } from "../core/errors";
import { payerIdForEmail, uuid } from "../core/ids";
import { markPublicPath } from "../core/public-paths";
import { outcomeForCardholder } from "../data/cardholder-outcomes";
import {
  anyCardMethod,
  type CardMethodDefinition,
  findPaymentMethod,
  type OfflineMethodDefinition,
  type PaymentMethodDefinition,
  type SiteDefinition,
  siteOf,
} from "../data/sites";
import type { Schemas } from "../schemas";
import { consumeCardToken, peekCardToken, type StoredCardToken } from "./card-tokens";
import { buildBoleto, buildCashVoucher, renderVoucherPage } from "./payment-vouchers";
import { buildPixCode, qrPngBase64 } from "./pix-qr";
import { customersOf } from "./wallet-store";

type Payment = Schemas["Payment"];
type PaymentStatus = Schemas["PaymentStatus"];
type PaymentStatusDetail = Schemas["PaymentStatusDetail"];

export interface CreatePaymentOptions {
  /** Subscription charges and Point intents create payments with their own operation type. */
  operationType?: Schemas["Payment"]["operation_type"];
  /** Extra fields to merge into the stored payment (e.g. `order: {id, type}`, `metadata`). */
  extra?: Partial<Schemas["Payment"]>;
  /**
   * Charge a card the sandbox already knows (a subscription's card, a terminal's
   * tapped card) instead of consuming `body.token`; the cardholder name still
   * decides the outcome.
   */
  charge?: KnownCard;
}

/** A card the sandbox has already seen, without its number: enough to charge it again. */
export interface KnownCard {
  cardholderName: string;
  paymentMethodId: string;
  firstSixDigits: string;
  lastFourDigits: string;
  expirationMonth: number;
  expirationYear: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * provider: a Pix QR code is valid for 24 hours unless the request sets
 * `date_of_expiration` (the provider accepts 30 minutes to 30 days; the sandbox
 * accepts any future date).
 */
export const PIX_DEFAULT_EXPIRATION_MS = DAY_MS;
/** Cash vouchers (boleto, OXXO, …) are payable for 3 days unless the request sets `date_of_expiration`. */
export const TICKET_DEFAULT_EXPIRATION_MS = 3 * DAY_MS;
/** provider: pending payments auto-cancel after 30 days → `cancelled` / `expired`. */
export const PENDING_EXPIRY_MS = 30 * DAY_MS;
/**
 * provider: an uncaptured reservation lapses after 5 days (Brazilian pages) or
 * 7 days (Mexican pages) — docs/provider-facts.md §11. The sandbox chooses 7 days.
 */
export const AUTHORIZATION_EXPIRY_MS = 7 * DAY_MS;

/** The provider's fee for each payment type, in basis points (a sandbox figure; real rates depend on the contract). */
const FEE_BASIS_POINTS: Record<string, number> = {
  credit_card: 499,
  debit_card: 299,
  bank_transfer: 99,
  ticket: 349,
  atm: 349,
};
/** Days until approved money is released to the seller (a sandbox figure). */
const RELEASE_DAYS: Record<string, number> = { credit_card: 14, debit_card: 1, bank_transfer: 0, ticket: 2, atm: 2 };

/** What `build_version` says: a provider build seen in its answers (sdk-java mocks payment_pse.json). */
const PROVIDER_BUILD_VERSION = "2.136.0";

const PAYMENTS = "payments";
const OWNERS = "payment_owners";
/** Where a payment lives (any seller), and the secret of its voucher page URL. */
interface PaymentOwner {
  sellerUserId: number;
  hash: string;
}

function paymentsOf(ctx: SandboxContext, sellerUserId: number): Collection<Payment> {
  return ctx.store.collection<Payment>(sellerUserId, PAYMENTS);
}

function ownersOf(ctx: SandboxContext): Collection<PaymentOwner> {
  return ctx.store.global<PaymentOwner>(OWNERS);
}

/** A seller's payment by id, or undefined. */
export function findPayment(ctx: SandboxContext, sellerUserId: number, id: number): Schemas["Payment"] | undefined {
  return paymentsOf(ctx, sellerUserId).get(id);
}

/** Every payment of a seller, oldest first. */
export function listPayments(ctx: SandboxContext, sellerUserId: number): Schemas["Payment"][] {
  return paymentsOf(ctx, sellerUserId).list();
}

/** A payment of any seller (control API, voucher pages), with its owner. */
export function findPaymentOfAnySeller(
  ctx: SandboxContext,
  id: number,
): { payment: Schemas["Payment"]; sellerUserId: number; hash: string } | undefined {
  const owner = ownersOf(ctx).get(id);
  if (!owner) return undefined;
  const payment = findPayment(ctx, owner.sellerUserId, id);
  return payment ? { payment, sellerUserId: owner.sellerUserId, hash: owner.hash } : undefined;
}

/**
 * Stores a changed payment (stamping `date_last_updated`) and sends
 * `payment.updated`. Every state change of a payment goes through here or
 * through `createPayment`.
 */
export function savePaymentChange(
  ctx: SandboxContext,
  sellerUserId: number,
  payment: Schemas["Payment"],
): Schemas["Payment"] {
  payment.date_last_updated = ctx.clock.nowIso();
  paymentsOf(ctx, sellerUserId).put(payment.id, payment);
  notifyPayment(ctx, sellerUserId, payment, "payment.updated");
  return payment;
}

function notifyPayment(ctx: SandboxContext, sellerUserId: number, payment: Payment, action: string): void {
  ctx.webhooks.notify({
    sellerUserId,
    topic: "payment",
    action,
    dataId: String(payment.id),
    notificationUrl: payment.notification_url ?? null,
  });
}

/** The currency of a stored payment for money math (every site currency is supported). */
export function currencyOf(payment: Schemas["Payment"]): CurrencyCode {
  return isSupportedCurrency(payment.currency_id) ? payment.currency_id : "USD";
}

/**
 * An amount in integer minor units, or the provider's 400 naming `field` when
 * it has more decimals than the currency allows (CLP and COP take integers).
 */
export function amountInMinorUnits(amount: number, currency: CurrencyCode, field: string): number {
  try {
    const minor = toMinorUnits(amount, currency);
    if (minor <= 0) throw new RangeError(`${field} must be greater than 0`);
    return minor;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badField(field, `invalid ${field}: ${reason}`, 4037);
  }
}

function paymentStatusError(payment: Payment, action: string, hint: string): never {
  const description = `payment ${payment.id} cannot be ${action}: its status is ${payment.status}. ${hint}`.trim();
  throw classicError(400, description, {
    cause: [{ code: "invalid_payment_status", description, data: payment.status }],
  });
}

function addMs(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString();
}

function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** provider: metadata keys come back in snake_case. */
function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [snakeCase(k), snakeCaseKeys(v)]),
    );
  }
  return value;
}

function feeDetails(
  payment: Payment,
  amountMinor: number,
  applicationFeeMinor: number,
  financingMinor: number,
): Schemas["PaymentFeeDetail"][] {
  const currency = currencyOf(payment);
  const bps = FEE_BASIS_POINTS[payment.payment_type_id] ?? 0;
  // Rounded half up in minor units: integer math, no float drift.
  const fee = Math.floor((amountMinor * bps + 5000) / 10000);
  const details: Schemas["PaymentFeeDetail"][] = [
    { type: "mercadopago_fee", amount: fromMinorUnits(fee, currency), fee_payer: "collector" },
  ];
  if (financingMinor > 0) {
    // provider: the interest of financed installments is a `financing_fee` the payer pays on top of the price.
    details.push({ type: "financing_fee", amount: fromMinorUnits(financingMinor, currency), fee_payer: "payer" });
  }
  if (applicationFeeMinor > 0) {
    details.push({
      type: "application_fee",
      amount: fromMinorUnits(applicationFeeMinor, currency),
      fee_payer: "collector",
    });
  }
  return details;
}

function pixEndToEndId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let tail = "";
  for (const byte of randomBytes(11)) tail += alphabet[byte % alphabet.length];
  return `E18236120${stamp}${tail}`;
}

/** Marks a payment approved now: dates, fees, net amount, release date, Pix end-to-end id. */
function approve(ctx: SandboxContext, payment: Payment, applicationFeeMinor = 0): void {
  const now = ctx.clock.now();
  const currency = currencyOf(payment);
  const amountMinor = toMinorUnits(payment.transaction_amount, currency);
  // Financed installments: the payer pays the payer cost's total; the seller receives the price less its fees.
  const totalPaidMinor = Math.max(
    amountMinor,
    toMinorUnits(payment.transaction_details?.total_paid_amount ?? payment.transaction_amount, currency),
  );
  payment.status = "approved";
  payment.status_detail = "accredited";
  payment.captured = true;
  payment.date_approved = now.toISOString();
  payment.money_release_date = addMs(now, (RELEASE_DAYS[payment.payment_type_id] ?? 0) * DAY_MS);
  payment.money_release_status = "pending";
  payment.fee_details = feeDetails(payment, amountMinor, applicationFeeMinor, totalPaidMinor - amountMinor);
  const feesMinor = payment.fee_details
    .filter((fee) => fee.fee_payer !== "payer")
    .reduce((sum, fee) => sum + toMinorUnits(fee.amount ?? 0, currency), 0);
  payment.transaction_details = {
    ...payment.transaction_details,
    net_received_amount: fromMinorUnits(amountMinor - feesMinor, currency),
    total_paid_amount: fromMinorUnits(totalPaidMinor, currency),
  };
  if (payment.payment_type_id === "credit_card" || payment.payment_type_id === "debit_card") {
    payment.authorization_code ??= String(100000 + Math.floor(Math.random() * 900000));
  }
  const data = payment.point_of_interaction?.transaction_data;
  if (payment.payment_method_id === "pix" && data) data.e2e_id = pixEndToEndId(now);
}

function setStatus(payment: Payment, status: PaymentStatus, detail: PaymentStatusDetail): void {
  payment.status = status;
  payment.status_detail = detail;
}

interface CardUse extends KnownCard {
  cardId: string | null;
  identification: { type?: string | null; number?: string | null } | null;
}

function cardUseFromToken(stored: StoredCardToken): CardUse {
  return {
    cardholderName: stored.cardholderName,
    paymentMethodId: stored.paymentMethodId,
    firstSixDigits: stored.token.first_six_digits ?? "",
    lastFourDigits: stored.token.last_four_digits ?? "",
    expirationMonth: stored.token.expiration_month ?? 1,
    expirationYear: stored.token.expiration_year ?? 2030,
    cardId: stored.cardId,
    identification: stored.token.cardholder?.identification ?? null,
  };
}

function resolveMethod(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["PaymentCreateRequest"],
  options: CreatePaymentOptions,
): PaymentMethodDefinition {
  let methodId = body.payment_method_id;
  if (methodId === undefined || methodId === "") {
    // Friendlier than the provider: a card token already tells the brand.
    methodId =
      options.charge?.paymentMethodId ??
      (body.token ? peekCardToken(ctx, seller, body.token)?.paymentMethodId : undefined);
  }
  if (methodId === undefined || methodId === "") {
    throw badField("payment_method_id", "payment_method_id attribute can not be null", 4001);
  }
  const method = findPaymentMethod(seller.siteId, methodId) ?? (options.charge ? anyCardMethod(methodId) : undefined);
  if (!method) {
    throw badField(
      "payment_method_id",
      `invalid payment_method_id: ${methodId} is not a payment method of site ${seller.siteId}`,
      3028,
    );
  }
  return method;
}

function checkExpirationRequest(ctx: SandboxContext, value: string | undefined, defaultMs: number): string {
  const now = ctx.clock.now();
  if (value === undefined) return addMs(now, defaultMs);
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw badField("date_of_expiration", "date_of_expiration must be a valid date-time", 23);
  if (at <= now.getTime()) throw badField("date_of_expiration", "date_of_expiration must be in the future", 23);
  return new Date(at).toISOString();
}

function payerOf(body: Schemas["PaymentCreateRequest"]): Schemas["PaymentPayer"] {
  const payer = body.payer;
  return {
    // provider: a payer given by e-mail is resolved to a payer account, whose id is answered as a string.
    id: payer.id ?? String(payerIdForEmail(payer.email)),
    email: payer.email,
    first_name: payer.first_name ?? null,
    last_name: payer.last_name ?? null,
    type: payer.type ?? null,
    entity_type: payer.entity_type ?? null,
    operator_id: null,
    identification: { type: payer.identification?.type ?? null, number: payer.identification?.number ?? null },
    phone: { area_code: payer.phone?.area_code ?? null, number: payer.phone?.number ?? null, extension: null },
  };
}

function additionalInfoOf(body: Schemas["PaymentCreateRequest"]): Payment["additional_info"] {
  const info = body.additional_info;
  if (!info) return {};
  return {
    ...info,
    ip_address: info.ip_address ?? null,
    // provider: item quantity and unit_price are echoed as strings.
    items: (info.items ?? []).map((item) => ({
      ...item,
      quantity: item.quantity === undefined ? undefined : String(item.quantity),
      unit_price: item.unit_price === undefined ? undefined : String(item.unit_price),
    })),
  } as Payment["additional_info"];
}

function validatePayer(ctx: SandboxContext, seller: Seller, body: Schemas["PaymentCreateRequest"]): void {
  const email = body.payer?.email?.trim() ?? "";
  if (email === "") throw badField("payer.email", "payer.email is required", 4050);
  if (email.toLowerCase() === seller.email.toLowerCase()) {
    // provider: 403 "Payer email forbidden" (cause 4390) when the payer is the seller.
    throw classicError(403, "Payer email forbidden", {
      cause: [
        { code: 4390, description: "Payer email forbidden: the payer cannot be the collector", data: "payer.email" },
      ],
    });
  }
  if (body.payer.type === "customer") {
    const customerId = body.payer.id;
    if (!customerId || !customersOf(ctx, seller.userId).get(customerId)) {
      throw badField("payer.id", `Customer not found: ${customerId ?? "(none)"}`, 2002);
    }
  }
}

/**
 * The payer cost of a card payment's installments, or null for other methods
 * (which take 1). provider: a count the method does not offer for this amount
 * (its installments API, `GET /v1/payment_methods/installments`) is a 400,
 * cause 109 "Invalid number of shares for this payment_method_id"; the status
 * detail `cc_rejected_invalid_installments` is an issuer's decline (cardholder
 * `INST`), not a validation.
 */
function checkInstallments(
  site: SiteDefinition,
  method: PaymentMethodDefinition,
  amountMinor: number,
  installments: number,
): PayerCostMinor | null {
  if (method.kind !== "card") {
    if (installments !== 1) {
      throw badField(
        "installments",
        `Invalid number of shares for this payment_method_id: ${method.id} takes 1 installment, got ${installments}`,
        109,
      );
    }
    return null;
  }
  const offered = offeredCosts(site, method, amountMinor);
  const cost = Number.isInteger(installments) ? offered.find((o) => o.installments === installments) : undefined;
  if (!cost) {
    const counts = offered.map((o) => o.installments).join(", ");
    throw badField(
      "installments",
      `Invalid number of shares for this payment_method_id: ${method.id} offers ${counts} installments for this amount, got ${installments}`,
      109,
    );
  }
  return cost;
}

/** The cost of `installments` of a card method for another amount (a partial capture), at the schedule's rate. */
function costForAmount(
  site: SiteDefinition,
  method: CardMethodDefinition | undefined,
  amountMinor: number,
  installments: number,
): PayerCostMinor {
  const rate = method
    ? (scheduleOf(site.id, method).find((o) => o.installments === installments)?.rateBasisPoints ?? 0)
    : 0;
  return costInMinorUnits(amountMinor, installments, rate);
}

function basePayment(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["PaymentCreateRequest"],
  method: PaymentMethodDefinition,
  amountMinor: number,
  installments: number,
  cost: PayerCostMinor | null,
  options: CreatePaymentOptions,
): Payment {
  const currency = siteOf(seller.siteId).currencyId;
  const nowIso = ctx.clock.nowIso();
  const amount = fromMinorUnits(amountMinor, currency);
  const issuerId = method.kind === "card" ? String(body.issuer_id ?? method.issuer.id) : null;
  return {
    id: ctx.store.nextId("payment_id", 1_320_000_001),
    date_created: nowIso,
    date_approved: null,
    date_last_updated: nowIso,
    date_of_expiration: null,
    money_release_date: null,
    money_release_status: null,
    operation_type: options.operationType ?? "regular_payment",
    issuer_id: issuerId,
    payment_method_id: method.id,
    payment_type_id: method.paymentTypeId,
    payment_method: { id: method.id, type: method.paymentTypeId, issuer_id: issuerId },
    status: "pending",
    status_detail: "pending_waiting_payment",
    currency_id: currency,
    description: body.description ?? null,
    live_mode: false,
    sponsor_id: body.sponsor_id ?? null,
    authorization_code: null,
    collector_id: seller.userId,
    payer: payerOf(body),
    metadata: snakeCaseKeys(body.metadata ?? {}) as Record<string, unknown>,
    additional_info: additionalInfoOf(body),
    order: {},
    external_reference: body.external_reference ?? null,
    transaction_amount: amount,
    transaction_amount_refunded: 0,
    coupon_amount: body.coupon_amount ?? 0,
    differential_pricing_id: body.differential_pricing_id ?? null,
    installments,
    transaction_details: {
      net_received_amount: 0,
      // provider: the chosen payer cost's installment and total (the total includes financing).
      total_paid_amount: cost ? fromMinorUnits(cost.totalMinor, currency) : amount,
      overpaid_amount: 0,
      installment_amount: cost ? fromMinorUnits(cost.installmentMinor, currency) : 0,
      external_resource_url: null,
      financial_institution: body.transaction_details?.financial_institution ?? null,
      payment_method_reference_id: null,
      acquirer_reference: null,
      transaction_id: null,
      barcode: null,
      digitable_line: null,
      verification_code: null,
      bank_transfer_id: null,
    },
    fee_details: [],
    charges_details: [],
    captured: true,
    binary_mode: body.binary_mode ?? false,
    call_for_authorize_id: null,
    statement_descriptor: body.statement_descriptor ?? null,
    card: {},
    // provider: every payment answer carries these (sdk-nodejs e2e/payment/capture.spec.ts; sdk-java mocks
    // payment_boleto.json: `acquirer_reconciliation: []`, `build_version: "2.133.0"`).
    acquirer_reconciliation: [],
    build_version: PROVIDER_BUILD_VERSION,
    notification_url: body.notification_url ?? null,
    callback_url: body.callback_url ?? null,
    refunds: [],
    processing_mode: body.processing_mode ?? "aggregator",
    merchant_account_id: body.merchant_account_id ?? null,
    merchant_number: null,
    point_of_interaction: body.point_of_interaction ?? { type: "UNSPECIFIED" },
    three_ds_info: null,
    taxes_amount: 0,
    shipping_amount: 0,
    net_amount: amount,
    store_id: null,
    pos_id: null,
    platform_id: null,
    integrator_id: null,
    corporation_id: null,
  };
}

function voucherUrl(ctx: SandboxContext, seller: Seller, paymentId: number, hash: string): string {
  const base = ctx.config.publicUrl.replace(/\/+$/, "");
  return `${base}/payments/${paymentId}/ticket?caller_id=${seller.userId}&hash=${hash}`;
}

function applyCardOutcome(
  ctx: SandboxContext,
  payment: Payment,
  card: CardUse,
  capture: boolean,
  applicationFeeMinor: number,
): void {
  const nowIso = ctx.clock.nowIso();
  payment.card = {
    id: card.cardId,
    first_six_digits: card.firstSixDigits,
    last_four_digits: card.lastFourDigits,
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYear,
    date_created: nowIso,
    date_last_updated: nowIso,
    cardholder: {
      name: card.cardholderName,
      identification: card.identification
        ? { type: card.identification.type ?? null, number: card.identification.number ?? null }
        : null,
    },
  };
  payment.captured = capture;
  const outcome = outcomeForCardholder(card.cardholderName);
  if (outcome.status === "approved") {
    if (capture) approve(ctx, payment, applicationFeeMinor);
    else setStatus(payment, "authorized", "pending_capture");
  } else if (outcome.status === "in_process") {
    // provider: binary_mode payments end approved or rejected, never in_process.
    if (payment.binary_mode) setStatus(payment, "rejected", "cc_rejected_other_reason");
    else setStatus(payment, "in_process", outcome.statusDetail as PaymentStatusDetail);
  } else {
    setStatus(payment, "rejected", outcome.statusDetail as PaymentStatusDetail);
  }
}

function applyPix(
  ctx: SandboxContext,
  seller: Seller,
  payment: Payment,
  amountMinor: number,
  hash: string,
  expiration: string,
): void {
  const code = buildPixCode({
    amount: toDecimalString(amountMinor, "BRL"),
    merchantName: seller.nickname,
    merchantCity: "SAO PAULO",
    payloadLocation: `${new URL(ctx.config.publicUrl).host}/pix/v2/${uuid()}`,
    txid: `MP${payment.id}`,
  });
  setStatus(payment, "pending", "pending_waiting_transfer");
  payment.date_of_expiration = expiration;
  payment.point_of_interaction = {
    type: "PIX",
    sub_type: null,
    linked_to: null,
    application_data: { name: null, version: null },
    transaction_data: {
      qr_code: code,
      qr_code_base64: qrPngBase64(code),
      ticket_url: voucherUrl(ctx, seller, payment.id, hash),
      transaction_id: null,
      bank_transfer_id: null,
      financial_institution: null,
      e2e_id: null,
    },
  };
}

function applyTicket(
  ctx: SandboxContext,
  seller: Seller,
  payment: Payment,
  method: OfflineMethodDefinition,
  amountMinor: number,
  hash: string,
  expiration: string,
): void {
  setStatus(payment, "pending", "pending_waiting_payment");
  payment.date_of_expiration = expiration;
  const details = payment.transaction_details ?? {};
  details.external_resource_url = voucherUrl(ctx, seller, payment.id, hash);
  if (method.id === "bolbradesco") {
    const boleto = buildBoleto(amountMinor, new Date(expiration));
    details.barcode = { content: boleto.barcode };
    details.digitable_line = boleto.digitableLine;
    details.payment_method_reference_id = boleto.barcode.slice(-11);
  } else {
    const voucher = buildCashVoucher(payment.id);
    details.barcode = { content: voucher.barcode };
    details.payment_method_reference_id = voucher.reference;
  }
  payment.transaction_details = details;
}

/**
 * Creates a payment for a seller exactly as POST /v1/payments does (card token
 * consumed, outcome by cardholder name, Pix/ticket pending data, webhook sent)
 * and returns it. Validation errors throw SandboxHttpError: 400 naming the
 * field (amount decimals, unknown method, installments, missing token, …),
 * 403 when the payer is the seller.
 */
export function createPayment(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["PaymentCreateRequest"],
  options: CreatePaymentOptions = {},
): Schemas["Payment"] {
  const site = siteOf(seller.siteId);
  validatePayer(ctx, seller, body);
  const amountMinor = amountInMinorUnits(body.transaction_amount, site.currencyId, "transaction_amount");
  const method = resolveMethod(ctx, seller, body, options);
  const installments = body.installments ?? 1;
  const cost = checkInstallments(site, method, amountMinor, installments);
  const maxMinor = toMinorUnits(site.maxAllowedAmount, site.currencyId);
  if (amountMinor > maxMinor) {
    throw badField(
      "transaction_amount",
      `Cannot pay this amount with this paymentMethod: the maximum is ${site.maxAllowedAmount}`,
      129,
    );
  }
  let applicationFeeMinor = 0;
  if (body.application_fee !== undefined && body.application_fee > 0) {
    applicationFeeMinor = amountInMinorUnits(body.application_fee, site.currencyId, "application_fee");
    if (applicationFeeMinor > amountMinor) {
      throw badField("application_fee", "application_fee cannot be bigger than transaction_amount", 4038);
    }
  }
  const capture = body.capture !== false;
  let card: CardUse | null = null;
  let expiration: string | null = null;
  if (method.kind === "card") {
    if (!capture && method.paymentTypeId === "debit_card") {
      // provider: reserve-then-capture is not supported for debit cards.
      throw badField(
        "capture",
        `capture=false is not supported for ${method.id}: debit cards cannot be reserved`,
        4033,
      );
    }
    if (!options.charge && !body.token) throw badField("token", `a card token is required for ${method.id}`, 2006);
  } else {
    const defaultMs = method.kind === "pix" ? PIX_DEFAULT_EXPIRATION_MS : TICKET_DEFAULT_EXPIRATION_MS;
    expiration = checkExpirationRequest(ctx, body.date_of_expiration, defaultMs);
    if (method.id === "bolbradesco") {
      const identification = body.payer.identification;
      if (!identification?.number || (identification.type !== "CPF" && identification.type !== "CNPJ")) {
        throw badField(
          "payer.identification",
          "boleto payments need the payer's CPF or CNPJ in payer.identification",
          2067,
        );
      }
    }
  }
  // The token is consumed last, so that a request refused above can be fixed and retried with the same token.
  if (method.kind === "card") {
    card = options.charge
      ? { ...options.charge, cardId: null, identification: null }
      : cardUseFromToken(consumeCardToken(ctx, seller, body.token ?? ""));
  }

  let payment = basePayment(ctx, seller, body, method, amountMinor, installments, cost, options);
  const hash = randomBytes(12).toString("hex");
  if (method.kind === "card" && card) applyCardOutcome(ctx, payment, card, capture, applicationFeeMinor);
  else if (method.kind === "pix") applyPix(ctx, seller, payment, amountMinor, hash, expiration ?? "");
  else if (method.kind === "ticket") applyTicket(ctx, seller, payment, method, amountMinor, hash, expiration ?? "");
  if (options.extra) payment = { ...payment, ...options.extra, id: payment.id };

  paymentsOf(ctx, seller.userId).put(payment.id, payment);
  ownersOf(ctx).put(payment.id, { sellerUserId: seller.userId, hash });
  notifyPayment(ctx, seller.userId, payment, "payment.created");
  return payment;
}

/**
 * Captures an `authorized` payment in full or, with `amount`, in part (at most
 * the reserved amount) → `approved` / `accredited`, `captured: true`. Throws 404
 * for an unknown payment and 400 for any other status or a larger amount.
 */
export function capturePayment(
  ctx: SandboxContext,
  sellerUserId: number,
  id: number,
  amount?: number,
): Schemas["Payment"] {
  const payment = findPayment(ctx, sellerUserId, id);
  if (!payment) throw notFound("payment", id);
  if (payment.status !== "authorized") {
    paymentStatusError(payment, "captured", "Only authorized payments (created with capture=false) can be captured.");
  }
  const currency = currencyOf(payment);
  const reservedMinor = toMinorUnits(payment.transaction_amount, currency);
  if (amount !== undefined) {
    const captureMinor = amountInMinorUnits(amount, currency, "transaction_amount");
    if (captureMinor > reservedMinor) {
      throw badField(
        "transaction_amount",
        `transaction_amount ${amount} exceeds the authorized amount ${payment.transaction_amount}: capture the same or a lower amount`,
        4037,
      );
    }
    const captured = fromMinorUnits(captureMinor, currency);
    payment.transaction_amount = captured;
    payment.net_amount = captured;
    const installments = payment.installments ?? 1;
    const seller = ctx.store.sellerByUserId(sellerUserId);
    const site = siteOf(seller?.siteId ?? "MLA");
    const cost = costForAmount(site, anyCardMethod(payment.payment_method_id ?? ""), captureMinor, installments);
    payment.transaction_details = {
      ...payment.transaction_details,
      total_paid_amount: fromMinorUnits(cost.totalMinor, currency),
      installment_amount: fromMinorUnits(cost.installmentMinor, currency),
    };
  }
  approve(ctx, payment);
  return savePaymentChange(ctx, sellerUserId, payment);
}

const CANCELLABLE: ReadonlySet<PaymentStatus> = new Set(["pending", "in_process", "authorized"]);

/**
 * Cancels a `pending`, `in_process` or `authorized` payment → `cancelled` /
 * `by_collector`. Approved payments must be refunded instead; Point payments
 * cannot be cancelled. Throws 404 / 400 like the provider.
 */
export function cancelPayment(ctx: SandboxContext, sellerUserId: number, id: number): Schemas["Payment"] {
  const payment = findPayment(ctx, sellerUserId, id);
  if (!payment) throw notFound("payment", id);
  if (payment.status === "approved") paymentStatusError(payment, "cancelled", "Refund approved payments instead.");
  if (!CANCELLABLE.has(payment.status)) {
    paymentStatusError(payment, "cancelled", "Only pending, in_process and authorized payments can be cancelled.");
  }
  if (payment.operation_type === "pos_payment") {
    // provider: QR and Point payments cannot be cancelled, only refunded.
    paymentStatusError(payment, "cancelled", "Point payments cannot be cancelled, only refunded.");
  }
  setStatus(payment, "cancelled", "by_collector");
  return savePaymentChange(ctx, sellerUserId, payment);
}

export type SettleOutcome = "approve" | "reject" | "expire";

/**
 * Settles a `pending` or `in_process` payment as the buyer or the issuer would
 * (control API): `approve` → approved / accredited (an in-process card payment
 * created with capture=false becomes authorized / pending_capture), `reject` →
 * rejected, `expire` → cancelled / expired. Sends `payment.updated`.
 */
export function settlePayment(
  ctx: SandboxContext,
  sellerUserId: number,
  id: number,
  outcome: SettleOutcome,
): Schemas["Payment"] {
  const payment = findPayment(ctx, sellerUserId, id);
  if (!payment) throw notFound("payment", id);
  if (payment.status !== "pending" && payment.status !== "in_process") {
    paymentStatusError(payment, "settled", "Only pending and in_process payments can be settled.");
  }
  const isCard = payment.payment_type_id === "credit_card" || payment.payment_type_id === "debit_card";
  if (outcome === "approve") {
    if (isCard && payment.captured === false) setStatus(payment, "authorized", "pending_capture");
    else approve(ctx, payment);
  } else if (outcome === "reject") {
    setStatus(payment, "rejected", isCard ? "cc_rejected_other_reason" : "rejected_by_bank");
  } else {
    setStatus(payment, "cancelled", "expired");
  }
  return savePaymentChange(ctx, sellerUserId, payment);
}

/** Expires and releases what fell due at `now` (registered as a clock ticker). */
export function runPaymentClock(ctx: SandboxContext, now: Date): void {
  const t = now.getTime();
  for (const seller of ctx.store.sellers()) {
    const payments = paymentsOf(ctx, seller.userId);
    for (const payment of payments.list()) {
      const created = Date.parse(payment.date_created);
      const expiresAt = payment.date_of_expiration ? Date.parse(payment.date_of_expiration) : Number.POSITIVE_INFINITY;
      if (payment.status === "pending" && (expiresAt <= t || created + PENDING_EXPIRY_MS <= t)) {
        setStatus(payment, "cancelled", "expired");
        savePaymentChange(ctx, seller.userId, payment);
      } else if (payment.status === "authorized" && created + AUTHORIZATION_EXPIRY_MS <= t) {
        setStatus(payment, "cancelled", "expired");
        savePaymentChange(ctx, seller.userId, payment);
      } else if (
        payment.money_release_status === "pending" &&
        payment.money_release_date &&
        Date.parse(payment.money_release_date) <= t
      ) {
        // Not a status change: the provider does not notify it, so neither does the sandbox.
        payment.money_release_status = "released";
        payments.put(payment.id, payment);
      }
    }
  }
}

const RESERVED_SEARCH_KEYS = new Set(["sort", "criteria", "range", "begin_date", "end_date", "limit", "offset"]);
const DATE_FIELDS = new Set(["date_created", "date_last_updated", "date_approved", "money_release_date"]);
const RELATIVE_DATE = /^NOW(?:([+-])(\d+)(SECONDS?|MINUTES?|HOURS?|DAYS?|WEEKS?|MONTHS?|YEARS?))?$/;

/** A search bound: ISO 8601, or the provider's relative form (`NOW`, `NOW-30DAYS`, `NOW+1HOURS`). */
export function parseSearchDate(value: string, now: Date, field: string): number {
  const relative = RELATIVE_DATE.exec(value.trim().toUpperCase());
  if (relative) {
    const [, sign, count, unit = ""] = relative;
    if (!sign || !count) return now.getTime();
    const n = Number(count) * (sign === "-" ? -1 : 1);
    const date = new Date(now.getTime());
    if (unit.startsWith("MONTH")) date.setUTCMonth(date.getUTCMonth() + n);
    else if (unit.startsWith("YEAR")) date.setUTCFullYear(date.getUTCFullYear() + n);
    else {
      const unitMs: Record<string, number> = {
        SECOND: 1000,
        MINUTE: MINUTE_MS,
        HOUR: 60 * MINUTE_MS,
        DAY: DAY_MS,
        WEEK: 7 * DAY_MS,
      };
      date.setTime(date.getTime() + n * (unitMs[unit.replace(/S$/, "")] ?? DAY_MS));
    }
    return date.getTime();
  }
  const at = Date.parse(value);
  if (Number.isNaN(at))
    throw badField(field, `${field} must be an ISO 8601 date-time or a relative date such as NOW-30DAYS`);
  return at;
}

function valueAt(payment: Payment, path: string): unknown {
  if (path === "collector.id") return payment.collector_id;
  let current: unknown = payment;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * GET /v1/payments/search for one seller: any other query key filters by the
 * payment field of that (dotted) name (`status`, `external_reference`,
 * `payer.id`, `payment_method_id`, …); `range` + `begin_date`/`end_date`
 * bound a date field; `sort`/`criteria` order (default date_created desc).
 */
export function searchPayments(
  ctx: SandboxContext,
  sellerUserId: number,
  query: URLSearchParams,
): Schemas["PaymentSearchResult"] {
  const now = ctx.clock.now();
  const range = query.get("range") ?? "date_created";
  if (!DATE_FIELDS.has(range)) throw badField("range", `range must be one of ${[...DATE_FIELDS].join(", ")}`);
  const begin = query.get("begin_date");
  const end = query.get("end_date");
  const from = begin ? parseSearchDate(begin, now, "begin_date") : null;
  const to = end ? parseSearchDate(end, now, "end_date") : null;
  const filters = [...query.entries()].filter(([key]) => !RESERVED_SEARCH_KEYS.has(key));

  let results = paymentsOf(ctx, sellerUserId)
    .list()
    .filter((payment) => filters.every(([key, value]) => String(valueAt(payment, key) ?? "") === value))
    .filter((payment) => {
      if (from === null && to === null) return true;
      const raw = valueAt(payment, range);
      if (typeof raw !== "string") return false;
      const at = Date.parse(raw);
      return (from === null || at >= from) && (to === null || at <= to);
    });

  const sort = query.get("sort") ?? "date_created";
  if (!DATE_FIELDS.has(sort)) throw badField("sort", `sort must be one of ${[...DATE_FIELDS].join(", ")}`);
  const direction = (query.get("criteria") ?? "desc") === "asc" ? 1 : -1;
  results = results.sort((a, b) => {
    const av = Date.parse(String(valueAt(a, sort) ?? "")) || 0;
    const bv = Date.parse(String(valueAt(b, sort) ?? "")) || 0;
    // Ids grow with creation, so they break ties between payments of the same millisecond.
    return (av - bv || a.id - b.id) * direction;
  });

  const limit = Math.min(Math.max(Number(query.get("limit") ?? 30) || 30, 1), 100);
  const offset = Math.max(Number(query.get("offset") ?? 0) || 0, 0);
  return { paging: { total: results.length, limit, offset }, results: results.slice(offset, offset + limit) };
}

function paymentIdParam(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw badField("id", "the payment id must be a positive integer");
  return id;
}

function isSettleOutcome(value: unknown): value is SettleOutcome {
  return value === "approve" || value === "reject" || value === "expire";
}

/** Routes of the `payments` group, the voucher page and the settle control endpoint; registers the payment clock. */
export const registerPaymentsRoutes: RegisterRoutes = (app, ctx) => {
  ctx.clock.onTick((now) => runPaymentClock(ctx, now));

  app.post("/v1/payments", (c) => {
    const payment = createPayment(ctx, c.get("seller"), c.get("jsonBody") as Schemas["PaymentCreateRequest"]);
    return c.json(payment, 201);
  });

  app.get("/v1/payments/search", (c) => {
    const query = new URL(c.req.url).searchParams;
    return c.json(searchPayments(ctx, c.get("seller").userId, query), 200);
  });

  app.get("/v1/payments/:id", (c) => {
    const id = paymentIdParam(c.req.param("id"));
    const payment = findPayment(ctx, c.get("seller").userId, id);
    // Another seller's payment is answered like a missing one.
    if (!payment) throw notFound("payment", id);
    return c.json(payment, 200);
  });

  app.put("/v1/payments/:id", (c) => {
    const id = paymentIdParam(c.req.param("id"));
    const seller = c.get("seller");
    const body = c.get("jsonBody") as Schemas["PaymentUpdateRequest"];
    if ("capture" in body && body.capture === true) {
      return c.json(capturePayment(ctx, seller.userId, id, body.transaction_amount), 200);
    }
    if ("status" in body && body.status === "cancelled") return c.json(cancelPayment(ctx, seller.userId, id), 200);
    throw badField("body", 'send {"capture": true} to capture or {"status": "cancelled"} to cancel');
  });

  /**
   * Control API: settle a pending or in-process payment (CONT card payments,
   * Pix, cash vouchers) as if the buyer paid, the issuer decided or the
   * voucher lapsed. Body `{"outcome": "approve" | "reject" | "expire"}` (JSON,
   * or a form post from the voucher page, which is redirected back to it).
   * Answers the updated payment; 404 unknown payment, 400 other statuses.
   */
  app.post("/__sandbox/payments/:id/settle", (c) => {
    const id = paymentIdParam(c.req.param("id"));
    const body = (c.get("jsonBody") ?? {}) as { outcome?: unknown };
    if (!isSettleOutcome(body.outcome)) throw badField("outcome", 'outcome must be "approve", "reject" or "expire"');
    const found = findPaymentOfAnySeller(ctx, id);
    if (!found) throw notFound("payment", id);
    const payment = settlePayment(ctx, found.sellerUserId, id, body.outcome);
    const isForm = (c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
    if (isForm) return c.redirect(`/payments/${id}/ticket?caller_id=${found.sellerUserId}&hash=${found.hash}`, 303);
    return c.json(payment, 200);
  });

  // The pages behind `external_resource_url` / `ticket_url` stand in for the provider's web front: no bearer token.
  markPublicPath(app, "/payments");
  app.get("/payments/:id/ticket", (c) => {
    const found = findPaymentOfAnySeller(ctx, Number(c.req.param("id")));
    if (!found || c.req.query("hash") !== found.hash)
      return c.html("<!doctype html><title>Not found</title><h1>Voucher not found</h1>", 404);
    return c.html(renderVoucherPage(found.payment), 200);
  });
};
