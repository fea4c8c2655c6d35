// "Confirm your e-mail address" for a signed-in user who has not followed the
// verification link yet, with a button for a new link. Unverified shoppers
// may sign in, shop and pay; what they gain by confirming (their guest orders
// in the account) is said here. Draws nothing while loading, on error, or
// once the address is verified.
import { Alert, Button } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import { describeError } from "../../shared/errors/describe-error";
import { trpc } from "../../trpc";

export function VerifyEmailBanner() {
  const { t, language } = useI18n();
  const status = trpc.auth.emailVerification.useQuery(undefined, { staleTime: 60_000 });
  const resend = trpc.auth.resendVerificationEmail.useMutation();
  if (!status.data || status.data.verified) return null;
  const { email } = status.data;
  return (
    <Alert tone="warning" title={t("auth.verifyBanner.text", { email })}>
      <p>{t("auth.verifyBanner.why")}</p>
      {resend.isSuccess ? <p role="status">{t("auth.verifyBanner.resent", { email: resend.data.email })}</p> : null}
      {resend.isError ? <p>{describeError(resend.error, { t, language }).message}</p> : null}
      <Button
        variant="secondary"
        size="sm"
        busy={resend.isPending}
        busyLabel={t("auth.verifyBanner.resending")}
        onClick={() => resend.mutate()}
      >
        {t("auth.verifyBanner.resend")}
      </Button>
    </Alert>
  );
}
