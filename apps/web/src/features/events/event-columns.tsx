import PlayArrow from '@mui/icons-material/PlayArrow';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, Link, Tooltip } from '@mui/material';
import { formatDateTime, type EventDto } from '@bo/domain';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { clientAddress, EventStatusChip, personName, type EventLinks } from './event-bits.tsx';

/** The row's actions, first in the row so a tablet reaches them without scrolling sideways. */
function ActionsCell({ row, links, t }: { row: EventDto; links: EventLinks; t: TFunction<['events']> }) {
  const receipt = links.receipt?.(row) ?? null;
  const name = personName(row.client);
  return (
    <Box sx={{ display: 'flex', gap: 0.25, my: -0.5 }}>
      {row.can_perform && (
        <Tooltip title={t('events:actions.perform')}>
          <IconButton
            size="small"
            color="primary"
            component={RouterLink}
            to={links.perform(row)}
            aria-label={t('events:actions.performOf', { name })}
            data-testid="event-perform"
          >
            <PlayArrow fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('events:actions.view')}>
        <IconButton
          size="small"
          component={RouterLink}
          to={links.view(row)}
          aria-label={t('events:actions.viewOf', { name })}
          data-testid="event-view"
        >
          <Visibility fontSize="small" />
        </IconButton>
      </Tooltip>
      {receipt && (
        <Tooltip title={t('events:actions.receipt')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={receipt}
            aria-label={t('events:actions.receiptOf', { name })}
            data-testid="event-receipt"
          >
            <ReceiptLong fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

const dash = (value: string | null | undefined) => (value ? value : '–');

/**
 * Spec 2 "Events lists" and the presentations pages: date, type, client, address, agent, status,
 * outcome. Only the date sorts (the lists' `sorted` parameter), and only where the list can sort.
 */
export function eventColumns(
  t: TFunction<['events']>,
  links: EventLinks,
  opts: { sortableDate: boolean; showType: boolean },
): DataTableColumn<EventDto>[] {
  const status: DataTableColumn<EventDto> = {
    id: 'status',
    label: t('events:columns.status'),
    width: 150,
    priority: 9,
    render: (r) => <EventStatusChip status={r.status} />,
  };
  return [
    {
      id: 'actions',
      label: t('events:columns.actions'),
      width: 116,
      alwaysVisible: true,
      render: (r) => <ActionsCell row={r} links={links} t={t} />,
    },
    {
      id: 'date',
      label: t('events:columns.date'),
      width: 160,
      sortable: opts.sortableDate,
      alwaysVisible: true,
      render: (r) => <span data-testid="event-date">{formatDateTime(r.date)}</span>,
    },
    // The status right after the date: on a tablet it is the first thing an agent looks for.
    status,
    {
      id: 'client',
      label: t('events:columns.client'),
      width: 180,
      priority: 8,
      render: (r) =>
        r.client ? (
          <Link component={RouterLink} to={links.client(r.client.id)} underline="hover" sx={{ fontWeight: 500 }} data-testid="event-client">
            {personName(r.client)}
          </Link>
        ) : (
          t('events:busy')
        ),
    },
    {
      id: 'address',
      label: t('events:columns.address'),
      width: 220,
      priority: 6,
      render: (r) => {
        const address = clientAddress(r.client);
        return (
          <Box component="span" title={address}>
            {dash(address)}
          </Box>
        );
      },
    },
    {
      id: 'type',
      label: t('events:columns.type'),
      width: 130,
      minWidth: 120,
      priority: 4,
      visible: opts.showType,
      render: (r) => t(`events:types.${r.type}`),
    },
    { id: 'agent', label: t('events:columns.agent'), width: 170, priority: 5, render: (r) => personName(r.agent) },
    {
      id: 'outcome',
      label: t('events:columns.outcome'),
      width: 130,
      // What came of a demo: kept longer than the agent and the kind on a narrow screen.
      priority: 7,
      render: (r) => (r.demo_outcome ? t(`events:outcomes.${r.demo_outcome}`) : '–'),
    },
    {
      id: 'phone',
      label: t('events:columns.phone'),
      width: 150,
      visible: false,
      render: (r) => dash(r.client?.mobile_phone ?? r.client?.phone),
    },
    { id: 'created_by', label: t('events:columns.created_by'), width: 170, visible: false, render: (r) => personName(r.created_by) },
    { id: 'comment', label: t('events:columns.comment'), width: 200, visible: false, render: (r) => dash(r.comment) },
  ];
}
