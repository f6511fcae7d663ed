import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, InputAdornment, MenuItem, Paper, TextField, type TextFieldProps } from '@mui/material';
import { PRODUCT_STATUSES, PRODUCT_TYPES, productForm, rappenToFrancs, type FileDto, type ProductBody, type ProductDto } from '@bo/domain';
import { useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors } from '../../ui/form.tsx';
import { useCategories, useSaveProduct } from './api.ts';
import { MediaField } from './media-field.tsx';

type Input = z.input<typeof productForm>;
type Form = UseFormReturn<Input, unknown, ProductBody>;

function initialValues(product: ProductDto | undefined): Input {
  return {
    code: product?.code ?? '',
    name: product?.name ?? '',
    type: product?.type ?? 'main',
    status: product?.status ?? 'draft',
    default_price: product ? rappenToFrancs(product.default_price) : '',
    category_id: product?.category?.id ?? null,
    image_file_id: product?.image?.id ?? null,
    video_file_id: product?.video?.id ?? null,
  };
}

/** A text field whose error is a validation key, translated from the common namespace. */
function Field({
  form,
  name,
  label,
  ...props
}: { form: Form; name: 'code' | 'name' | 'default_price'; label: string } & Omit<TextFieldProps, 'name' | 'form'>) {
  const { t } = useTranslation(['products', 'common']);
  const raw: unknown = form.formState.errors[name]?.message;
  const error = typeof raw === 'string' ? raw : undefined;
  return (
    <TextField
      {...form.register(name)}
      {...props}
      id={`product-${name}`}
      label={label}
      error={Boolean(error)}
      helperText={error ? t(`common:validation.${error}`) : props.helperText}
      fullWidth
    />
  );
}

function Choice({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: 'type' | 'status' | 'category_id';
  label: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id={`product-${name}`}
          label={label}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(e) =>
            field.onChange(name === 'category_id' ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value)
          }
          onBlur={field.onBlur}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(`common:validation.${fieldState.error.message}`) : undefined}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * The product's fields, its picture and its video. A new product (no `product`) is created; an
 * existing one is saved as a whole. Save errors show next to their fields (spec 5).
 */
export function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product?: ProductDto;
  onSaved: (saved: ProductDto) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const { t: tc } = useTranslation();
  const categories = useCategories();
  const save = useSaveProduct();
  const [image, setImage] = useState<FileDto | null>(product?.image ?? null);
  const [video, setVideo] = useState<FileDto | null>(product?.video ?? null);
  const [uploads, setUploads] = useState(0);
  const form: Form = useForm<Input, unknown, ProductBody>({
    resolver: zodResolver(productForm),
    defaultValues: initialValues(product),
  });

  const setMedia = (field: 'image_file_id' | 'video_file_id', file: FileDto | null) => {
    (field === 'image_file_id' ? setImage : setVideo)(file);
    form.setValue(field, file?.id ?? null, { shouldDirty: true });
    form.clearErrors(field);
  };
  const busy = (on: boolean) => setUploads((n) => n + (on ? 1 : -1));

  const submit = form.handleSubmit((body) => {
    save.mutate(
      { id: product?.id ?? null, body },
      {
        onSuccess: (saved) => {
          snackbar.show(product ? t('products:saved') : t('products:created'), 'success');
          onSaved(saved);
        },
        onError: (err) => {
          // Spec 5: field errors next to the fields; anything else in the snackbar.
          if (!applyServerErrors(form, err)) {
            snackbar.show(errorMessage(err, tc));
          }
        },
      },
    );
  });

  const categoryOptions = [
    { value: '', label: t('products:noCategory') },
    ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    // A category deleted meanwhile still shows by name until another is chosen.
    ...(product?.category && categories.data && !categories.data.some((c) => c.id === product.category?.id)
      ? [{ value: String(product.category.id), label: product.category.name }]
      : []),
  ];
  const imageError = form.formState.errors.image_file_id?.message;
  const videoError = form.formState.errors.video_file_id?.message;
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="product-form">
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        <Box sx={grid}>
          <Field form={form} name="code" label={t('products:fields.code')} autoComplete="off" />
          <Field form={form} name="name" label={t('products:fields.name')} autoComplete="off" />
          <Choice
            form={form}
            name="type"
            label={t('products:fields.type')}
            options={PRODUCT_TYPES.map((v) => ({ value: v, label: t(`products:types.${v}`) }))}
          />
          <Field
            form={form}
            name="default_price"
            label={t('products:fields.default_price')}
            inputMode="decimal"
            helperText={t('products:priceHelp')}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">CHF</InputAdornment> } }}
          />
          <Choice
            form={form}
            name="status"
            label={t('products:fields.status')}
            options={PRODUCT_STATUSES.map((v) => ({ value: v, label: t(`products:statuses.${v}`) }))}
          />
          <Choice form={form} name="category_id" label={t('products:fields.category')} options={categoryOptions} />
        </Box>
        <Box sx={grid}>
          <MediaField
            kind="image"
            file={image}
            onChange={(f) => setMedia('image_file_id', f)}
            onBusy={busy}
            error={typeof imageError === 'string' ? imageError : undefined}
          />
          <MediaField
            kind="video"
            file={video}
            onChange={(f) => setMedia('video_file_id', f)}
            onBusy={busy}
            error={typeof videoError === 'string' ? videoError : undefined}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={onCancel} disabled={save.isPending}>
            {t('products:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || uploads > 0}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="save-product"
          >
            {product ? t('products:save') : t('products:create')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
