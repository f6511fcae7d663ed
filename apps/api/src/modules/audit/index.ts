/** The audit log's public surface: other modules write their actions into it, inside their own transaction. */
export { audit, type AuditAction } from './service.ts';
