import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Divider, Paper, Typography } from '@mui/material';
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
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { i18n, rememberLanguage } from '../../app/i18n.ts';
import { useCurrentUser, useEditProfile } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormSelect, FormText } from '../../ui/form.tsx';

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

function ProfileForm({ user }: { user: CurrentUserDto }) {
  const { t } = useTranslation();
  const save = useEditProfile();
  const choices = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`options.${field}.${v}`) }));
  const form: Form = useForm<Input, unknown, EditCurrentBody>({
    resolver: zodResolver(editCurrentBody),
    defaultValues: initialValues(user),
  });

  const submit = form.handleSubmit((values) => {
    const body: EditCurrentBody = { ...values };
    // The current password goes with a new password or a new e-mail address (where recovery links go).
    const emailChanged = (values.email ?? '').toLowerCase() !== (user.email ?? '').toLowerCase();
    // An empty new password means "keep the current one".
    if (!body.new_password) {
      delete body.new_password;
      if (!emailChanged) {
        delete body.current_password;
      }
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
          <FormSelect form={form} name="gender" options={choices('gender', GENDERS)} label={t('fields.gender')} nullable />
          <FormSelect form={form} name="relations" options={choices('relations', RELATIONS)} label={t('fields.relations')} nullable />
          <FormSelect
            form={form}
            name="working_status"
            options={choices('working_status', WORKING_STATUSES)}
            label={t('fields.working_status')}
            nullable
          />
          <FormSelect
            form={form}
            name="persons_at_home"
            options={choices('persons_at_home', PERSONS_AT_HOME)}
            label={t('fields.persons_at_home')}
            nullable
          />
          <FormSelect form={form} name="locale" options={choices('locale', LANGUAGES)} label={t('fields.locale')} />
          <FormSelect
            form={form}
            name="theme_colour"
            options={choices('theme_colour', Object.keys(PRIMARY_COLOURS))}
            label={t('fields.theme_colour')}
          />
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
            helperText={t('profile.currentPasswordFor')}
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
