import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { isSpecialLocation, type ClientRecordDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useSalesAgents } from '../clients/api.ts';
import { StatusChip } from '../clients/client-bits.tsx';
import { useUpdateLinkedAgent } from './api.ts';
import {
  DraftCheckbox,
  DraftSelect,
  DraftText,
  FIELD_GRID,
  LeadSourceFields,
  Shown,
  useChoices,
  type DraftProps,
} from './draft-fields.tsx';

/** A phone as a link the tablet or softphone dials. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const personName = (p: { name: string; surname: string } | null) => (p ? `${p.name} ${p.surname}`.trim() : '');

/** A choice shown as its label in view mode. */
function useShownChoice() {
  const choices = useChoices();
  return (group: keyof ReturnType<typeof useChoices>, value: string) =>
    value === '' ? '' : (choices[group].find((o) => o.value === value)?.label ?? value);
}

/** Spec 3 "User" and "Additional profile fields": shown, or edited in the draft. */
export function ProfileTab({ state, dispatch, record }: DraftProps & { record: ClientRecordDto }) {
  const { t } = useTranslation(['common', 'client']);
  const choices = useChoices();
  const shown = useShownChoice();
  const d = state.draft;
  if (state.mode === 'view') {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-view">
        <Box component="dl" sx={{ ...FIELD_GRID, m: 0 }}>
          <Shown label={t('fields.name')}>{d.name}</Shown>
          <Shown label={t('fields.surname')}>{d.surname}</Shown>
          <Shown label={t('fields.email')}>{d.email && <a href={`mailto:${d.email}`}>{d.email}</a>}</Shown>
          <Shown label={t('fields.phone')}>{d.phone && <a href={telHref(d.phone)}>{d.phone}</a>}</Shown>
          <Shown label={t('fields.mobile_phone')}>{d.mobile_phone && <a href={telHref(d.mobile_phone)}>{d.mobile_phone}</a>}</Shown>
          <Shown label={t('fields.address')}>{d.address}</Shown>
          <Shown label={t('fields.zipcode')}>{d.zipcode}</Shown>
          <Shown label={t('fields.city')} testId="shown-city">
            {d.city}
          </Shown>
          <Shown label={t('client:fields.age')}>{d.age}</Shown>
          <Shown label={t('fields.gender')}>{shown('gender', d.gender)}</Shown>
          <Shown label={t('client:fields.type')}>{d.type}</Shown>
          {d.type === 'B2B' && <Shown label={t('client:fields.company')}>{d.company}</Shown>}
          <Shown label={t('client:fields.status')}>
            <StatusChip status={record.status} />
          </Shown>
          <Shown label={t('client:fields.time_to_call')}>{shown('time_to_call', d.time_to_call)}</Shown>
          <Shown label={t('fields.relations')}>{shown('relations', d.relations)}</Shown>
          <Shown label={t('fields.working_status')}>{shown('working_status', d.working_status)}</Shown>
          <Shown label={t('fields.persons_at_home')}>{shown('persons_at_home', d.persons_at_home)}</Shown>
          <Shown label={t('client:fields.pet')}>{shown('pet', d.pet)}</Shown>
          <Shown label={t('client:fields.has_kids')}>{shown('yesNo', d.has_kids)}</Shown>
          <Shown label={t('client:fields.has_allergies')}>{shown('yesNo', d.has_allergies)}</Shown>
          <Shown label={t('client:fields.created_by')}>{personName(record.created_by)}</Shown>
          <Shown label={t('client:fields.referred_by')}>{personName(record.referred_by)}</Shown>
        </Box>
      </Paper>
    );
  }
  const props = { state, dispatch };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-form">
      <Box sx={FIELD_GRID}>
        <DraftText {...props} field="name" label={t('fields.name')} required />
        <DraftText {...props} field="surname" label={t('fields.surname')} required />
        <DraftText {...props} field="email" label={t('fields.email')} type="email" />
        <DraftSelect {...props} field="status" label={t('client:fields.status')} options={choices.status} nullable />
        <DraftText {...props} field="phone" label={t('fields.phone')} type="tel" />
        <DraftText {...props} field="mobile_phone" label={t('fields.mobile_phone')} type="tel" />
        <DraftText {...props} field="address" label={t('fields.address')} />
        <DraftText {...props} field="zipcode" label={t('fields.zipcode')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <DraftText {...props} field="city" label={t('fields.city')} />
        <DraftText {...props} field="age" label={t('client:fields.age')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <DraftSelect {...props} field="gender" label={t('fields.gender')} options={choices.gender} nullable />
        <DraftSelect {...props} field="type" label={t('client:fields.type')} options={choices.type} />
        {d.type === 'B2B' && <DraftText {...props} field="company" label={t('client:fields.company')} />}
        <DraftSelect {...props} field="time_to_call" label={t('client:fields.time_to_call')} options={choices.time_to_call} nullable />
        <DraftSelect {...props} field="relations" label={t('fields.relations')} options={choices.relations} nullable />
        <DraftSelect {...props} field="working_status" label={t('fields.working_status')} options={choices.working_status} nullable />
        <DraftSelect {...props} field="persons_at_home" label={t('fields.persons_at_home')} options={choices.persons_at_home} nullable />
        <DraftSelect {...props} field="pet" label={t('client:fields.pet')} options={choices.pet} nullable />
        <DraftSelect {...props} field="has_kids" label={t('client:fields.has_kids')} options={choices.yesNo} nullable />
        <DraftSelect {...props} field="has_allergies" label={t('client:fields.has_allergies')} options={choices.yesNo} nullable />
      </Box>
    </Paper>
  );
}

