import { requestPasswordResetInputSchema } from "@cobro/contracts";
import { Alert, TextField } from "@cobro/ui";
import { useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import type { FieldMessages } from "../../shared/forms/form-errors";
import { trpc } from "../../trpc";
import { AuthForm, authField, useAuthForm } from "./auth-form";

const MESSAGES: FieldMessages = { email: "auth.error.email" };
const IDS: Readonly<Record<string, string>> = { email: "forgot-email" };

/**
 * `/forgot-password`: an e-mail address; the answer is always "if an account exists for …, we sent a link", so
 * the page never tells who has an account.
 */
export function ForgotPasswordPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("page.forgotPassword.title"));
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm({
    defaultValues: { email: "" },
    schema: requestPasswordResetInputSchema,
    messages: MESSAGES,
    mutation: {
      mutateAsync: (data: { email: string }) => request.mutateAsync({ ...data, locale: language }),
      isPending: request.isPending,
    },
    onSent: (result) => setSentTo(result.email),
  });

  return (
    <AuthForm
      form={form}
      title={t("page.forgotPassword.title")}
      fieldIds={IDS}
      submitLabel={t("auth.forgot.send")}
      busyLabel={t("auth.forgot.sending")}
      alternative={{ text: t("auth.haveAccount"), label: t("nav.signIn"), path: "/login" }}
      intro={
        sentTo ? (
          <Alert tone="success">{t("auth.forgot.sent", { email: sentTo })}</Alert>
        ) : (
          <p>{t("auth.forgot.intro")}</p>
        )
      }
    >
      <TextField
        id="forgot-email"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        {...authField(form, "email")}
      />
    </AuthForm>
  );
}
