// The payer's identity document stored on a checkout (`payer_identification`).
import { z } from "zod";
import type { JsonValue } from "../../db/schema";

const storedIdentificationSchema = z.object({ type: z.string(), number: z.string() });
export type StoredIdentification = z.infer<typeof storedIdentificationSchema>;

export function parseIdentification(value: JsonValue | null): StoredIdentification | null {
  const parsed = storedIdentificationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
