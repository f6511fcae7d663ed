import type { CategoryDto, ProductDto } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { toFileDto } from '../files/index.ts';
import { mayManageProducts } from './policy.ts';
import type { products } from '../../db/schema/index.ts';
import type { CategoryWithCount, ProductWithRefs } from './repo.ts';

/**
 * What leaves the server about a product, with what the caller may do. Whether a product is used in
 * an order is known only when deleting (the orders' foreign key decides), so can_delete follows the
 * permission and a used product answers PRODUCT_IN_USE.
 */
export function toProductDto(row: ProductWithRefs, actor: Actor): ProductDto {
  const { product } = row;
  const manage = mayManageProducts(actor);
  return {
    id: product.id,
    code: product.code,
    name: product.name,
    type: product.type,
    default_price: product.defaultPrice,
    status: product.status,
    category: row.category ? { id: row.category.id, name: row.category.name } : null,
    image: row.image ? toFileDto(row.image) : null,
    video: row.video ? toFileDto(row.video) : null,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
    can_edit: manage,
    can_delete: manage,
  };
}

export function toCategoryDto(row: CategoryWithCount, actor: Actor): CategoryDto {
  const manage = mayManageProducts(actor);
  return { id: row.category.id, name: row.category.name, products: row.products, can_edit: manage, can_delete: manage };
}

/** A product as an order's or a presentation's line names it (events and finances answer it so). */
export function productRefOf(p: typeof products.$inferSelect) {
  return { id: p.id, code: p.code, name: p.name, type: p.type, default_price: p.defaultPrice };
}
