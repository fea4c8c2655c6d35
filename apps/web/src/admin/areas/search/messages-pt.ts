// The console's search words (pt).
import type { searchEn } from "./messages-en";

export const searchPt: Record<keyof typeof searchEn, string> = {
  "admin.search.label": "Buscar pagamentos, pedidos, clientes…",
  "admin.search.placeholder": "Id, e-mail, referência ou últimos quatro dígitos (tecle /)",
  "admin.search.title": "Busca",
  "admin.search.resultsFor": "Resultados para “{query}”",
  "admin.search.prompt":
    "Digite um id, um e-mail, uma referência ou os últimos quatro dígitos de um cartão e tecle Enter.",
  "admin.search.tooLong": "A busca tem no máximo 200 caracteres.",
  "admin.search.loading": "Buscando…",
  "admin.search.failed": "Não foi possível fazer a busca",
  "admin.search.empty": "Nada encontrado",
  "admin.search.emptyHint": "Confira o id ou o e-mail; as referências são buscadas pelo início.",
  "admin.search.groupFailed":
    "O Mercado Pago não respondeu, então não foi possível buscar aqui. Tente de novo em instantes.",
  "admin.search.noneInGroup": "Nenhum encontrado.",
  "admin.search.seeAll": "Ver todos",
  "admin.search.group.payments": "Pagamentos",
  "admin.search.group.shopOrders": "Pedidos da loja",
  "admin.search.group.orders": "Pedidos do console",
  "admin.search.group.customers": "Clientes",
  "admin.search.group.links": "Links de pagamento",
  "admin.search.group.subscriptions": "Assinaturas",
};
