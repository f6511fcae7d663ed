import { can } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';

/**
 * Who may change the catalogue: whoever has products.manage (the routes ask it; the answers say it
 * as can_edit / can_delete). Whether a product is used in an order is known only when deleting.
 */
export function mayManageProducts(actor: Actor): boolean {
  return can(actor.role, 'products.manage');
}
