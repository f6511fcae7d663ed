import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import { dashboardPath, SCREENS, roleByCode, type ClientRecordDto, type RoleCode } from '@bo/domain';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { StatusChip } from '../clients/client-bits.tsx';
import { AddressCheck } from '../addresses/address-check.tsx';
import { SubUserError, useClientRecord, useSaveClient } from './api.ts';
import { ContactHistoryPanel } from './contact-history.tsx';
import { ClientEventsPanel } from './client-events-panel.tsx';
import { NotesTab } from './notes-tab.tsx';
import { ProfileTab, SettingsTab, SubUserTab, telHref } from './record-tabs.tsx';
import {
  clientDraftOf,
  subUserChangeOf,
  updateBodyOf,
  USER_PAGE_TABS,
  userPageReducer,
  userPageState,
  userPageTab,
  type UserPageTab,
} from './page-state.ts';

/** Which tab holds a field, so a refused save can show the field that needs correcting. */
const SETTINGS_FIELDS = new Set(['lead_source', 'lead_location_id', 'category', 'locale', 'has_onboarding_sms']);
function tabOfField(field: string): UserPageTab {
  if (field.startsWith('sub_user.')) {
    return 'sub_user';
  }
  return SETTINGS_FIELDS.has(field) ? 'settings' : 'profile';
}

function Header({ record, role }: { record: ClientRecordDto; role: RoleCode }) {
  const { t } = useTranslation(['common', 'client']);
  const abbr = roleByCode(role).abbr;
  const recommendations = SCREENS.find((s) => s.id === 'userRecommendationsOfClient')?.roles.includes(abbr) ?? false;
  const place = [record.address, [record.zipcode, record.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" data-testid="client-name" sx={{ overflowWrap: 'anywhere' }}>
            {`${record.name} ${record.surname}`.trim()}
          </Typography>
          <Box data-testid="client-status">
            <StatusChip status={record.status} />
          </Box>
          {record.type === 'B2B' && <Chip size="small" variant="outlined" label={record.company ? `B2B · ${record.company}` : 'B2B'} />}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
          {[record.phone, record.mobile_phone]
            .filter((p): p is string => Boolean(p))
            .map((p) => (
              <Link key={p} href={telHref(p)} data-testid="client-phone">
                {p}
              </Link>
            ))}
          {place && <Typography data-testid="client-address">{place}</Typography>}
        </Box>
      </Box>
      {recommendations && (
        <Button component={RouterLink} to={`${dashboardPath(role)}/show-user/${record.id}/recommendations`} variant="outlined">
          {t('client:recommendations')}
        </Button>
      )}
    </Box>
  );
}

/** The page of one client, in view or edit mode (spec 2 show-user and edit-user, spec 4 "User edit"). */
function ClientPage({ record, role, startEditing }: { record: ClientRecordDto; role: RoleCode; startEditing: boolean }) {
  const { t } = useTranslation(['common', 'client']);
  const canManage = record.can_edit;
  const [state, dispatch] = useReducer(userPageReducer, undefined, () =>
    userPageState(clientDraftOf(record), startEditing && canManage ? 'edit' : 'view'),
  );
  const [params, setParams] = useSearchParams();
  const tab = userPageTab(params.get('tab'));
  const setTab = (next: UserPageTab) =>
    setParams(
      (p) => {
        if (next === 'profile') {
          p.delete('tab');
        } else {
          p.set('tab', next);
        }
        return p;
      },
      { replace: true },
    );
  const save = useSaveClient(record.id);

  useEffect(() => {
    dispatch({ type: 'loaded', data: clientDraftOf(record) });
  }, [record]);

  const refuse = (errors: Record<string, string>) => {
    dispatch({ type: 'saveFailed', fieldValidation: errors });
    const first = Object.keys(errors)[0];
    if (first && tabOfField(first) !== tab && tab !== 'comments') {
      setTab(tabOfField(first));
    }
  };

  const submit = () => {
    const update = updateBodyOf(state.initial, state.draft);
    const subUser = subUserChangeOf(state.initial, state.draft);
    if (!update.ok || !subUser.ok) {
      refuse({ ...(update.ok ? {} : update.errors), ...(subUser.ok ? {} : subUser.errors) });
      return;
    }
    save.mutate(
      { body: update.body, subUser: subUser.body },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'saved', data: clientDraftOf(saved) });
          snackbar.show(t('client:saved'), 'success');
        },
        onError: (err) => {
          // Spec 8: a refused save keeps the draft; field errors go next to their fields, not to the snackbar.
          const sub = err instanceof SubUserError;
          const fields = fieldErrors(sub ? err.cause : err);
          const keyed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [sub ? `sub_user.${k}` : k, v]));
          if (Object.keys(keyed).length > 0) {
            refuse(keyed);
          } else {
            snackbar.show(errorMessage(sub ? err.cause : err, t));
          }
        },
      },
    );
  };

  const errorCount = Object.keys(state.errors).length;
  const draftTab = tab !== 'comments';
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }} data-testid="client-page" data-mode={state.mode}>
      <Header record={record} role={role} />
      {!canManage && <Alert severity="info">{t('client:readOnly')}</Alert>}
      <Paper sx={{ px: 1 }}>
        <Tabs value={tab} onChange={(_e, next: UserPageTab) => setTab(next)} variant="scrollable" allowScrollButtonsMobile>
          {USER_PAGE_TABS.map((id) => (
            <Tab key={id} value={id} label={t(`client:tabs.${id}`)} data-testid={`tab-${id}`} />
          ))}
        </Tabs>
      </Paper>
      {canManage && draftTab && (
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'flex-end',
            position: 'sticky',
            top: { xs: 56, sm: 64 },
            zIndex: 2,
            bgcolor: 'background.default',
            py: 1,
          }}
          data-testid="edit-bar"
        >
          {state.edited && <Chip color="warning" size="small" label={t('client:edited')} data-testid="edited-flag" />}
          {errorCount > 0 && (
            <Typography color="error" variant="body2" data-testid="error-count">
              {t('client:errorsCount', { count: errorCount })}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {state.mode === 'view' ? (
            <Button variant="contained" onClick={() => dispatch({ type: 'edit' })} data-testid="edit-client">
              {t('client:edit')}
            </Button>
          ) : (
            <>
              <Button onClick={() => dispatch({ type: 'view' })} disabled={save.isPending} data-testid="cancel-edit">
                {t('client:cancel')}
              </Button>
              <Button onClick={() => dispatch({ type: 'reset' })} disabled={!state.edited || save.isPending} data-testid="reset-client">
                {t('common.reset')}
              </Button>
              <Button
                variant="contained"
                onClick={submit}
                disabled={save.isPending}
                startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="save-client"
              >
                {t('common.save')}
              </Button>
            </>
          )}
        </Box>
      )}
      {tab === 'profile' && (
        <>
          <ProfileTab state={state} dispatch={dispatch} record={record} />
          <AddressCheck record={record} role={role} />
          <ContactHistoryPanel record={record} canManage={canManage} />
          <ClientEventsPanel record={record} role={role} />
        </>
      )}
      {tab === 'sub_user' && <SubUserTab state={state} dispatch={dispatch} canManage={canManage} />}
      {tab === 'comments' && <NotesTab record={record} canManage={canManage} />}
      {tab === 'settings' && <SettingsTab state={state} dispatch={dispatch} record={record} />}
    </Box>
  );
}

