import type { ComponentPropsWithRef } from "react";
import { Field, type FieldChromeProps, splitFieldProps } from "./field";

export interface TextFieldProps extends FieldChromeProps, Omit<ComponentPropsWithRef<"input">, "children"> {}

/**
 * A labelled input. Pass an explicit `id` when a form error summary links to the field.
 */
export function TextField(props: TextFieldProps) {
  const [field, rest] = splitFieldProps(props);
  return <Field {...field}>{(control) => <input {...rest} {...control} className="ui-field__control" />}</Field>;
}
