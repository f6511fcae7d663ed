import { Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { GENDERS, PERSONS_AT_HOME, PETS, RELATIONS, WORKING_STATUSES } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { IntField, Question, TOUCH } from './inputs.tsx';
import { CONTACT_FIELDS, type ProfileDraft, type SubUserDraft } from './profile-draft.ts';
import { useFieldError, type StepProps } from './step-props.ts';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;

type Option = { value: string; label: string };

/** A choice whose "not specified" is null; menu entries tall enough for a finger. */
function Select({
  label,
  value,
  options,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string | null;
  options: readonly Option[];
  onChange: (v: string | null) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="" sx={{ minHeight: TOUCH }}>
        <em>{t('common.none')}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={{ minHeight: TOUCH }}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const boolOf = (v: string | null) => (v === null ? null : v === 'true');

/** '14': the client's contact data and the additional profile fields (spec 3). */
export function ProfileStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform', 'client']);
  const { t: tc } = useTranslation();
  const fieldError = useFieldError(errors);
  const p = draft.profile;
  const change = (patch: Partial<ProfileDraft>) => set({ profile: { ...p, ...patch } });
  const options = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: tc(`options.${field}.${v}`) }));
  const yesNo = [
    { value: 'true', label: t('client:yesNo.true') },
    { value: 'false', label: t('client:yesNo.false') },
  ];
  return (
    <Question title={t('perform:q.user_profile')} hint={t('perform:hint.user_profile')}>
      <Box sx={GRID} data-testid="profile-fields">
        {CONTACT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={tc(`fields.${field}`)}
            value={p[field]}
            onChange={(e) => change({ [field]: e.target.value })}
            required={field === 'name' || field === 'surname'}
            error={Boolean(fieldError(`user.${field}`))}
            helperText={fieldError(`user.${field}`)}
            type={field === 'email' ? 'email' : field.includes('phone') ? 'tel' : 'text'}
            slotProps={{ htmlInput: { 'data-testid': `profile-${field}`, inputMode: field === 'zipcode' ? 'numeric' : undefined } }}
          />
        ))}
        <Select
          label={t('client:fields.pet')}
          value={p.pet}
          options={PETS.map((v) => ({ value: v, label: t(`client:pets.${v}`) }))}
          onChange={(v) => change({ pet: v as ProfileDraft['pet'] })}
          error={fieldError('user.pet')}
          testId="profile-pet"
        />
        <Select
          label={t('client:fields.has_allergies')}
          value={p.has_allergies === null ? null : String(p.has_allergies)}
          options={yesNo}
          onChange={(v) => change({ has_allergies: boolOf(v) })}
          error={fieldError('user.has_allergies')}
          testId="profile-has-allergies"
        />
        <Select
          label={tc('fields.working_status')}
          value={p.working_status}
          options={options('working_status', WORKING_STATUSES)}
          onChange={(v) => change({ working_status: v as ProfileDraft['working_status'] })}
          error={fieldError('user.working_status')}
          testId="profile-working-status"
        />
        <Select
          label={tc('fields.relations')}
          value={p.relations}
          options={options('relations', RELATIONS)}
          onChange={(v) => change({ relations: v as ProfileDraft['relations'] })}
          error={fieldError('user.relations')}
          testId="profile-relations"
        />
        <Select
          label={tc('fields.persons_at_home')}
          value={p.persons_at_home}
          options={options('persons_at_home', PERSONS_AT_HOME)}
          onChange={(v) => change({ persons_at_home: v as ProfileDraft['persons_at_home'] })}
          error={fieldError('user.persons_at_home')}
          testId="profile-persons-at-home"
        />
        <Select
          label={t('client:fields.has_kids')}
          value={p.has_kids === null ? null : String(p.has_kids)}
          options={yesNo}
          onChange={(v) => change({ has_kids: boolOf(v) })}
          error={fieldError('user.has_kids')}
          testId="profile-has-kids"
        />
      </Box>
    </Question>
  );
}

/** '15': the second person in the household, if there is one. */
export function SubUserStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  const fieldError = useFieldError(errors);
  const s = draft.sub_user;
  const change = (patch: Partial<SubUserDraft>) => set({ sub_user: { ...s, ...patch } });
  return (
    <Question title={t('perform:q.sub_user')} hint={draft.had_sub_user && !s.enabled ? t('perform:hint.sub_user_removed') : undefined}>
      <FormControlLabel
        control={
          <Switch
            checked={s.enabled}
            onChange={(e) => change({ enabled: e.target.checked })}
            slotProps={{ input: { 'aria-label': t('perform:fields.sub_user') } }}
          />
        }
        label={t('perform:fields.sub_user')}
        sx={{ minHeight: TOUCH }}
        data-testid="sub-user-switch"
      />
      {s.enabled && (
        <Box sx={GRID}>
          {(['name', 'surname', 'phone', 'email'] as const).map((field) => (
            <TextField
              key={field}
              label={tc(`fields.${field}`)}
              value={s[field]}
              required={field === 'name'}
              onChange={(e) => change({ [field]: e.target.value })}
              error={Boolean(fieldError(`sub_user.${field}`))}
              helperText={fieldError(`sub_user.${field}`)}
              slotProps={{ htmlInput: { 'data-testid': `sub-user-${field}` } }}
            />
          ))}
          <IntField
            label={t('perform:fields.age')}
            value={s.age}
            onChange={(age) => change({ age })}
            min={0}
            max={120}
            error={fieldError('sub_user.age')}
            testId="sub-user-age"
          />
          <Select
            label={tc('fields.gender')}
            value={s.gender}
            options={GENDERS.map((g) => ({ value: g, label: tc(`options.gender.${g}`) }))}
            onChange={(v) => change({ gender: v as SubUserDraft['gender'] })}
            error={fieldError('sub_user.gender')}
            testId="sub-user-gender"
          />
        </Box>
      )}
    </Question>
  );
}
