import {
  type OmnicasApplicationDto,
  type omnicasBody,
  type OmnicasOrderDto,
  type OmnicasQuery,
  type OmnicasStatus,
  isFinancedOrder,
  orderSum,
} from '@bo/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import { FinancingError, type FinancingProvider } from '../../integrations/financing/index.ts';
import type { Actor } from '../../core/actor.ts';
import { omnicasScope } from './policy.ts';
import * as repo from './repo.ts';

export interface OmnicasDeps {
  db: Db;
  financing: FinancingProvider;
}

type OmnicasBody = z.infer<typeof omnicasBody>;

function toDto(r: repo.ApplicationRow): OmnicasApplicationDto {
  const a = r.application;
  return {
    id: a.id,
    order_id: a.orderId,
    client: r.client,
    status: a.status,
    reference: a.reference,
    amount: a.amount,
    provider_id: a.providerId,
    contract_number: r.contractNumber,
    agent: r.agent?.id ? { id: r.agent.id, name: r.agent.name, surname: r.agent.surname } : null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** GET /api/omnicas: newest first; a sales agent sees the applications of the orders they sold. */
export async function applicationsPage(deps: OmnicasDeps, actor: Actor, q: OmnicasQuery) {
  const where = repo.applicationsWhere(omnicasScope(actor), { statuses: q.status, orderId: q.order_id });
  const [rows, total] = await Promise.all([
    repo.selectApplications(deps.db, where, q.limit, q.offset),
    repo.countApplications(deps.db, where),
  ]);
  return { data: rows.map(toDto), total, limit: q.limit, offset: q.offset, provider: deps.financing.provider };
}

async function applicationDto(tx: Tx, actor: Actor, id: number): Promise<OmnicasApplicationDto> {
  const [row] = await repo.selectApplications(tx, repo.applicationsWhere(omnicasScope(actor), { id }), 1, 0);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return toDto(row);
}

async function sumsOf(tx: Tx, orders: { id: number; discountRecSum: number; bankProcessingCommission: number }[]) {
  const lines = await repo.moneyLinesOf(
    tx,
    orders.map((o) => o.id),
  );
  return new Map(
    orders.map((o) => [
      o.id,
      orderSum(
        lines.filter((l) => l.orderId === o.id),
        o.discountRecSum,
        o.bankProcessingCommission,
      ),
    ]),
  );
}

function providerFailed(err: unknown): never {
  if (err instanceof FinancingError) {
    throw err.reason === 'provider_refused'
      ? new AppError('VALIDATION_ERROR', { message: err.message, fieldValidation: { order_id: 'invalid_value' } })
      : new AppError('SERVICE_UNAVAILABLE', { message: err.message });
  }
  throw err;
}

/**
 * POST /api/omnicas: applies for financing of an order paid through the provider. The amount is the
 * order's sum unless given. One application at a time: a new one only after the last was rejected.
 * The provider is asked inside the transaction that holds the order, so nothing is stored unless it took
 * the application, and two clicks never make two applications.
 */
export async function createApplication(deps: OmnicasDeps, actor: Actor, body: OmnicasBody): Promise<OmnicasApplicationDto> {
  const id = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, body.order_id, omnicasScope(actor));
    if (!order) {
      throw new AppError('NOT_FOUND', { fieldValidation: { order_id: 'invalid_value' } });
    }
    if (!isFinancedOrder(order.paymentMethod)) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'The order is not paid through the financing provider (payment method omnicas).',
        fieldValidation: { order_id: 'invalid_value' },
      });
    }
    if (order.status === 'canceled') {
      throw refused('canceled_order_not_financed', 'A canceled order is not financed.');
    }
    const live = await repo.liveApplicationOf(tx, order.id);
    if (live) {
      throw refused('financing_already_applied', `The order already has an application (${live.status}).`, {
        data: { application_id: live.id },
      });
    }
    const amount = body.amount ?? (await sumsOf(tx, [order])).get(order.id) ?? 0;
    if (amount <= 0) {
      throw new AppError('VALIDATION_ERROR', { message: 'Nothing to finance.', fieldValidation: { amount: 'invalid_value' } });
    }
    const applied = await deps.financing
      .apply({ id: order.id, amount, reference: body.reference, contractNumber: order.contractNumber, client: order.client })
      .catch(providerFailed);
    return repo.insertApplication(tx, {
      orderId: order.id,
      status: applied.status,
      reference: body.reference,
      amount,
      providerId: applied.providerId,
      createdById: actor.userId,
    });
  });
  return applicationDto(deps.db, actor, id);
}

/** PUT /api/omnicas/{id}: the decision recorded by hand (with the local provider, the only way it comes). */
export async function setApplicationStatus(
  deps: OmnicasDeps,
  actor: Actor,
  id: number,
  status: OmnicasStatus,
): Promise<OmnicasApplicationDto> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockApplication(tx, id, omnicasScope(actor));
    if (!row) {
      throw new AppError('NOT_FOUND');
    }
    if (row.status !== status) {
      await repo.setStatus(tx, id, status);
    }
  });
  return applicationDto(deps.db, actor, id);
}

/** POST /api/omnicas/{id}/refresh: asks the provider for its decision and keeps it; the local provider has none to give. */
export async function refreshApplication(deps: OmnicasDeps, actor: Actor, id: number): Promise<OmnicasApplicationDto> {
  const current = await applicationDto(deps.db, actor, id);
  // An application made while the local provider was configured is unknown to the real one.
  if (deps.financing.provider === 'local' || !current.provider_id || current.provider_id.startsWith('local-')) {
    return current;
  }
  // Asked outside a transaction: a slow provider holds no lock; its answer is written when it differs.
  const status = await deps.financing.status(current.provider_id).catch(providerFailed);
  if (!status || status === current.status) {
    return current;
  }
  await repo.setStatus(deps.db, id, status);
  return applicationDto(deps.db, actor, id);
}

/** GET /api/omnicas/orders: the orders the new-application dialog offers. */
export async function eligibleOrders(deps: OmnicasDeps, actor: Actor, q: { search?: string | undefined; limit: number }) {
  const rows = await repo.eligibleOrders(deps.db, omnicasScope(actor), q.search || undefined, q.limit);
  const sums = await sumsOf(deps.db, rows);
  return rows.map((r): OmnicasOrderDto => ({
    id: r.id,
    contract_number: r.contractNumber,
    client: r.client,
    agent: r.agent?.id ? { id: r.agent.id, name: r.agent.name, surname: r.agent.surname } : null,
    sum: sums.get(r.id) ?? 0,
    created_at: r.createdAt.toISOString(),
    application: r.application,
  }));
}
