// "How do you want to pay?": the choices a checkout offers and the radio group
// that picks one (arrow keys move between the choices).
import { useDomId } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import { acceptsAmount } from "../../shared/payments/card-brand";
import type { RouterOutputs } from "../../trpc";

export type PaymentMethod = RouterOutputs["checkout"]["paymentMethods"][number];

/** Payment types of the card form, whose brands' logos the card choice shows. */
const CARD_PAYMENT_TYPES = new Set(["credit_card", "debit_card", "prepaid_card"]);

/** Payment types paid outside the card form: Pix (bank_transfer) and cash vouchers. */
const OFFLINE_PAYMENT_TYPES = new Set(["bank_transfer", "ticket", "atm"]);

export type MethodChoice = { kind: "card" } | { kind: "hosted" } | { kind: "offline"; method: PaymentMethod };

export function choiceKey(choice: MethodChoice): string {
  return choice.kind === "offline" ? `offline:${choice.method.id}` : choice.kind;
}

/** Card and the hosted checkout always; Pix and cash vouchers the site offers for this amount. */
export function methodChoices(methods: readonly PaymentMethod[], amountMinor: number): MethodChoice[] {
  const offline = methods.filter(
    (method) => OFFLINE_PAYMENT_TYPES.has(method.paymentTypeId) && acceptsAmount(method, amountMinor),
  );
  return [
    { kind: "card" },
    { kind: "hosted" },
    ...offline.map((method): MethodChoice => ({ kind: "offline", method })),
  ];
}

/**
 * A method's logo (the provider's `secure_thumbnail`; the sandbox serves its own). `alt` names the brand where the
 * logo is the only mention of it, and is empty where the words next to it already say it.
 */
function MethodLogo({ method, alt }: { method: PaymentMethod; alt: string }) {
  if (!method.thumbnail) return null;
  return <img className="ui-method-logo" src={method.thumbnail} alt={alt} width={40} height={25} loading="lazy" />;
}

/** The card brands the site takes, as logos named by their alt text. */
function CardBrandLogos({ methods }: { methods: readonly PaymentMethod[] }) {
  const { t } = useI18n();
  const cards = methods.filter((method) => CARD_PAYMENT_TYPES.has(method.paymentTypeId) && method.thumbnail);
  if (cards.length === 0) return null;
  return (
    <ul className="ui-method-logos" aria-label={t("checkout.method.cardBrands")}>
      {cards.map((method) => (
        <li key={method.id}>
          <MethodLogo method={method} alt={method.name} />
        </li>
      ))}
    </ul>
  );
}

export interface MethodPickerProps {
  choices: readonly MethodChoice[];
  /** Every method of the site, for the card brands' logos. */
  methods?: readonly PaymentMethod[];
  value: string;
  onChange: (key: string) => void;
}

export function MethodPicker({ choices, methods = [], value, onChange }: MethodPickerProps) {
  const { t } = useI18n();
  const name = useDomId("method");
  const labelOf = (choice: MethodChoice) =>
    choice.kind === "card"
      ? t("checkout.method.card")
      : choice.kind === "hosted"
        ? t("checkout.method.hosted")
        : choice.method.paymentTypeId === "bank_transfer"
          ? choice.method.name
          : t("checkout.method.ticket", { name: choice.method.name });
  return (
    <fieldset className="ui-choices">
      <legend className="ui-choices__legend">{t("checkout.method.legend")}</legend>
      {choices.map((choice) => {
        const key = choiceKey(choice);
        const id = `${name}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
        return (
          <div className="ui-choices__option" key={key}>
            <input
              type="radio"
              id={id}
              name={name}
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
            />
            <label htmlFor={id}>
              {choice.kind === "offline" ? <MethodLogo method={choice.method} alt="" /> : null}
              {labelOf(choice)}
            </label>
            {choice.kind === "card" ? <CardBrandLogos methods={methods} /> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
