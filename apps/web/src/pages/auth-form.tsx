// What the sign-in and sign-up pages share: the form's frame, and what happens
// around a submit (checks with the server's schema, one request at a time, a
// fresh cache for the new session, then on to `next`).
import { Button, Card, PageHeading } from "@cobro/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { safeNextPath } from "../auth/safe-next";
import { useCurrentUser } from "../components/app-layout";
import { describeError, type UserFacingError } from "../errors/describe-error";
import { type FieldMessages, type FormFieldErrors, serverFieldErrors, validateForm } from "../forms/form-errors";
import { FormProblems } from "../forms/form-problems";
import { useFormValues } from "../forms/form-values";
import { useI18n } from "../i18n/i18n-context";
import { type RouterOutputs, trpc } from "../trpc";

type SignedInUser = NonNullable<RouterOutputs["auth"]["me"]["user"]>;

export interface AuthFormOptions<Schema extends z.ZodType, Values extends Record<keyof Values, string>> {
  initial: Values;
  /** The server's input schema, checked before sending. */
  schema: Schema;
  messages: FieldMessages;
  /** The sign-in or sign-up mutation. */
  mutation: { mutateAsync: (data: z.output<Schema>) => Promise<{ user: SignedInUser }>; isPending: boolean };
  /** Fields emptied after a refused attempt (a password is typed again). */
  clearOnRefusal?: readonly (keyof Values)[];
  /** What to show when the server refuses, where it differs from the failure itself and its per-field errors. */
  onRefused?: (described: UserFacingError) => { failure?: UserFacingError; errors?: FormFieldErrors };
}

/** The values, errors and submit of a sign-in or sign-up form; `next` is where the shopper goes afterwards. */
export function useAuthForm<Schema extends z.ZodType, Values extends Record<keyof Values, string>>(
  options: AuthFormOptions<Schema, Values>,
) {
  const { t, language } = useI18n();
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useCurrentUser();
  const { values, setValues, set } = useFormValues(options.initial);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const inFlight = useRef(false);
  const justSignedIn = useRef(false);

  const submit = async () => {
    if (inFlight.current) return;
    const checked = validateForm(options.schema, values, options.messages, t);
    setErrors(checked.success ? {} : checked.errors);
    setFailure(null);
    if (!checked.success) return;
    inFlight.current = true;
    try {
      const { user: signedIn } = await options.mutation.mutateAsync(checked.data);
      justSignedIn.current = true;
      // Whatever was cached belonged to the visitor before signing in.
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: signedIn });
      await navigate(next, { replace: true });
    } catch (error) {
      const described = describeError(error, { t, language });
      const shown = options.onRefused?.(described) ?? {};
      setFailure(shown.failure ?? described);
      setErrors(shown.errors ?? serverFieldErrors(described, options.messages, { t, language }));
      const cleared = options.clearOnRefusal ?? [];
      if (cleared.length > 0) {
        setValues((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, ""])) }));
      }
    } finally {
      inFlight.current = false;
    }
  };

  return {
    next,
    /** Signed in before coming here: there is nothing to do but go on to `next`. */
    alreadySignedIn: user !== null && !justSignedIn.current,
    /** A text field's value, error and change handler. */
    field: (name: keyof Values & string) => ({ value: values[name], error: errors[name], onChange: set(name) }),
    errors,
    failure,
    busy: options.mutation.isPending,
    submit,
  };
}

export interface AuthFormProps {
  form: Pick<ReturnType<typeof useAuthForm>, "next" | "errors" | "failure" | "busy" | "submit">;
  title: string;
  /** The control id of each field path, for the error summary's links. */
  fieldIds: Readonly<Record<string, string>>;
  submitLabel: string;
  busyLabel: string;
  /** The way to the other form, under the card ("No account yet? Sign up"); it keeps `next`. */
  alternative: { text: string; label: string; path: string };
  /** The fields. */
  children: ReactNode;
}

/** The page of a sign-in or sign-up form: heading, error summary, fields, submit button and the other way in. */
export function AuthForm({ form, title, fieldIds, submitLabel, busyLabel, alternative, children }: AuthFormProps) {
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
          <FormProblems errors={form.errors} failure={form.failure} fieldIdOf={(path) => fieldIds[path]} />
          {children}
          <Button type="submit" block busy={form.busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        </form>
        <p className="ui-form__alt">
          {alternative.text}{" "}
          <Link to={`${alternative.path}?next=${encodeURIComponent(form.next)}`}>{alternative.label}</Link>
        </p>
      </Card>
    </>
  );
}
