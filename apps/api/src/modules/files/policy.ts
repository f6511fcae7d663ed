import { can } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';

/**
 * Who may download a file: an admin, whoever stored it, and whoever may read a record that uses it
 * (a product, an academy item, a setting such as the receipt logo).
 */
export function mayReadFile(
  actor: Actor,
  file: { createdById: number | null },
  usage: { product: boolean; academy: boolean; setting: boolean },
): boolean {
  return (
    actor.role === 'admin' ||
    file.createdById === actor.userId ||
    (usage.product && can(actor.role, 'products.read')) ||
    (usage.academy && can(actor.role, 'academy.read')) ||
    (usage.setting && can(actor.role, 'settings.read'))
  );
}
