import { Box, MenuItem, Paper, Select, Typography } from '@mui/material';
import { LANGUAGES, type Language } from '@bo/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { rememberLanguage } from '../../app/i18n.ts';
import { Loading } from '../shell/dashboard-layout.tsx';

/** The frame of the pages before sign-in: a card with the product title and the language choice. */
export function AuthFrame() {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }} elevation={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {t('app.title')}
          </Typography>
          <Select
            size="small"
            value={i18n.resolvedLanguage ?? 'de'}
            onChange={(e) => {
              rememberLanguage(e.target.value as Language);
              void i18n.changeLanguage(e.target.value);
            }}
            inputProps={{ 'aria-label': t('shell.language') }}
            data-testid="language-switcher"
          >
            {LANGUAGES.map((lng) => (
              <MenuItem key={lng} value={lng}>
                {lng.toUpperCase()}
              </MenuItem>
            ))}
          </Select>
        </Box>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Paper>
    </Box>
  );
}
