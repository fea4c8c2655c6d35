// The Pix or cash-voucher choice of the payment step: the payment is created
// here and paid outside (QR code, voucher); the result page shows how.
import { Button } from "@cobro/ui";
import { useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../../shared/errors/describe-error";
import { FailureAlert } from "../../shared/errors/failure-alert";
import { trpc } from "../../trpc";
import type { StoredCheckout } from "./checkout-session";
import type { PaymentMethod } from "./method-choice";
import { useCheckoutToPay } from "./replacement-checkout";
import { useGoToResult } from "./use-go-to-result";

export interface OfflineStepProps {
  checkout: StoredCheckout;
  method: PaymentMethod;
  /** The checkout's payment was declined or cancelled: the ticket or Pix pays a new checkout for the same order. */
  paymentEnded: boolean;
}

export function OfflineStep({ checkout, method, paymentEnded }: OfflineStepProps) {
  const { t, language } = useI18n();
  const goToResult = useGoToResult();
  const payOffline = trpc.checkout.payOffline.useMutation();
  const checkoutToPay = useCheckoutToPay(checkout, paymentEnded);
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const inFlight = useRef(false);
  const pix = method.paymentTypeId === "bank_transfer";

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await goToResult(await payOffline.mutateAsync({ ...(await checkoutToPay()), paymentMethodId: method.id }));
    } catch (error) {
      setFailure(describeError(error, { t, language }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      {failure ? <FailureAlert failure={failure} /> : null}
      <div className="ui-method-panel">
        <p>{pix ? t("checkout.offline.pixText") : t("checkout.offline.ticketText")}</p>
        <Button block busy={payOffline.isPending} busyLabel={t("checkout.offline.creating")} onClick={() => void pay()}>
          {pix ? t("checkout.offline.pixPay") : t("checkout.offline.ticketPay", { name: method.name })}
        </Button>
      </div>
    </>
  );
}
