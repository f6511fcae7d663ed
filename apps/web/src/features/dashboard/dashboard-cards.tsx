import { Alert, Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { formatDateTime, formatMoney, formatNumber, formatPercent, type DashboardStatisticDto } from '@bo/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { snackbar } from '../../app/snackbar.tsx';
import { useDashboardStatistic } from './api.ts';

type Data = DashboardStatisticDto['data'];
type Card = Data['cards'][number];

const hrefOf = (link: NonNullable<Card['link']>) => {
  const query = new URLSearchParams(link.query).toString();
  return query ? `${link.path}?${query}` : link.path;
};

/** The role's numbers above its menu: one card per figure, each a link to the list behind it. */
export function DashboardCards() {
  const { t, i18n } = useTranslation(['dashboard']);
  const query = useDashboardStatistic(true);

  useEffect(() => {
    if (query.isError) {
      snackbar.show(t('dashboard:get_statistics_error'));
    }
  }, [query.isError, query.errorUpdatedAt, t]);

  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        data-testid="dashboard-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('dashboard:retry')}
          </Button>
        }
      >
        {t('dashboard:get_statistics_error')}
      </Alert>
    );
  }
  const data = query.data;
  const monthName = data
    ? new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(data.year, data.month - 1, 15)),
      )
    : '';
  const periodOf = (card: Card) =>
    card.period === 'month' ? monthName : card.period === 'year' ? String(data?.year ?? '') : t(`dashboard:periods.${card.period}`);
  const funnel = data?.charts.funnel ?? [];

  return (
    <Box component="section" aria-labelledby="dashboard-figures-title" sx={{ mb: 4 }} data-testid="dashboard-cards" aria-busy={!data}>
      <Typography variant="h6" component="h2" id="dashboard-figures-title" gutterBottom>
        {t('dashboard:title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {data
          ? data.cards.map((card) => {
              const value = card.unit === 'rappen' ? formatMoney(card.value) : formatNumber(card.value);
              const body = (
                <CardContent>
                  <Typography variant="body2" color="text.secondary" component="p">
                    {t(`dashboard:cards.${card.id}`)}
                  </Typography>
                  <Typography
                    variant="h5"
                    component="p"
                    sx={{ my: 0.5, fontVariantNumeric: 'tabular-nums' }}
                    data-testid="dashboard-card-value"
                  >
                    {value}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {periodOf(card)}
                  </Typography>
                </CardContent>
              );
              return (
                <Card key={card.id} variant="outlined" data-testid={`dashboard-card-${card.id}`} data-value={card.value}>
                  {card.link ? (
                    <CardActionArea component={Link} to={hrefOf(card.link)} sx={{ height: '100%' }}>
                      {body}
                    </CardActionArea>
                  ) : (
                    body
                  )}
                </Card>
              );
            })
          : [0, 1, 2, 3].map((i) => (
              <Card key={i} variant="outlined" data-testid="dashboard-card-loading">
                <CardContent>
                  <Skeleton width="60%" />
                  <Skeleton width="40%" height={40} />
                  <Skeleton width="30%" />
                </CardContent>
              </Card>
            ))}
      </Box>
      {funnel.length > 0 && (
        <Box
          component="ol"
          aria-label={t('dashboard:funnel')}
          data-testid="dashboard-funnel"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, mt: 2, mb: 0 }}
        >
          {funnel.map((step, i) => (
            <Box component="li" key={step.step} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {i > 0 && (
                <Typography component="span" color="text.secondary" aria-hidden>
                  →
                </Typography>
              )}
              <Typography component="span" variant="body2">
                {t(`dashboard:funnelSteps.${step.step === 'leads' && data?.role === 'call_agent' ? 'leads_called' : step.step}`)}:{' '}
                <strong>{formatNumber(step.count)}</strong>
                {i > 0 && ` (${step.rate === null ? '–' : formatPercent(step.rate)})`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="dashboard-computed">
          {t('dashboard:computedAt', { at: formatDateTime(data.computed_at) })}
        </Typography>
      )}
    </Box>
  );
}
