// What the shopper forms share around react-hook-form: the server's zod schemas
// decide what is wrong (through `zodResolver`), the dictionaries say it in the
// shopper's language. Errors are keyed by the form's dotted field path
// (`identification.number`); the server's `fieldErrors` use the input's path,
// which may carry a prefix the form does not (`payer.identification.number`).
import type { FormError } from "@cobro/ui";
import { type FieldErrors, type FieldValues, get, type Resolver } from "react-hook-form";
import type { MessageKey, Translate } from "../../i18n/dictionary";
import type { Language } from "../../i18n/locale";
import type { UserFacingError } from "../errors/describe-error";

/** The message to show for each field path a form knows. */
export type FieldMessages = Readonly<Record<string, MessageKey>>;

/** One message per failing field path. */
export type FormFieldErrors = Record<string, string>;

function isFieldError(value: unknown): value is { type: unknown; message?: unknown } {
  return typeof value === "object" && value !== null && "type" in value && typeof value.type === "string";
}

function translateTree(errors: Record<string, unknown>, prefix: string, messages: FieldMessages, t: Translate) {
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (isFieldError(value)) {
      const messageKey = messages[path];
      translated[key] = { ...value, message: messageKey ? t(messageKey) : t("errors.badRequest") };
    } else if (typeof value === "object" && value !== null) {
      translated[key] = translateTree(value as Record<string, unknown>, path, messages, t);
    }
  }
  return translated;
}

/**
 * Wraps a resolver (usually `zodResolver(serverSchema)`) so each failing field shows its translated message from
 * `messages` instead of the schema's English text; a path the form does not list gets the generic "check this".
 *
 * @example
 * useForm({ resolver: translatedResolver(zodResolver(payerSchema), PAYER_MESSAGES, t) });
 */
export function translatedResolver<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  messages: FieldMessages,
  t: Translate,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: translateTree(result.errors, "", messages, t) as FieldErrors<Values> };
  };
}

/** The message of each listed field path that has an error, in the listed order (the page's order). */
export function collectFieldErrors(errors: FieldErrors, paths: readonly string[]): FormFieldErrors {
  const found: FormFieldErrors = {};
  for (const path of paths) {
    const error: unknown = get(errors, path);
    const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
    if (typeof message === "string" && message !== "") found[path] = message;
  }
  return found;
}

/**
 * The per-field errors of a failed server call, keyed by the form's field paths (the server's path is
 * `serverPrefix` + the form's). English readers see the server's own words; others see the form's translated
 * message for that field (the server speaks English). A field the form does not show is left out: the failure's
 * summary message covers it.
 */
export function serverFieldErrors(
  failure: UserFacingError | null,
  messages: FieldMessages,
  i18n: { t: Translate; language: Language },
  serverPrefix = "",
): FormFieldErrors {
  const errors: FormFieldErrors = {};
  if (!failure) return errors;
  for (const [serverPath, list] of Object.entries(failure.fieldErrors)) {
    if (!serverPath.startsWith(serverPrefix)) continue;
    const path = serverPath.slice(serverPrefix.length);
    const key = messages[path];
    if (!key) continue;
    // A translated reason (the server pointed at this field) is already in the shopper's language.
    const reasonMessage = failure.field === serverPath && failure.reason !== null ? failure.message : null;
    errors[path] = reasonMessage ?? (i18n.language === "en" && list[0] ? list[0] : i18n.t(key));
  }
  return errors;
}

/**
 * Puts errors on a react-hook-form form's fields (`setError`), focusing the first one in `order` so the shopper
 * lands where the fix is needed. Returns whether any error was set.
 */
export function showFieldErrors<Name extends string>(
  setError: (name: Name, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
  errors: FormFieldErrors,
  order: readonly Name[],
): boolean {
  let focused = false;
  for (const name of order) {
    const message = errors[name];
    if (message === undefined) continue;
    setError(name, { type: "server", message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}

/** The entries of a `FormErrorSummary`, each linking to its field's control (`idOf(path)`). */
export function toSummaryErrors(errors: FormFieldErrors, idOf: (path: string) => string | undefined): FormError[] {
  return Object.entries(errors).map(([path, message]) => {
    const fieldId = idOf(path);
    return fieldId ? { fieldId, message } : { message };
  });
}
