// What `mercadopago-sandbox` (`npm run sandbox`) prints on start: where it listens, the default
// credentials and the test data that drives outcomes (docs/provider-facts.md §5),
// taken from the same tables the resource handlers use.

import type { SiteId } from "./context";
import { DEFAULT_SELLER } from "./core/credentials";
import { CARDHOLDER_OUTCOMES } from "./data/cardholder-outcomes";
import { TEST_CARD_EXPIRY, TEST_CARDS } from "./data/test-cards";

/** Groups card digits the way they are printed on the card (Amex 4-6-5, others 4-4-4-4). */
function formatCardNumber(digits: string): string {
  if (digits.length === 15) return `${digits.slice(0, 4)} ${digits.slice(4, 10)} ${digits.slice(10)}`;
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The start-up text of the CLI. */
export function formatBanner(input: {
  url: string;
  site: SiteId;
  webhookSecret: string;
  notificationUrl: string | null;
  dataDir: string | null;
}): string {
  const cards = TEST_CARDS.filter((card) => card.siteId === input.site);
  const expiry = `${String(TEST_CARD_EXPIRY.month).padStart(2, "0")}/${String(TEST_CARD_EXPIRY.year).slice(-2)}`;
  const lines = [
    `Mercado Pago sandbox (mercadopago-sandbox) listening on ${input.url}`,
    "",
    "Default seller",
    `  access token  ${DEFAULT_SELLER.accessToken}`,
    `  public key    ${DEFAULT_SELLER.publicKey}`,
    `  user id       ${DEFAULT_SELLER.userId}    site ${input.site}`,
    "  (any other TEST-… or APP_USR-… token becomes its own seller on first use)",
    "",
    `Webhooks  secret ${input.webhookSecret}`,
    `          default URL ${input.notificationUrl ?? "(none: pass --notification-url or send notification_url)"}`,
    `State     ${input.dataDir ? `kept in ${input.dataDir}/state.json` : "in memory (pass --data DIR to keep it)"}`,
    "",
    `Test cards for ${input.site} (expiry ${expiry}, CVV 123, Amex 1234)`,
    ...cards.map((card) => `  ${card.paymentMethodId.padEnd(10)} ${formatCardNumber(card.number)}`),
    "The cardholder name decides the outcome:",
    ...Object.entries(CARDHOLDER_OUTCOMES).map(
      ([name, outcome]) => `  ${name}  ${outcome.status} / ${outcome.statusDetail}`,
    ),
    "",
    `Browser SDK  ${input.url}/js/v2  (stand-in for https://sdk.mercadopago.com/js/v2; secure fields under /secure-fields/)`,
    `Control API  ${input.url}/__sandbox  (reset, clock, webhooks, faults, sellers: see the package README)`,
    "Ctrl-C stops the sandbox.",
  ];
  return lines.join("\n");
}
