import { signUpInputSchema } from "@cobro/contracts";
import { TextField } from "@cobro/ui";
import { Navigate, useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import type { FieldMessages } from "../../shared/forms/form-errors";
import { trpc } from "../../trpc";
import { AuthForm, authField, NewPasswordField, useAuthForm } from "./auth-form";

const MESSAGES: FieldMessages = {
  name: "auth.error.name",
  email: "auth.error.email",
  password: "auth.error.newPassword",
};
const IDS: Readonly<Record<string, string>> = {
  name: "signup-name",
  email: "signup-email",
  password: "signup-password",
};

/**
 * `/signup`: name, email and password. The answer is the same whether or not the address has an account (the
 * server says so by e-mail), so the page always goes on to "check your inbox"; following the link signs in.
 */
export function SignupPage() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  useDocumentTitle(t("page.signup.title"));
  const signUp = trpc.auth.signUp.useMutation();
  const form = useAuthForm({
    defaultValues: { name: "", email: "", password: "" },
    schema: signUpInputSchema,
    messages: MESSAGES,
    // The e-mails come in the language the shopper is using.
    mutation: {
      mutateAsync: (data: { name: string; email: string; password: string }) =>
        signUp.mutateAsync({ ...data, locale: language }),
      isPending: signUp.isPending,
    },
    onSent: (result) => navigate("/check-email", { state: { email: result.email } }),
  });

  if (form.alreadySignedIn) return <Navigate to={form.next} replace />;

  return (
    <AuthForm
      form={form}
      title={t("page.signup.title")}
      fieldIds={IDS}
      submitLabel={t("auth.signUp")}
      busyLabel={t("auth.signingUp")}
      alternative={{ text: t("auth.haveAccount"), label: t("nav.signIn"), path: "/login" }}
    >
      <TextField id="signup-name" label={t("auth.name")} autoComplete="name" required {...authField(form, "name")} />
      <TextField
        id="signup-email"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        {...authField(form, "email")}
      />
      <NewPasswordField id="signup-password" label={t("auth.password")} form={form} name="password" />
    </AuthForm>
  );
}
