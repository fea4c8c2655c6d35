import { signInInputSchema } from "@cobro/contracts";
import { TextField } from "@cobro/ui";
import { Link, Navigate } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import type { FieldMessages } from "../../shared/forms/form-errors";
import { trpc } from "../../trpc";
import { AuthForm, authField, useAuthForm } from "./auth-form";

const MESSAGES: FieldMessages = { email: "auth.error.email", password: "auth.error.password" };
const IDS: Readonly<Record<string, string>> = { email: "signin-email", password: "signin-password" };

/** `/login`: email and password; afterwards goes to `next` (a path on this site). */
export function LoginPage() {
  const { t } = useI18n();
  useDocumentTitle(t("page.login.title"));
  const signIn = trpc.auth.signIn.useMutation();
  const form = useAuthForm({
    defaultValues: { email: "", password: "" },
    schema: signInInputSchema,
    messages: MESSAGES,
    mutation: signIn,
    clearOnRefusal: ["password"],
    // One message for a wrong email or password: which of the two is never told.
    onRefused: (described) =>
      described.appCode === "UNAUTHORIZED"
        ? { failure: { ...described, message: t("auth.error.invalidCredentials") } }
        : {},
  });

  if (form.alreadySignedIn) return <Navigate to={form.next} replace />;

  return (
    <AuthForm
      form={form}
      title={t("page.login.title")}
      fieldIds={IDS}
      submitLabel={t("auth.signIn")}
      busyLabel={t("auth.signingIn")}
      alternative={{ text: t("auth.noAccount"), label: t("nav.signUp"), path: "/signup" }}
      extra={
        <p className="ui-form__alt">
          <Link to="/forgot-password">{t("auth.forgotPassword")}</Link>
        </p>
      }
    >
      <TextField
        id="signin-email"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        {...authField(form, "email")}
      />
      <TextField
        id="signin-password"
        label={t("auth.password")}
        type="password"
        autoComplete="current-password"
        required
        {...authField(form, "password")}
      />
    </AuthForm>
  );
}
