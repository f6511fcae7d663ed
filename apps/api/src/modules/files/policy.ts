import { can } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';

/**
 * Who may download a file: an admin, whoever stored it, and whoever may read a record that uses it
 * (a product, an academy item, a setting such as the receipt logo); a product's picture also whoever may
 * read purchases (a client's products page shows it).
 */
export function mayReadFile(
  actor: Actor,
  file: { createdById: number | null },
  usage: { product: boolean; productImage: boolean; academy: boolean; setting: boolean },
): boolean {
  return (
    actor.role === 'admin' ||
    file.createdById === actor.userId ||
    (usage.product && can(actor.role, 'products.read')) ||
    // A client sees the pictures of products beside what they bought (the products page).
    (usage.productImage && can(actor.role, 'purchases.read')) ||
    (usage.academy && can(actor.role, 'academy.read')) ||
    (usage.setting && can(actor.role, 'settings.read'))
  );
}
