// The payment methods the store's account offers (`/v1/payment_methods`),
// trimmed to what the browser needs: guess the brand from the BIN, offer
// installments, show Pix and cash vouchers. Cached per process for 10 minutes
// (the list changes rarely; each server instance keeps its own copy).

import type { PaymentMethod } from "@cobro/contracts";
import type { PaymentMethod as ProviderPaymentMethod } from "@cobro/provider-client";
import { type CurrencyCode, toMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { getStoreAccount } from "../../provider/get-store-account";
import { createProviderCache } from "../../provider/provider-cache";
import { toShopperError } from "../../provider/provider-failure";

export const PAYMENT_METHODS_TTL_MS = 10 * 60 * 1000;

/**
 * The most installments offered for a credit card whose BIN allows them.
 * provider: the real limit depends on issuer and amount (its installments API);
 * a choice above it is refused at payment time, naming `installments`.
 */
export const DEFAULT_MAX_CARD_INSTALLMENTS = 12;

/** Payment types paid outside a card form: Pix (bank_transfer) and cash vouchers (ticket, atm). */
export const OFFLINE_PAYMENT_TYPES: ReadonlySet<string> = new Set(["bank_transfer", "ticket", "atm"]);
const CARD_PAYMENT_TYPES: ReadonlySet<string> = new Set(["credit_card", "debit_card", "prepaid_card"]);

const methodsCache = createProviderCache<ProviderPaymentMethod[]>({ ttlMs: PAYMENT_METHODS_TTL_MS });

function minorOrUndefined(amount: number | undefined, currency: CurrencyCode): number | undefined {
  if (amount === undefined) return undefined;
  try {
    return toMinorUnits(amount, currency);
  } catch {
    return undefined;
  }
}

function toPaymentMethod(method: ProviderPaymentMethod, currency: CurrencyCode): PaymentMethod {
  const view: PaymentMethod = {
    id: method.id,
    name: method.name,
    paymentTypeId: method.payment_type_id,
    thumbnail: method.secure_thumbnail ?? method.thumbnail ?? null,
  };
  const min = minorOrUndefined(method.min_allowed_amount, currency);
  const max = minorOrUndefined(method.max_allowed_amount, currency);
  if (min !== undefined) view.minAmountMinor = min;
  if (max !== undefined) view.maxAmountMinor = max;
  if (CARD_PAYMENT_TYPES.has(method.payment_type_id)) {
    const setting = method.settings?.[0];
    const allowsInstallments = method.payment_type_id === "credit_card" && Boolean(setting?.bin?.installments_pattern);
    view.installments = { max: allowsInstallments ? DEFAULT_MAX_CARD_INSTALLMENTS : 1 };
    if (setting?.bin?.pattern) view.binPattern = setting.bin.pattern;
    if (setting?.bin?.exclusion_pattern) view.binExclusionPattern = setting.bin.exclusion_pattern;
    if (setting?.card_number?.length) view.cardNumberLength = setting.card_number.length;
    if (setting?.security_code?.length) view.securityCodeLength = setting.security_code.length;
  }
  return view;
}

/** The active payment methods of the store's site. */
export async function listPaymentMethods(options: { deps: Pick<AppDeps, "provider"> }): Promise<PaymentMethod[]> {
  const { provider } = options.deps;
  const account = await getStoreAccount(options);
  let methods: ProviderPaymentMethod[];
  try {
    methods = await methodsCache.get(provider, () => provider.paymentMethods.list());
  } catch (error) {
    throw toShopperError(error, { action: "load the payment methods" });
  }
  return methods
    .filter((method) => method.status === "active")
    .map((method) => toPaymentMethod(method, account.currency));
}
