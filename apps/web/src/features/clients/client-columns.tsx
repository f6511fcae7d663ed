import Call from '@mui/icons-material/Call';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EventAvailable from '@mui/icons-material/EventAvailable';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LinkIcon from '@mui/icons-material/Link';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PersonPin from '@mui/icons-material/PersonPin';
import { Box, Checkbox, IconButton, Link, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { CLIENT_ORDER_FIELDS, formatDateTime, type ClientRowDto, type ClientTable } from '@bo/domain';
import type { TFunction } from 'i18next';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDetailsId } from '../../ui/data-table/details-id.ts';
import type { DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useClientActions } from './client-actions.tsx';
import { clientName, StatusChip } from './client-bits.tsx';

export interface RowState {
  isExpanded: (id: number) => boolean;
  isSelected: (id: number) => boolean;
  toggleExpanded: (id: number) => void;
  toggleSelected: (id: number) => void;
  statusColour: string | undefined;
}

export const RowStateContext = createContext<RowState | null>(null);

function useRowState(): RowState {
  const state = useContext(RowStateContext);
  if (!state) {
    throw new Error('RowStateContext missing');
  }
  return state;
}

function SelectCell({ row }: { row: ClientRowDto }) {
  const { t } = useTranslation(['clients']);
  const state = useRowState();
  const open = state.isExpanded(row.id);
  const detailsId = useDetailsId(row.id);
  const name = clientName(row.user);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mx: -0.5, my: -0.5 }}>
      <IconButton
        size="small"
        sx={{ p: 0.5 }}
        onClick={() => state.toggleExpanded(row.id)}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        aria-label={open ? t('clients:collapse', { name }) : t('clients:expand', { name })}
        data-testid="expand-row"
      >
        {open ? <KeyboardArrowDown fontSize="small" /> : <KeyboardArrowRight fontSize="small" />}
      </IconButton>
      <Checkbox
        size="small"
        sx={{ p: 0.5 }}
        checked={state.isSelected(row.id)}
        onChange={() => state.toggleSelected(row.id)}
        slotProps={{ input: { 'aria-label': t('clients:select', { name }) } }}
        data-testid="select-row"
      />
      <RowMenu row={row} />
    </Box>
  );
}

function NameCell({ row }: { row: ClientRowDto }) {
  const { base } = useClientActions();
  return (
    <Link
      component={RouterLink}
      to={`${base}/show-user/${row.user.id}`}
      underline="hover"
      sx={{ fontWeight: 500 }}
      data-testid="client-name"
    >
      {clientName(row.user)}
    </Link>
  );
}

/** The row's actions, first in the row so a tablet reaches them without scrolling sideways. */
function RowMenu({ row }: { row: ClientRowDto }) {
  const { t } = useTranslation(['clients', 'calendar']);
  const actions = useClientActions();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        sx={{ p: 0.5 }}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('clients:actions.menu', { name: clientName(row.user) })}
        aria-haspopup="menu"
        data-testid="row-actions"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(() => void navigate(`${actions.base}/show-user/${row.user.id}`))}>
          <ListItemIcon>
            <OpenInNew fontSize="small" />
          </ListItemIcon>
          {t('clients:actions.open')}
        </MenuItem>
        {row.can_call && (
          <MenuItem onClick={run(() => actions.call(row.user))} data-testid="action-call">
            <ListItemIcon>
              <Call fontSize="small" />
            </ListItemIcon>
            {t('clients:actions.call')}
          </MenuItem>
        )}
        {row.can_book && (
          <MenuItem onClick={run(() => actions.book(row.user))} data-testid="action-book">
            <ListItemIcon>
              <EventAvailable fontSize="small" />
            </ListItemIcon>
            {t('calendar:booking.action')}
          </MenuItem>
        )}
        {row.can_edit && [
          <MenuItem key="agent" onClick={run(() => actions.changeAgent(row.user))} data-testid="action-agent">
            <ListItemIcon>
              <PersonPin fontSize="small" />
            </ListItemIcon>
            {t('clients:actions.agent')}
          </MenuItem>,
          <MenuItem key="cohabitant" onClick={run(() => actions.link('cohabitant', row.user))}>
            <ListItemIcon>
              <LinkIcon fontSize="small" />
            </ListItemIcon>
            {t('clients:actions.link_cohabitant')}
          </MenuItem>,
          <MenuItem key="neighbour" onClick={run(() => actions.link('block_neighbor', row.user))}>
            <ListItemIcon>
              <LinkIcon fontSize="small" />
            </ListItemIcon>
            {t('clients:actions.link_block_neighbor')}
          </MenuItem>,
        ]}
        {row.can_delete && (
          <MenuItem onClick={run(() => actions.remove(row.user))} sx={{ color: 'error.main' }} data-testid="action-delete">
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            {t('clients:actions.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function StatusCell({ row }: { row: ClientRowDto }) {
  const { statusColour } = useRowState();
  return <StatusChip status={row.user.status} colour={statusColour} />;
}

function Counters({ row }: { row: ClientRowDto }) {
  const { t } = useTranslation(['clients']);
  const items = [
    ['recommendations', row.recommendations],
    ['duplicates', row.duplicates],
    ['cohabitants', row.cohabitants],
    ['block_neighbors', row.blockNeighbors],
  ] as const;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1.25 }}>
      {items.map(([key, count]) => (
        <Tooltip key={key} title={t(`clients:nested.tabs.${key}`)}>
          <Typography
            component="span"
            variant="body2"
            color={count > 0 ? (key === 'duplicates' ? 'warning.main' : 'text.primary') : 'text.disabled'}
            data-counter={key}
          >
            {t(`clients:counters.${key}`)} {count}
          </Typography>
        </Tooltip>
      ))}
    </Box>
  );
}

