import { z } from 'zod';
import { zRequiredText } from '../validation.ts';
import { listOf } from './common.ts';
import { fileDto } from './files.ts';

/** Spec 3 and 4: the four product types and three product statuses. */
export const PRODUCT_TYPES = ['main', 'other', 'gift', 'hula'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_STATUSES = ['active', 'archived', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** PostgreSQL `integer`: ids beyond it cannot exist. */
export const MAX_DB_ID = 2_147_483_647;

/** Ten million francs: far above any product, safely inside the `integer` column (Rappen). */
export const MAX_PRICE_RAPPEN = 1_000_000_000;

/**
 * Francs as people type them → integer Rappen, exactly: the digits are read as text, never through a
 * floating-point number. Takes "1290.5", "1'290.50", "1’290.50" (as de-CH prints it), "1 290.50",
 * "12,50" (decimal comma), "12.–" (Swiss "no Rappen") and an optional "CHF" in front. Answers
 * undefined for anything else: negative amounts, more than two decimals, "1,290" (a thousands comma
 * or a decimal comma? we do not guess), empty text.
 */
export function francsToRappen(text: string): number | undefined {
  const value = text
    .trim()
    .replace(/^CHF\s*/i, '')
    .trim();
  const match = /^(\d{1,3}(?:['’\s]\d{3})+|\d+)(?:[.,](\d{1,2}|[-–—]))?$/u.exec(value);
  if (!match) {
    return undefined;
  }
  const whole = match[1]!.replace(/['’\s]/gu, '');
  const fraction = match[2] && /^\d+$/.test(match[2]) ? match[2].padEnd(2, '0') : '00';
  // Beyond 13 digits of francs a number would lose Rappen; no price comes near.
  if (whole.replace(/^0+/, '').length > 13) {
    return undefined;
  }
  return Number(whole) * 100 + Number(fraction);
}

/** Integer Rappen → francs for an input field: 129050 → "1290.50" (no grouping, easy to edit). */
export function rappenToFrancs(rappen: number): string {
  if (!Number.isSafeInteger(rappen)) {
    return '';
  }
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(rappen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A price on the wire: integer Rappen, not negative. */
export const zRappen = () => z.number().int().min(0, 'invalid_value').max(MAX_PRICE_RAPPEN, 'invalid_value');

/** A price typed in francs (the product form), turned into integer Rappen. */
export const zFrancs = () =>
  z
    .string()
    .trim()
    .min(1, 'field_is_required')
    .refine((v) => francsToRappen(v) !== undefined, 'invalid_value')
    .transform((v) => francsToRappen(v)!)
    .pipe(zRappen());

/** Columns the products table may be sorted by; anything else is refused. */
export const PRODUCT_ORDER_FIELDS = ['updated_at', 'code', 'name', 'default_price'] as const;
export type ProductOrderField = (typeof PRODUCT_ORDER_FIELDS)[number];

/**
 * GET /api/products. `category` is a category id, or "none" for products without one. Without
 * `orderMethod`, the newest change comes first and the other columns sort ascending.
 */
export const productsQuery = z.object({
  type: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  category: z.union([z.literal('none'), z.coerce.number().int().positive('invalid_value').max(MAX_DB_ID, 'invalid_value')]).optional(),
  search: z.string().trim().max(100, 'too_long').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(PRODUCT_ORDER_FIELDS).default('updated_at'),
  orderMethod: z.enum(['asc', 'desc']).optional(),
});
export type ProductsQuery = z.infer<typeof productsQuery>;

export function productOrderMethod(query: Pick<ProductsQuery, 'orderBy' | 'orderMethod'>): 'asc' | 'desc' {
  return query.orderMethod ?? (query.orderBy === 'updated_at' ? 'desc' : 'asc');
}

/** A product code: letters, digits, dot, dash or underscore, starting with a letter or digit. */
export const zProductCode = () => zRequiredText(40).regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, 'invalid_value');

const productFields = {
  code: zProductCode(),
  name: zRequiredText(200),
  type: z.enum(PRODUCT_TYPES),
  status: z.enum(PRODUCT_STATUSES).default('draft'),
  category_id: z.number().int().positive('invalid_value').max(MAX_DB_ID, 'invalid_value').nullable().default(null),
  image_file_id: z.uuid('invalid_value').nullable().default(null),
  video_file_id: z.uuid('invalid_value').nullable().default(null),
};

/**
 * POST /api/product and PUT /api/product/{id} (the whole product; PUT replaces every field).
 * The code is unique regardless of case; the price is integer Rappen.
 */
export const productBody = z.object({ ...productFields, default_price: zRappen() });
export type ProductBody = z.infer<typeof productBody>;

/** The product form of the web app: the same rules, with the price typed in francs. */
export const productForm = z.object({ ...productFields, default_price: zFrancs() });

export const productCategoryRef = z.object({ id: z.number(), name: z.string() });

export const productDto = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  /** Integer Rappen. */
  default_price: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  category: productCategoryRef.nullable(),
  image: fileDto.nullable(),
  video: fileDto.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the signed-in user may do with it. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ProductDto = z.infer<typeof productDto>;

export const productListDto = listOf(productDto);
export type ProductListDto = z.infer<typeof productListDto>;
export const productAnswer = z.object({ data: productDto });
export const productDeletedDto = z.object({ data: z.object({ id: z.number() }) });

/** POST /api/category and PUT /api/category/{id}; the name is unique regardless of case. */
export const categoryBody = z.object({ name: zRequiredText(100) });
export type CategoryBody = z.infer<typeof categoryBody>;

export const categoryDto = z.object({
  id: z.number(),
  name: z.string(),
  /** Products in the category, of every status. */
  products: z.number(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type CategoryDto = z.infer<typeof categoryDto>;

export const categoriesDto = z.object({ data: z.array(categoryDto) });
export const categoryAnswer = z.object({ data: categoryDto });
/** A deleted category: its products stay, without a category. */
export const categoryDeletedDto = z.object({ data: z.object({ id: z.number(), uncategorised_products: z.number() }) });
