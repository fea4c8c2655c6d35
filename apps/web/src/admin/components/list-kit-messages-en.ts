// The console's list kit words (en): the shared date range and the columns menu of every list.
export const listKitEn = {
  "admin.dateRange.label": "Date",
  "admin.dateRange.created": "Created",
  "admin.dateRange.any": "Any time",
  "admin.dateRange.today": "Today",
  "admin.dateRange.7d": "Last 7 days",
  "admin.dateRange.30d": "Last 30 days",
  "admin.dateRange.month": "This month",
  "admin.dateRange.custom": "Custom range",
  "admin.dateRange.from": "From",
  "admin.dateRange.to": "To",
  "admin.dateRange.reversed": "The end is before the start.",
  "admin.columns.menu": "Columns",
  "admin.columns.showAll": "Show all columns",
} as const;
