import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useActiveProducts, useClientForProfile, usePresentation } from './api.ts';
import { EventHeader, PerformProblem } from './event-header.tsx';
import { PresentationFlow } from './presentation-flow.tsx';

/** `…/events-upcoming/perform-presentation/{presentationId}`: a sales agent performs a demo at the client's home. */
export function PerformPresentationPage() {
  const { t } = useTranslation();
  const { presentationId } = useParams();
  const id = Number(presentationId);
  const { data: user } = useCurrentUser();
  const event = usePresentation(id);
  const record = useClientForProfile(event.data?.client_id);
  const products = useActiveProducts();
  if (!user) {
    return null;
  }
  const role = user.role.code;
  let body;
  if (event.isError || !(Number.isInteger(id) && id > 0)) {
    body = <PerformProblem role={role} error={event.error} />;
  } else if (products.isError) {
    body = <PerformProblem role={role} error={products.error} />;
  } else if (!event.data || record.isPending || !products.data) {
    body = <Loading />;
  } else if (!event.data.can_perform) {
    body = <PerformProblem role={role} notPerformable />;
  } else {
    body = (
      <>
        <EventHeader event={event.data} />
        <PresentationFlow key={id} event={event.data} record={record.data ?? null} products={products.data} role={role} />
      </>
    );
  }
  return (
    <Box sx={{ maxWidth: 960, display: 'grid', gap: 2 }} data-testid="perform-presentation">
      <Typography variant="h4" component="h1">
        {t('screens.performPresentation')}
      </Typography>
      {body}
    </Box>
  );
}
