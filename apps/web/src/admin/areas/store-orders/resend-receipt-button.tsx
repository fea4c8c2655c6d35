// "Resend receipt" (operators): asks first, then queues one more confirmation e-mail to the shopper. The dialog
// keys its resend by `useIntentKey`: a double click or a retry after an unseen answer sends once; a later resend
// opens the dialog for a new intent, with a new key.
import { Alert, Button, ConfirmDialog } from "@cobro/ui";
import { useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { trpc } from "../../../trpc";
import { useCanAct } from "../use-can-act";

export function ResendReceiptButton({ checkoutId, email }: { checkoutId: string; email: string }) {
  const { t, language } = useI18n();
  const canResend = useCanAct("operator");
  const [open, setOpen] = useState(false);
  const intent = useIntentKey();
  const utils = trpc.useUtils();
  const resend = trpc.admin.storeOrders.resendReceipt.useMutation({
    onSuccess: () => {
      setOpen(false);
      intent.answered("done");
      void utils.admin.storeOrders.get.invalidate({ checkoutId });
    },
    onError: (error) => void intent.failed(error),
  });
  if (!canResend) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          resend.reset();
          intent.renew();
          setOpen(true);
        }}
      >
        {t("admin.storeOrders.receipt.resend")}
      </Button>
      {resend.isSuccess ? (
        <Alert tone="success">{t("admin.storeOrders.receipt.sent", { email: resend.data.to ?? email })}</Alert>
      ) : null}
      <ConfirmDialog
        open={open}
        title={t("admin.storeOrders.receipt.confirmTitle")}
        confirmLabel={t("admin.storeOrders.receipt.resend")}
        cancelLabel={t("common.cancel")}
        tone="primary"
        busy={resend.isPending}
        busyLabel={t("admin.common.working")}
        onConfirm={() => resend.mutate({ checkoutId, idempotencyKey: intent.idempotencyKey })}
        onCancel={() => setOpen(false)}
      >
        <p>{t("admin.storeOrders.receipt.confirmText", { email })}</p>
        {resend.isError ? <Alert tone="danger">{describeError(resend.error, { t, language }).message}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}
