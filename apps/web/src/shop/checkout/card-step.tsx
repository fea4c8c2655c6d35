// The card choice of the payment step. A signed-in shopper with saved cards
// sees them first and pays with one by its security code only, or chooses a
// new card; either way the card form's secure fields make the token and this
// pays the checkout with it.
import { ErrorState, LoadingState } from "@cobro/ui";
import { useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { useCurrentUser } from "../../shared/components/app-layout";
import { CardForm, type CardFormSubmission, type SavedCardChoice } from "../../shared/payments/card-form";
import { type RouterOutputs, trpc } from "../../trpc";
import type { StoredCheckout } from "./checkout-session";
import { useCheckoutToPay } from "./replacement-checkout";
import { useGoToResult } from "./use-go-to-result";

type SavedCard = RouterOutputs["account"]["cards"]["list"][number];

export interface CardStepProps {
  checkout: StoredCheckout;
  /** The checkout's payment was declined or cancelled: another card pays a new checkout for the same order. */
  paymentEnded: boolean;
}

const NEW_CARD = "new";

/** "Visa ending in 3704, expires 11/30". */
function describeSavedCard(card: SavedCard, t: ReturnType<typeof useI18n>["t"]): string {
  if (card.expirationMonth === null || card.expirationYear === null) {
    return t("checkout.savedCards.cardNoExpiry", { brand: card.brand, lastFour: card.lastFour });
  }
  const date = `${String(card.expirationMonth).padStart(2, "0")}/${String(card.expirationYear).slice(-2)}`;
  return t("checkout.savedCards.card", { brand: card.brand, lastFour: card.lastFour, date });
}

export function CardStep({ checkout, paymentEnded }: CardStepProps) {
  const { t } = useI18n();
  const { user } = useCurrentUser();
  const goToResult = useGoToResult();
  const payWithCard = trpc.checkout.payWithCard.useMutation();
  const checkoutToPay = useCheckoutToPay(checkout, paymentEnded);
  // The account this checkout charges on: its public key makes the card token, and saved cards (customers of the
  // store's own account) are offered only when the store's own account charges.
  const account = trpc.checkout.paymentAccount.useQuery(
    { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
    { staleTime: Number.POSITIVE_INFINITY },
  );
  const savedCardsAllowed = account.data?.savedCards === true;
  const savedCards = trpc.account.cards.list.useQuery(undefined, {
    enabled: user !== null && savedCardsAllowed,
    retry: false,
  });
  const cards = user !== null && savedCardsAllowed ? (savedCards.data ?? []) : [];
  const [choice, setChoice] = useState<string | null>(null);
  // Saved cards first: the first one is chosen until the shopper picks another or a new card.
  const chosenId = choice ?? cards[0]?.id ?? NEW_CARD;
  const chosen = cards.find((card) => card.id === chosenId) ?? null;
  const savedCard: SavedCardChoice | null = chosen
    ? { id: chosen.id, paymentMethodId: chosen.paymentMethodId, bin: chosen.bin }
    : null;

  const payCard = async (submission: CardFormSubmission) => {
    const card = {
      cardToken: submission.cardToken,
      paymentMethodId: submission.paymentMethodId,
      installments: submission.installments,
      ...(submission.issuerId ? { issuerId: submission.issuerId } : {}),
      ...(savedCard ? { savedCardId: savedCard.id } : {}),
      ...(submission.saveCard && submission.saveCardToken
        ? { saveCard: true, saveCardToken: submission.saveCardToken }
        : {}),
    };
    const target = await checkoutToPay();
    await goToResult(await payWithCard.mutateAsync({ ...target, ...card }));
  };

  if (account.isPending) return <LoadingState label={t("card.sdk.loading")} />;
  if (!account.data) {
    return (
      <ErrorState
        title={t("card.sdk.failed")}
        onRetry={() => void account.refetch()}
        retryLabel={t("card.sdk.retry")}
        headingLevel={3}
      />
    );
  }
  if (user !== null && savedCardsAllowed && savedCards.isPending) {
    return <LoadingState label={t("checkout.savedCards.loading")} />;
  }

  return (
    <>
      {cards.length > 0 ? (
        <fieldset className="ui-choices">
          <legend className="ui-choices__legend">{t("checkout.savedCards.legend")}</legend>
          {[
            ...cards.map((card) => ({ id: card.id, label: describeSavedCard(card, t) })),
            { id: NEW_CARD, label: t("checkout.savedCards.newCard") },
          ].map((option) => (
            <div className="ui-choices__option" key={option.id}>
              <input
                type="radio"
                id={`card-choice-${option.id}`}
                name="card-choice"
                value={option.id}
                checked={chosenId === option.id}
                onChange={() => setChoice(option.id)}
              />
              <label htmlFor={`card-choice-${option.id}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <CardForm
        idPrefix={savedCard ? "saved-card" : "card"}
        installmentsFor={checkout.total}
        identification={checkout.payer.identification}
        allowSaveCard={user !== null && savedCardsAllowed}
        publicKey={account.data.publicKey}
        savedCard={savedCard}
        submitLabel={t("checkout.card.pay")}
        busyLabel={t("checkout.paying")}
        onSubmit={payCard}
      />
    </>
  );
}
