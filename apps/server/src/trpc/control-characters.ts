// Input strings never carry control characters: a NUL makes PostgreSQL refuse
// the text (a 500 if it gets that far), and the others end up in logs, e-mails
// and provider payloads where they do harm. Checked on the raw input of every
// procedure, before zod, so the answer is a 400 that names the field.

/** True when `text` holds a C0 control (U+0000–U+001F) or DEL (U+007F). Tabs and newlines too: no input is multi-line. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

export const CONTROL_CHARACTER_MESSAGE = "Control characters are not allowed";

export interface ControlCharacterIssue {
  path: Array<string | number>;
  message: string;
}

/** Every string in `value` (objects and arrays walked) holding a control character, with its path. */
export function findControlCharacters(value: unknown, path: Array<string | number> = []): ControlCharacterIssue[] {
  if (typeof value === "string") {
    return hasControlCharacter(value) ? [{ path, message: CONTROL_CHARACTER_MESSAGE }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findControlCharacters(item, [...path, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => findControlCharacters(item, [...path, key]));
  }
  return [];
}

/** Carries the issues as `issues`, the shape format-error.ts turns into `fieldErrors` (like a ZodError). */
export class ControlCharacterError extends Error {
  override readonly name = "ControlCharacterError";
  constructor(readonly issues: ControlCharacterIssue[]) {
    super(CONTROL_CHARACTER_MESSAGE);
  }
}
