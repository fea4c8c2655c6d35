import type { ComponentPropsWithRef, ReactNode } from "react";
import { FieldFrame, hasContent, useFieldIds } from "./field";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends ComponentPropsWithRef<"select"> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The choices; alternatively pass `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty choice ("Choose…") that cannot be picked again once something is chosen. */
  placeholder?: string;
  className?: string;
}

/** A labelled `<select>` with the same description/error wiring as `TextField`. */
export function SelectField({
  label,
  description,
  error,
  id,
  className,
  required,
  options,
  placeholder,
  children,
  "aria-describedby": describedBy,
  ...rest
}: SelectFieldProps) {
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
      <select
        {...rest}
        id={ids.controlId}
        className="ui-field__control ui-field__control--select"
        required={required}
        aria-invalid={hasContent(error) || undefined}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
}
