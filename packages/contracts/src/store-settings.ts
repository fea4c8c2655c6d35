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

export const storeSettingsSchema = z.object({
  cardCapture: cardCaptureModeSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** The defaults a store starts with (and that a missing row means). */
export const DEFAULT_STORE_SETTINGS: StoreSettings = { cardCapture: "automatic" };

/** A change to one or more settings; the settings left out keep their value. */
export const updateStoreSettingsInputSchema = z.strictObject({
  cardCapture: cardCaptureModeSchema.optional(),
});
export type UpdateStoreSettingsInput = z.infer<typeof updateStoreSettingsInputSchema>;
