// The console's list kit words (es, tú).
import type { listKitEn } from "./list-kit-messages-en";

export const listKitEs: Readonly<Record<keyof typeof listKitEn, string>> = {
  "admin.dateRange.label": "Fecha",
  "admin.dateRange.created": "Creado",
  "admin.dateRange.any": "Cualquier fecha",
  "admin.dateRange.today": "Hoy",
  "admin.dateRange.7d": "Últimos 7 días",
  "admin.dateRange.30d": "Últimos 30 días",
  "admin.dateRange.month": "Este mes",
  "admin.dateRange.custom": "Rango personalizado",
  "admin.dateRange.from": "Desde",
  "admin.dateRange.to": "Hasta",
  "admin.dateRange.reversed": "El final es anterior al inicio.",
  "admin.columns.menu": "Columnas",
  "admin.columns.showAll": "Mostrar todas las columnas",
};
