// zod schemas of the console's Disputes area (`admin.disputes.*`): the mirrored chargebacks (list, detail, evidence
// upload) and the provider's claims (read only). Shared by the tRPC router and the web pages, so the file picker
// checks exactly what the server checks. Money is `{ amountMinor, currency }` (see shop.ts).
import { z } from "zod";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { moneySchema } from "./shop";

/** provider: a chargeback's `documentation_status`. */
export const CHARGEBACK_DOCUMENTATION_STATUSES = [
  "pending",
  "review_pending",
  "valid",
  "invalid",
  "not_supplied",
  "not_applicable",
] as const;
export type ChargebackDocumentationStatus = (typeof CHARGEBACK_DOCUMENTATION_STATUSES)[number];

/**
 * provider: evidence files may be .jpg, .png or .pdf and "should not exceed 10mb overall"
 * (https://www.mercadopago.com.mx/developers/en/docs/tiendanube/additional-content/chargebacks/how-to-manage).
 */
export const EVIDENCE_FILE_TYPES = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "application/pdf": [".pdf"],
} as const;
export type EvidenceFileType = keyof typeof EVIDENCE_FILE_TYPES;
export const EVIDENCE_MAX_TOTAL_BYTES = 10 * 1024 * 1024;
/** The most files one upload carries (a form, not an archive). */
export const EVIDENCE_MAX_FILES = 10;
export const DISPUTES_PAGE_MAX = 50;

/** Whether a file's name and type are an accepted evidence file (the type must match the extension). */
export function isEvidenceFile(name: string, type: string): type is EvidenceFileType {
  const extensions = (EVIDENCE_FILE_TYPES as Record<string, readonly string[]>)[type];
  return extensions?.some((extension) => name.toLowerCase().endsWith(extension)) === true;
}

export const chargebackIdSchema = z.string("Invalid chargeback id").regex(/^\d{1,30}$/, "Invalid chargeback id");

export const chargebackListInputSchema = z.strictObject({
  documentationStatus: z.enum(CHARGEBACK_DOCUMENTATION_STATUSES, "Choose a status from the list").optional(),
  /** Only chargebacks still open to evidence (deadline not passed, not decided). */
  openOnly: z.boolean("openOnly must be true or false").optional(),
  /** Only the chargebacks of one payment (the payment page links here). */
  paymentId: z.number("Invalid payment id").int("Invalid payment id").positive("Invalid payment id").optional(),
  ...offsetPagingSchema({ maxLimit: DISPUTES_PAGE_MAX, defaultLimit: 25 }).shape,
});
export type ChargebackListInput = z.input<typeof chargebackListInputSchema>;

export const chargebackSummarySchema = z.object({
  id: z.string(),
  paymentId: z.number().int().nullable(),
  amount: moneySchema,
  reason: z.string().nullable(),
  documentationStatus: z.string(),
  documentationRequired: z.boolean(),
  /** ISO; null when no documentation is asked for. */
  deadline: z.string().nullable(),
  coverageApplied: z.boolean().nullable(),
  createdAt: z.string().nullable(),
});
export type ChargebackSummary = z.infer<typeof chargebackSummarySchema>;

export const chargebackListOutputSchema = z.object({
  items: z.array(chargebackSummarySchema),
  ...offsetPageSchema.shape,
});

export const chargebackIdInputSchema = z.strictObject({ chargebackId: chargebackIdSchema });

export const evidenceUploadSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "succeeded", "failed", "unknown"]),
  files: z.array(z.object({ name: z.string(), type: z.string(), size: z.number().int() })),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type EvidenceUpload = z.infer<typeof evidenceUploadSchema>;

export const chargebackDetailSchema = chargebackSummarySchema.extend({
  coverageEligible: z.boolean().nullable(),
  /** The documents the provider lists (its own descriptions; never file content). */
  documents: z.array(z.object({ type: z.string().nullable(), description: z.string().nullable() })),
  uploads: z.array(evidenceUploadSchema),
  /** Whether evidence may still be sent (deadline not passed, not decided). */
  canUpload: z.boolean(),
});
export type ChargebackDetail = z.infer<typeof chargebackDetailSchema>;

const evidenceFileSchema = z
  .strictObject({
    name: z.string("Name the file").trim().min(1, "Name the file").max(200, "The file name is at most 200 characters"),
    type: z.string("Give the file's type"),
    /** The file's bytes, base64 (JSON is the only body the API accepts). */
    dataBase64: z
      .string("Attach the file")
      .min(1, "The file is empty")
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "The file is not base64"),
  })
  .refine((file) => isEvidenceFile(file.name, file.type), {
    message: "Evidence files must be .jpg, .png or .pdf",
    path: ["type"],
  });

/** Decoded size of base64 text, without decoding it. */
export function base64DecodedBytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

export const uploadEvidenceInputSchema = z
  .strictObject({
    chargebackId: chargebackIdSchema,
    /** One per upload the operator confirms: a retry or a double click sends the same files once. */
    idempotencyKey: z.uuid("Invalid idempotency key"),
    files: z
      .array(evidenceFileSchema, "Attach at least one file")
      .min(1, "Attach at least one file")
      .max(EVIDENCE_MAX_FILES, `Attach at most ${EVIDENCE_MAX_FILES} files`),
  })
  .superRefine((value, ctx) => {
    const total = value.files.reduce((sum, file) => sum + base64DecodedBytes(file.dataBase64), 0);
    if (total > EVIDENCE_MAX_TOTAL_BYTES) {
      ctx.addIssue({ code: "custom", path: ["files"], message: "The files are more than 10 MB in all" });
    }
  });
export type UploadEvidenceInput = z.input<typeof uploadEvidenceInputSchema>;

export const uploadEvidenceResultSchema = z.object({
  /** done: the provider took the files; unknown: no answer seen (the same upload may be repeated safely). */
  outcome: z.enum(["done", "unknown"]),
  uploadId: z.string(),
});

/** provider: a claim's `status` and `stage`. */
export const CLAIM_STATUSES = ["opened", "closed"] as const;
export const claimListInputSchema = z.strictObject({
  status: z.enum(CLAIM_STATUSES, "Choose a status from the list").optional(),
  ...offsetPagingSchema({ maxLimit: DISPUTES_PAGE_MAX, defaultLimit: 25 }).shape,
});
export type ClaimListInput = z.input<typeof claimListInputSchema>;

export const claimSummarySchema = z.object({
  id: z.number().int(),
  /** The payment the claim is about, when its resource is a payment. */
  paymentId: z.number().int().nullable(),
  /** The payment's amount, from Cobro's payment mirror (a claim carries none). */
  amount: moneySchema.nullable(),
  type: z.string(),
  stage: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  /** The seller's earliest mandatory action due date (ISO), if any. */
  deadline: z.string().nullable(),
  createdAt: z.string(),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

export const claimIdInputSchema = z.strictObject({
  claimId: z
    .number("Invalid claim id")
    .int("Invalid claim id")
    .positive("Invalid claim id")
    .max(Number.MAX_SAFE_INTEGER, "Invalid claim id"),
});

export const claimListOutputSchema = z.object({ items: z.array(claimSummarySchema), ...offsetPageSchema.shape });
