import type { CategoryBody, CategoryDto, FileDto, ProductBody, ProductDto, ProductListDto, ProductsQuery } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileForm, postForm } from '../../app/upload.ts';
import { http, HttpError } from '../../app/http.ts';

export const PRODUCTS_KEY = ['products'] as const;
const CATEGORIES_KEY = [...PRODUCTS_KEY, 'categories'] as const;

export type ProductsParams = Partial<Omit<ProductsQuery, 'limit' | 'offset'>> & Pick<ProductsQuery, 'limit' | 'offset'>;

/** One page of the products list with its filters and sort. */
export function useProducts(params: ProductsParams, enabled = true) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', params],
    queryFn: () => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        if (value !== undefined && value !== '') {
          search.set(key, String(value));
        }
      }
      return http<ProductListDto>(`/api/products?${search.toString()}`);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: async () => (await http<{ data: ProductDto }>(`/api/product/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
  });
}

/** Creates a product (no id) or replaces its fields. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ProductBody }) =>
      (id === null
        ? await http<{ data: ProductDto }>('/api/product', { method: 'POST', body })
        : await http<{ data: ProductDto }>(`/api/product/${id}`, { method: 'PUT', body })
      ).data,
    onSuccess: async (product) => {
      client.setQueryData([...PRODUCTS_KEY, 'one', product.id], product);
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<{ data: { id: number } }>(`/api/product/${id}`, { method: 'DELETE' }),
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
    queryFn: async () => (await http<{ data: CategoryDto[] }>('/api/categories')).data,
  });
}

/** Adds a category (no id) or renames one. */
export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CategoryBody }) =>
      (id === null
        ? await http<{ data: CategoryDto }>('/api/category', { method: 'POST', body })
        : await http<{ data: CategoryDto }>(`/api/category/${id}`, { method: 'PUT', body })
      ).data,
    // Product rows show the category's name: they are refreshed too.
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http<{ data: { id: number; uncategorised_products: number } }>(`/api/category/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

/** Uploads a product picture or video with progress; answers the stored file. */
export async function uploadWithProgress(
  url: string,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<FileDto> {
  return (await postForm<{ file: FileDto }>(url, fileForm(file), onProgress, signal)).file;
}