/** A client outside the caller's scope or deleted: say so and offer the way back. */
function NotFound({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['client']);
  const hasList = SCREENS.find((s) => s.id === 'clients')?.roles.includes(roleByCode(role).abbr) ?? false;
  return (
    <Paper sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 640 }} data-testid="client-not-found">
      <Typography variant="h5" component="h1">
        {t('client:notFound.title')}
      </Typography>
      <Typography>{t('client:notFound.text')}</Typography>
      <Button component={RouterLink} to={hasList ? `${dashboardPath(role)}/clients` : dashboardPath(role)} variant="contained">
        {t(hasList ? 'client:notFound.toList' : 'client:notFound.toHome')}
      </Button>
    </Paper>
  );
}

/** show-user/{userId} and show-user/{userId}/edit-user/{editUserId} (which opens in edit mode). */
export function ShowUserPage() {
  const { t } = useTranslation(['common', 'client']);
  const params = useParams();
  const editing = params.editUserId !== undefined;
  const id = Number(editing ? params.editUserId : params.userId);
  const me = useCurrentUser().data;
  const record = useClientRecord(id);
  if (!me) {
    return null;
  }
  const role = me.role.code;
  if (!Number.isInteger(id) || id <= 0 || (record.error instanceof HttpError && record.error.status === 404)) {
    return <NotFound role={role} />;
  }
  if (record.error) {
    return <Alert severity="error">{errorMessage(record.error, t)}</Alert>;
  }
  if (!record.data) {
    return <CircularProgress aria-label={t('client:loading')} />;
  }
  return <ClientPage key={`${record.data.id}-${editing}`} record={record.data} role={role} startEditing={editing} />;
}
