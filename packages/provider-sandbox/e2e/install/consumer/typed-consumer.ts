// A TypeScript program using both installed packages' declarations. The
// install test typechecks it with `moduleResolution` `nodenext` and `bundler`;
// each `@ts-expect-error` fails the check if the types went missing (`any`).
import {
  createProviderClient,
  type Payment,
  type PaymentCreateRequest,
  ProviderError,
  ProviderTimeoutError,
} from "@cobro/provider-client";
import type { paths } from "@cobro/provider-client/generated";
import { type CurrencyCode, formatMoney, toMinorUnits } from "@cobro/provider-client/money";
import { verifyWebhookSignature } from "@cobro/provider-client/webhooks";
import { createSandbox, DEFAULT_SELLER, type Sandbox } from "mercadopago-sandbox";

/** The payment's status, or "unknown" when no answer came (the payment may exist: look it up, never pay again). */
export async function payOnce(sandbox: Sandbox, body: PaymentCreateRequest): Promise<Payment["status"] | "unknown"> {
  const mp = createProviderClient({ accessToken: DEFAULT_SELLER.accessToken, baseUrl: sandbox.url });
  try {
    const payment: Payment = await mp.payments.create(body, { idempotencyKey: "order-1" });
    return payment.status;
  } catch (error) {
    if (error instanceof ProviderTimeoutError) return "unknown";
    if (error instanceof ProviderError) throw new Error(`${error.status} ${error.code ?? ""}`);
    throw error;
  }
}

export async function main(): Promise<string> {
  const sandbox = await createSandbox({ port: 0 });
  const currency: CurrencyCode = "BRL";
  const status = await payOnce(sandbox, {
    transaction_amount: 10,
    token: "card-token",
    installments: 1,
    payment_method_id: "visa",
    payer: { email: "buyer@testuser.com" },
  });
  // @ts-expect-error: transaction_amount is a number in the provider's Payments API
  await payOnce(sandbox, { transaction_amount: "10", installments: 1, payer: { email: "x@y.z" } });
  // @ts-expect-error: not a currency the money helpers know
  toMinorUnits("1", "EUR");
  const check = verifyWebhookSignature({ secret: "s", xSignature: null, xRequestId: null, dataId: null });
  const path: keyof paths = "/v1/payments";
  await sandbox.close();
  return `${status} ${formatMoney(toMinorUnits("1.50", currency), currency)} ${check.ok} ${path}`;
}
