// A customer's saved cards from the console: add one from a card token the
// provider's secure fields made in the staff member's browser (the card data
// never reaches us), change its expiry or holder, delete it. Adding carries the
// dialog's idempotency key, written to the audit log before the call, so a
// double submit saves one card.
import type { CustomerCardUpdateInput, SavedCard } from "@cobro/contracts";
import { ProviderNotFoundError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { accountIdOfScope, refuseConnectedAccountAction } from "../../provider/account-scope";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { toSavedCard } from "../shopper-account/saved-card-view";
import { isUnanswered, throwCustomerError } from "./customer-errors";

type Deps = Pick<AppDeps, "db" | "provider" | "now"> & AccountProviderDeps;

const CARD_NOT_FOUND = "Mercado Pago has no such card for this customer.";

export async function addCustomerCard(options: {
  deps: Deps;
  actorUserId: string;
  customerId: string;
  cardToken: string;
  idempotencyKey: string;
  /** Only the store's own account (a connected one is refused). */
  account?: string | undefined;
}): Promise<SavedCard> {
  const { deps, actorUserId, customerId, idempotencyKey } = options;
  refuseConnectedAccountAction(options.account);
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.card_add_requested",
    resourceType: "provider_customer",
    resourceId: customerId,
    idempotencyKey,
    now: deps.now(),
  });
  const card = await deps.provider.cards
    .create(customerId, { token: options.cardToken }, { idempotencyKey })
    .catch((error: unknown) =>
      throwCustomerError(error, { action: "save the card", notFoundMessage: "Mercado Pago has no such customer." }),
    );
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.card_added",
    resourceType: "provider_customer",
    resourceId: customerId,
    idempotencyKey,
    details: { cardId: card.id, lastFour: card.last_four_digits ?? null },
    now: deps.now(),
  });
  return toSavedCard(card);
}

export async function updateCustomerCard(options: {
  deps: Deps;
  actorUserId: string;
  input: CustomerCardUpdateInput;
}): Promise<SavedCard> {
  const { deps, actorUserId, input } = options;
  const accountId = accountIdOfScope(input.account);
  const provider = await providerForAccount(deps, accountId);
  const card = await provider.cards
    .update(input.customerId, input.cardId, {
      expiration_month: input.expirationMonth,
      expiration_year: input.expirationYear,
      ...(input.holderName ? { cardholder: { name: input.holderName } } : {}),
    })
    .catch((error: unknown) => throwCustomerError(error, { action: "save the card", notFoundMessage: CARD_NOT_FOUND }));
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.card_updated",
    resourceType: "provider_customer",
    resourceId: input.customerId,
    details: {
      cardId: input.cardId,
      expirationMonth: input.expirationMonth,
      expirationYear: input.expirationYear,
      holderChanged: Boolean(input.holderName),
      providerAccountId: accountId,
    },
    now: deps.now(),
  });
  return toSavedCard(card);
}

export async function deleteCustomerCard(options: {
  deps: Deps;
  actorUserId: string;
  customerId: string;
  cardId: string;
  account?: string | undefined;
}): Promise<{ cardId: string }> {
  const { deps, actorUserId, customerId, cardId } = options;
  const accountId = accountIdOfScope(options.account);
  const provider = await providerForAccount(deps, accountId);
  try {
    await provider.cards.remove(customerId, cardId);
  } catch (error) {
    // No answer seen: the card is gone if a fresh read says so.
    const gone =
      isUnanswered(error) &&
      (await provider.cards.get(customerId, cardId).then(
        () => false,
        (readError: unknown) => readError instanceof ProviderNotFoundError,
      ));
    if (!gone) throwCustomerError(error, { action: "delete the card", notFoundMessage: CARD_NOT_FOUND });
  }
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.card_deleted",
    resourceType: "provider_customer",
    resourceId: customerId,
    details: { cardId, providerAccountId: accountId },
    now: deps.now(),
  });
  return { cardId };
}
