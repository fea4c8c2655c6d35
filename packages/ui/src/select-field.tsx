import type { ComponentPropsWithRef } from "react";
import { Field, type FieldChromeProps, splitFieldProps } from "./field";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends FieldChromeProps, ComponentPropsWithRef<"select"> {
  /** The choices; alternatively pass `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty choice ("Choose…") that cannot be picked again once something is chosen. */
  placeholder?: string;
}

/** A labelled `<select>` with the same description/error wiring as `TextField`. */
export function SelectField({ options, placeholder, children, ...props }: SelectFieldProps) {
  const [field, rest] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <select {...rest} {...control} className="ui-field__control ui-field__control--select">
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
      )}
    </Field>
  );
}
