import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";

export interface FormError {
  /** The `id` of the control at fault; the summary links to it. Omit for errors about the whole form. */
  fieldId?: string;
  message: string;
}

export interface FormErrorSummaryProps {
  /** E.g. "Please fix the following:" */
  title: ReactNode;
  errors: readonly FormError[];
  /** Move focus to the summary when errors appear (after a failed submit). Default true. */
  focusOnChange?: boolean;
}

/**
 * The list of a form's errors shown above it after a failed submit. It takes focus so keyboard and screen reader
 * users learn the submit failed, and each entry links to its field. Renders nothing when there are no errors.
 */
export function FormErrorSummary({ title, errors, focusOnChange = true }: FormErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((error) => `${error.fieldId ?? ""}:${error.message}`).join("|");

  useEffect(() => {
    if (focusOnChange && signature !== "") ref.current?.focus();
  }, [focusOnChange, signature]);

  if (errors.length === 0) return null;

  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    // A fragment link scrolls but does not always focus an input; do both.
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: "center" });
  };

  return (
    <div className="ui-error-summary" role="alert" tabIndex={-1} ref={ref}>
      <p className="ui-error-summary__title">{title}</p>
      <ul className="ui-error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId ?? ""}:${error.message}`}>
            {error.fieldId ? (
              <a href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId ?? "")}>
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
