import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Divider, Paper, Typography } from '@mui/material';
import {
  globalSettingsBody,
  SETTINGS_SECTIONS,
  type GlobalSettingsBody,
  type GlobalSettingsDto,
  type GlobalSettingsInput,
  type SettingsKey,
  type SettingsSection,
} from '@bo/domain';
import { Fragment } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { useGlobalSettings, useSaveGlobalSettings } from './api.ts';
import { LogoField } from './logo-field.tsx';

/** The logo path is set by the logo upload (LogoField); the form never sends it. */
const READ_ONLY: readonly SettingsKey[] = ['receipt_logo_path'];
const EMAILS: readonly SettingsKey[] = ['company_email', 'sms_company_email'];
const PHONES: readonly SettingsKey[] = ['company_phone', 'sms_company_phone'];
const LINKS: readonly SettingsKey[] = ['shop_shortlink', 'website_link'];
/** The e-mail reminders' cadence: whole numbers of calls or days. */
const NUMBERS: readonly SettingsKey[] = [...SETTINGS_SECTIONS.reminders, ...SETTINGS_SECTIONS.licences];
/** Keys that carry a hint below the field. */
const HINTS: Partial<Record<SettingsKey, true>> = {
  company_phone: true,
  sms_company_phone: true,
  shop_shortlink: true,
  website_link: true,
  sms_company_name: true,
  receipt_logo_path: true,
  email_reminder_first_after_calls: true,
  email_reminder_second_after_days: true,
  email_reminder_third_after_days: true,
  email_reminder_expired_after_days: true,
  licence_grace_days: true,
};

function inputType(key: SettingsKey): string {
  return EMAILS.includes(key)
    ? 'email'
    : PHONES.includes(key)
      ? 'tel'
      : LINKS.includes(key)
        ? 'url'
        : NUMBERS.includes(key)
          ? 'number'
          : 'text';
}

function SettingsForm({ settings }: { settings: GlobalSettingsDto }) {
  const { t } = useTranslation(['settings', 'common']);
  const { t: tc } = useTranslation();
  const save = useSaveGlobalSettings();
  const form = useForm<GlobalSettingsInput, unknown, GlobalSettingsBody>({
    resolver: zodResolver(globalSettingsBody),
    defaultValues: settings,
  });

  const submit = form.handleSubmit((values) => {
    const body = { ...values };
    delete body.receipt_logo_path;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved);
        snackbar.show(t('settings:saved'), 'success');
      },
      onError: (err) => {
        // Spec 5: field errors show next to the fields, not in the snackbar.
        if (!applyServerErrors(form, err)) {
          snackbar.show(errorMessage(err, tc));
        }
      },
    });
  });

  const sections = Object.entries(SETTINGS_SECTIONS) as [SettingsSection, readonly SettingsKey[]][];
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="global-settings-form">
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        {sections.map(([section, keys], i) => (
          <Fragment key={section}>
            {i > 0 && <Divider />}
            <Box component="section" aria-labelledby={`settings-${section}`}>
              <Typography variant="h6" component="h2" id={`settings-${section}`}>
                {t(`settings:sections.${section}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(`settings:sections.${section}.text`)}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {keys.map((key) =>
                  READ_ONLY.includes(key) ? (
                    <LogoField key={key} path={settings[key]} />
                  ) : (
                    <FormText
                      key={key}
                      form={form}
                      name={key}
                      label={t(`settings:fields.${key}`)}
                      type={inputType(key)}
                      required={key === 'company_name'}
                      helperText={HINTS[key] ? t(`settings:hints.${key}`) : undefined}
                      slotProps={{ htmlInput: { 'data-testid': `setting-${key}` } }}
                    />
                  ),
                )}
              </Box>
            </Box>
          </Fragment>
        ))}
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(settings)} disabled={!form.formState.isDirty}>
            {tc('common.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-settings">
            {tc('common.save')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/** Company, receipt, shop and SMS details that receipts, mails and messages use. */
export function GlobalSettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { t: tc } = useTranslation();
  const query = useGlobalSettings();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.globalSettings')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings:intro')}
      </Typography>
      {query.isError && <Alert severity="error">{errorMessage(query.error, tc)}</Alert>}
      {query.isPending && <Loading />}
      {query.data && <SettingsForm settings={query.data} />}
    </Box>
  );
}