const sortable = (id: string) => (CLIENT_ORDER_FIELDS as readonly string[]).includes(id);
const dash = (value: string | null | undefined) => (value ? value : '–');

/** Spec 3 "Client table row": the columns of every clients tab; sortable where the server can sort. */
export function clientColumns(t: TFunction<['clients', 'tables']>, table: ClientTable): DataTableColumn<ClientRowDto>[] {
  const column = (
    id: string,
    width: number,
    render: DataTableColumn<ClientRowDto>['render'],
    extra: Partial<DataTableColumn<ClientRowDto>> = {},
  ): DataTableColumn<ClientRowDto> => ({ id, label: t(`clients:columns.${id}`), width, sortable: sortable(id), render, ...extra });
  return [
    column('select', 136, (r) => <SelectCell row={r} />, { alwaysVisible: true, minWidth: 136 }),
    column('name', 200, (r) => <NameCell row={r} />, { alwaysVisible: true }),
    column('status', 220, (r) => <StatusCell row={r} />, { priority: 9 }),
    column(
      'phone',
      170,
      (r) => (
        <Box component="span" title={[r.user.phone, r.user.mobile_phone].filter(Boolean).join(' / ')}>
          {dash([r.user.phone, r.user.mobile_phone].filter(Boolean).join(' / '))}
        </Box>
      ),
      { priority: 8 },
    ),
    column('email', 210, (r) => dash(r.user.email), { priority: 6 }),
    column('zipcode', 150, (r) => dash([r.user.zipcode, r.user.city].filter(Boolean).join(' ')), { priority: 7 }),
    column('address', 190, (r) => dash(r.user.address), { priority: 6 }),
    column('type', 70, (r) => r.user.type, { priority: 3 }),
    ...(table === 'email_reminders'
      ? [
          column(
            'email_reminder_stage',
            130,
            (r) =>
              r.user.email_reminder_stage
                ? t(`clients:reminderStages.${r.user.email_reminder_stage}`, { defaultValue: r.user.email_reminder_stage })
                : '–',
            { priority: 7 },
          ),
        ]
      : []),
    column(
      'lead_source',
      150,
      (r) =>
        r.user.lead_location
          ? r.user.lead_location.display_name
          : r.user.lead_source
            ? t(`tables:leadSources.${r.user.lead_source}`, { defaultValue: r.user.lead_source })
            : '–',
      { priority: 4 },
    ),
    column('linked_agent', 160, (r) => (r.user.linked_agent ? clientName(r.user.linked_agent) : '–'), { priority: 4 }),
    column('number_of_calls', 116, (r) => r.user.number_of_calls, { align: 'right', priority: 3 }),
    column('last_contact_at', 160, (r) => dash(formatDateTime(r.user.last_contact_at))),
    column('updated_at', 160, (r) => formatDateTime(r.updated_at), { priority: 2 }),
    column('created_at', 160, (r) => formatDateTime(r.user.created_at), { visible: false, priority: 2 }),
    column('counters', 280, (r) => <Counters row={r} />, { priority: 2 }),
  ];
}
