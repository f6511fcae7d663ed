import { randomUUID } from 'node:crypto';
import type { FinancingProvider } from './financing.ts';

/**
 * The offline default: every application is taken and starts in examination; the decision is the one an
 * admin or sales agent records in the back office (PUT /api/omnicas/{id}), so there is nothing to ask.
 */
export function localFinancing(): FinancingProvider {
  return {
    provider: 'local',
    apply: () => Promise.resolve({ providerId: `local-${randomUUID()}`, status: 'in_examination' }),
    status: () => Promise.resolve(null),
  };
}
