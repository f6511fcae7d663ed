import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Headphones from '@mui/icons-material/Headphones';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Slideshow from '@mui/icons-material/Slideshow';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { ACADEMY_KINDS, type AcademyGroupDto, type AcademyItemDto, type AcademyKind } from '@bo/domain';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useAcademy, useDeleteCategory, useDeleteItem, useMoveCategory, useMoveItem } from './api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CategoryDialog, ItemDialog } from './dialogs.tsx';
import { AcademyItems, type ItemActions } from './items.tsx';
import { SlideViewer } from './slide-viewer.tsx';

const ICONS: Record<AcademyKind, ReactElement> = {
  slides: <Slideshow />,
  videos: <OndemandVideo />,
  audios: <Headphones />,
  docs: <DescriptionOutlined />,
};

const isKind = (value: string | null): value is AcademyKind => (ACADEMY_KINDS as readonly string[]).includes(value ?? '');

/** Spec 2 "Academy": slides, videos, audios and docs, grouped by category. The tab is in the address. */
export function AcademyPage() {
  const { t } = useTranslation(['academy', 'common']);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const kind: AcademyKind = isKind(tab) ? tab : 'slides';
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.academy')}
      </Typography>
      <Tabs
        value={kind}
        onChange={(_e, value: AcademyKind) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {ACADEMY_KINDS.map((k) => (
          <Tab
            key={k}
            value={k}
            label={t(`academy:kinds.${k}`)}
            icon={ICONS[k]}
            iconPosition="start"
            sx={{ minHeight: 48 }}
            data-testid={`academy-tab-${k}`}
          />
        ))}
      </Tabs>
      <KindPanel key={kind} kind={kind} />
    </Box>
  );
}

type Confirm = { type: 'category'; group: AcademyGroupDto } | { type: 'item'; item: AcademyItemDto };

