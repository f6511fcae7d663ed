import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import MergeType from '@mui/icons-material/MergeType';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { formatDate, type ClientRowDto, type ClientSummaryDto, type NestedTabsDto } from '@bo/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useNestedTabs, type LinkKind } from './api.ts';
import { NAV_WIDTH } from '../shell/side-nav.tsx';
import { useClientActions } from './client-actions.tsx';
import { clientName, StatusChip } from './client-bits.tsx';
import { DuplicateReasons } from './duplicate-reasons.tsx';
import { compactCells } from '../../ui/table-cells.ts';

const NESTED_TABS = ['recommendations', 'duplicates', 'cohabitants', 'block_neighbors'] as const;
type NestedTab = (typeof NESTED_TABS)[number];

const COUNTS: Record<NestedTab, keyof Pick<ClientRowDto, 'recommendations' | 'duplicates' | 'cohabitants' | 'blockNeighbors'>> = {
  recommendations: 'recommendations',
  duplicates: 'duplicates',
  cohabitants: 'cohabitants',
  block_neighbors: 'blockNeighbors',
};

function SmallTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {/* On a tablet the cells give up padding and a long e-mail breaks, so the table fits beside the list's own columns. */}
      <Table size="small" sx={{ ...compactCells, '& td': { overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h || i} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

const contact = (u: Pick<ClientSummaryDto, 'phone' | 'mobile_phone' | 'email'>) =>
  [u.phone ?? u.mobile_phone, u.email].filter(Boolean).join(' · ') || '–';
const place = (u: Pick<ClientSummaryDto, 'address' | 'zipcode' | 'city'>) =>
  [u.address, [u.zipcode, u.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '–';

/** The width of the table's visible part: the window less the side navigation (from md on) and the page's padding. */
const VISIBLE_WIDTH = { xs: 'calc(100vw - 34px)', md: `calc(100vw - ${NAV_WIDTH + 50}px)` };

/** Spec 2: a row opens into recommendations, duplicates, cohabitants and block neighbours. */
export function NestedTabs({ row }: { row: ClientRowDto }) {
  const { t } = useTranslation(['clients']);
  const { t: tc } = useTranslation();
  const [tab, setTab] = useState<NestedTab>('recommendations');
  const query = useNestedTabs(row.id);
  const actions = useClientActions();

  const { error } = query;
  useEffect(() => {
    if (error) {
      snackbar.show(t('clients:get_nested_data_error', { reason: errorMessage(error, tc) }));
    }
  }, [error, t, tc]);

  const userLink = (u: ClientSummaryDto | { id: number; name: string; surname: string }) => (
    <Link component={RouterLink} to={`${actions.base}/show-user/${u.id}`} underline="hover">
      {clientName(u)}
    </Link>
  );

  const linked = (kind: LinkKind, list: ClientSummaryDto[]) => (
    <>
      {row.can_edit && (
        <Box sx={{ mb: 1 }}>
          <Button size="small" startIcon={<LinkIcon />} onClick={() => actions.link(kind, row.user)} data-testid={`link-${kind}`}>
            {t(`clients:actions.link_${kind}`)}
          </Button>
        </Box>
      )}
      {list.length === 0 ? (
        <Typography color="text.secondary">{t(`clients:nested.empty_${kind}`)}</Typography>
      ) : (
        <SmallTable
          head={[t('clients:columns.name'), t('clients:columns.contact'), t('clients:columns.address'), t('clients:columns.status'), '']}
        >
          {list.map((u) => (
            <TableRow key={u.id} data-testid={`nested-${kind}-row`}>
              <TableCell>{userLink(u)}</TableCell>
              <TableCell>{contact(u)}</TableCell>
              <TableCell>{place(u)}</TableCell>
              <TableCell>
                <StatusChip status={u.status} />
              </TableCell>
              <TableCell align="right">
                {row.can_edit && (
                  <Button size="small" color="error" startIcon={<LinkOff />} onClick={() => actions.unlink(kind, row.user, u)}>
                    {t('clients:actions.unlink')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </>
  );

  const content = (data: NestedTabsDto): ReactNode => {
    switch (tab) {
      case 'recommendations':
        return data.recommendations.length === 0 ? (
          <Typography color="text.secondary">{t('clients:nested.empty_recommendations')}</Typography>
        ) : (
          <SmallTable
            head={[
              t('clients:columns.name'),
              t('clients:columns.contact'),
              t('clients:columns.address'),
              t('clients:columns.status'),
              t('clients:columns.created_at'),
            ]}
          >
            {data.recommendations.map((r) => (
              <TableRow key={r.id} data-testid="nested-recommendation-row">
                <TableCell>{r.lead_id ? userLink({ id: r.lead_id, name: r.name, surname: r.surname }) : clientName(r)}</TableCell>
                <TableCell>{contact({ phone: r.phone, mobile_phone: null, email: r.email })}</TableCell>
                <TableCell>{place(r)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={t(`clients:recommendationStatuses.${r.status}`)} />
                </TableCell>
                <TableCell>{formatDate(r.created_at)}</TableCell>
              </TableRow>
            ))}
          </SmallTable>
        );
      case 'duplicates':
        return data.duplicates.length === 0 ? (
          <Typography color="text.secondary">{t('clients:nested.empty_duplicates')}</Typography>
        ) : (
          <SmallTable
            head={[
              t('clients:columns.name'),
              t('clients:columns.contact'),
              t('clients:columns.address'),
              t('clients:nested.matchedOn'),
              '',
            ]}
          >
            {data.duplicates.map((d) => (
              <TableRow key={d.id} data-testid="nested-duplicate-row">
                <TableCell>{userLink(d)}</TableCell>
                <TableCell>{contact(d)}</TableCell>
                <TableCell>{place(d)}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <DuplicateReasons duplicate={d} />
                </TableCell>
                <TableCell align="right">
                  {row.can_merge && (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<MergeType />}
                      onClick={() => actions.merge(row.user, d)}
                      data-testid="merge-duplicate"
                    >
                      {t('clients:actions.merge')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
        );
      case 'cohabitants':
        return linked('cohabitant', data.cohabitants);
      case 'block_neighbors':
        return linked('block_neighbor', data.block_neighbors);
    }
  };

  return (
    <Box
      sx={{
        // The cell spans every column of a wide table; the tabs stay in the visible part of it.
        position: 'sticky',
        left: 0,
        boxSizing: 'border-box',
        width: VISIBLE_WIDTH,
        px: { xs: 1, sm: 2 },
        pb: 2,
      }}
      data-testid="nested-tabs"
      data-client-id={row.id}
    >
      <Tabs value={tab} onChange={(_e, v: NestedTab) => setTab(v)} variant="scrollable">
        {NESTED_TABS.map((k) => (
          <Tab key={k} value={k} label={`${t(`clients:nested.tabs.${k}`)} (${row[COUNTS[k]]})`} data-testid={`nested-tab-${k}`} />
        ))}
      </Tabs>
      <Box sx={{ pt: 1.5 }}>
        {query.isPending ? (
          <CircularProgress size={20} />
        ) : query.isError ? (
          <Alert severity="error">{t('clients:get_nested_data_error', { reason: errorMessage(query.error, tc) })}</Alert>
        ) : (
          content(query.data)
        )}
      </Box>
    </Box>
  );
}
