import { Alert, Card, PageHeading, Spinner } from "@cobro/ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useSetSignedInUser } from "../../shared/components/app-layout";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import { trpc } from "../../trpc";
import { forgetLinkToken, readLinkToken } from "./email-link-token";

/**
 * `/verify-email#token=…`: the link of the verification e-mail. Uses the link once (the server verifies the
 * address, adds the guest orders paid with it, and signs the user in), then offers the account.
 */
export function VerifyEmailPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("page.verifyEmail.title"));
  const [token] = useState(() => readLinkToken(typeof window === "undefined" ? "" : window.location.hash));
  const verify = trpc.auth.verifyEmail.useMutation();
  const setSignedInUser = useSetSignedInUser();
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (token === null || started.current) return;
    started.current = true;
    forgetLinkToken();
    mutate(
      { token },
      {
        onSuccess: ({ user }) => setSignedInUser(user),
      },
    );
  }, [token, mutate, setSignedInUser]);

  let body: ReactNode;
  if (token === null) {
    body = <Alert tone="danger">{t("auth.verify.missingToken")}</Alert>;
  } else if (verify.isSuccess) {
    body = (
      <>
        <Alert tone="success">{t("auth.verify.done")}</Alert>
        <p>
          <Link to="/account">{t("auth.verify.toAccount")}</Link>
        </p>
      </>
    );
  } else if (verify.isError) {
    body = (
      <>
        <Alert tone="danger">{describeError(verify.error, { t, language }).message}</Alert>
        <p>{t("auth.verify.failedHelp")}</p>
        <p>
          <Link to="/login">{t("nav.signIn")}</Link> · <Link to="/forgot-password">{t("auth.forgotPassword")}</Link>
        </p>
      </>
    );
  } else {
    body = (
      <p role="status">
        <Spinner /> {t("auth.verify.verifying")}
      </p>
    );
  }

  return (
    <>
      <PageHeading title={t("page.verifyEmail.title")} />
      <Card className="ui-narrow">{body}</Card>
    </>
  );
}
