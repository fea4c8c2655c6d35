import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx } from "./class-names";
import { useDomId } from "./dom-id";
import { type FieldChromeProps, fieldDescription, hasContent } from "./field";

export interface CheckboxFieldProps
  extends FieldChromeProps,
    Omit<ComponentPropsWithRef<"input">, "type" | "children"> {}

/**
 * A labelled checkbox: the box, then its label, with the description and error under them wired like `TextField`'s
 * (`aria-describedby`, `aria-invalid`).
 */
export function CheckboxField({
  label,
  description,
  error,
  className,
  id,
  "aria-describedby": extra,
  ...input
}: CheckboxFieldProps) {
  const generated = useDomId("checkbox");
  const controlId = id ?? generated;
  const invalid = hasContent(error);
  const ids = fieldDescription(controlId, description, error, extra);
  return (
    <div className={cx("ui-field", "ui-field--checkbox", invalid && "ui-field--invalid", className)}>
      <div className="ui-checkbox">
        <input
          {...input}
          type="checkbox"
          id={controlId}
          aria-invalid={invalid || undefined}
          aria-describedby={ids.describedBy}
        />
        <label className="ui-field__label" htmlFor={controlId}>
          {label}
        </label>
      </div>
      <FieldNotes descriptionId={ids.descriptionId} description={description} errorId={ids.errorId} error={error} />
    </div>
  );
}

function FieldNotes(props: {
  descriptionId: string | undefined;
  description: ReactNode;
  errorId: string | undefined;
  error: ReactNode;
}) {
  return (
    <>
      {props.descriptionId ? (
        <p className="ui-field__description" id={props.descriptionId}>
          {props.description}
        </p>
      ) : null}
      {props.errorId ? (
        <p className="ui-field__error" id={props.errorId}>
          {props.error}
        </p>
      ) : null}
    </>
  );
}

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface CheckboxGroupFieldProps {
  /** The group's name, read before each box's own label (the `<legend>`). */
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  options: readonly CheckboxOption[];
  /** The values checked. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** The id of the group; each box is `<id>-<value>`. A generated one when omitted. */
  id?: string;
  name?: string;
  disabled?: boolean;
  /** Shown instead of the boxes when there are no options. */
  emptyText?: ReactNode;
  className?: string;
}

/**
 * Several independent yes/no choices under one name: a `<fieldset>` whose `<legend>` names them, the description and
 * error linked to the group with `aria-describedby`. The order of the checked values follows the options.
 */
export function CheckboxGroupField({
  label,
  description,
  error,
  options,
  value,
  onChange,
  id,
  name,
  disabled,
  emptyText,
  className,
}: CheckboxGroupFieldProps) {
  const generated = useDomId("checkboxes");
  const groupId = id ?? generated;
  const invalid = hasContent(error);
  const ids = fieldDescription(groupId, description, error);
  const toggle = (option: string, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <fieldset
      id={groupId}
      className={cx("ui-field", "ui-checkbox-group", invalid && "ui-field--invalid", className)}
      aria-describedby={ids.describedBy}
      disabled={disabled}
    >
      <legend className="ui-field__label">{label}</legend>
      {ids.descriptionId ? (
        <p className="ui-field__description" id={ids.descriptionId}>
          {description}
        </p>
      ) : null}
      {options.length === 0 && hasContent(emptyText) ? <p className="ui-field__description">{emptyText}</p> : null}
      <div className="ui-checkbox-group__options">
        {options.map((option) => {
          const optionId = `${groupId}-${option.value}`;
          return (
            <div className="ui-checkbox" key={option.value}>
              <input
                type="checkbox"
                id={optionId}
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                disabled={option.disabled}
                aria-invalid={invalid || undefined}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
      {ids.errorId ? (
        <p className="ui-field__error" id={ids.errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
