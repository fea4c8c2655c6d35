// Spanish words the whole console shares (tú form, see messages-admin-es.ts). Spread into messages-admin-es.ts.
import type { adminWordsEn } from "./messages-admin-words-en";

export const adminWordsEs: Readonly<Record<keyof typeof adminWordsEn, string>> = {
  "admin.money.empty": "{field}: ingresa un monto.",
  "admin.money.not_a_number": "{field}: eso no es un monto. Escríbelo así: {example}.",
  "admin.money.too_many_decimals": "{field}: los montos en {currency} tienen como máximo {decimals} decimales (por ejemplo {example}).",
  "admin.money.whole_only": "{field}: los montos en {currency} no llevan decimales (por ejemplo {example}).",
  "admin.money.zero": "{field}: ingresa un monto mayor que cero.",
  "admin.money.negative": "{field}: el monto no puede ser negativo.",
  "admin.money.too_large": "{field}: el monto es demasiado grande.",
};
