/**
 * Plain tables below 1200 px: cells give up half of their side padding, so a table of a few columns fits a
 * tablet without scrolling sideways (the data tables fit themselves, see data-table/fit-columns.ts).
 */
export const compactCells = { '& .MuiTableCell-root': { px: { xs: 1, lg: 2 } } } as const;

/** The first column of a table that scrolls sideways: it stays in view. */
export const stickyFirstCell = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
