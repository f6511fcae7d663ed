import { Box, Button, Chip, Link, MenuItem, TextField, Typography } from '@mui/material';
import { dashboardPath, formatDateTime, SMS_STATUSES, SMS_TYPES, type SmsDto, type SmsStatus } from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn, type DataTableState } from '../../ui/data-table/use-data-table.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { smsFilters, useRetrySms, useSmsOutbox } from './api.ts';

type ChipColour = 'default' | 'info' | 'secondary' | 'success' | 'error';

/** Waiting here, on its way at the provider, arrived, lost, or not sent on purpose. */
const STATUS_COLOUR: Record<SmsStatus, ChipColour> = {
  planned: 'info',
  sending: 'info',
  accepted: 'secondary',
  scheduled: 'secondary',
  queued: 'secondary',
  sent: 'success',
  delivered: 'success',
  failed: 'error',
  undelivered: 'error',
  canceled: 'default',
};

/** The admin's own routes: the outbox is an admin screen. */
function eventPath(sms: SmsDto): string | null {
  if (sms.event_id === null) {
    return null;
  }
  const view = sms.event_type === 'service' ? 'view-service' : 'view-presentation';
  return `${dashboardPath('admin')}/events-history/${view}/${sms.event_id}`;
}

const dateTime = (value: string | null) => (value ? formatDateTime(value) : '–');

/**
 * The SMS outbox: confirmations and reminders to clients, when each goes (or went) out and how it fared.
 * `deadLetters`: the "failed" tab, the messages the outbox gave up on, each with a button to send it again.
 */
export function SmsOutbox({ deadLetters = false }: { deadLetters?: boolean }) {
  const { t } = useTranslation(['common', 'tables']);
  const [open, setOpen] = useState<number | null>(null);
  const retry = useRetrySms();

  // The list answers newest first and filters by status and type (the selects above the table): no column sorts.
  const columns = useMemo<DataTableColumn<SmsDto>[]>(() => {
    const retryColumn: DataTableColumn<SmsDto> = {
      id: 'retry',
      label: t('outbox.sms.retry'),
      width: 150,
      alwaysVisible: true,
      render: (m) => (
        <Button
          size="small"
          variant="outlined"
          disabled={retry.isPending && retry.variables === m.id}
          data-testid="sms-retry"
          onClick={(e) => {
            e.stopPropagation();
            retry.mutate(m.id, {
              onSuccess: () => snackbar.show(t('outbox.sms.retried'), 'success'),
              onError: (err) => snackbar.show(errorMessage(err, t)),
            });
          }}
        >
          {t('outbox.sms.retry')}
        </Button>
      ),
    };
    return [
      { id: 'created_at', label: t('outbox.sms.created'), width: 160, alwaysVisible: true, render: (m) => dateTime(m.created_at) },
      ...(deadLetters
        ? [{ id: 'dead_at', label: t('outbox.sms.deadAt'), width: 160, render: (m: SmsDto) => dateTime(m.dead_at) }]
        : [{ id: 'send_at', label: t('outbox.sms.sendAt'), width: 160, render: (m: SmsDto) => dateTime(m.send_at) }]),
      { id: 'sent_at', label: t('outbox.sms.sentAt'), width: 160, visible: false, render: (m) => dateTime(m.sent_at) },
      { id: 'to', label: t('outbox.sms.to'), width: 140, render: (m) => m.to },
      { id: 'type', label: t('outbox.sms.type'), width: 220, render: (m) => t(`outbox.sms.types.${m.type}`) },
      // The failed tab: the button comes before the long columns, so it is in sight without scrolling.
      ...(deadLetters ? [retryColumn] : []),
      {
        id: 'status',
        label: t('outbox.sms.status'),
        width: 140,
        render: (m) => <Chip size="small" color={STATUS_COLOUR[m.status]} label={t(`outbox.sms.statuses.${m.status}`)} />,
      },
      { id: 'event', label: t('outbox.sms.event'), width: 160, render: (m) => <EventLink sms={m} /> },
      { id: 'text', label: t('outbox.sms.text'), width: 400, render: (m) => m.text },
      { id: 'attempts', label: t('outbox.sms.attempts'), width: 90, visible: deadLetters, align: 'right', render: (m) => m.attempts },
    ];
  }, [t, deadLetters, retry]);
  // Its own layout: the failed tab shows other columns than the whole outbox.
  const table = useDataTable({ tableName: deadLetters ? 'sms_dead_letters' : 'sms_outbox', columns, pageSize: 100 });
  const query = useSmsOutbox(table.query, deadLetters);

  return (
    <DataTable
      table={table}
      label={t('outbox.tabs.sms')}
      toolbar={<SmsFilters table={table} withStatus={!deadLetters} />}
      rows={query.data?.data}
      total={query.data?.total}
      rowKey={(m) => m.id}
      loading={query.isPending}
      fetching={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t(deadLetters ? 'outbox.sms.noDeadLetters' : 'outbox.sms.empty')}
      onRowClick={(m) => setOpen(open === m.id ? null : m.id)}
      isExpanded={(m) => open === m.id}
      renderExpanded={(m) => <SmsDetails sms={m} />}
      rowAttributes={(m) => ({ 'data-sms-id': m.id, 'data-event-id': m.event_id ?? '' })}
      testIds={
        deadLetters ? { table: 'sms-dead-letters-table', row: 'sms-dead-letter-row' } : { table: 'sms-outbox-table', row: 'sms-outbox-row' }
      }
    />
  );
}

function EventLink({ sms }: { sms: SmsDto }) {
  const { t } = useTranslation('common');
  const path = eventPath(sms);
  if (!path) {
    return '–';
  }
  return (
    // The row opens its text on a click; the link opens the event instead.
    <Link component={RouterLink} to={path} onClick={(e) => e.stopPropagation()} data-testid="sms-event-link">
      {t(`outbox.sms.eventLink.${sms.event_type ?? 'presentation'}`, { id: sms.event_id })}
    </Link>
  );
}

/** The filters live in the table layout, so they come back with it and "clear filters" resets them. */
function SmsFilters({ table, withStatus }: { table: DataTableState<SmsDto>; withStatus: boolean }) {
  const { t } = useTranslation('common');
  const current = smsFilters(table.layout.filters);
  return (
    <>
      {withStatus && (
        <TextField
          select
          size="small"
          label={t('outbox.sms.status')}
          value={current.status ?? ''}
          onChange={(e) => table.setFilter('status', e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('outbox.sms.allStatuses')}</MenuItem>
          {SMS_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`outbox.sms.statuses.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('outbox.sms.type')}
        value={current.type ?? ''}
        onChange={(e) => table.setFilter('type', e.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('outbox.sms.allTypes')}</MenuItem>
        {SMS_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`outbox.sms.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

function SmsDetails({ sms }: { sms: SmsDto }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="sms-details">
      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="sms-text">
        {sms.text}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('outbox.sms.sentAt')}: {dateTime(sms.sent_at)} · {t('outbox.sms.attempts')}: {sms.attempts}
      </Typography>
      {sms.last_error && (
        <Typography variant="body2" color={sms.status === 'canceled' ? 'text.secondary' : 'error'} data-testid="sms-last-error">
          {t('outbox.sms.lastError')}: {sms.last_error}
        </Typography>
      )}
    </Box>
  );
}
