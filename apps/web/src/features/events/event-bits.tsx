import { Chip } from '@mui/material';
import { can, dashboardPath, eventColour, formatNumber, type EventDto, type EventListDto, type RoleCode } from '@bo/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { colouredSx } from '../../ui/coloured.ts';

/** Spec 4 display colours: the status as a chip in its colour (success green, canceled pink, remeet orange, planned blue). */
export function EventStatusChip({ status }: { status: string }) {
  const { t } = useTranslation(['events']);
  return (
    <Chip
      size="small"
      label={t(`events:statuses.${status}`, { defaultValue: status })}
      data-status={status}
      sx={{ ...colouredSx(eventColour(status)), fontWeight: 500 }}
    />
  );
}

/** "Name Surname", or a dash for nobody. */
export function personName(person: { name: string; surname: string } | null | undefined): string {
  return person ? `${person.name} ${person.surname}`.trim() || '–' : '–';
}

export function clientAddress(client: EventDto['client']): string {
  if (!client) {
    return '';
  }
  return [client.address, [client.zipcode, client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The addresses an event row links to, for the signed-in role. */
export interface EventLinks {
  view: (e: Pick<EventDto, 'id' | 'type'>) => string;
  perform: (e: Pick<EventDto, 'id' | 'type'>) => string;
  /** Null when the role may not read receipts. */
  receipt: ((e: Pick<EventDto, 'id' | 'type' | 'status' | 'order_id'>) => string | null) | null;
  client: (clientId: number) => string;
}

export function eventLinks(role: RoleCode): EventLinks {
  const base = dashboardPath(role);
  return {
    view: (e) => `${base}/events-history/view-${e.type}/${e.id}`,
    perform: (e) => `${base}/events-upcoming/perform-${e.type}/${e.id}`,
    // A receipt belongs to a presentation that took place and sold something (spec 2: admin receipt/{presentationId}).
    receipt: can(role, 'events.receipt')
      ? (e) => (e.type === 'presentation' && e.status === 'success' && e.order_id !== null ? `${base}/receipt/${e.id}` : null)
      : null,
    client: (id) => `${base}/show-user/${id}`,
  };
}

/** "Termine: 42", or "Termine: mehr als 1'000" once the server stopped counting. */
export function totalText(t: TFunction<['events', 'tables']>, page: EventListDto | undefined, noun: 'events' | 'presentations'): string {
  if (!page) {
    return '';
  }
  const count = formatNumber(page.total);
  if (noun === 'presentations') {
    return page.total_capped ? t('events:totalPresentationsCapped', { count }) : t('events:totalPresentations', { count });
  }
  return page.total_capped ? t('events:totalCapped', { count }) : t('events:total', { count });
}
