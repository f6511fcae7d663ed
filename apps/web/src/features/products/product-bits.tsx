import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Avatar, Chip } from '@mui/material';
import type { FileDto, ProductStatus } from '@bo/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLOUR = { active: 'success', draft: 'warning', archived: 'default' } as const;

export function ProductStatusChip({ status }: { status: ProductStatus }) {
  const { t } = useTranslation(['products']);
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[status]}
      variant={status === 'archived' ? 'outlined' : 'filled'}
      label={t(`products:statuses.${status}`)}
      data-status={status}
    />
  );
}

/** The product's picture, small and square; a neutral icon when it has none. */
export function ProductThumbnail({ image, size = 40 }: { image: FileDto | null; size?: number }) {
  const { t } = useTranslation(['products']);
  return (
    <Avatar
      variant="rounded"
      src={image?.url}
      alt={image ? image.name : t('products:media.noImage')}
      sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.disabled' }}
      slotProps={{ img: { loading: 'lazy' } }}
    >
      <ImageOutlined fontSize="small" />
    </Avatar>
  );
}
