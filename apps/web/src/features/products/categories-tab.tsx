import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { categoryBody, fieldValidationFrom, type CategoryDto } from '@bo/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useCategories, useDeleteCategory, useSaveCategory } from './api.ts';

/**
 * Saves a category name: the rules are checked first, then the server; a name problem is shown
 * under the field (spec 5), anything else in the snackbar. Answers whether it was saved.
 */
function useNameSaver() {
  const { t } = useTranslation(['products']);
  const { t: tc } = useTranslation();
  const save = useSaveCategory();
  const run = (id: number | null, name: string, setError: (key: string | null) => void, done: () => void) => {
    const parsed = categoryBody.safeParse({ name });
    if (!parsed.success) {
      setError(fieldValidationFrom(parsed.error.issues).name ?? 'invalid_value');
      return;
    }
    setError(null);
    save.mutate(
      { id, body: parsed.data },
      {
        onSuccess: () => {
          snackbar.show(id === null ? t('products:categories.added') : t('products:categories.renamed'), 'success');
          done();
        },
        onError: (err) => {
          const key = fieldErrors(err).name;
          if (key) {
            setError(key);
          } else {
            snackbar.show(errorMessage(err, tc));
          }
        },
      },
    );
  };
  return { run, pending: save.isPending };
}

function CategoryRow({ category, onDelete }: { category: CategoryDto; onDelete: (c: CategoryDto) => void }) {
  const { t } = useTranslation(['products', 'common']);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saver = useNameSaver();
  const close = () => {
    setDraft(null);
    setError(null);
  };
  if (draft !== null) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      saver.run(category.id, draft, setError, close);
    };
    return (
      <TableRow data-testid="category-row">
        <TableCell colSpan={3}>
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              autoFocus
              fullWidth
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(null);
              }}
              onKeyDown={(e) => e.key === 'Escape' && close()}
              label={t('products:categories.name')}
              error={Boolean(error)}
              helperText={error ? t(`common:validation.${error}`) : undefined}
            />
            <Tooltip title={t('products:save')}>
              <span>
                <IconButton type="submit" color="primary" disabled={saver.pending} aria-label={t('products:save')}>
                  <Check />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('products:cancel')}>
              <IconButton onClick={close} aria-label={t('products:cancel')}>
                <Close />
              </IconButton>
            </Tooltip>
          </Box>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow hover data-testid="category-row">
      <TableCell>{category.name}</TableCell>
      <TableCell align="right">{category.products}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {category.can_edit && (
          <Tooltip title={t('products:categories.rename')}>
            <IconButton
              size="small"
              onClick={() => setDraft(category.name)}
              aria-label={`${t('products:categories.rename')}: ${category.name}`}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {category.can_delete && (
          <Tooltip title={t('products:delete')}>
            <IconButton size="small" onClick={() => onDelete(category)} aria-label={`${t('products:delete')}: ${category.name}`}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The categories tab: every category with its product count; add, rename, delete. */
export function CategoriesTab() {
  const { t } = useTranslation(['products', 'common']);
  const { t: tc } = useTranslation();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const saver = useNameSaver();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CategoryDto | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    saver.run(null, name, setError, () => setName(''));
  };

  const confirmDelete = () => {
    if (!toDelete) {
      return;
    }
    remove.mutate(toDelete.id, {
      onSuccess: ({ uncategorised_products }) => {
        snackbar.show(t('products:categories.deleted', { count: uncategorised_products }), 'success');
        setToDelete(null);
      },
      onError: (err) => snackbar.show(errorMessage(err, tc)),
    });
  };

  const rows = categories.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Paper component="form" onSubmit={add} sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          label={t('products:categories.newName')}
          error={Boolean(error)}
          helperText={error ? t(`common:validation.${error}`) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'category-name' } }}
        />
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={saver.pending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('products:categories.add')}
        </Button>
      </Paper>
      <Paper>
        <LinearProgress sx={{ height: 2, visibility: categories.isFetching ? 'visible' : 'hidden' }} />
        <TableContainer>
          <Table size="small" aria-label={t('products:tabs.categories')} data-testid="categories-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('products:categories.name')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, width: 120 }}>
                  {t('products:categories.products')}
                </TableCell>
                <TableCell sx={{ width: 112 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.isError && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Alert severity="error">{errorMessage(categories.error, tc)}</Alert>
                  </TableCell>
                </TableRow>
              )}
              {categories.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography color="text.secondary" sx={{ py: 2 }}>
                      {t('products:categories.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((c) => (
                <CategoryRow key={c.id} category={c} onDelete={setToDelete} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('products:categories.deleteTitle')}
        text={
          toDelete
            ? toDelete.products > 0
              ? t('products:categories.deleteTextUsed', { name: toDelete.name, count: toDelete.products })
              : t('products:categories.deleteText', { name: toDelete.name })
            : ''
        }
        confirm={t('products:delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testIds={{ confirm: 'confirm-delete' }}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
