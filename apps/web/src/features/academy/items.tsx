import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Download from '@mui/icons-material/Download';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Box, Button, ButtonBase, Card, CardContent, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import { formatFileSize, type AcademyItemDto, type AcademyKind } from '@bo/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export interface ItemActions {
  /** Present for those who may manage the academy. */
  manage?: {
    move: (item: AcademyItemDto, position: number) => void;
    edit: (item: AcademyItemDto) => void;
    remove: (item: AcademyItemDto) => void;
    busy: boolean;
  };
  openSlide: (index: number) => void;
}

/** Earlier, later, change, remove: the admin's controls of one item. */
function ItemControls({
  item,
  count,
  across,
  manage,
}: {
  item: AcademyItemDto;
  count: number;
  across: boolean;
  manage: NonNullable<ItemActions['manage']>;
}) {
  const { t } = useTranslation(['academy', 'common']);
  const earlier = t(across ? 'academy:actions.moveLeft' : 'academy:actions.moveUp');
  const later = t(across ? 'academy:actions.moveRight' : 'academy:actions.moveDown');
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }} data-testid="academy-item-controls">
      <Tooltip title={earlier}>
        <span>
          <IconButton
            size="small"
            aria-label={earlier}
            disabled={manage.busy || item.position === 0}
            onClick={() => manage.move(item, item.position - 1)}
          >
            {across ? <ArrowBack fontSize="small" /> : <ArrowUpward fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={later}>
        <span>
          <IconButton
            size="small"
            aria-label={later}
            disabled={manage.busy || item.position >= count - 1}
            onClick={() => manage.move(item, item.position + 1)}
          >
            {across ? <ArrowForward fontSize="small" /> : <ArrowDownward fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('academy:actions.edit')}>
        <IconButton size="small" aria-label={t('academy:actions.edit')} onClick={() => manage.edit(item)} data-testid="academy-item-edit">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('academy:actions.delete')}>
        <IconButton
          size="small"
          aria-label={t('academy:actions.delete')}
          onClick={() => manage.remove(item)}
          data-testid="academy-item-delete"
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function Description({ text }: { text: string }) {
  return text ? (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
      {text}
    </Typography>
  ) : null;
}

/** Slides as a row of pictures; a click opens the viewer at that slide. */
function Slides({ items, actions }: { items: AcademyItemDto[]; actions: ItemActions }) {
  const { t } = useTranslation(['academy', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
      {items.map((item, i) => (
        <Card key={item.id} variant="outlined" data-testid="academy-slide">
          <ButtonBase
            onClick={() => actions.openSlide(i)}
            aria-label={t('academy:viewer.open', { title: item.title })}
            sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.100' }}
          >
            <Box
              component="img"
              src={item.file.url}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
          <Box sx={{ px: 1.5, py: 1 }}>
            <Typography variant="body2" noWrap title={item.title}>
              {i + 1}. {item.title}
            </Typography>
            {actions.manage && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mr: -0.75, mb: -0.5 }}>
                <ItemControls item={item} count={items.length} across manage={actions.manage} />
              </Box>
            )}
          </Box>
        </Card>
      ))}
    </Box>
  );
}

/** Videos play in the page; the server answers byte ranges, so seeking works. */
function Videos({ items, actions }: { items: AcademyItemDto[]; actions: ItemActions }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
      {items.map((item) => (
        <Card key={item.id} variant="outlined" data-testid="academy-video">
          <Box
            component="video"
            controls
            preload="metadata"
            playsInline
            src={item.file.url}
            aria-label={item.title}
            sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
          />
          <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3">
                {item.title}
              </Typography>
              <Description text={item.description} />
            </Box>
            {actions.manage && <ItemControls item={item} count={items.length} across manage={actions.manage} />}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** Audios as a list, each with its player. */
function Audios({ items, actions }: { items: AcademyItemDto[]; actions: ItemActions }) {
  return (
    <Box>
      {items.map((item, i) => (
        <Fragment key={item.id}>
          {i > 0 && <Divider />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }} data-testid="academy-audio">
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3">
                {item.title}
              </Typography>
              <Description text={item.description} />
            </Box>
            <Box
              component="audio"
              controls
              preload="metadata"
              src={item.file.url}
              aria-label={item.title}
              sx={{ flex: '1 1 300px', maxWidth: 420, minWidth: 0 }}
            />
            {actions.manage && <ItemControls item={item} count={items.length} across={false} manage={actions.manage} />}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** Documents as a list; the button downloads the file. */
function Docs({ items, actions }: { items: AcademyItemDto[]; actions: ItemActions }) {
  const { t } = useTranslation(['academy', 'common']);
  return (
    <Box>
      {items.map((item, i) => (
        <Fragment key={item.id}>
          {i > 0 && <Divider />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }} data-testid="academy-doc">
            {item.file.content_type === 'application/pdf' ? <PictureAsPdf color="error" /> : <DescriptionOutlined color="primary" />}
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3">
                {item.title}
              </Typography>
              <Description text={item.description} />
              <Typography variant="caption" color="text.secondary">
                {item.file.name} · {formatFileSize(item.file.size)}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              size="small"
              startIcon={<Download />}
              href={item.file.url}
              download={item.file.name}
              data-testid="academy-doc-download"
            >
              {t('academy:actions.download')}
            </Button>
            {actions.manage && <ItemControls item={item} count={items.length} across={false} manage={actions.manage} />}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

const VIEWS: Record<AcademyKind, typeof Slides> = { slides: Slides, videos: Videos, audios: Audios, docs: Docs };

export function AcademyItems({ kind, items, actions }: { kind: AcademyKind; items: AcademyItemDto[]; actions: ItemActions }) {
  const View = VIEWS[kind];
  return <View items={items} actions={actions} />;
}
