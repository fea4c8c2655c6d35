// English words the whole console shares: amount fields' messages. Spread into messages-admin-en.ts.
export const adminWordsEn = {
  "admin.money.empty": "{field}: enter an amount.",
  "admin.money.not_a_number": "{field}: that is not an amount. Write it like {example}.",
  "admin.money.too_many_decimals": "{field}: {currency} amounts have at most {decimals} decimals (like {example}).",
  "admin.money.whole_only": "{field}: {currency} amounts have no decimals (like {example}).",
  "admin.money.zero": "{field}: enter an amount above zero.",
  "admin.money.negative": "{field}: the amount cannot be negative.",
  "admin.money.too_large": "{field}: the amount is too large.",
} as const;
