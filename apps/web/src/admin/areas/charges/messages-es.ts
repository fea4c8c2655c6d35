// The console's charges area words (es).
import type { chargesEn } from "./messages-en";

export const chargesEs: Record<keyof typeof chargesEn, string> = {
  "admin.nav.charges": "Cobros",
  "admin.charges.title": "Cobros de suscripciones",
  "admin.charges.description":
    "Cada cobro que hizo Mercado Pago para una suscripción, con el pago que generó. Un cobro fallido muestra por qué, y sus reintentos.",
  "admin.charges.filters": "Buscar cobros",
  "admin.charges.field.subscriptionId": "Id de la suscripción",
  "admin.charges.field.paymentId": "Id del pago",
  "admin.charges.badFilter": "Revisa la búsqueda: el id de la suscripción o del pago no es válido.",
  "admin.charges.loading": "Cargando cobros…",
  "admin.charges.failed": "No se pudieron cargar los cobros",
  "admin.charges.empty": "No se encontraron cobros",
  "admin.charges.emptyHint":
    "Cambia la búsqueda. Los cobros aparecen cuando llega la fecha de cobro de una suscripción.",
};
