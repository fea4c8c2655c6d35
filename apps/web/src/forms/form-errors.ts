// Form validation for the shopper pages: the server's zod schemas decide what
// is wrong, the dictionaries say it in the shopper's language. Errors are keyed
// by the input's dotted path (`payer.email`), the same keys the server's
// `fieldErrors` use, so client and server errors land on the same field.
import type { FormError } from "@cobro/ui";
import type { z } from "zod";
import type { UserFacingError } from "../errors/describe-error";
import type { MessageKey, Translate } from "../i18n/dictionary";
import type { Language } from "../i18n/locale";

/** The message to show for each field path a form knows. */
export type FieldMessages = Readonly<Record<string, MessageKey>>;

/** One message per failing field path. */
export type FormFieldErrors = Record<string, string>;

export type FormValidation<T> = { success: true; data: T } | { success: false; errors: FormFieldErrors };

/** The dotted path of a zod issue (`["payer", "email"]` → `payer.email`). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join(".");
}

/**
 * Validates `value` with a zod schema. Each failing field gets its translated message from `messages` (the first
 * issue per field wins); a path the form does not know gets the generic "check this" message, under its own key.
 *
 * @example
 * const checked = validateForm(payerSchema, form, PAYER_MESSAGES, t);
 * if (!checked.success) setErrors(checked.errors);
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
  messages: FieldMessages,
  t: Translate,
): FormValidation<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: FormFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issuePath(issue.path);
    if (errors[path] !== undefined) continue;
    const key = messages[path];
    errors[path] = key ? t(key) : t("errors.badRequest");
  }
  return { success: false, errors };
}

/**
 * The per-field errors of a failed server call, for the form's fields. English readers see the server's own words;
 * others see the form's translated message for that field (the server speaks English). A field the form does not
 * show is left out: the failure's summary message covers it.
 */
export function serverFieldErrors(
  failure: UserFacingError | null,
  messages: FieldMessages,
  i18n: { t: Translate; language: Language },
): FormFieldErrors {
  const errors: FormFieldErrors = {};
  if (!failure) return errors;
  for (const [path, list] of Object.entries(failure.fieldErrors)) {
    const key = messages[path];
    if (!key) continue;
    // A translated reason (the server pointed at this field) is already in the shopper's language.
    const reasonMessage = failure.field === path && failure.reason !== null ? failure.message : null;
    errors[path] = reasonMessage ?? (i18n.language === "en" && list[0] ? list[0] : i18n.t(key));
  }
  return errors;
}

/** The entries of a `FormErrorSummary`, each linking to its field's control (`idOf(path)`). */
export function toSummaryErrors(errors: FormFieldErrors, idOf: (path: string) => string | undefined): FormError[] {
  return Object.entries(errors).map(([path, message]) => {
    const fieldId = idOf(path);
    return fieldId ? { fieldId, message } : { message };
  });
}
