// What a console search query looks like decides what is searched: a payment id is digits, an order number too
// ("#1042" as the shop shows it), four digits may also be a card's last four; an e-mail has an @; the shop's
// checkouts and the console's orders have UUIDs; the Orders API names orders `ORD…` and their payments `pay_…`
// (docs/provider-facts.md §4); a subscription (preapproval) id is 32 hexadecimal characters. Anything else is
// a reference (external_reference) or free text.
import type { SearchQueryKind } from "@cobro/contracts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ClassifiedQuery {
  kind: SearchQueryKind;
  /** The query as searched: trimmed, "#" dropped from a number, an e-mail lower-cased. */
  text: string;
  /** For `number` and `lastFour`: the value, when it is a safe integer. */
  number: number | null;
}

export function classifySearchQuery(query: string): ClassifiedQuery {
  const text = query.trim();
  const digits = /^#?(\d{1,19})$/.exec(text)?.[1];
  if (digits !== undefined) {
    const value = Number(digits);
    const number = Number.isSafeInteger(value) ? value : null;
    // Four digits typed as such (not "#1042") may be the card's last four as much as an id.
    return { kind: /^\d{4}$/.test(text) ? "lastFour" : "number", text: digits, number };
  }
  if (EMAIL.test(text)) return { kind: "email", text: text.toLowerCase(), number: null };
  if (UUID.test(text)) return { kind: "uuid", text: text.toLowerCase(), number: null };
  if (/^ORD[0-9A-Z]{6,60}$/i.test(text)) return { kind: "orderId", text: text.toUpperCase(), number: null };
  if (/^pay_[0-9A-Za-z]{1,60}$/.test(text)) return { kind: "transactionId", text, number: null };
  if (/^[0-9a-f]{32}$/i.test(text)) return { kind: "subscriptionId", text: text.toLowerCase(), number: null };
  return { kind: "text", text, number: null };
}
