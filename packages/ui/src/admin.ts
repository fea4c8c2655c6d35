// Components only the admin console uses, behind their own entry (`@cobro/ui/admin`) so a shopper's pages, which
// import `@cobro/ui`, never carry them: the package's main entry is a barrel the bundler keeps whole.
export {
  CheckboxField,
  type CheckboxFieldProps,
  CheckboxGroupField,
  type CheckboxGroupFieldProps,
  type CheckboxOption,
} from "./checkbox-field";
export { ColumnsMenu, type ColumnsMenuColumn, type ColumnsMenuProps } from "./columns-menu";
export {
  DataTable,
  type DataTableColumn,
  type DataTableColumnKind,
  type DataTableProps,
  type DataTableRowProps,
  Truncate,
  type TruncateProps,
} from "./data-table";
export { OffsetPager, type OffsetPagerProps } from "./offset-pager";
export { TableSkeleton, type TableSkeletonProps } from "./skeleton";
export { TextareaField, type TextareaFieldProps } from "./textarea-field";
