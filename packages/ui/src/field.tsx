import type { ReactNode } from "react";
import { cx } from "./class-names";
import { useDomId } from "./dom-id";

/** What every labelled field takes besides its control's own attributes. */
export interface FieldChromeProps {
  label: ReactNode;
  /** Help shown under the label and read after it (`aria-describedby`). */
  description?: ReactNode;
  /** The field's error; sets `aria-invalid` and is linked with `aria-describedby`. */
  error?: ReactNode;
  /** Classes of the wrapper (the control keeps its `ui-field__control` class). */
  className?: string;
}

/** The attributes that tie a control to its field's label, description and error text. */
export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps extends FieldChromeProps {
  /** The control's id; a generated one when omitted. */
  id: string | undefined;
  required: boolean | undefined;
  /** Ids the caller wants read too, after the description and error. */
  describedBy: string | undefined;
  /** Renders the control with the attributes that wire it to the field. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The props a field takes for itself; the rest go to its control. */
type FieldOwnProps = FieldChromeProps & { id?: string; required?: boolean; "aria-describedby"?: string };

/**
 * Splits a field component's props into the field's (label, description, error, wrapper class, id, required,
 * extra described-by ids) and the control's own attributes.
 */
export function splitFieldProps<Props extends FieldOwnProps>(
  props: Props,
): [Omit<FieldProps, "children">, Omit<Props, keyof FieldOwnProps>] {
  const { label, description, error, className, id, required, "aria-describedby": describedBy, ...control } = props;
  return [{ label, description, error, className, id, required, describedBy }, control];
}

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

/** The ids of a field's description and error (when they have text) and the control's `aria-describedby`. */
export function fieldDescription(
  controlId: string,
  description: ReactNode,
  error: ReactNode,
  describedBy?: string,
): { descriptionId: string | undefined; errorId: string | undefined; describedBy: string | undefined } {
  const descriptionId = hasContent(description) ? `${controlId}-description` : undefined;
  const errorId = hasContent(error) ? `${controlId}-error` : undefined;
  return {
    descriptionId,
    errorId,
    describedBy: [descriptionId, errorId, describedBy].filter(Boolean).join(" ") || undefined,
  };
}

/**
 * Label, description, control and error text in the order screen readers and eyes expect. The control's id is the
 * given `id` or a generated one; the description and error get `-description` and `-error` ids when they have text,
 * joined (with any caller-supplied ids) into the control's `aria-describedby`.
 */
export function Field({ id, label, description, error, required, className, describedBy, children }: FieldProps) {
  const generated = useDomId("field");
  const controlId = id ?? generated;
  const invalid = hasContent(error);
  const ids = fieldDescription(controlId, description, error, describedBy);
  const { descriptionId, errorId } = ids;
  return (
    <div className={cx("ui-field", invalid && "ui-field--invalid", className)}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {descriptionId ? (
        <p className="ui-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {children({
        id: controlId,
        required,
        "aria-invalid": invalid || undefined,
        "aria-describedby": ids.describedBy,
      })}
      {errorId ? (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
