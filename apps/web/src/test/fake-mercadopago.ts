// A fake of the provider's browser SDK for component tests (jsdom cannot run
// the real one, whose fields are cross-origin frames). It tests our logic only:
// the test plays the frames by firing their documented events (`binChange`,
// `validityChange`), and `createCardToken` answers numbered tokens.
import type {
  BinChangeEvent,
  CardTokenParams,
  MercadoPagoConstructor,
  MercadoPagoInstance,
  SdkInstallments,
  SdkPaymentMethod,
  SecureField,
  SecureFieldType,
  ValidityChangeEvent,
} from "../shared/payments/sdk/mercadopago-types";

type Handler = (event: never) => void;

export interface FakeMercadoPago {
  /** Every createCardToken call's parameters (never card data: the fake frames hold none). */
  readonly tokenRequests: CardTokenParams[];
  /** The fields mounted now, by type. */
  mounted(type: SecureFieldType): boolean;
  /** Plays the card-number frame recognising (or no longer recognising) a BIN. */
  changeBin(bin: string | null): void;
  /** Plays a frame's validityChange. */
  changeValidity(type: SecureFieldType, errorMessages: ValidityChangeEvent["errorMessages"]): void;
  install(): void;
}

const VISA: SdkPaymentMethod = {
  id: "visa",
  name: "Visa",
  payment_type_id: "credit_card",
  secure_thumbnail: "",
  settings: [{ security_code: { length: 3 } }],
};

/** A fake SDK knowing Visa (BINs starting with 4) with 1 and 3 interest-free installments and 6 with interest. */
export function createFakeMercadoPago(): FakeMercadoPago {
  const tokenRequests: CardTokenParams[] = [];
  const fields = new Map<SecureFieldType, Map<string, Handler>>();

  const instance: MercadoPagoInstance = {
    fields: {
      create(type) {
        const handlers = new Map<string, Handler>();
        const field: SecureField = {
          mount() {
            fields.set(type, handlers);
            return field;
          },
          unmount() {
            if (fields.get(type) === handlers) fields.delete(type);
          },
          on(event: string, callback: Handler) {
            handlers.set(event, callback);
            return field;
          },
          update() {
            return field;
          },
        } as SecureField;
        return field;
      },
      async createCardToken(params) {
        tokenRequests.push(params);
        return { id: `tok${String(tokenRequests.length).padStart(8, "0")}` };
      },
    },
    async getPaymentMethods({ bin }) {
      return { results: bin.startsWith("4") ? [VISA] : [] };
    },
    async getIssuers() {
      return [{ id: "310", name: "Visa Argentina" }];
    },
    async getInstallments({ amount }): Promise<SdkInstallments[]> {
      const total = Number(amount);
      return [
        {
          payment_method_id: "visa",
          payment_type_id: "credit_card",
          payer_costs: [
            { installments: 1, installment_rate: 0, labels: [], installment_amount: total, total_amount: total },
            {
              installments: 3,
              installment_rate: 0,
              labels: ["CFT_0,00%|TEA_0,00%"],
              installment_amount: Math.round((total / 3) * 100) / 100,
              total_amount: total,
            },
          ],
        },
      ];
    },
  };

  return {
    tokenRequests,
    mounted: (type) => fields.has(type),
    changeBin(bin) {
      const handler = fields.get("cardNumber")?.get("binChange") as ((event: BinChangeEvent) => void) | undefined;
      handler?.({ bin, field: "cardNumber" });
    },
    changeValidity(type, errorMessages) {
      const handler = fields.get(type)?.get("validityChange") as ((event: ValidityChangeEvent) => void) | undefined;
      handler?.({ field: type, errorMessages });
    },
    install() {
      window.MercadoPago = class {
        constructor() {
          // biome-ignore lint/correctness/noConstructorReturn: the SDK's constructor is faked with one instance.
          return instance;
        }
      } as unknown as MercadoPagoConstructor;
    },
  };
}
