import { Box, Button, Checkbox, Chip, Link, MenuItem, TextField, Typography } from '@mui/material';
import {
  EMAIL_REMINDER_TARGETS,
  formatDateTime,
  isOneOf,
  toLanguage,
  type EmailReminderRowDto,
  type EmailReminderTarget,
} from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { clientName, StatusChip } from '../clients/client-bits.tsx';
import { useEmailReminders, useUpdateEmailReminders } from './api.ts';

type ChipColour = 'default' | 'info' | 'warning' | 'error' | 'secondary';

const STAGE_COLOUR: Record<EmailReminderTarget, ChipColour> = {
  first: 'info',
  second: 'secondary',
  third: 'warning',
  expired: 'error',
  stopped: 'default',
};

const dateTime = (value: string | null) => (value ? formatDateTime(value) : '–');

/**
 * The call agents' `email_reminders` table (spec 2): the leads who were not reached, by reminder stage.
 * Selected rows move together to another stage (its mail goes out once) or stop getting reminders.
 */
export function EmailRemindersTable({ base }: { base: string }) {
  const { t } = useTranslation(['reminders', 'common']);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<EmailReminderTarget>('second');
  const update = useUpdateEmailReminders();

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });

  const columns = useMemo<DataTableColumn<EmailReminderRowDto>[]>(
    () => [
      {
        id: 'select',
        label: t('reminders:columns.select'),
        width: 96,
        alwaysVisible: true,
        render: (r) => (
          <Checkbox
            size="small"
            sx={{ p: 0.5, my: -0.5 }}
            checked={selected.has(r.id)}
            onChange={() => toggle(r.id)}
            slotProps={{ input: { 'aria-label': t('reminders:select', { name: clientName(r) }) } }}
            data-testid="reminder-select"
          />
        ),
      },
      {
        id: 'name',
        label: t('reminders:columns.name'),
        width: 200,
        alwaysVisible: true,
        render: (r) => (
          <Link component={RouterLink} to={`${base}/show-user/${r.id}`} underline="hover">
            {clientName(r)}
          </Link>
        ),
      },
      {
        id: 'stage',
        label: t('reminders:columns.stage'),
        width: 180,
        render: (r) => (
          <Chip size="small" color={STAGE_COLOUR[r.stage]} label={t(`reminders:stages.${r.stage}`)} data-testid="reminder-stage" />
        ),
      },
      { id: 'stage_at', label: t('reminders:columns.stage_at'), width: 160, render: (r) => dateTime(r.stage_at) },
      {
        id: 'mailed',
        label: t('reminders:columns.mailed'),
        width: 220,
        render: (r) =>
          r.unsubscribed ? (
            <Chip size="small" variant="outlined" label={t('reminders:unsubscribed')} data-testid="reminder-unsubscribed" />
          ) : r.mailed_stages.length > 0 ? (
            r.mailed_stages.map((s) => t(`reminders:stages.${s}`)).join(', ')
          ) : (
            '–'
          ),
      },
      { id: 'email', label: t('reminders:columns.email'), width: 220, render: (r) => r.email ?? '–' },
      {
        id: 'language',
        label: t('reminders:columns.language'),
        width: 110,
        render: (r) => t(`reminders:languages.${toLanguage(r.locale) ?? 'de'}`),
      },
      { id: 'status', label: t('reminders:columns.status'), width: 200, render: (r) => <StatusChip status={r.status} /> },
      { id: 'calls_count', label: t('reminders:columns.calls_count'), width: 100, align: 'right', render: (r) => r.calls_count },
    ],
    [t, base, selected],
  );
  const table = useDataTable({ tableName: 'email_reminders', columns, pageSize: 50, pageSizes: [25, 50, 100] });
  const stageFilter = isOneOf<EmailReminderTarget>(EMAIL_REMINDER_TARGETS, table.layout.filters.stage)
    ? table.layout.filters.stage
    : undefined;
  const query = useEmailReminders(table.query, stageFilter);
  const rows = query.data?.data;
  const pageIds = rows?.map((r) => r.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const apply = (stage: EmailReminderTarget) => {
    const ids = [...selected];
    update.mutate(
      { ids, stage },
      {
        onSuccess: (answer) => {
          setSelected(new Set());
          snackbar.show(
            answer.updated === 0
              ? t('reminders:nothingSelected')
              : t('reminders:moved', { count: answer.updated, stage: t(`reminders:stages.${stage}`), mails: answer.mails_queued }),
            answer.updated === 0 ? 'info' : 'success',
          );
        },
        onError: (err) => snackbar.show(errorMessage(err, t)),
      },
    );
  };

  const toolbar = (
    <TextField
      select
      size="small"
      label={t('reminders:filterStage')}
      value={stageFilter ?? ''}
      onChange={(e) => {
        table.setFilter('stage', e.target.value);
        setSelected(new Set());
      }}
      sx={{ minWidth: 170 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reminder-stage-filter' } as object } }}
    >
      <MenuItem value="">{t('reminders:allStages')}</MenuItem>
      {EMAIL_REMINDER_TARGETS.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`reminders:stages.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  const actionBar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }} role="group" aria-label={t('reminders:actions')}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Checkbox
          size="small"
          checked={allOnPage}
          indeterminate={!allOnPage && pageIds.some((id) => selected.has(id))}
          disabled={pageIds.length === 0}
          onChange={() =>
            setSelected((s) => {
              const next = new Set(s);
              for (const id of pageIds) {
                if (allOnPage) {
                  next.delete(id);
                } else {
                  next.add(id);
                }
              }
              return next;
            })
          }
          slotProps={{ input: { 'aria-label': t('reminders:selectPage') } }}
          data-testid="reminder-select-page"
        />
        <Typography variant="body2" color="text.secondary" data-testid="reminder-selected-count" aria-live="polite" noWrap>
          {t('reminders:selected', { count: selected.size })}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label={t('reminders:moveTo')}
        value={target}
        onChange={(e) => setTarget(e.target.value as EmailReminderTarget)}
        sx={{ minWidth: 170, bgcolor: 'background.paper' }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reminder-target' } as object } }}
      >
        {EMAIL_REMINDER_TARGETS.filter((s) => s !== 'stopped').map((s) => (
          <MenuItem key={s} value={s}>
            {t(`reminders:stages.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        disabled={selected.size === 0 || update.isPending}
        onClick={() => apply(target)}
        data-testid="reminder-move"
      >
        {t('reminders:move')}
      </Button>
      <Button
        variant="outlined"
        color="warning"
        disabled={selected.size === 0 || update.isPending}
        onClick={() => apply('stopped')}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="reminder-stop"
      >
        {t('reminders:stop')}
      </Button>
    </Box>
  );

  return (
    <>
      {actionBar}
      <DataTable
        table={table}
        label={t('reminders:title')}
        toolbar={toolbar}
        rows={rows}
        total={query.data?.total}
        rowKey={(r) => r.id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('reminders:empty')}
        rowAttributes={(r) => ({ 'data-user-id': r.id, 'data-stage': r.stage })}
        testIds={{ table: 'email-reminders-table', row: 'email-reminder-row' }}
      />
    </>
  );
}
