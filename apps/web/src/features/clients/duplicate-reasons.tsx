import { Box, Chip, Typography } from '@mui/material';
import type { DuplicateDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { percentOf, reasonParts } from '../import/reasons.ts';

/**
 * Why the duplicate engine takes a client for the same person: its score and its reasons, strongest
 * first, in words (the engine's keys, `import:reasons.*`, the same wording as the import's review).
 */
export function DuplicateReasons({ duplicate }: { duplicate: Pick<DuplicateDto, 'score' | 'reasons'> }) {
  const { t, i18n } = useTranslation(['clients', 'import']);
  const text = (reason: string) => {
    const { key, values } = reasonParts(reason, (share) => percentOf(share, i18n.language));
    return t(`import:reasons.${key}`, { ...values, defaultValue: reason });
  };
  return (
    <Box data-testid="duplicate-reasons">
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="duplicate-score">
        {t('import:review.score', { percent: percentOf(duplicate.score, i18n.language) })}
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5, mb: 0, p: 0, listStyle: 'none' }}
        aria-label={t('import:review.reasons')}
      >
        {duplicate.reasons.map((r) => (
          <Chip component="li" key={r} size="small" variant="outlined" label={text(r)} data-reason={r} data-testid="duplicate-reason" />
        ))}
      </Box>
    </Box>
  );
}
