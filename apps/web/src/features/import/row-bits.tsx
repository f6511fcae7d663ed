import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { Box, Chip, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import { roleByCode, SCREENS, type ImportField, type ImportRowDto } from '@bo/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { fileUrl } from './api.ts';
import { percentOf, reasonParts } from './reasons.ts';
import { visuallyHidden } from '../../ui/visually-hidden.ts';

/** Below this confidence an OCR value is shown with its image (the engine was unsure). */
export const OCR_UNSURE = 0.9;

/** A row's validation key for a field, in words (the import's own keys first, then the product's). */
export function rowErrorText(key: string, t: TFunction): string {
  return t([`import:rowErrors.${key}`, `common:validation.${key}`], { defaultValue: key });
}

/** A match reason of the duplicate engine, in words with its numbers. */
export function reasonText(reason: string, t: TFunction, locale: string): string {
  const { key, values } = reasonParts(reason, (share) => percentOf(share, locale));
  return t(`import:reasons.${key}`, { ...values, defaultValue: reason });
}

/** One field of a row in the table: its value, and what is wrong with it highlighted and said to screen readers. */
export function FieldCell({ row, field }: { row: ImportRowDto; field: ImportField }) {
  const { t, i18n } = useTranslation(['import', 'common']);
  const value = row.data[field];
  const error = row.errors[field];
  const confidence = row.confidence?.[field];
  const unsure = confidence !== undefined && confidence < OCR_UNSURE;
  if (!error && !unsure) {
    return <>{value ?? ''}</>;
  }
  const message = error ? rowErrorText(error, t) : t('import:review.unsure', { percent: percentOf(confidence ?? 0, i18n.language) });
  return (
    <Tooltip title={message}>
      <Box
        component="span"
        data-testid="import-field-error"
        data-field={field}
        sx={{
          // The hidden message is positioned inside the cell: a table scrolled sideways does not widen the page.
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          maxWidth: '100%',
          // Dark enough on the tint for small text (WCAG AA); the icon carries the colour of the kind.
          color: error ? 'error.dark' : 'text.primary',
          fontWeight: 500,
          bgcolor: error ? 'rgba(211, 47, 47, 0.08)' : 'rgba(237, 108, 2, 0.08)',
          borderRadius: 0.5,
          px: 0.5,
        }}
      >
        <ErrorOutline sx={{ fontSize: 16, color: error ? 'error.main' : 'warning.main' }} aria-hidden />
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {value ?? t('import:review.emptyValue')}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {` (${message})`}
        </Box>
      </Box>
    </Tooltip>
  );
}

/** The address of a client's record, when the viewer's role has that screen. */
export function useClientLink(): ((id: number) => string) | null {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  const role = roleByCode(user.role.code);
  const screen = SCREENS.find((s) => s.id === 'showUser');
  return screen?.roles.includes(role.abbr) ? (id) => `/${role.prefix}-dashboard/show-user/${id}` : null;
}

/** The cropped image of an OCR field (what the paper said), with the engine's confidence. */
export function FieldImage({ row, field }: { row: ImportRowDto; field: ImportField }) {
  const { t, i18n } = useTranslation('import');
  const id = row.field_images?.[field];
  const confidence = row.confidence?.[field];
  if (id === undefined) {
    return null;
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src={fileUrl(id)}
        alt={t('import:review.imageOf', { field: t(`import:fields.${field}`) })}
        loading="lazy"
        sx={{ maxHeight: 40, maxWidth: 220, border: 1, borderColor: 'divider', borderRadius: 0.5, bgcolor: 'common.white' }}
      />
      {confidence !== undefined && (
        <Typography variant="caption" color={confidence < OCR_UNSURE ? 'warning.dark' : 'text.secondary'}>
          {t('import:review.confidence', { percent: percentOf(confidence, i18n.language) })}
        </Typography>
      )}
    </Box>
  );
}

/** The details of a row: what is wrong, the clients it may be (with the engine's reasons), rows of the file it repeats. */
export function RowDetails({ row, onMerge }: { row: ImportRowDto; onMerge: (clientId: number) => void }) {
  const { t, i18n } = useTranslation(['import', 'common']);
  const link = useClientLink();
  const errors = Object.entries(row.errors);
  const images = Object.keys(row.field_images ?? {}) as ImportField[];
  return (
    <Box sx={{ px: 2, py: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: images.length ? '1fr 1fr' : '1fr' } }}>
      <Box>
        {errors.length > 0 && (
          <Box sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2" component="h3">
              {t('import:review.errorsTitle')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errors.map(([field, key]) => (
                <li key={field}>
                  <Typography variant="body2">
                    <strong>{t([`import:fields.${field}`, field])}:</strong> {rowErrorText(key, t)}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        <Typography variant="subtitle2" component="h3">
          {t('import:review.matchesTitle')}
        </Typography>
        {row.matches.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('import:review.noMatches')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }} data-testid="import-matches">
            {row.matches.map((m) => {
              const name = `${m.client.name} ${m.client.surname}`.trim();
              const contact = [m.client.phone, m.client.mobile_phone, m.client.email].filter(Boolean).join(' · ');
              const place = [m.client.address, [m.client.zipcode, m.client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
              return (
                <Box component="li" key={m.client.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
                    {link ? (
                      <MuiLink component={Link} to={link(m.client.id)} target="_blank" rel="noopener" sx={{ fontWeight: 500 }}>
                        {name}
                      </MuiLink>
                    ) : (
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {name}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      {t('import:review.score', { percent: percentOf(m.score, i18n.language) })}
                    </Typography>
                    <Box component="button" type="button" onClick={() => onMerge(m.client.id)} sx={linkButton}>
                      {t('import:review.mergeHere')}
                    </Box>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {[contact, place].filter(Boolean).join(' — ')}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} aria-label={t('import:review.reasons')} role="list">
                    {m.reasons.map((r) => (
                      <Chip
                        key={r}
                        role="listitem"
                        size="small"
                        variant="outlined"
                        label={reasonText(r, t, i18n.language)}
                        data-reason={r}
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
        {row.file_duplicate_of.length > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-file-duplicates">
            {t('import:review.fileDuplicates', { rows: row.file_duplicate_of.join(', '), count: row.file_duplicate_of.length })}
          </Typography>
        )}
      </Box>
      {images.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('import:review.scanTitle')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, alignItems: 'center' }}>
            {images.map((f) => (
              <Box key={f} sx={{ display: 'contents' }}>
                <Typography variant="body2">{t(`import:fields.${f}`)}</Typography>
                <FieldImage row={row} field={f} />
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

const linkButton = {
  border: 0,
  p: 0,
  bgcolor: 'transparent',
  color: 'primary.main',
  cursor: 'pointer',
  font: 'inherit',
  fontSize: 'body2.fontSize',
  textDecoration: 'underline',
} as const;
