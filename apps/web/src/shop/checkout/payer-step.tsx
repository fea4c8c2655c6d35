// Step 1 of the checkout: who pays. The payer's fields are checked with the
// server's own `payerSchema`, then the checkout is created on the server from
// the cart's product ids and quantities (prices come from the database).
import { payerSchema } from "@cobro/contracts";
import { Alert, Button, Card, SelectField, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useI18n } from "../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../../shared/errors/describe-error";
import {
  collectFieldErrors,
  type FieldMessages,
  serverFieldErrors,
  showFieldErrors,
  translatedResolver,
} from "../../shared/forms/form-errors";
import { FormProblems } from "../../shared/forms/form-problems";
import { trpc } from "../../trpc";
import { useCart } from "../cart/cart-context";
import { toCheckoutItems } from "../cart/cart-state";
import { cartSignature, type StoredCheckout } from "./checkout-session";

/** The payer form's values: the shape of the server's `payerSchema` input. */
export type PayerValues = z.input<typeof payerSchema>;

type PayerField = "email" | "firstName" | "lastName" | "identification.type" | "identification.number";

/** The fields in page order: the summary lists them so, and the first in error takes focus. */
const PAYER_FIELDS: readonly PayerField[] = [
  "email",
  "firstName",
  "lastName",
  "identification.type",
  "identification.number",
];

const PAYER_MESSAGES: FieldMessages = {
  email: "checkout.error.email",
  firstName: "checkout.error.firstName",
  lastName: "checkout.error.lastName",
  "identification.type": "checkout.error.identificationType",
  "identification.number": "checkout.error.identificationNumber",
};

const PAYER_FIELD_IDS: Readonly<Record<string, string>> = {
  email: "payer-email",
  firstName: "payer-first-name",
  lastName: "payer-last-name",
  "identification.type": "payer-id-type",
  "identification.number": "payer-id-number",
};

/** The server's checkout input names the payer's fields under `payer.`. */
const SERVER_PREFIX = "payer.";

export interface PayerStepProps {
  initial: PayerValues;
  onCreated: (checkout: StoredCheckout) => void;
}

export function PayerStep({ initial, onCreated }: PayerStepProps) {
  const { t, language } = useI18n();
  const cart = useCart();
  const documentTypes = trpc.checkout.identificationTypes.useQuery(undefined, { staleTime: 10 * 60_000 });
  const create = trpc.checkout.create.useMutation();
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const inFlight = useRef(false);

  const types = documentTypes.data ?? [];
  // Read by the resolver at submit time: the chosen document type's lengths.
  const typesRef = useRef(types);
  typesRef.current = types;

  const { register, handleSubmit, setError, setValue, getValues, control, formState } = useForm<
    PayerValues,
    unknown,
    z.output<typeof payerSchema>
  >({
    defaultValues: initial,
    resolver: async (values, context, options) => {
      const result = await translatedResolver(zodResolver(payerSchema), PAYER_MESSAGES, t)(values, context, options);
      // provider: each document type has its own length (identification_types min_length/max_length).
      const chosen = typesRef.current.find((type) => type.id === values.identification.type);
      const digits = values.identification.number.trim();
      if (!chosen || digits === "" || (digits.length >= chosen.minLength && digits.length <= chosen.maxLength)) {
        return result;
      }
      if (result.errors.identification?.number) return result;
      const message = t("checkout.error.identificationLength", { min: chosen.minLength, max: chosen.maxLength });
      return {
        values: {},
        errors: {
          ...result.errors,
          identification: { ...result.errors.identification, number: { type: "length", message } },
        },
      };
    },
  });

  const chosenTypeId = useWatch({ control, name: "identification.type" });
  const chosenType = types.find((type) => type.id === chosenTypeId);
  // Once the types arrive the select shows one of them: keep the payer's own when it is offered, else the first.
  useEffect(() => {
    const list = documentTypes.data;
    const first = list?.[0];
    if (!list || !first) return;
    const current = getValues("identification.type");
    setValue("identification.type", list.some((type) => type.id === current) ? current : first.id);
  }, [documentTypes.data, getValues, setValue]);

  const createCheckout = async (payer: z.output<typeof payerSchema>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    const items = toCheckoutItems(cart.items);
    try {
      const created = await create.mutateAsync({ items, payer, language });
      onCreated({
        checkoutId: created.checkoutId,
        checkoutToken: created.checkoutToken,
        total: created.total,
        cartSignature: cartSignature(items),
        items,
        payer,
      });
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      showFieldErrors(
        setError,
        serverFieldErrors(described, PAYER_MESSAGES, { t, language }, SERVER_PREFIX),
        PAYER_FIELDS,
      );
    } finally {
      inFlight.current = false;
    }
  };

  const errors = collectFieldErrors(formState.errors, PAYER_FIELDS);
  const typeField = register("identification.type");
  return (
    <Card title={t("checkout.payer.title")}>
      <form
        className="ui-form"
        noValidate
        onSubmit={(event) => {
          setFailure(null);
          void handleSubmit(createCheckout)(event);
        }}
      >
        <FormProblems errors={errors} failure={failure} fieldIdOf={(path) => PAYER_FIELD_IDS[path]} />
        <TextField
          id="payer-email"
          label={t("checkout.payer.email")}
          description={t("checkout.payer.emailHelp")}
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...register("email")}
        />
        <div className="ui-form__row">
          <TextField
            id="payer-first-name"
            label={t("checkout.payer.firstName")}
            autoComplete="given-name"
            required
            error={errors.firstName}
            {...register("firstName")}
          />
          <TextField
            id="payer-last-name"
            label={t("checkout.payer.lastName")}
            autoComplete="family-name"
            required
            error={errors.lastName}
            {...register("lastName")}
          />
        </div>
        <div className="ui-form__row">
          {types.length > 0 || documentTypes.isPending ? (
            <SelectField
              id="payer-id-type"
              label={t("checkout.payer.identificationType")}
              required
              disabled={documentTypes.isPending}
              error={errors["identification.type"]}
              options={types.map((type) => ({ value: type.id, label: type.name }))}
              {...typeField}
            />
          ) : (
            <TextField
              id="payer-id-type"
              label={t("checkout.payer.identificationType")}
              required
              error={errors["identification.type"]}
              {...typeField}
            />
          )}
          <TextField
            id="payer-id-number"
            label={t("checkout.payer.identificationNumber")}
            inputMode={chosenType?.type === "number" ? "numeric" : "text"}
            required
            error={errors["identification.number"]}
            {...register("identification.number")}
          />
        </div>
        {documentTypes.isError ? <Alert tone="warning">{t("checkout.payer.typesFailed")}</Alert> : null}
        <Button type="submit" block busy={create.isPending} busyLabel={t("checkout.payer.creating")}>
          {t("checkout.payer.continue")}
        </Button>
      </form>
    </Card>
  );
}
