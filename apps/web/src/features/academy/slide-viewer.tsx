import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { AcademyGroupDto } from '@bo/domain';
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A slide deck page by page: previous and next by button, arrow keys or a swipe on a tablet, with
 * "n / m" in the corner. Full screen on narrow screens.
 */
export function SlideViewer({
  deck,
  index,
  onIndex,
  onClose,
}: {
  deck: AcademyGroupDto;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['academy', 'common']);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const touchStart = useRef<number | null>(null);
  const count = deck.items.length;
  const slide = deck.items[index];
  const go = (to: number) => onIndex(Math.min(Math.max(0, to), count - 1));

  const onKey = (e: KeyboardEvent) => {
    const to = {
      ArrowLeft: index - 1,
      PageUp: index - 1,
      ArrowRight: index + 1,
      PageDown: index + 1,
      ' ': index + 1,
      Home: 0,
      End: count - 1,
    }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      go(to);
    }
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const end = e.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start !== null && end !== undefined && Math.abs(end - start) > 50) {
      go(end < start ? index + 1 : index - 1);
    }
  };

  if (!slide) {
    return null;
  }
  const side = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'common.white',
    bgcolor: 'rgba(0,0,0,0.35)',
  } as const;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="lg"
      onKeyDown={onKey}
      aria-labelledby="academy-slide-title"
      data-testid="slide-viewer"
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id="academy-slide-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {deck.name} · {slide.title}
        </Typography>
        <Typography variant="body2" aria-live="polite" data-testid="slide-counter">
          {t('academy:viewer.counter', { n: index + 1, m: count })}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('academy:viewer.close')} sx={{ color: 'common.white' }}>
          <Close />
        </IconButton>
      </Box>
      <Box
        sx={{ position: 'relative', display: 'grid', placeItems: 'center', flexGrow: 1, bgcolor: 'common.black', minHeight: 240 }}
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
      >
        <Box
          component="img"
          src={slide.file.url}
          alt={slide.title}
          data-testid="slide-image"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: narrow ? 'calc(100vh - 150px)' : '70vh', objectFit: 'contain' }}
        />
        <IconButton
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('academy:viewer.previous')}
          sx={{ ...side, left: 8 }}
        >
          <ChevronLeft fontSize="large" />
        </IconButton>
        <IconButton
          onClick={() => go(index + 1)}
          disabled={index === count - 1}
          aria-label={t('academy:viewer.next')}
          sx={{ ...side, right: 8 }}
          data-testid="slide-next"
        >
          <ChevronRight fontSize="large" />
        </IconButton>
        {/* The next slide loads while this one is read. */}
        {deck.items[index + 1] && <link rel="prefetch" href={deck.items[index + 1]!.file.url} />}
      </Box>
      {slide.description && (
        <Typography variant="body2" sx={{ px: 2, py: 1.5, color: 'grey.300' }}>
          {slide.description}
        </Typography>
      )}
    </Dialog>
  );
}
