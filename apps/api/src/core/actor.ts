import type { RoleCode } from '@bo/domain';

/** Who makes a request: the signed-in user, their session, and the admin acting as them, if any. */
export interface Actor {
  userId: number;
  role: RoleCode;
  sessionId: string;
  impersonatorId: number | null;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}
