// A provider customer as the console shows it, with the Cobro user whose saved
// cards live under it (`users.provider_customer_id`, unique, indexed).
import type { AdminCustomer, AdminCustomerDetail } from "@cobro/contracts";
import type { Customer } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { toSavedCard } from "../shopper-account/saved-card-view";

export type LinkedUser = NonNullable<AdminCustomer["linkedUser"]>;

/** The Cobro users linked to these customers, by customer id. */
export async function linkedUsersOf(db: Kysely<DB>, customerIds: readonly string[]): Promise<Map<string, LinkedUser>> {
  const linked = new Map<string, LinkedUser>();
  if (customerIds.length === 0) return linked;
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "provider_customer_id"])
    .where("provider_customer_id", "in", [...customerIds])
    .execute();
  for (const row of rows) {
    if (row.provider_customer_id)
      linked.set(row.provider_customer_id, { id: row.id, email: row.email, name: row.name, role: row.role });
  }
  return linked;
}

export function toAdminCustomer(customer: Customer, linkedUser: LinkedUser | null): AdminCustomer {
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.first_name ?? null,
    lastName: customer.last_name ?? null,
    phone: { areaCode: customer.phone?.area_code ?? "", number: customer.phone?.number ?? "" },
    identification: {
      type: customer.identification?.type ?? "",
      number: customer.identification?.number ?? "",
    },
    description: customer.description ?? null,
    defaultCardId: customer.default_card ?? null,
    createdAt: customer.date_created ?? null,
    updatedAt: customer.date_last_updated ?? null,
    cardCount: customer.cards?.length ?? 0,
    linkedUser,
  };
}

export function toAdminCustomerDetail(customer: Customer, linkedUser: LinkedUser | null): AdminCustomerDetail {
  return { ...toAdminCustomer(customer, linkedUser), cards: (customer.cards ?? []).map(toSavedCard) };
}
