import Construction from '@mui/icons-material/Construction';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A screen of the route table whose work has not landed yet: said plainly, never a blank page. */
export function ScreenNotBuilt({ screenId }: { screenId: string }) {
  const { t } = useTranslation();
  return (
    <Paper data-testid="screen-not-built" sx={{ p: 4, maxWidth: 640, textAlign: 'center', mx: 'auto', mt: 4 }}>
      <Construction color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t(`screens.${screenId}`)}
      </Typography>
      <Typography color="text.secondary">{t('notBuilt.text')}</Typography>
    </Paper>
  );
}
