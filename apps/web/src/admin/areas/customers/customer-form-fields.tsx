// The customer's editable fields (names, phone, document, description) for the create dialog and the edit form, and
// their conversion into the procedures' input. Server-side field errors (`phone.areaCode`, `email`, …) are shown
// next to the field they name.
import type { CustomerUpdateInput } from "@cobro/contracts";
import { TextField } from "@cobro/ui";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useI18n } from "../../../i18n/i18n-context";
import type { UserFacingError } from "../../../shared/errors/describe-error";

export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  areaCode: string;
  phone: string;
  documentType: string;
  documentNumber: string;
  description: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  firstName: "",
  lastName: "",
  areaCode: "",
  phone: "",
  documentType: "",
  documentNumber: "",
  description: "",
};

/** Form field → the input path the server names in its errors. */
const SERVER_FIELD: Readonly<Record<keyof CustomerFormValues | "email", string>> = {
  email: "email",
  firstName: "firstName",
  lastName: "lastName",
  areaCode: "phone.areaCode",
  phone: "phone.number",
  documentType: "identification.type",
  documentNumber: "identification.number",
  description: "description",
};

/** The message for one form field from a failed call, if the server pointed at it. */
export function fieldError(error: UserFacingError | null, name: keyof typeof SERVER_FIELD): string | undefined {
  if (!error) return undefined;
  const path = SERVER_FIELD[name];
  return error.fieldErrors[path]?.[0] ?? (error.field === path ? error.message : undefined);
}

/** The form's values as the procedures' optional fields. */
export function toCustomerFields(
  values: CustomerFormValues,
): Omit<CustomerUpdateInput, "customerId" | "defaultCardId"> {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: { areaCode: values.areaCode.trim(), number: values.phone.trim() },
    identification: { type: values.documentType.trim(), number: values.documentNumber.trim() },
    description: values.description.trim(),
  };
}

export function CustomerFormFields({
  register,
  error,
  disabled,
  idPrefix,
}: {
  /** The form's `register` for these fields (the form may have more). */
  register: (name: keyof CustomerFormValues) => UseFormRegisterReturn;
  error: UserFacingError | null;
  disabled: boolean;
  idPrefix: string;
}) {
  const { t } = useI18n();
  const field = (name: keyof CustomerFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label}
      disabled={disabled}
      error={fieldError(error, name)}
      {...extra}
      {...register(name)}
    />
  );
  return (
    <>
      {field("firstName", t("admin.customers.field.firstName"), { autoComplete: "off" })}
      {field("lastName", t("admin.customers.field.lastName"), { autoComplete: "off" })}
      {field("areaCode", t("admin.customers.field.areaCode"), { inputMode: "numeric" })}
      {field("phone", t("admin.customers.field.phone"), { inputMode: "tel" })}
      {field("documentType", t("admin.customers.field.documentType"))}
      {field("documentNumber", t("admin.customers.field.documentNumber"))}
      {field("description", t("admin.customers.field.description"))}
    </>
  );
}
