import { passwordSchema } from "@cobro/contracts";
import { Alert, Card, PageHeading } from "@cobro/ui";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import type { FieldMessages } from "../../shared/forms/form-errors";
import { trpc } from "../../trpc";
import { AuthForm, NewPasswordField, useAuthForm } from "./auth-form";
import { forgetLinkToken, readLinkToken } from "./email-link-token";

const MESSAGES: FieldMessages = { password: "auth.error.newPassword" };
const IDS: Readonly<Record<string, string>> = { password: "reset-password" };
/** The form's part of `resetPasswordInputSchema` (the token comes from the link). */
const formSchema = z.strictObject({ password: passwordSchema });

/**
 * `/reset-password#token=…`: the link of the reset e-mail. A new password (the shop's policy); the server uses the
 * link once, ends every other session and signs the user in here. A used or expired link says so, with the way
 * to a new one.
 */
export function ResetPasswordPage() {
  const { t } = useI18n();
  useDocumentTitle(t("page.resetPassword.title"));
  const [token] = useState(() => readLinkToken(typeof window === "undefined" ? "" : window.location.hash));
  // After the first commit, not while rendering: a render that suspends is thrown away and its state with it.
  useEffect(() => {
    if (token !== null) forgetLinkToken();
  }, [token]);
  const reset = trpc.auth.resetPassword.useMutation();
  const utils = trpc.useUtils();
  const [done, setDone] = useState(false);
  const form = useAuthForm({
    defaultValues: { password: "" },
    schema: formSchema,
    messages: MESSAGES,
    mutation: {
      mutateAsync: (data: { password: string }) => reset.mutateAsync({ token: token ?? "", password: data.password }),
      isPending: reset.isPending,
    },
    clearOnRefusal: ["password"],
    onSent: async ({ user }) => {
      await utils.auth.me.reset();
      utils.auth.me.setData(undefined, { user });
      setDone(true);
    },
  });

  if (token === null || done) {
    return (
      <>
        <PageHeading title={t("page.resetPassword.title")} />
        <Card className="ui-narrow">
          {done ? (
            <>
              <Alert tone="success">{t("auth.reset.done")}</Alert>
              <p>
                <Link to="/account">{t("auth.verify.toAccount")}</Link>
              </p>
            </>
          ) : (
            <>
              <Alert tone="danger">{t("auth.verify.missingToken")}</Alert>
              <p>
                <Link to="/forgot-password">{t("auth.reset.askAgain")}</Link>
              </p>
            </>
          )}
        </Card>
      </>
    );
  }

  return (
    <AuthForm
      form={form}
      title={t("page.resetPassword.title")}
      fieldIds={IDS}
      submitLabel={t("auth.reset.save")}
      busyLabel={t("auth.reset.saving")}
      alternative={{ text: t("auth.haveAccount"), label: t("nav.signIn"), path: "/login" }}
      extra={
        form.failure?.reason === "link_expired" ? (
          <p className="ui-form__alt">
            <Link to="/forgot-password">{t("auth.reset.askAgain")}</Link>
          </p>
        ) : null
      }
    >
      <NewPasswordField id="reset-password" label={t("auth.reset.newPassword")} form={form} name="password" />
    </AuthForm>
  );
}
