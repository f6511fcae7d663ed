import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Divider, MenuItem, Paper, TextField, Typography } from '@mui/material';
import {
  editCurrentBody,
  GENDERS,
  LANGUAGES,
  PERSONS_AT_HOME,
  PRIMARY_COLOURS,
  RELATIONS,
  WORKING_STATUSES,
  type CurrentUserDto,
  type EditCurrentBody,
} from '@bo/domain';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { i18n, rememberLanguage } from '../../app/i18n.ts';
import { useCurrentUser, useEditProfile } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';

type Input = z.input<typeof editCurrentBody>;
type Form = UseFormReturn<Input, unknown, EditCurrentBody>;

function initialValues(user: CurrentUserDto): Input {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email ?? '',
    phone: user.phone ?? '',
    mobile_phone: user.mobile_phone ?? '',
    address: user.address ?? '',
    zipcode: user.zipcode ?? '',
    city: user.city ?? '',
    gender: user.gender,
    relations: user.relations,
    working_status: user.working_status,
    persons_at_home: user.persons_at_home,
    locale: user.locale,
    theme_colour: user.theme_colour,
    current_password: '',
    new_password: undefined,
  };
}

function Choice({ form, name, options, label }: { form: Form; name: keyof Input; options: readonly string[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id={name}
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(`validation.${fieldState.error.message}`) : undefined}
        >
          {name !== 'locale' && name !== 'theme_colour' && (
            <MenuItem value="">
              <em>{t('common.none')}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`options.${name}.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function ProfileForm({ user }: { user: CurrentUserDto }) {
  const { t } = useTranslation();
  const save = useEditProfile();
  const form: Form = useForm<Input, unknown, EditCurrentBody>({
    resolver: zodResolver(editCurrentBody),
    defaultValues: initialValues(user),
  });

  const submit = form.handleSubmit((values) => {
    const body: EditCurrentBody = { ...values };
    // An empty new password means "keep the current one".
    if (!body.new_password) {
      delete body.new_password;
      delete body.current_password;
    }
    save.mutate(body, {
      onSuccess: ({ data }) => {
        snackbar.show(t('profile.saved'), 'success');
        rememberLanguage(data.locale);
        void i18n.changeLanguage(data.locale);
        form.reset(initialValues(data));
      },
      onError: (err) => {
        applyServerErrors(form, err);
        snackbar.show(errorMessage(err, t));
      },
    });
  });

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="edit-profile-form">
      <Paper sx={{ p: 3, display: 'grid', gap: 3 }}>
        <Box sx={grid}>
          <FormText form={form} name="name" label={t('fields.name')} />
          <FormText form={form} name="surname" label={t('fields.surname')} />
          <FormText form={form} name="email" label={t('fields.email')} type="email" />
          <FormText form={form} name="phone" label={t('fields.phone')} type="tel" />
          <FormText form={form} name="mobile_phone" label={t('fields.mobile_phone')} type="tel" />
          <FormText form={form} name="address" label={t('fields.address')} />
          <FormText form={form} name="zipcode" label={t('fields.zipcode')} inputMode="numeric" />
          <FormText form={form} name="city" label={t('fields.city')} />
          <Choice form={form} name="gender" options={GENDERS} label={t('fields.gender')} />
          <Choice form={form} name="relations" options={RELATIONS} label={t('fields.relations')} />
          <Choice form={form} name="working_status" options={WORKING_STATUSES} label={t('fields.working_status')} />
          <Choice form={form} name="persons_at_home" options={PERSONS_AT_HOME} label={t('fields.persons_at_home')} />
          <Choice form={form} name="locale" options={LANGUAGES} label={t('fields.locale')} />
          <Choice form={form} name="theme_colour" options={Object.keys(PRIMARY_COLOURS)} label={t('fields.theme_colour')} />
        </Box>
        <Divider />
        <Typography variant="subtitle1" component="h2">
          {t('profile.changePassword')}
        </Typography>
        <Box sx={grid}>
          <FormText
            form={form}
            name="current_password"
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
          />
          <FormText form={form} name="new_password" label={t('fields.newPassword')} type="password" autoComplete="new-password" />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(initialValues(user))} disabled={!form.formState.isDirty}>
            {t('common.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-profile">
            {t('common.save')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

export function EditProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.editProfile')}
      </Typography>
      {user && <ProfileForm key={user.id} user={user} />}
    </Box>
  );
}
