// One secure field of the provider's browser SDK: the card number, expiry or
// security code is typed into a frame the SDK serves from the provider's
// origin (or the sandbox's), mounted into a container of ours. Our DOM holds
// the visible label and the error text only; the frame's input gets `srLabel`.
import type { CardField, CardFieldProblem } from "@cobro/contracts";
import { cardErrorKey } from "@cobro/contracts";
import { useEffect, useRef } from "react";
import type { useI18n } from "../../i18n/i18n-context";
import { problemOfCause } from "./card-token-error";
import type { MercadoPagoInstance, SecureField, SecureFieldType } from "./sdk/mercadopago-types";

/** Cobro's card field for a secure field type. */
export function cardFieldOf(type: SecureFieldType): CardField {
  return type === "cardNumber" ? "cardNumber" : type === "securityCode" ? "securityCode" : "expiry";
}

export interface SecureFieldBoxProps {
  mp: MercadoPagoInstance;
  type: SecureFieldType;
  /** The container's id (the SDK mounts by id). */
  id: string;
  label: string;
  description?: string;
  /** The translated problem of this field, or undefined. */
  error?: string;
  /** The field's validity as the SDK reports it (null: valid as far as the SDK can tell). */
  onValidity: (problem: CardFieldProblem | null) => void;
  /** cardNumber only: the BIN once the SDK recognises one, null when it no longer does. */
  onBin?: (bin: string | null) => void;
  /** Receives the field, e.g. to update the security code's length for the brand. */
  onField?: (field: SecureField | null) => void;
}

export function SecureFieldBox({
  mp,
  type,
  id,
  label,
  description,
  error,
  onValidity,
  onBin,
  onField,
}: SecureFieldBoxProps) {
  // The callbacks change on every render of the parent; the field is mounted once per SDK instance.
  const handlers = useRef({ onValidity, onBin, onField });
  handlers.current = { onValidity, onBin, onField };

  useEffect(() => {
    const field = mp.fields.create(type, {
      srLabel: label,
      ariaRequired: true,
      placeholder: type === "expirationDate" ? "MM/YY" : "",
    });
    field.on("validityChange", (event) => {
      const first = event.errorMessages[0];
      handlers.current.onValidity(first ? problemOfCause(cardFieldOf(type), first.cause, first.message) : null);
    });
    field.on("ready", () => {
      // The frame is announced by its title (axe: frame-title); the SDK's frame gets our label.
      const frame = document.getElementById(id)?.querySelector("iframe");
      if (frame && !frame.title) frame.title = label;
    });
    if (type === "cardNumber") field.on("binChange", (event) => handlers.current.onBin?.(event.bin));
    field.mount(id);
    handlers.current.onField?.(field);
    return () => {
      handlers.current.onField?.(null);
      field.unmount();
    };
  }, [mp, type, id, label]);

  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={`ui-field${error ? " ui-field--invalid" : ""}`}>
      <p className="ui-field__label" id={labelId}>
        {label}
        <span className="ui-field__required" aria-hidden="true">
          {" *"}
        </span>
      </p>
      {descriptionId ? (
        <p className="ui-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <div id={id} className={`ui-secure-field${error ? " ui-secure-field--invalid" : ""}`} data-secure-field={type} />
      {error ? (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The translated message for a secure field's problem. */
export function secureFieldMessage(
  t: ReturnType<typeof useI18n>["t"],
  field: CardField,
  problem: CardFieldProblem,
): string {
  return t(cardErrorKey(field, problem));
}
