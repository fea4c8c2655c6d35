// The console's customer fields as the provider's request body. On create an
// empty field is left out; on update it is sent empty, which clears it.
import type { CustomerCreateInput, CustomerUpdateInput } from "@cobro/contracts";
import type { CustomerRequest, CustomerUpdateRequest } from "@cobro/provider-client";

type Editable = Pick<CustomerCreateInput, "firstName" | "lastName" | "phone" | "identification" | "description">;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

export function toCustomerCreateBody(input: Editable & { email: string }): CustomerRequest {
  const body: CustomerRequest = { email: input.email };
  const firstName = nonEmpty(input.firstName);
  const lastName = nonEmpty(input.lastName);
  const description = nonEmpty(input.description);
  if (firstName) body.first_name = firstName;
  if (lastName) body.last_name = lastName;
  if (description) body.description = description;
  if (input.phone && (input.phone.areaCode || input.phone.number))
    body.phone = { area_code: input.phone.areaCode, number: input.phone.number };
  if (input.identification && (input.identification.type || input.identification.number))
    body.identification = { type: input.identification.type, number: input.identification.number };
  return body;
}

export function toCustomerUpdateBody(input: Omit<CustomerUpdateInput, "customerId">): CustomerUpdateRequest {
  const body: CustomerUpdateRequest = {};
  if (input.firstName !== undefined) body.first_name = input.firstName;
  if (input.lastName !== undefined) body.last_name = input.lastName;
  if (input.description !== undefined) body.description = input.description;
  if (input.phone) body.phone = { area_code: input.phone.areaCode, number: input.phone.number };
  if (input.identification)
    body.identification = { type: input.identification.type, number: input.identification.number };
  if (input.defaultCardId !== undefined) body.default_card = input.defaultCardId;
  return body;
}

/** The changed field names, for the audit log (never their values: they are personal data). */
export function changedFields(input: Omit<CustomerUpdateInput, "customerId">): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}
