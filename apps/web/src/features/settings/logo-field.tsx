import { Box, Button, FormHelperText, LinearProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useUploadLogo } from './api.ts';

/** The receipt logo: a preview of the current one and an upload that replaces it, with progress. */
export function LogoField({ path }: { path: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const { t: tc } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: uploadLogo } = useUploadLogo(setProgress);

  const upload = (file: File) => {
    setError(null);
    setProgress(0);
    uploadLogo(file)
      .then(() => snackbar.show(t('settings:logoSaved'), 'success'))
      .catch((err: unknown) => {
        // Spec 5: a field's error shows beside it; anything else in the snackbar.
        const field = fieldErrors(err).file;
        if (field) {
          setError(errorMessage(err, tc));
        } else {
          snackbar.show(errorMessage(err, tc));
        }
      })
      .finally(() => setProgress(null));
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="logo-field">
      <Typography variant="body2" color="text.secondary">
        {t('settings:fields.receipt_logo_path')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 160,
            height: 80,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
          }}
        >
          {path ? (
            <Box
              component="img"
              src={path}
              alt={t('settings:fields.receipt_logo_path')}
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
              data-testid="logo-preview"
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('settings:noLogo')}
            </Typography>
          )}
        </Box>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={progress !== null}>
          {t('settings:logoUpload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,image/gif"
          data-testid="logo-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) {
              upload(file);
            }
          }}
        />
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress * 100} aria-label={t('settings:logoUpload')} />}
      <FormHelperText error={Boolean(error)}>{error ?? t('settings:hints.receipt_logo_path')}</FormHelperText>
    </Box>
  );
}
