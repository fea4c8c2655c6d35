// What the link forms share: items typed as text the page's way (parseMoneyInput), turned into minor units before
// anything is sent, and dates typed in the browser's time zone.
import { formatMoneyInput, type LinkItemInput } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { Translate } from "../../../i18n/dictionary";
import { type LineItemField, type LineItemRow, priceTextToMinor } from "../../components/line-items-editor";

/** Minor units as the text a price field starts with in `locale` ("1250,50" in es-AR). */
export function minorToPrice(minor: number, currency: CurrencyCode, locale: string): string {
  return formatMoneyInput(minor, currency, locale);
}

/** The input's key of a line's field ("items.0.unitPriceMinor"), as the schemas and the server name it. */
export function itemErrorKey(index: number, field: LineItemField): string {
  return `items.${index}.${field === "unitPrice" ? "unitPriceMinor" : field}`;
}

/** The rows as the contract's items; a price that is not an amount in the currency is NaN (the schema refuses it). */
export function toItemInputs(rows: readonly LineItemRow[], currency: CurrencyCode, locale: string): LinkItemInput[] {
  return rows.map((row) => ({
    title: row.title.trim(),
    quantity: Number(row.quantity),
    unitPriceMinor: priceTextToMinor(row.unitPrice, currency, locale) ?? Number.NaN,
    ...(row.productId ? { productId: row.productId } : {}),
  }));
}

/** A `datetime-local` value (browser time) → ISO, or undefined when empty. */
export function localToIso(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** ISO → a `datetime-local` value in the browser's time zone. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** zod issue paths → "items.0.unitPriceMinor" keys, the first message of each. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The form's own checks in the page's language (the schemas' messages are the server's, in English). */
export function translateIssues(
  byField: Record<string, string>,
  t: Translate,
  currency: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(byField)) {
    const leaf = key.split(".").at(-1) ?? key;
    out[key] =
      leaf === "title"
        ? t("admin.links.item.titleInvalid")
        : leaf === "quantity"
          ? t("admin.links.item.quantityInvalid")
          : leaf === "unitPriceMinor"
            ? t("admin.links.item.priceInvalid", { currency })
            : leaf === "payerEmail"
              ? t("admin.links.emailInvalid")
              : leaf === "maxInstallments"
                ? t("admin.links.installmentsInvalid")
                : leaf === "expiresTo" || leaf === "expiresFrom"
                  ? t("admin.links.dateInvalid")
                  : leaf === "success" || leaf === "pending" || leaf === "failure"
                    ? t("admin.links.edit.urlInvalid")
                    : leaf === "externalReference"
                      ? t("admin.links.referenceInvalid")
                      : t("admin.links.fixErrors");
  }
  return out;
}