/** The second person of the household (spec "sub_user"): adding one switches the page to editing. */
export function SubUserTab({ state, dispatch, canManage }: DraftProps & { canManage: boolean }) {
  const { t } = useTranslation(['common', 'client']);
  const choices = useChoices();
  const shown = useShownChoice();
  const sub = state.draft.sub_user;
  if (!sub) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }} data-testid="sub-user-empty">
        <Typography color="text.secondary">{t('client:subUser.empty')}</Typography>
        {canManage && (
          <Button variant="outlined" onClick={() => dispatch({ type: 'addSubUser' })} data-testid="add-sub-user">
            {t('client:subUser.add')}
          </Button>
        )}
      </Paper>
    );
  }
  if (state.mode === 'view') {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="sub-user-view">
        <Box component="dl" sx={{ ...FIELD_GRID, m: 0 }}>
          <Shown label={t('fields.name')}>{sub.name}</Shown>
          <Shown label={t('fields.surname')}>{sub.surname}</Shown>
          <Shown label={t('client:fields.age')}>{sub.age}</Shown>
          <Shown label={t('fields.gender')}>{shown('gender', sub.gender)}</Shown>
          <Shown label={t('fields.phone')}>{sub.phone && <a href={telHref(sub.phone)}>{sub.phone}</a>}</Shown>
          <Shown label={t('fields.email')}>{sub.email}</Shown>
        </Box>
      </Paper>
    );
  }
  const props = { state, dispatch };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="sub-user-form">
      <Box sx={FIELD_GRID}>
        <DraftText {...props} field="sub_user.name" label={t('fields.name')} required />
        <DraftText {...props} field="sub_user.surname" label={t('fields.surname')} />
        <DraftText {...props} field="sub_user.age" label={t('client:fields.age')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <DraftSelect {...props} field="sub_user.gender" label={t('fields.gender')} options={choices.gender} nullable />
        <DraftText {...props} field="sub_user.phone" label={t('fields.phone')} type="tel" />
        <DraftText {...props} field="sub_user.email" label={t('fields.email')} type="email" />
      </Box>
      <Box>
        <Button color="error" onClick={() => dispatch({ type: 'removeSubUser' })} data-testid="remove-sub-user">
          {t('client:subUser.remove')}
        </Button>
      </Box>
    </Paper>
  );
}

/** Admins and call agents assign the sales agent; it is saved at once, apart from the draft. */
function LinkedAgent({ record }: { record: ClientRecordDto }) {
  const { t } = useTranslation(['common', 'client']);
  const mayAssign = record.can_assign_agent;
  const agents = useSalesAgents(mayAssign);
  const update = useUpdateLinkedAgent(record.id);
  const current = record.linked_agent;
  if (!mayAssign) {
    return <Shown label={t('client:fields.linked_agent')}>{personName(current)}</Shown>;
  }
  const options = (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.unshift({ value: String(current.id), label: personName(current) });
  }
  return (
    <TextField
      select
      fullWidth
      id="linked-agent"
      label={t('client:fields.linked_agent')}
      value={current ? String(current.id) : ''}
      disabled={update.isPending}
      helperText={t('client:settings.agentHint')}
      onChange={(e) =>
        update.mutate(e.target.value === '' ? null : Number(e.target.value), {
          onSuccess: () => snackbar.show(t('client:settings.agentSaved'), 'success'),
          onError: (err) => snackbar.show(t('client:settings.agentError', { reason: errorMessage(err, t) })),
        })
      }
      slotProps={{ htmlInput: { 'data-testid': 'linked-agent' } }}
    >
      <MenuItem value="">
        <em>{t('client:settings.noAgent')}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Lead source and location, linked agent, onboarding SMS, category and language. */
export function SettingsTab({ state, dispatch, record }: DraftProps & { record: ClientRecordDto }) {
  const { t } = useTranslation(['common', 'client', 'tables']);
  const shown = useShownChoice();
  const choices = useChoices();
  const d = state.draft;
  const props = { state, dispatch };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="settings-tab">
      <Box component={state.mode === 'view' ? 'dl' : 'div'} sx={{ ...FIELD_GRID, m: 0 }}>
        {state.mode === 'view' ? (
          <>
            <Shown label={t('client:fields.lead_source')}>{shown('lead_source', d.lead_source)}</Shown>
            <Shown label={t('client:fields.lead_location')}>
              {record.lead_location
                ? isSpecialLocation(record.lead_location.id)
                  ? t('tables:noLocation')
                  : `${record.lead_location.display_name} (${record.lead_location.code})`
                : ''}
            </Shown>
            <Shown label={t('client:fields.has_onboarding_sms')}>
              {t(d.has_onboarding_sms ? 'client:yesNo.true' : 'client:yesNo.false')}
            </Shown>
            <Shown label={t('client:fields.category')}>{d.category}</Shown>
            <Shown label={t('fields.locale')}>{shown('locale', d.locale)}</Shown>
          </>
        ) : (
          <>
            <LeadSourceFields {...props} />
            <DraftText {...props} field="category" label={t('client:fields.category')} />
            <DraftSelect {...props} field="locale" label={t('fields.locale')} options={choices.locale} />
            <DraftCheckbox {...props} field="has_onboarding_sms" label={t('client:fields.has_onboarding_sms')} />
          </>
        )}
        <LinkedAgent record={record} />
      </Box>
    </Paper>
  );
}
