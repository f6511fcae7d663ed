import { Box, Button, Chip, Typography } from '@mui/material';
import { formatDateTime, type OutboxMessageDto } from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useMailOutbox, useRetryMail } from './api.ts';

const STATUS_COLOUR = { queued: 'warning', sending: 'info', sent: 'success', failed: 'error' } as const;

/** The mail outbox: every e-mail the product sent; a click on a row shows its text, codes and links masked. */
export function MailOutbox() {
  const { t } = useTranslation(['common', 'tables']);
  const [open, setOpen] = useState<number | null>(null);
  const retry = useRetryMail();

  // The outbox answers newest first and filters by recipient only: no column sorts.
  const columns = useMemo<DataTableColumn<OutboxMessageDto>[]>(
    () => [
      { id: 'created_at', label: t('outbox.date'), width: 160, alwaysVisible: true, render: (m) => formatDateTime(m.created_at) },
      { id: 'to', label: t('outbox.to'), width: 240, filterable: true, filterLabel: t('outbox.filterTo'), render: (m) => m.to },
      { id: 'subject', label: t('outbox.subject'), width: 280, render: (m) => m.subject },
      { id: 'kind', label: t('outbox.kind'), width: 170, render: (m) => t(`outbox.kinds.${m.kind}`, { defaultValue: m.kind }) },
      {
        id: 'status',
        label: t('outbox.status'),
        width: 120,
        render: (m) => <Chip size="small" color={STATUS_COLOUR[m.status]} label={t(`outbox.statuses.${m.status}`)} />,
      },
      { id: 'sent_at', label: t('outbox.sentAt'), width: 160, render: (m) => (m.sent_at ? formatDateTime(m.sent_at) : '') },
      {
        id: 'retry',
        label: t('outbox.retry'),
        width: 150,
        // A mail that failed for good (all its tries used up) can be sent again.
        render: (m) =>
          m.status === 'failed' ? (
            <Button
              size="small"
              variant="outlined"
              disabled={retry.isPending && retry.variables === m.id}
              data-testid="mail-retry"
              onClick={(e) => {
                e.stopPropagation();
                retry.mutate(m.id, {
                  onSuccess: () => snackbar.show(t('outbox.retried'), 'success'),
                  onError: (err) => snackbar.show(errorMessage(err, t)),
                });
              }}
            >
              {t('outbox.retry')}
            </Button>
          ) : null,
      },
    ],
    [t, retry],
  );
  const table = useDataTable({ tableName: 'outbox', columns, pageSize: 100 });
  const query = useMailOutbox(table.query);

  return (
    <DataTable
      table={table}
      label={t('outbox.tabs.mail')}
      rows={query.data?.data}
      total={query.data?.total}
      rowKey={(m) => m.id}
      loading={query.isPending}
      fetching={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('outbox.empty')}
      onRowClick={(m) => setOpen(open === m.id ? null : m.id)}
      isExpanded={(m) => open === m.id}
      renderExpanded={(m) => (
        <Box sx={{ p: 2 }}>
          {/* The server sends each text with its codes and links masked: secrets stay with their recipient. */}
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="outbox-text">
            {m.text}
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('outbox.secretsHidden')}
          </Typography>
        </Box>
      )}
      testIds={{ table: 'outbox-table', row: 'outbox-row' }}
    />
  );
}
