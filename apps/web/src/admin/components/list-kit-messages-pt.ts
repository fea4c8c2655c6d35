// The console's list kit words (pt).
import type { listKitEn } from "./list-kit-messages-en";

export const listKitPt: Readonly<Record<keyof typeof listKitEn, string>> = {
  "admin.dateRange.label": "Data",
  "admin.dateRange.created": "Criado",
  "admin.dateRange.any": "Qualquer data",
  "admin.dateRange.today": "Hoje",
  "admin.dateRange.7d": "Últimos 7 dias",
  "admin.dateRange.30d": "Últimos 30 dias",
  "admin.dateRange.month": "Este mês",
  "admin.dateRange.custom": "Período personalizado",
  "admin.dateRange.from": "De",
  "admin.dateRange.to": "Até",
  "admin.dateRange.reversed": "O fim é anterior ao início.",
  "admin.columns.menu": "Colunas",
  "admin.columns.showAll": "Mostrar todas as colunas",
};
