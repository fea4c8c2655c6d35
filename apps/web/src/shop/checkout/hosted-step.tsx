// The hosted choice of the payment step: Mercado Pago's own checkout page.
import { useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../../shared/errors/describe-error";
import { FailureAlert } from "../../shared/errors/failure-alert";
import { trpc } from "../../trpc";
import type { StoredCheckout } from "./checkout-session";
import { MercadoPagoButton } from "./mercado-pago-button";

export function HostedStep({ checkout }: { checkout: StoredCheckout }) {
  const { t, language } = useI18n();
  const createPreference = trpc.checkout.createPreference.useMutation();
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const inFlight = useRef(false);

  const payHosted = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const { initPoint } = await createPreference.mutateAsync({
        checkoutId: checkout.checkoutId,
        checkoutToken: checkout.checkoutToken,
      });
      setRedirecting(true);
      window.location.assign(initPoint);
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
        <p>{t("checkout.hosted.text")}</p>
        <MercadoPagoButton
          busy={createPreference.isPending || redirecting}
          busyLabel={t("checkout.hosted.redirecting")}
          onClick={() => void payHosted()}
        >
          {t("checkout.hosted.pay")}
        </MercadoPagoButton>
      </div>
    </>
  );
}
