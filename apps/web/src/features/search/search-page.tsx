import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PlaylistPlay from '@mui/icons-material/PlaylistPlay';
import Search from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  DEBOUNCE_MS,
  dashboardPath,
  formatNumber,
  leadHashOf,
  normalisePhone,
  screensFor,
  type ClientRowDto,
  type RoleCode,
} from '@bo/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { StatusChip } from '../clients/client-bits.tsx';
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH, useSearchResults } from './api.ts';
import { Highlighted, MARK_SX, searchedPhone, searchWords } from './highlight.tsx';
import { useDebounced } from './use-debounced.ts';

/**
 * The search screen (spec 2 `…/search`): one field, searched as the user types, the best matches of
 * the user's scope first. `?q=` holds the search, so the top bar's box and a reload land on the same list.
 */
export function SearchPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <ClientSearch role={user.role.code} />;
}

function ClientSearch({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['search', 'clients', 'tables']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const base = dashboardPath(role);
  const screens = screensFor(role);
  const canLeadFlow = screens.some((s) => s.id === 'leadFlow');
  const canCreate = screens.some((s) => s.id === 'createClient');

  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [input, setInput] = useState(urlQuery);
  const query = useDebounced(input, DEBOUNCE_MS).trim();
  // The top bar's search box changes `?q=` while this screen is open: take it over.
  const lastWritten = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery !== lastWritten.current) {
      lastWritten.current = urlQuery;
      setInput(urlQuery);
    }
  }, [urlQuery]);
  useEffect(() => {
    if (query !== lastWritten.current) {
      lastWritten.current = query;
      setParams(query ? { q: query } : {}, { replace: true });
    }
  }, [query, setParams]);

  const results = useSearchResults(query);
  const rows = query.length >= SEARCH_MIN_LENGTH ? (results.data?.data ?? []) : [];
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [results.data]);

  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const showUser = (row: ClientRowDto) => `${base}/show-user/${row.id}`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (rows.length === 0) {
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (active + (e.key === 'ArrowDown' ? 1 : -1) + rows.length) % rows.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      const row = rows[active];
      if (row) {
        e.preventDefault();
        void navigate(showUser(row));
      }
    }
  };

  const phone = searchedPhone(query);
  const words = phone ? [] : searchWords(query);
  const waiting = input.trim() !== query || results.isFetching;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.search')}
      </Typography>
      <TextField
        fullWidth
        autoFocus
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search:placeholder')}
        sx={{ bgcolor: 'background.paper' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
          htmlInput: {
            role: 'combobox',
            'aria-label': t('search:label'),
            'aria-expanded': rows.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            // The server takes searches up to 100 characters.
            maxLength: 100,
            'aria-activedescendant': rows.length > 0 ? optionId(active) : undefined,
            'data-testid': 'search-input',
          },
        }}
      />
      <Box sx={{ height: 4, mt: 0.5 }}>{waiting && query.length >= SEARCH_MIN_LENGTH && <LinearProgress />}</Box>

      {results.isError && query.length >= SEARCH_MIN_LENGTH ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(results.error, tc)}
        </Alert>
      ) : query.length < SEARCH_MIN_LENGTH ? (
        <Hint title={t('search:empty.title')} testId="search-empty">
          {query.length === 0 ? t('search:empty.text') : t('search:empty.tooShort', { count: SEARCH_MIN_LENGTH })}
        </Hint>
      ) : results.data && rows.length === 0 && !waiting ? (
        <Hint title={t('search:none.title', { query })} testId="search-none">
          {phone ? t('search:none.phone') : t('search:none.text')}
          {canCreate && (
            <Box sx={{ mt: 2 }}>
              <Button variant="contained" component={RouterLink} to={`${base}/create-client`}>
                {t('search:none.create')}
              </Button>
            </Box>
          )}
        </Hint>
      ) : (
        rows.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} data-testid="search-total" aria-live="polite">
              {results.data && results.data.total > rows.length
                ? t(results.data.total_capped ? 'search:totalCapped' : 'search:totalMore', {
                    shown: rows.length,
                    total: formatNumber(results.data.total),
                  })
                : t('search:total', { count: rows.length })}
            </Typography>
            <Paper variant="outlined">
              <List id={listId} role="listbox" aria-label={t('search:results')} disablePadding data-testid="search-results">
                {rows.map((row, i) => (
                  <ListItem
                    key={row.id}
                    role="presentation"
                    divider={i < rows.length - 1}
                    disablePadding
                    secondaryAction={
                      canLeadFlow && (
                        <Tooltip title={t('search:openLeadFlow')}>
                          <IconButton
                            component={RouterLink}
                            to={`${base}/lead-flow/${leadHashOf(row.id)}`}
                            aria-label={t('search:openLeadFlow')}
                            tabIndex={-1}
                            data-testid="search-lead-flow"
                          >
                            <PlaylistPlay />
                          </IconButton>
                        </Tooltip>
                      )
                    }
                  >
                    <ListItemButton
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      selected={i === active}
                      component={RouterLink}
                      to={showUser(row)}
                      tabIndex={-1}
                      onMouseMove={() => i !== active && setActive(i)}
                      data-testid="search-result"
                      data-client-id={row.id}
                      sx={{ alignItems: 'flex-start', py: 1.25 }}
                    >
                      <ResultRow row={row} words={words} phone={phone} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {t('search:keyboard', { limit: SEARCH_LIMIT })}
            </Typography>
          </>
        )
      )}
    </Box>
  );
}

function ResultRow({ row, words, phone }: { row: ClientRowDto; words: string[]; phone: string | undefined }) {
  const { t } = useTranslation(['search']);
  const u = row.user;
  const phones = [u.mobile_phone, u.phone].filter((p): p is string => Boolean(p));
  const place = [u.address, [u.zipcode, u.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const name = `${u.name} ${u.surname}`.trim() || '–';
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }} data-testid="search-result-name">
          <Highlighted text={name} words={words} />
        </Typography>
        {u.company && (
          <Typography component="span" variant="body2" color="text.secondary">
            {u.company}
          </Typography>
        )}
        <StatusChip status={u.status} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.25, mt: 0.5, color: 'text.secondary', typography: 'body2' }}>
        {phones.length > 0 && (
          <Detail icon={<PhoneOutlined fontSize="inherit" />} label={t('search:phone')}>
            {phones.map((p, i) => (
              <span key={p}>
                {i > 0 && ' · '}
                {phone && normalisePhone(p) === phone ? (
                  <Box component="mark" sx={MARK_SX}>
                    {p}
                  </Box>
                ) : (
                  p
                )}
              </span>
            ))}
          </Detail>
        )}
        {u.email && (
          <Detail icon={<EmailOutlined fontSize="inherit" />} label={t('search:email')}>
            <Highlighted text={u.email} words={words} />
          </Detail>
        )}
        {place && (
          <Detail icon={<PlaceOutlined fontSize="inherit" />} label={t('search:address')}>
            <Highlighted text={place} words={words} />
          </Detail>
        )}
      </Box>
    </Box>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
      <Box component="span" aria-label={label} role="img" sx={{ display: 'inline-flex', flexShrink: 0 }}>
        {icon}
      </Box>
      <span>{children}</span>
    </Box>
  );
}

function Hint({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 1, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" component="div">
        {children}
      </Typography>
    </Paper>
  );
}
