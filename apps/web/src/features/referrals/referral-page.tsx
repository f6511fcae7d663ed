import { Alert, Box, Button, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { isLanguage, REFERRAL_PAGE_PREFIX, type ReferralFormDto } from '@bo/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useApplyAsAgent, useLastReferralCode, useOpenReferralForm, useSignUpAsLead, type ReferralFormValues } from './api.ts';

type Mode = 'lead' | 'agent';
type Field = 'name' | 'surname' | 'phone' | 'email' | 'zipcode' | 'city';

/** `/referral`: the last link the visitor followed (the referral cookie), or a note that there is none. */
export function ReferralLandingPage() {
  const { t } = useTranslation(['referrals']);
  const last = useLastReferralCode();
  if (last.isLoading) {
    return <Loading />;
  }
  if (last.data) {
    return <Navigate to={`${REFERRAL_PAGE_PREFIX}${last.data}`} replace />;
  }
  return <Alert severity="info">{t('referrals:public.noLink')}</Alert>;
}

/**
 * `/referral/{code}` (public, phone-sized): a person leaves their contact details through someone's
 * link, or applies as an independent agent. The page counts the visit once, and sends the form no
 * earlier than the server accepts its token (people take longer anyway).
 */
export function ReferralPage() {
  const { t, i18n } = useTranslation(['referrals']);
  const { t: tc } = useTranslation();
  const { code = '' } = useParams();
  const open = useOpenReferralForm();
  const openedAt = useRef(0);
  const [form, setForm] = useState<ReferralFormDto | null>(null);
  const [mode, setMode] = useState<Mode>('lead');
  const [values, setValues] = useState<Record<Field | 'website' | 'message', string>>({
    name: '',
    surname: '',
    phone: '',
    email: '',
    zipcode: '',
    city: '',
    website: '',
    message: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lead = useSignUpAsLead();
  const agent = useApplyAsAgent();
  const sending = lead.isPending || agent.isPending;
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const { mutate } = open;
  useEffect(() => {
    openedAt.current = Date.now();
    mutate(code, { onSuccess: setForm });
  }, [code, mutate]);

  if (open.isError) {
    const missing = open.error instanceof HttpError && (open.error.status === 404 || open.error.status === 400);
    return <Alert severity="warning">{missing ? t('referrals:public.unknownLink') : errorMessage(open.error, tc)}</Alert>;
  }
  if (!form) {
    return <Loading />;
  }
  if (done) {
    return (
      <Alert severity="success" data-testid="referral-done">
        {mode === 'agent' ? t('referrals:public.appliedDone') : t('referrals:public.leadDone')}
      </Alert>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    // The server accepts the token only after a few seconds: wait out what is left of them.
    const wait = form.not_before_ms - (Date.now() - openedAt.current) + 250;
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const language = i18n.resolvedLanguage;
    const body: ReferralFormValues = {
      code: form.code,
      form_token: form.form_token,
      ...values,
      locale: isLanguage(language) ? language : 'de',
    };
    const onError = (err: unknown) => {
      const fields = fieldErrors(err);
      setErrors(fields);
      // A refusal (own link, expired form, too many sign-ups) is said in words; a 400 only marks its fields.
      const onlyFields = err instanceof HttpError && err.status === 400 && Object.keys(fields).length > 0;
      setFailure(onlyFields ? null : errorMessage(err, tc));
    };
    if (mode === 'agent') {
      agent.mutate(body, { onSuccess: () => setDone(true), onError });
    } else {
      const { message: _message, ...rest } = body;
      void _message;
      lead.mutate(rest, { onSuccess: () => setDone(true), onError });
    }
  };

  const field = (name: Field, opts: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <TextField
      key={name}
      id={`referral-${name}`}
      label={t(`referrals:public.fields.${name}`)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      required={opts.required}
      type={opts.type ?? 'text'}
      autoComplete={opts.autoComplete}
      error={Boolean(errors[name])}
      helperText={errors[name] ? tc(`validation.${errors[name]}`) : undefined}
      fullWidth
      size="small"
    />
  );

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'grid', gap: 2 }} data-testid="referral-form">
      <Typography variant="h6" component="h1">
        {t('referrals:public.title', { name: form.owner_name })}
      </Typography>
      <Typography variant="body2">{mode === 'agent' ? t('referrals:public.agentIntro') : t('referrals:public.leadIntro')}</Typography>
      {form.offers_agent_application && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={mode}
          onChange={(_, m: Mode | null) => m && setMode(m)}
          aria-label={t('referrals:public.modeLabel')}
        >
          <ToggleButton value="lead">{t('referrals:public.modeLead')}</ToggleButton>
          <ToggleButton value="agent" data-testid="referral-mode-agent">
            {t('referrals:public.modeAgent')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {field('name', { required: true, autoComplete: 'given-name' })}
      {field('surname', { required: true, autoComplete: 'family-name' })}
      {field('phone', { required: true, type: 'tel', autoComplete: 'tel' })}
      {field('email', { required: mode === 'agent', type: 'email', autoComplete: 'email' })}
      <Box sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 1 }}>
        {field('zipcode', { autoComplete: 'postal-code' })}
        {field('city', { autoComplete: 'address-level2' })}
      </Box>
      {mode === 'agent' && (
        <TextField
          id="referral-message"
          label={t('referrals:public.fields.message')}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          multiline
          minRows={2}
          size="small"
        />
      )}
      {/* The honeypot: out of sight and out of the tab order; people leave it empty, bots fill it. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
        <label htmlFor="referral-website">Website</label>
        <input
          id="referral-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => setValues((v) => ({ ...v, website: e.target.value }))}
        />
      </Box>
      {failure && (
        <Alert severity="error" data-testid="referral-error">
          {failure}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('referrals:public.privacy')}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={sending} data-testid="referral-submit">
        {mode === 'agent' ? t('referrals:public.submitAgent') : t('referrals:public.submitLead')}
      </Button>
    </Box>
  );
}
