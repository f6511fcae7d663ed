/**
 * Authentication's public surface: sessions (resolved by the HTTP layer and the live connections, ended
 * by whatever removes a user), invitations and blocking (staff), password hashing and the first admin
 * (the CLI), and the periodic clean-ups (the job queue).
 */
export {
  cleanupExpiredSessions,
  cleanupThrottleRecords,
  createAdmin,
  hashPassword,
  issueInvitation,
  liveSessionOf,
  resolveSession,
  sessionsEnded,
  setBlocked,
  type AuthDeps,
} from './service.ts';
export { mayBlock } from './policy.ts';
/** Sessions and link secrets are stored by this hash only. */
export { sha256 } from './tokens.ts';
