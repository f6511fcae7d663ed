import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { TelephonyError, type Telephony } from '../../integrations/telephony/index.ts';
import { accountSettingsOf } from '../staff/index.ts';
import { recordCallAttempt } from './calls.repo.ts';
import { inScope } from './policy.ts';

/** Starts a call through the telephony adapter and records the attempt (the local default records only). */
export async function initiateCall(db: Db, telephony: Telephony, actor: Actor, id: number) {
  const {
    found: { user },
  } = await inScope(db, actor, id);
  const number = user.mobilePhoneE164 ?? user.phoneE164;
  if (!number) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'The client has no valid phone number.',
      fieldValidation: { phone: 'invalid_phone' },
    });
  }
  const settings = await accountSettingsOf(db, actor.userId);
  let started;
  try {
    started = await telephony.startCall({
      agent: { telephonyUserId: settings?.telephonyUserId ?? null, telephonyNumber: settings?.telephonyNumber ?? null },
      number,
      clientId: id,
    });
  } catch (err) {
    if (err instanceof TelephonyError) {
      throw new AppError(err.reason === 'agent_not_configured' ? 'TELEPHONY_NOT_CONFIGURED' : 'SERVICE_UNAVAILABLE', {
        message: err.message,
      });
    }
    throw err;
  }
  const attempt = await recordCallAttempt(db, {
    userId: id,
    agentId: actor.userId,
    number,
    provider: telephony.provider,
    providerCallId: started.providerCallId,
    status: started.status,
  });
  return { id: attempt.id, number, provider: telephony.provider, status: started.status };
}
