// The typed keys of every dictionary. English is the source of the keys; the
// other languages are typed `Dictionary`, so a missing or misspelt key in any
// of them fails the typecheck. Placeholders are `{name}`.
import type { en } from "./messages-en";

export type MessageKey = keyof typeof en;

export type Dictionary = Readonly<Record<MessageKey, string>>;

/** Values for a message's `{placeholders}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Translates a key, filling its placeholders. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;