function KindPanel({ kind }: { kind: AcademyKind }) {
  const { t } = useTranslation(['academy', 'common']);
  const { t: tc } = useTranslation();
  const query = useAcademy(kind);
  const moveCategory = useMoveCategory(kind);
  const moveItem = useMoveItem(kind);
  const deleteCategory = useDeleteCategory(kind);
  const deleteItem = useDeleteItem(kind);
  const [categoryDialog, setCategoryDialog] = useState<{ id: number | null; name: string } | null>(null);
  const [itemDialog, setItemDialog] = useState<{ categoryId: number; item: AcademyItemDto | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [viewer, setViewer] = useState<{ deckId: number; index: number } | null>(null);

  if (query.isPending) {
    return <LinearProgress aria-label={t('academy:loading')} />;
  }
  if (query.isError) {
    return <Alert severity="error">{errorMessage(query.error, tc)}</Alert>;
  }
  const groups = query.data.data;
  const manage = query.data.can_manage;
  const failed = (err: unknown) => snackbar.show(errorMessage(err, tc));
  const busy = moveCategory.isPending || moveItem.isPending;

  const actionsFor = (group: AcademyGroupDto): ItemActions => ({
    openSlide: (index) => setViewer({ deckId: group.id, index }),
    manage: manage
      ? {
          busy,
          move: (item, position) => moveItem.mutate({ id: item.id, position }, { onError: failed }),
          edit: (item) => setItemDialog({ categoryId: group.id, item }),
          remove: (item) => setConfirm({ type: 'item', item }),
        }
      : undefined,
  });

  const confirmDelete = () => {
    if (!confirm) {
      return;
    }
    const done = (message: string) => {
      snackbar.show(message, 'success');
      setConfirm(null);
    };
    if (confirm.type === 'category') {
      deleteCategory.mutate(confirm.group.id, { onSuccess: () => done(t('academy:category.deleted')), onError: failed });
    } else {
      deleteItem.mutate(confirm.item.id, { onSuccess: () => done(t('academy:item.deleted')), onError: failed });
    }
  };

  const deck = viewer ? groups.find((g) => g.id === viewer.deckId) : undefined;
  return (
    <Box data-testid={`academy-panel-${kind}`}>
      {manage && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<CreateNewFolderOutlined />}
            onClick={() => setCategoryDialog({ id: null, name: '' })}
            data-testid="academy-add-category"
          >
            {t('academy:category.add')}
          </Button>
        </Box>
      )}
      {groups.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="academy-empty">
          <Typography color="text.secondary">{t(manage ? `academy:empty.manage.${kind}` : `academy:empty.view.${kind}`)}</Typography>
        </Paper>
      )}
      {groups.map((group, i) => (
        <Paper
          key={group.id}
          component="section"
          aria-labelledby={`academy-category-${group.id}`}
          sx={{ p: 2, mb: 2 }}
          data-testid="academy-category"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: group.items.length > 0 ? 2 : 1 }}>
            <Typography variant="h6" component="h2" id={`academy-category-${group.id}`} sx={{ flexGrow: 1, minWidth: 0 }}>
              {group.name}
            </Typography>
            {manage && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Button
                  size="small"
                  startIcon={<Add />}
                  onClick={() => setItemDialog({ categoryId: group.id, item: null })}
                  data-testid="academy-add-item"
                >
                  {t(`academy:add.${kind}`)}
                </Button>
                <Tooltip title={t('academy:actions.moveUp')}>
                  <span>
                    <IconButton
                      aria-label={t('academy:category.moveUp', { name: group.name })}
                      disabled={busy || i === 0}
                      onClick={() => moveCategory.mutate({ id: group.id, position: i - 1 }, { onError: failed })}
                    >
                      <ArrowUpward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('academy:actions.moveDown')}>
                  <span>
                    <IconButton
                      aria-label={t('academy:category.moveDown', { name: group.name })}
                      disabled={busy || i === groups.length - 1}
                      onClick={() => moveCategory.mutate({ id: group.id, position: i + 1 }, { onError: failed })}
                    >
                      <ArrowDownward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('academy:category.rename')}>
                  <IconButton
                    aria-label={t('academy:category.rename')}
                    onClick={() => setCategoryDialog({ id: group.id, name: group.name })}
                  >
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('academy:category.delete')}>
                  <IconButton
                    aria-label={t('academy:category.delete')}
                    onClick={() => setConfirm({ type: 'category', group })}
                    data-testid="academy-delete-category"
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Box>
            )}
          </Box>
          {group.items.length === 0 ? (
            <Typography color="text.secondary" variant="body2" data-testid="academy-category-empty">
              {manage ? t(`academy:emptyCategory.manage.${kind}`) : t('academy:emptyCategory.view')}
            </Typography>
          ) : (
            <AcademyItems kind={kind} items={group.items} actions={actionsFor(group)} />
          )}
        </Paper>
      ))}

      {categoryDialog && <CategoryDialog kind={kind} category={categoryDialog} onClose={() => setCategoryDialog(null)} />}
      {itemDialog && (
        <ItemDialog
          kind={kind}
          groups={groups}
          categoryId={itemDialog.categoryId}
          item={itemDialog.item}
          onClose={() => setItemDialog(null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.type === 'category' ? t('academy:category.deleteTitle') : t('academy:item.deleteTitle')}
        text={
          confirm?.type === 'category'
            ? t(confirm.group.items.length > 0 ? 'academy:category.deleteText' : 'academy:category.deleteEmptyText', {
                name: confirm.group.name,
                count: confirm.group.items.length,
              })
            : confirm
              ? t('academy:item.deleteText', { title: confirm.item.title, file: confirm.item.file.name })
              : ''
        }
        confirm={t('academy:actions.delete')}
        pending={deleteCategory.isPending || deleteItem.isPending}
        testIds={{ dialog: 'academy-confirm', confirm: 'academy-confirm-button' }}
        onConfirm={confirmDelete}
        onClose={() => setConfirm(null)}
      />
      {deck && viewer && (
        <SlideViewer
          deck={deck}
          index={viewer.index}
          onIndex={(index) => setViewer({ deckId: deck.id, index })}
          onClose={() => setViewer(null)}
        />
      )}
    </Box>
  );
}
