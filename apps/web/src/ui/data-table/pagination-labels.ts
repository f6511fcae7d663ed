import type { TablePaginationProps } from '@mui/material';
import type { TFunction } from 'i18next';

/**
 * The table pagination's words in the interface's language: rows per page, "1–50 of 230" and the
 * accessible names of its page buttons (MUI's own are English).
 */
export function paginationLabels(t: TFunction): Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'> {
  return {
    labelRowsPerPage: t('common.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => t('common.displayedRows', { from, to, count }),
    getItemAriaLabel: (type) => t(`common.pageButtons.${type}`),
  };
}
