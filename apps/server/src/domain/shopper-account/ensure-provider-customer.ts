// The provider customer a shopper's saved cards live under
// (`users.provider_customer_id`): found by the shopper's e-mail or created the
// first time it is needed. provider: a customer's e-mail is unique per seller.
import { ProviderBadRequestError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";

async function findOrCreateCustomer(
  deps: Pick<AppDeps, "provider">,
  user: { id: string; email: string; name: string; updated_at: Date },
): Promise<string> {
  const found = await deps.provider.customers.search({ email: user.email });
  const existing = found.results.find((customer) => customer.email.toLowerCase() === user.email);
  if (existing) return existing.id;
  try {
    // One key per user and link: two concurrent first saves create one customer. The user's last change is in the
    // key because the console may delete the customer (clearing the link): the next save must make a new one, not
    // get the deleted customer replayed for the old key.
    const created = await deps.provider.customers.create(
      { email: user.email, first_name: user.name },
      { idempotencyKey: `customer-${user.id}-${user.updated_at.getTime()}` },
    );
    return created.id;
  } catch (error) {
    // provider: 400 "the customer already exist" when another request created it meanwhile.
    if (!(error instanceof ProviderBadRequestError)) throw error;
    const again = await deps.provider.customers.search({ email: user.email });
    const raced = again.results.find((customer) => customer.email.toLowerCase() === user.email);
    if (!raced) throw error;
    return raced.id;
  }
}

/** The shopper's provider customer id, creating (and storing) the customer when there is none yet. */
export async function ensureProviderCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
}): Promise<string> {
  const { deps, userId } = options;
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "email", "name", "provider_customer_id", "updated_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  if (user.provider_customer_id) return user.provider_customer_id;

  let customerId: string;
  try {
    customerId = await findOrCreateCustomer(deps, user);
  } catch (error) {
    throw toShopperError(error, { action: "set up your saved cards" });
  }
  await deps.db
    .updateTable("users")
    .set({ provider_customer_id: customerId, updated_at: deps.now() })
    .where("id", "=", userId)
    .where("provider_customer_id", "is", null)
    .execute();
  const stored = await deps.db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return stored.provider_customer_id ?? customerId;
}

/** The shopper's provider customer id, or null when they never saved a card. */
export async function findProviderCustomerId(options: {
  deps: Pick<AppDeps, "db">;
  userId: string;
}): Promise<string | null> {
  const row = await options.deps.db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", options.userId)
    .executeTakeFirst();
  return row?.provider_customer_id ?? null;
}
