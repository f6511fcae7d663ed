/**
 * Plain tables below 1200 px: cells give up half of their side padding, so a table of a few columns fits a
 * tablet without scrolling sideways (the data tables fit themselves, see data-table/fit-columns.ts).
 */
export const compactCells = { '& .MuiTableCell-root': { px: { xs: 1, lg: 2 } } } as const;
