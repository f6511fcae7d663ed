import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { menuFor, screenPath } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { screenIcon } from '../shell/screen-icons.tsx';
import { DashboardCards } from './dashboard-cards.tsx';

/** The role's start page: a greeting, the role's numbers (each a link to its list) and the way into each of its screens. */
export function HomePage() {
  const { t } = useTranslation();
  const { t: td } = useTranslation('dashboard');
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  const screens = menuFor(user.role.code).filter((s) => s.id !== 'home');
  return (
    <Box data-testid="dashboard-home" data-role={user.role.code}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('home.greeting', { name: user.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('home.role', { role: t(`roles.${user.role.code}`) })}
      </Typography>
      <DashboardCards />
      <Typography variant="h6" component="h2" gutterBottom>
        {td('dashboard:menu')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {screens.map((screen) => (
          <Card key={screen.id} variant="outlined">
            <CardActionArea component={Link} to={screenPath(user.role.code, screen)} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                {screenIcon(screen.id)}
                <Typography>{t(`screens.${screen.id}`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
