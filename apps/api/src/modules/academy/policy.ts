import { can } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';

/** Who may change the academy (the routes ask it; the list says it as can_manage). */
export function mayManageAcademy(actor: Actor): boolean {
  return can(actor.role, 'academy.manage');
}
