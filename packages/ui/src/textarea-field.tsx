import type { ComponentPropsWithRef } from "react";
import { Field, type FieldChromeProps, splitFieldProps } from "./field";

export interface TextareaFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<"textarea">, "children"> {}

/** A labelled multi-line text box with the same description/error wiring as `TextField`. */
export function TextareaField({ rows = 3, ...props }: TextareaFieldProps) {
  const [field, rest] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea rows={rows} {...rest} {...control} className="ui-field__control ui-field__control--textarea" />
      )}
    </Field>
  );
}
