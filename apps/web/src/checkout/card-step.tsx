// The card choice of the payment step: the card form tokenizes in the browser
// and hands over a token; this pays the checkout with it.
import { useCurrentUser } from "../components/app-layout";
import { useI18n } from "../i18n/i18n-context";
import { isCardMethod } from "../payments/card-brand";
import { CardForm, type CardFormSubmission } from "../payments/card-form";
import { trpc } from "../trpc";
import { type StoredCheckout, writeStoredCheckout } from "./checkout-session";
import type { PaymentMethod } from "./method-choice";
import { useGoToResult } from "./use-go-to-result";

export interface CardStepProps {
  checkout: StoredCheckout;
  methods: readonly PaymentMethod[];
  /** The checkout's payment was declined: another card pays a new checkout for the same order. */
  declined: boolean;
}

export function CardStep({ checkout, methods, declined }: CardStepProps) {
  const { t } = useI18n();
  const { user } = useCurrentUser();
  const goToResult = useGoToResult();
  const payWithCard = trpc.checkout.payWithCard.useMutation();
  const createCheckout = trpc.checkout.create.useMutation();

  const startReplacementCheckout = async () => {
    const created = await createCheckout.mutateAsync({ items: checkout.items, payer: checkout.payer });
    // Kept for the result page and a reload; this page is left right after, so its state stays as it is.
    writeStoredCheckout({
      ...checkout,
      checkoutId: created.checkoutId,
      checkoutToken: created.checkoutToken,
      total: created.total,
    });
    return { checkoutId: created.checkoutId, checkoutToken: created.checkoutToken };
  };

  const payCard = async (submission: CardFormSubmission) => {
    const card = {
      cardToken: submission.cardToken,
      paymentMethodId: submission.paymentMethodId,
      installments: submission.installments,
      ...(submission.saveCard && submission.saveCardToken
        ? { saveCard: true, saveCardToken: submission.saveCardToken }
        : {}),
    };
    // server: a declined checkout keeps its one payment (pay-with-card.ts), so another card after a decline is a
    // new checkout for the same order; it has its own idempotency key, so it too charges at most once.
    const target = declined
      ? await startReplacementCheckout()
      : { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken };
    await goToResult(await payWithCard.mutateAsync({ ...target, ...card }));
  };

  return (
    <CardForm
      idPrefix="card"
      methods={methods.filter(isCardMethod)}
      installmentsFor={checkout.total}
      identification={checkout.payer.identification}
      allowSaveCard={user !== null}
      submitLabel={t("checkout.card.pay")}
      busyLabel={t("checkout.paying")}
      onSubmit={payCard}
    />
  );
}
