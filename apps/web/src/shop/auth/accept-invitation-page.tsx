import { nameSchema, type PublicUser, passwordSchema, type StaffInvitationDetails } from "@cobro/contracts";
import { Alert, Button, Card, LoadingState, PageHeading, TextField } from "@cobro/ui";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import type { MessageKey } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import type { FieldMessages } from "../../shared/forms/form-errors";
import { trpc } from "../../trpc";
import { AuthForm, authField, NewPasswordField, useAuthForm } from "./auth-form";
import { forgetLinkToken, readLinkToken } from "./email-link-token";

const MESSAGES: FieldMessages = { name: "auth.error.name", password: "auth.error.newPassword" };
const IDS: Readonly<Record<string, string>> = { name: "invitation-name", password: "invitation-password" };
const newAccountSchema = z.strictObject({ name: nameSchema, password: passwordSchema });

function roleWords(role: StaffInvitationDetails["role"]): MessageKey {
  return `invitation.role.${role}`;
}

/**
 * `/accept-invitation#token=…`: the link of a staff invitation. The page asks the server what the link is for; a new
 * address chooses a name and a password, an existing account accepts with one button. Either way the invitee is
 * signed in with the role and goes to the console. A used, revoked or expired link says so.
 */
export function AcceptInvitationPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("page.acceptInvitation.title"));
  const navigate = useNavigate();
  const [token] = useState(() => readLinkToken(typeof window === "undefined" ? "" : window.location.hash));
  useEffect(() => {
    if (token !== null) forgetLinkToken();
  }, [token]);
  const details = trpc.auth.staffInvitation.useMutation();
  const accept = trpc.auth.acceptStaffInvitation.useMutation();
  const utils = trpc.useUtils();
  const asked = useRef(false);
  useEffect(() => {
    if (token === null || asked.current) return;
    asked.current = true;
    details.mutate({ token });
  }, [token, details]);

  const signedIn = async ({ user }: { user: PublicUser }) => {
    await utils.auth.me.reset();
    utils.auth.me.setData(undefined, { user: user });
    navigate("/admin");
  };

  const form = useAuthForm({
    defaultValues: { name: "", password: "" },
    schema: newAccountSchema,
    messages: MESSAGES,
    mutation: {
      mutateAsync: (data: { name: string; password: string }) => accept.mutateAsync({ token: token ?? "", ...data }),
      isPending: accept.isPending,
    },
    clearOnRefusal: ["password"],
    onSent: signedIn,
  });

  const title = t("page.acceptInvitation.title");
  if (token === null || details.isError) {
    return (
      <>
        <PageHeading title={title} />
        <Card className="ui-narrow">
          <Alert tone="danger">
            {token === null ? t("invitation.missingToken") : describeError(details.error, { t, language }).message}
          </Alert>
        </Card>
      </>
    );
  }
  if (!details.data) return <LoadingState label={t("common.loading")} />;
  const invitation = details.data;
  const intro = t("invitation.intro", { email: invitation.email, role: t(roleWords(invitation.role)) });

  if (invitation.accountExists) {
    return (
      <>
        <PageHeading title={title} description={intro} />
        <Card className="ui-narrow">
          <p>{t("invitation.existingAccount")}</p>
          {accept.isError ? <Alert tone="danger">{describeError(accept.error, { t, language }).message}</Alert> : null}
          <Button
            disabled={accept.isPending}
            onClick={() => accept.mutate({ token: token ?? "" }, { onSuccess: (result) => void signedIn(result) })}
          >
            {accept.isPending ? t("invitation.accepting") : t("invitation.accept")}
          </Button>
        </Card>
      </>
    );
  }

  return (
    <AuthForm
      form={form}
      title={title}
      intro={<p>{intro}</p>}
      fieldIds={IDS}
      submitLabel={t("invitation.accept")}
      busyLabel={t("invitation.accepting")}
      alternative={{ text: t("auth.haveAccount"), label: t("nav.signIn"), path: "/login" }}
    >
      <TextField
        id="invitation-name"
        label={t("auth.name")}
        autoComplete="name"
        required
        {...authField(form, "name")}
      />
      <NewPasswordField id="invitation-password" label={t("auth.password")} form={form} name="password" />
    </AuthForm>
  );
}
