import type { CategoryBody, FileDto, ProductBody, ProductsQuery } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileForm, postForm } from '../../app/upload.ts';
import { api, type PathOf } from '../../app/api.ts';
import { HttpError } from '../../app/http-error.ts';

export const PRODUCTS_KEY = ['products'] as const;
const CATEGORIES_KEY = [...PRODUCTS_KEY, 'categories'] as const;

export type ProductsParams = Partial<Omit<ProductsQuery, 'limit' | 'offset'>> & Pick<ProductsQuery, 'limit' | 'offset'>;

/** One page of the products list with its filters and sort. */
export function useProducts(params: ProductsParams) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', params],
    queryFn: () => api.get('/api/products', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: async () => (await api.get('/api/product/{id}', { path: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
  });
}

/** Creates a product (no id) or replaces its fields. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ProductBody }) =>
      (id === null ? await api.post('/api/product', { body }) : await api.put('/api/product/{id}', { path: { id }, body })).data,
    onSuccess: async (product) => {
      client.setQueryData([...PRODUCTS_KEY, 'one', product.id], product);
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/product/{id}', { path: { id } }),
    // Not the product itself: its page is still open and would ask for it again (404) before it leaves.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] }),
        client.invalidateQueries({ queryKey: CATEGORIES_KEY }),
      ]),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: async () => (await api.get('/api/categories')).data,
  });
}

/** Adds a category (no id) or renames one. */
export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CategoryBody }) =>
      (id === null ? await api.post('/api/category', { body }) : await api.put('/api/category/{id}', { path: { id }, body })).data,
    // Product rows show the category's name: they are refreshed too.
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete('/api/category/{id}', { path: { id } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

const MEDIA_UPLOAD_PATH = {
  image: '/api/upload-product-image',
  video: '/api/upload-product-video',
} as const satisfies Record<string, PathOf<'post'>>;

/** A product's picture or its video. */
export type MediaKind = keyof typeof MEDIA_UPLOAD_PATH;

/** Uploads a product picture or video with progress; answers the stored file. */
export async function uploadWithProgress(
  kind: MediaKind,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<FileDto> {
  return (await postForm(MEDIA_UPLOAD_PATH[kind], fileForm(file), onProgress, signal)).file;
}
