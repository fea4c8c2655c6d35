// TypeScript declarations of the part of MercadoPago.js v2 (the provider's
// browser SDK) that Cobro uses, written from the SDK's documentation
// (docs/fields.md, docs/core-methods.md of mercadopago/sdk-js). The script is
// loaded at run time from the provider (or the sandbox's stand-in); nothing
// here is the SDK's code.

/** `new MercadoPago(publicKey, options)`. */
export type MercadoPagoConstructor = new (publicKey: string, options?: MercadoPagoOptions) => MercadoPagoInstance;

export interface MercadoPagoOptions {
  /** es-AR, es-CL, es-CO, es-MX, es-VE, es-UY, es-PE, pt-BR or en-US. */
  locale?: string;
  advancedFraudPrevention?: boolean;
  trackingDisabled?: boolean;
}

export interface MercadoPagoInstance {
  fields: SecureFieldsModule;
  getPaymentMethods(params: { bin: string; processingMode?: ProcessingMode }): Promise<PaymentMethodsResponse>;
  getIssuers(params: { paymentMethodId: string; bin: string }): Promise<SdkIssuer[]>;
  getInstallments(params: InstallmentsParams): Promise<SdkInstallments[]>;
}

export type ProcessingMode = "aggregator" | "gateway";

export interface InstallmentsParams {
  /** The amount in major units, as a string ("251.00"). */
  amount: string;
  /** The card's first digits (from `binChange`). */
  bin: string;
  paymentTypeId?: string;
  locale?: string;
  processingMode?: ProcessingMode;
}

export type SecureFieldType = "cardNumber" | "securityCode" | "expirationMonth" | "expirationYear" | "expirationDate";

export interface SecureFieldOptions {
  placeholder?: string;
  style?: Record<string, string>;
  /** The frame input's aria-label. */
  srLabel?: string;
  ariaRequired?: boolean;
  mode?: "short" | "full";
  enableLuhnValidation?: boolean;
}

export interface SecureFieldsModule {
  create(type: SecureFieldType, options?: SecureFieldOptions): SecureField;
  createCardToken(nonPciData: CardTokenParams): Promise<SdkCardToken | undefined>;
  focus?(): void;
  blur?(): void;
}

/** Either a new card's holder data (with the card fields mounted) or a saved card's id (with securityCode). */
export interface CardTokenParams {
  cardId?: string;
  cardholderName?: string;
  identificationType?: string;
  identificationNumber?: string;
}

export interface ValidityChangeEvent {
  field: string;
  errorMessages: { message: string; cause: string }[];
}

export interface BinChangeEvent {
  bin: string | null;
  field: string;
}

export interface SecureField {
  mount(containerId: string): SecureField;
  unmount(): void;
  on(event: "validityChange", callback: (event: ValidityChangeEvent) => void): SecureField;
  on(event: "binChange", callback: (event: BinChangeEvent) => void): SecureField;
  on(event: "error", callback: (event: { field: string; error: string }) => void): SecureField;
  on(event: "ready" | "focus" | "blur" | "change" | "paste", callback: (event: { field: string }) => void): SecureField;
  update(properties: {
    placeholder?: string;
    invalid?: boolean;
    settings?: { mode?: string; length?: number; validation?: string };
  }): SecureField;
}

export interface SdkCardToken {
  id: string;
  first_six_digits?: string;
  last_four_digits?: string;
}

export interface PaymentMethodsResponse {
  paging?: { total: number; limit: number; offset: number };
  results: SdkPaymentMethod[];
}

export interface SdkPaymentMethod {
  id: string;
  name: string;
  payment_type_id: string;
  thumbnail?: string;
  secure_thumbnail?: string;
  settings?: {
    security_code?: { mode?: string; length?: number; card_location?: string };
    card_number?: { length?: number; validation?: string };
  }[];
  issuer?: { id: number; name: string; default?: boolean };
}

export interface SdkIssuer {
  id: string | number;
  name: string;
  secure_thumbnail?: string;
  thumbnail?: string;
}

export interface SdkPayerCost {
  installments: number;
  /** The interest rate in percent (0 for interest-free). */
  installment_rate: number;
  discount_rate?: number;
  /** e.g. "CFT_45,32%|TEA_37,21%" in Argentina, "recommended_installment". */
  labels: string[];
  installment_rate_collector?: string[];
  min_allowed_amount?: number;
  max_allowed_amount?: number;
  recommended_message?: string;
  installment_amount: number;
  total_amount: number;
  payment_method_option_id?: string;
}

export interface SdkInstallments {
  payment_method_id: string;
  payment_type_id: string;
  issuer?: { id: string | number; name: string };
  payer_costs: SdkPayerCost[];
}

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}
