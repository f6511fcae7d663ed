import type { Tx } from '../../db/client.ts';
import { insertAudit, listAudit, type AuditEntry } from './repo.ts';

/** Actions written to the audit log; one list so reports and tests agree on the names. */
export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.ip_blocked'
  | 'auth.logout'
  | 'auth.signup'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.email_changed'
  | 'auth.login_by'
  | 'auth.login_back'
  | 'account.blocked'
  | 'account.unblocked'
  | 'academy.category_created'
  | 'academy.category_renamed'
  | 'academy.category_deleted'
  | 'academy.item_created'
  | 'academy.item_updated'
  | 'academy.item_deleted'
  | 'account.updated'
  | 'staff.created'
  | 'staff.invited'
  | 'translations.added'
  | 'product.created'
  | 'product.updated'
  | 'product.deleted'
  | 'category.created'
  | 'category.updated'
  | 'category.deleted'
  | 'location.created'
  | 'location.updated'
  | 'location.deleted'
  | 'settings.updated'
  | 'client.deleted'
  | 'client.merged'
  | 'clients.exported'
  | 'licence.requested'
  | 'licence.activated'
  | 'finances.rates'
  | 'recommendation.created'
  | 'recommendation.updated'
  | 'recommendation.deleted'
  | 'recommendation.lead_created'
  | 'recommendation.lead_linked';

export function audit(tx: Tx, entry: AuditEntry & { action: AuditAction }): Promise<void> {
  return insertAudit(tx, entry);
}

export function recentAudit(tx: Tx, action: AuditAction | undefined, limit = 100) {
  return listAudit(tx, { action, limit });
}
