// The provider's own Node SDK (npm `mercadopago`) paying against the sandbox.
// The SDK has no base-URL option: every call goes to `AppConfig.BASE_URL`
// (dist/utils/config/index.js of mercadopago 3.x, read on each request), the
// one setting to change. Prints what it got as one JSON line.
//
//   node pay-with-official-sdk.mjs <sandbox URL> <access token> <external reference>
import { CardToken, MercadoPagoConfig, Payment } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config/index.js";

const [baseUrl, accessToken, reference] = process.argv.slice(2);
AppConfig.BASE_URL = baseUrl;

const client = new MercadoPagoConfig({ accessToken, options: { timeout: 5000 } });
const token = await new CardToken(client).create({
  body: {
    card_number: "4509953566233704", // Argentine test Visa
    expiration_month: "11",
    expiration_year: "2030",
    security_code: "123",
    cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
  },
});
const body = {
  transaction_amount: 250,
  token: token.id,
  installments: 1,
  payment_method_id: "visa",
  payer: { email: "buyer@testuser.com" },
  external_reference: reference,
};
const requestOptions = { idempotencyKey: `${reference}-payment` };
const payment = await new Payment(client).create({ body, requestOptions });
// The same call again, as a retry would: the sandbox answers the stored payment instead of charging twice.
const retried = await new Payment(client).create({ body, requestOptions });
console.log(JSON.stringify({ paymentId: payment.id, retriedId: retried.id, status: payment.status }));
