import type { ComponentPropsWithRef, ReactNode } from "react";
import { FieldFrame, hasContent, useFieldIds } from "./field";

export interface TextFieldProps extends Omit<ComponentPropsWithRef<"input">, "children"> {
  label: ReactNode;
  /** Help shown under the label and read after it (`aria-describedby`). */
  description?: ReactNode;
  /** The field's error; sets `aria-invalid` and is linked with `aria-describedby`. */
  error?: ReactNode;
  /** Classes of the wrapper (the input keeps `ui-field__control`). */
  className?: string;
}

/**
 * A labelled input. Pass an explicit `id` when a form error summary links to the field.
 */
export function TextField({
  label,
  description,
  error,
  id,
  className,
  required,
  "aria-describedby": describedBy,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds({ id, description, error, describedBy });
  return (
    <FieldFrame
      ids={ids}
      label={label}
      description={description}
      error={error}
      required={required}
      className={className}
    >
      <input
        {...rest}
        id={ids.controlId}
        className="ui-field__control"
        required={required}
        aria-invalid={hasContent(error) || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
