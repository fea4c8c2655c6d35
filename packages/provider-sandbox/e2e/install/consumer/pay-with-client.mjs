// A plain Node program (no TypeScript, no loader, no bundler) that pays through
// the installed @cobro/provider-client: a card token, then a payment with an
// idempotency key of its own. Prints what it got as one JSON line.
//
//   node pay-with-client.mjs <sandbox URL> <access token> <external reference>
import { createProviderClient } from "@cobro/provider-client";
import { fromMinorUnits, toMinorUnits } from "@cobro/provider-client/money";

const [baseUrl, accessToken, reference] = process.argv.slice(2);
const mp = createProviderClient({ accessToken, baseUrl });

const token = await mp.cardTokens.create({
  card_number: "5031755734530604", // the sandbox's (and the provider's) Argentine test Mastercard
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
  cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
});
const payment = await mp.payments.create(
  {
    transaction_amount: fromMinorUnits(toMinorUnits("149.90", "ARS"), "ARS"),
    token: token.id,
    installments: 1,
    payment_method_id: "master",
    payer: { email: "buyer@testuser.com" },
    external_reference: reference,
  },
  { idempotencyKey: `${reference}-payment` },
);
console.log(JSON.stringify({ paymentId: payment.id, status: payment.status, amount: payment.transaction_amount }));
