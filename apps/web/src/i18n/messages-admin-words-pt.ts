// Portuguese words the whole console shares. Spread into messages-admin-pt.ts.
import type { adminWordsEn } from "./messages-admin-words-en";

export const adminWordsPt: Readonly<Record<keyof typeof adminWordsEn, string>> = {
  "admin.money.empty": "{field}: informe um valor.",
  "admin.money.not_a_number": "{field}: isso não é um valor. Escreva assim: {example}.",
  "admin.money.too_many_decimals": "{field}: valores em {currency} têm no máximo {decimals} casas decimais (por exemplo {example}).",
  "admin.money.whole_only": "{field}: valores em {currency} não têm casas decimais (por exemplo {example}).",
  "admin.money.zero": "{field}: informe um valor maior que zero.",
  "admin.money.negative": "{field}: o valor não pode ser negativo.",
  "admin.money.too_large": "{field}: o valor é grande demais.",
};
