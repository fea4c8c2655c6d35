import { type ReactNode, useId } from "react";
import { cx } from "./class-names";

/** Ids and ARIA attributes that tie a control to its label, description and error text. */
export interface FieldIds {
  controlId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/**
 * Works out the ids of a field: the given `id` or a generated one, plus `-description` and `-error` ids when
 * that text exists, joined (with any caller-supplied ids) into `aria-describedby`.
 */
export function useFieldIds(options: {
  id: string | undefined;
  description: ReactNode;
  error: ReactNode;
  describedBy: string | undefined;
}): FieldIds {
  const generated = useId();
  const controlId = options.id ?? `field-${generated.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const descriptionId = hasContent(options.description) ? `${controlId}-description` : undefined;
  const errorId = hasContent(options.error) ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId, options.describedBy].filter(Boolean).join(" ") || undefined;
  return { controlId, descriptionId, errorId, describedBy };
}

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

export interface FieldFrameProps {
  ids: FieldIds;
  label: ReactNode;
  description: ReactNode;
  error: ReactNode;
  required: boolean | undefined;
  className: string | undefined;
  children: ReactNode;
}

/** Label, description, control and error text in the order screen readers and eyes expect. */
export function FieldFrame({ ids, label, description, error, required, className, children }: FieldFrameProps) {
  return (
    <div className={cx("ui-field", hasContent(error) && "ui-field--invalid", className)}>
      <label className="ui-field__label" htmlFor={ids.controlId}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {ids.descriptionId ? (
        <p className="ui-field__description" id={ids.descriptionId}>
          {description}
        </p>
      ) : null}
      {children}
      {ids.errorId ? (
        <p className="ui-field__error" id={ids.errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
