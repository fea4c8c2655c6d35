// "Resend receipt" (operators): asks first, then queues one more confirmation e-mail to the shopper. The dialog
// holds one idempotency key from opening to its outcome, so a double click or a retry sends once; a later resend
// opens a new dialog with a new key.
import { Alert, Button, ConfirmDialog } from "@cobro/ui";
import { useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { useCanAct } from "../use-can-act";

export function ResendReceiptButton({ checkoutId, email }: { checkoutId: string; email: string }) {
  const { t, language } = useI18n();
  const canResend = useCanAct("operator");
  const [key, setKey] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const resend = trpc.admin.storeOrders.resendReceipt.useMutation({
    onSuccess: () => {
      setKey(null);
      void utils.admin.storeOrders.get.invalidate({ checkoutId });
    },
  });
  if (!canResend) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          resend.reset();
          setKey(crypto.randomUUID());
        }}
      >
        {t("admin.storeOrders.receipt.resend")}
      </Button>
      {resend.isSuccess ? (
        <Alert tone="success">{t("admin.storeOrders.receipt.sent", { email: resend.data.to ?? email })}</Alert>
      ) : null}
      <ConfirmDialog
        open={key !== null}
        title={t("admin.storeOrders.receipt.confirmTitle")}
        confirmLabel={t("admin.storeOrders.receipt.resend")}
        cancelLabel={t("common.cancel")}
        tone="primary"
        busy={resend.isPending}
        busyLabel={t("admin.common.working")}
        onConfirm={() => key && resend.mutate({ checkoutId, idempotencyKey: key })}
        onCancel={() => setKey(null)}
      >
        <p>{t("admin.storeOrders.receipt.confirmText", { email })}</p>
        {resend.isError ? <Alert tone="danger">{describeError(resend.error, { t, language }).message}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}
