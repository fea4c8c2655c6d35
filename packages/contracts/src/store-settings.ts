// The store's settings an admin changes from the console (admin.settings.*).
// Stored in the database, so every server instance reads the same values.
import { z } from "zod";

/**
 * How card payments are captured: `automatic` charges at checkout; `manual`
 * only authorizes at checkout (`capture: false` on POST /v1/payments) and an
 * operator captures later from the console.
 */
export const CARD_CAPTURE_MODES = ["automatic", "manual"] as const;
export type CardCaptureMode = (typeof CARD_CAPTURE_MODES)[number];
export const cardCaptureModeSchema = z.enum(CARD_CAPTURE_MODES);

/** provider: `statement_descriptor` (payments and preferences) is at most 22 characters. */
export const STATEMENT_DESCRIPTOR_MAX_LENGTH = 22;
/** WCAG 2.x AA for normal text: the brand colour carries white text (buttons), so it needs this contrast with white. */
export const BRAND_COLOR_MIN_CONTRAST = 4.5;
/** The logo's largest accepted size, in bytes. */
export const STORE_LOGO_MAX_BYTES = 512 * 1024;
/** Raster formats only: an SVG can carry script, and the logo is served from our own origin. */
export const STORE_LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type StoreLogoContentType = (typeof STORE_LOGO_CONTENT_TYPES)[number];

/** The relative luminance of a `#rrggbb` colour (WCAG 2.x definition). */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The contrast ratio of white text on a `#rrggbb` background, e.g. `contrastWithWhite("#0a4fb5")` ≈ 7.6.
 * Rounded down to two decimals, so a colour shown as 4.49:1 is never accepted as 4.5:1.
 */
export function contrastWithWhite(hex: string): number {
  return Math.floor((1.05 / (relativeLuminance(hex) + 0.05)) * 100) / 100;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/;
// Card networks print statements in plain ASCII; accents or emoji would come out garbled or be refused.
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export const storeNameSchema = z
  .string()
  .trim()
  .min(1, "storeName is required")
  .max(60, "storeName must be at most 60 characters");

export const statementDescriptorSchema = z
  .string()
  .trim()
  .min(1, "statementDescriptor is required")
  .max(
    STATEMENT_DESCRIPTOR_MAX_LENGTH,
    `statementDescriptor must be at most ${STATEMENT_DESCRIPTOR_MAX_LENGTH} characters (Mercado Pago's limit)`,
  )
  .regex(PRINTABLE_ASCII, "statementDescriptor may hold only unaccented letters, digits, spaces and punctuation");

/** The display name of the e-mails' From; empty: the store's name. */
export const senderNameSchema = z
  .string()
  .trim()
  .max(60, "senderName must be at most 60 characters")
  .regex(/^[^<>"\r\n]*$/, 'senderName may not contain <, > or "');

/** The address of the e-mails' From; empty: the server's MAIL_FROM. */
export const senderAddressSchema = z.union([
  z.literal(""),
  z.email("senderAddress must be an e-mail address, like shop@example.com").max(254),
]);

export const brandColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOR, "brandColor must be a hex colour like #0a4fb5")
  .refine(
    (hex) => contrastWithWhite(hex) >= BRAND_COLOR_MIN_CONTRAST,
    `brandColor is too light: white text on it needs a contrast of at least ${BRAND_COLOR_MIN_CONTRAST}:1 (WCAG AA); choose a darker colour`,
  );

/** The stored logo: its content hash (the URL's cache key) and type. */
export const storeLogoRefSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.enum(STORE_LOGO_CONTENT_TYPES),
});
export type StoreLogoRef = z.infer<typeof storeLogoRefSchema>;

export const storeSettingsSchema = z.object({
  cardCapture: cardCaptureModeSchema,
  storeName: storeNameSchema,
  statementDescriptor: statementDescriptorSchema,
  senderName: senderNameSchema,
  senderAddress: senderAddressSchema,
  brandColor: brandColorSchema,
  logo: storeLogoRefSchema.nullable(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** The defaults a store starts with (and that a missing row means). */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  cardCapture: "automatic",
  storeName: "Cobro",
  statementDescriptor: "COBRO",
  senderName: "",
  senderAddress: "",
  // The shop's primary colour (packages/ui styles.css --ui-primary): 7.6:1 with white.
  brandColor: "#0a4fb5",
  logo: null,
};

/** A change to one or more settings; the settings left out keep their value. */
export const updateStoreSettingsInputSchema = z.strictObject({
  cardCapture: cardCaptureModeSchema.optional(),
  storeName: storeNameSchema.optional(),
  statementDescriptor: statementDescriptorSchema.optional(),
  senderName: senderNameSchema.optional(),
  senderAddress: senderAddressSchema.optional(),
  brandColor: brandColorSchema.optional(),
});
export type UpdateStoreSettingsInput = z.infer<typeof updateStoreSettingsInputSchema>;

/** The identity form of the console (store name, descriptor, sender, colour): the same rules as the server's. */
export const storeIdentityFormSchema = z.object({
  storeName: storeNameSchema,
  statementDescriptor: statementDescriptorSchema,
  senderName: senderNameSchema,
  senderAddress: senderAddressSchema,
  brandColor: brandColorSchema,
});
export type StoreIdentityForm = z.infer<typeof storeIdentityFormSchema>;

/** A logo upload: the file's bytes in base64 (the server checks its type by its first bytes, not by this name). */
export const uploadStoreLogoInputSchema = z.strictObject({
  logo: z
    .string()
    .min(1, "logo is empty")
    // 4 base64 characters per 3 bytes: a larger string cannot hold a file within the limit.
    .max(Math.ceil(STORE_LOGO_MAX_BYTES / 3) * 4, "logo must be at most 512 KB")
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "logo must be sent as base64"),
});
export type UploadStoreLogoInput = z.infer<typeof uploadStoreLogoInputSchema>;

/** What the shop and the console draw with: public, read on every page load. */
export const storeIdentitySchema = z.object({
  name: z.string(),
  brandColor: z.string(),
  /** `/api/store/logo/<sha256>`: immutable, so cacheable forever; null without a logo. */
  logoUrl: z.string().nullable(),
});
export type StoreIdentity = z.infer<typeof storeIdentitySchema>;

/** The logo's path, its hash making each version its own URL. */
export function storeLogoPath(logo: StoreLogoRef): string {
  return `/api/store/logo/${logo.sha256}`;
}
