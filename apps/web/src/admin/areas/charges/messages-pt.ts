// The console's charges area words (pt).
import type { chargesEn } from "./messages-en";

export const chargesPt: Record<keyof typeof chargesEn, string> = {
  "admin.nav.charges": "Cobranças",
  "admin.charges.title": "Cobranças de assinaturas",
  "admin.charges.description":
    "Cada cobrança que o Mercado Pago fez para uma assinatura, com o pagamento gerado. Uma cobrança que falhou mostra o motivo e as novas tentativas.",
  "admin.charges.filters": "Buscar cobranças",
  "admin.charges.field.subscriptionId": "Id da assinatura",
  "admin.charges.field.paymentId": "Id do pagamento",
  "admin.charges.badFilter": "Confira a busca: o id da assinatura ou do pagamento não é válido.",
  "admin.charges.loading": "Carregando cobranças…",
  "admin.charges.failed": "Não foi possível carregar as cobranças",
  "admin.charges.empty": "Nenhuma cobrança encontrada",
  "admin.charges.emptyHint": "Mude a busca. As cobranças aparecem quando chega a data de cobrança de uma assinatura.",
};
