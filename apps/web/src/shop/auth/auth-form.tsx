// What the sign-in and sign-up pages share: the form's frame, and what happens
// around a submit (react-hook-form checks the server's schema, one request at
// a time, a fresh cache for the new session, then on to `next`).
import { PASSWORD_MIN_LENGTH } from "@cobro/contracts";
import { Button, Card, PageHeading, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type UseFormRegister, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { useI18n } from "../../i18n/i18n-context";
import { useCurrentUser, useSetSignedInUser } from "../../shared/components/app-layout";
import { describeError, type UserFacingError } from "../../shared/errors/describe-error";
import {
  collectFieldErrors,
  type FieldMessages,
  type FormFieldErrors,
  serverFieldErrors,
  showFieldErrors,
  translatedResolver,
} from "../../shared/forms/form-errors";
import { FormProblems } from "../../shared/forms/form-problems";
import type { RouterOutputs } from "../../trpc";
import { safeNextPath } from "../auth/safe-next";

type SignedInUser = NonNullable<RouterOutputs["auth"]["me"]["user"]>;

export interface AuthFormOptions<Values extends FieldValues, Output, Result = { user: SignedInUser }> {
  /** The form's fields in page order, each with its starting value. */
  defaultValues: Values;
  /** The server's input schema, checked before sending. */
  schema: z.ZodType<Output, Values>;
  messages: FieldMessages;
  /** The mutation: one that signs in (its result carries the user), or one that only sends an e-mail (`onSent`). */
  mutation: { mutateAsync: (data: Output) => Promise<Result>; isPending: boolean };
  /**
   * For a mutation that signs nobody in (sign-up, "forgot password"): what to do with its answer instead of
   * signing in and going on to `next`.
   */
  onSent?: (result: Result, next: string) => void | Promise<void>;
  /** Fields emptied after a refused attempt (a password is typed again). */
  clearOnRefusal?: readonly Path<Values>[];
  /** What to show when the server refuses, where it differs from the failure itself and its per-field errors. */
  onRefused?: (described: UserFacingError) => { failure?: UserFacingError; errors?: FormFieldErrors };
}

/** The fields, errors and submit of a sign-in or sign-up form; `next` is where the shopper goes afterwards. */
export function useAuthForm<Values extends FieldValues, Output, Result = { user: SignedInUser }>(
  options: AuthFormOptions<Values, Output, Result>,
) {
  const { t, language } = useI18n();
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const navigate = useNavigate();
  const setSignedInUser = useSetSignedInUser();
  const { user } = useCurrentUser();
  const form = useForm<Values, unknown, Output>({
    defaultValues: options.defaultValues as DefaultValues<Values>,
    resolver: translatedResolver(zodResolver(options.schema), options.messages, t),
  });
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const inFlight = useRef(false);
  const justSignedIn = useRef(false);
  const order = Object.keys(options.defaultValues) as Path<Values>[];

  const send = async (data: Output) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await options.mutation.mutateAsync(data);
      if (options.onSent) {
        await options.onSent(result, next);
        return;
      }
      const { user: signedIn } = result as { user: SignedInUser };
      justSignedIn.current = true;
      setSignedInUser(signedIn);
      await navigate(next, { replace: true });
    } catch (error) {
      const described = describeError(error, { t, language });
      const shown = options.onRefused?.(described) ?? {};
      setFailure(shown.failure ?? described);
      for (const field of options.clearOnRefusal ?? []) form.resetField(field);
      showFieldErrors(
        form.setError,
        shown.errors ?? serverFieldErrors(described, options.messages, { t, language }),
        order,
      );
    } finally {
      inFlight.current = false;
    }
  };

  return {
    next,
    /** Signed in before coming here: there is nothing to do but go on to `next`. */
    alreadySignedIn: user !== null && !justSignedIn.current,
    register: form.register,
    errors: collectFieldErrors(form.formState.errors, order),
    failure,
    busy: options.mutation.isPending,
    submit: () => {
      setFailure(null);
      return form.handleSubmit(send)();
    },
  };
}

/** A text field's registration and error, spread into a `TextField`. */
export function authField<Values extends FieldValues>(
  form: { register: UseFormRegister<Values>; errors: FormFieldErrors },
  name: Path<Values>,
) {
  return { ...form.register(name), error: form.errors[name] };
}

/** A password the user chooses (sign-up, reset): the policy as help text, and the browser offered to generate one. */
export function NewPasswordField<Values extends FieldValues>(props: {
  id: string;
  label: string;
  form: { register: UseFormRegister<Values>; errors: FormFieldErrors };
  name: Path<Values>;
}) {
  const { t } = useI18n();
  return (
    <TextField
      id={props.id}
      label={props.label}
      description={t("auth.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
      type="password"
      autoComplete="new-password"
      required
      {...authField(props.form, props.name)}
    />
  );
}

export interface AuthFormProps {
  form: {
    next: string;
    errors: FormFieldErrors;
    failure: UserFacingError | null;
    busy: boolean;
    submit: () => unknown;
  };
  title: string;
  /** The control id of each field path, for the error summary's links. */
  fieldIds: Readonly<Record<string, string>>;
  submitLabel: string;
  busyLabel: string;
  /** The way to the other form, under the card ("No account yet? Sign up"); it keeps `next`. */
  alternative: { text: string; label: string; path: string };
  /** Shown above the fields (an explanation), and under the submit button (another link). */
  intro?: ReactNode;
  extra?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** The page of a sign-in or sign-up form: heading, error summary, fields, submit button and the other way in. */
export function AuthForm({
  form,
  title,
  fieldIds,
  submitLabel,
  busyLabel,
  alternative,
  intro,
  extra,
  children,
}: AuthFormProps) {
  return (
    <>
      <PageHeading title={title} />
      <Card className="ui-narrow">
        <form
          className="ui-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          {intro}
          <FormProblems errors={form.errors} failure={form.failure} fieldIdOf={(path) => fieldIds[path]} />
          {children}
          <Button type="submit" block busy={form.busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </form>
        {extra}
        <p className="ui-form__alt">
          {alternative.text}{" "}
          <Link to={`${alternative.path}?next=${encodeURIComponent(form.next)}`}>{alternative.label}</Link>
        </p>
      </Card>
    </>
  );
}
