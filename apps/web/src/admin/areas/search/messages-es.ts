// The console's search words (es, tú).
import type { searchEn } from "./messages-en";

export const searchEs: Record<keyof typeof searchEn, string> = {
  "admin.search.label": "Buscar pagos, pedidos, clientes…",
  "admin.search.placeholder": "Id, e-mail, referencia o últimos cuatro dígitos (pulsa /)",
  "admin.search.title": "Búsqueda",
  "admin.search.resultsFor": "Resultados de «{query}»",
  "admin.search.prompt":
    "Escribe un id, un e-mail, una referencia o los últimos cuatro dígitos de una tarjeta y pulsa Enter.",
  "admin.search.tooLong": "La búsqueda tiene como máximo 200 caracteres.",
  "admin.search.loading": "Buscando…",
  "admin.search.failed": "No se pudo hacer la búsqueda",
  "admin.search.empty": "No se encontró nada",
  "admin.search.emptyHint": "Revisa el id o el e-mail; las referencias se buscan desde su comienzo.",
  "admin.search.groupFailed":
    "Mercado Pago no respondió, así que no se pudo buscar aquí. Inténtalo de nuevo en un momento.",
  "admin.search.noneInGroup": "No se encontró ninguno.",
  "admin.search.seeAll": "Ver todos",
  "admin.search.group.payments": "Pagos",
  "admin.search.group.shopOrders": "Pedidos de la tienda",
  "admin.search.group.orders": "Órdenes de la consola",
  "admin.search.group.customers": "Clientes",
  "admin.search.group.links": "Links de pago",
  "admin.search.group.subscriptions": "Suscripciones",
};
