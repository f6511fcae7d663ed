import type { CommissionDto, CommissionsQuery, ReceiptRowDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import * as repo from './commissions.repo.ts';
import { localeOfUser } from './orders.repo.ts';
import { statementTexts, type StatementTexts } from './pdf-texts.ts';
import { commissionScope, receiptScope } from './scope.repo.ts';

function toCommission(r: repo.CommissionRow): CommissionDto {
  return {
    id: r.row.id,
    order: { id: r.order.id, client: r.client, contract_number: r.order.contractNumber },
    agent: r.agent,
    partner_id: r.order.partnerId,
    reason: r.row.reason,
    amount: r.row.amount,
    status: r.row.status,
    receipt_id: r.row.receiptId,
    reverses_id: r.row.reversesId,
    created_at: r.row.createdAt.toISOString(),
  };
}

/** GET /api/finances/commissions: the commissions tab asks reason sale, the downline tabs l1, l2, l3 and ca. */
export async function commissionsPage(db: Db, actor: Actor, q: CommissionsQuery) {
  const where = repo.commissionsWhere({
    scope: commissionScope(actor),
    reasons: q.reason,
    statuses: q.status,
    agentId: q.agent_id,
    from: q.from,
    to: q.to,
  });
  const [rows, total] = await Promise.all([repo.selectCommissions(db, where, q.limit, q.offset), repo.countCommissions(db, where)]);
  return { data: rows.map(toCommission), total, limit: q.limit, offset: q.offset };
}

/**
 * PUT /api/finances/commission/{id}: the status moves on (open → pending → paid, or paid as a discount on
 * the agent's own purchase); a paid row is never changed again, and a row in a receipt is paid with it.
 */
export async function setCommissionStatus(db: Db, actor: Actor, id: number, status: CommissionDto['status']): Promise<CommissionDto> {
  await db.transaction(async (tx) => {
    const row = await repo.lockCommission(tx, id, commissionScope(actor));
    if (!row) {
      throw new AppError('NOT_FOUND');
    }
    if (row.status === 'paid' || row.status === 'paid_as_discount') {
      throw refused('paid_commission_final', 'A paid commission does not change.');
    }
    await repo.setCommissionStatus(tx, id, status);
  });
  const [row] = await repo.selectCommissions(db, repo.commissionsWhere({ scope: commissionScope(actor), id }), 1, 0);
  return toCommission(row!);
}

function toReceipt(r: repo.ReceiptRow): ReceiptRowDto {
  const d = (v: string | Date) => (typeof v === 'string' ? v : v.toISOString().slice(0, 10));
  return {
    id: r.receipt.id,
    agent: r.agent,
    partner_id: null,
    period_from: d(r.receipt.periodFrom),
    period_to: d(r.receipt.periodTo),
    status: r.receipt.status,
    total: r.receipt.total,
    commissions_count: r.count,
    order: null,
    created_at: r.receipt.createdAt.toISOString(),
    paid_at: r.receipt.paidAt ? r.receipt.paidAt.toISOString() : null,
  };
}

export async function receiptsPage(
  db: Db,
  actor: Actor,
  q: { status?: string[] | undefined; agent_id?: number | undefined; limit: number; offset: number },
) {
  const where = repo.receiptsWhere(receiptScope(actor), q.status, q.agent_id);
  const [rows, total] = await Promise.all([repo.selectReceipts(db, where, q.limit, q.offset), repo.countReceipts(db, where)]);
  return { data: rows.map(toReceipt), total, limit: q.limit, offset: q.offset };
}

export async function receiptById(tx: Tx, actor: Actor, id: number): Promise<ReceiptRowDto> {
  const [row] = await repo.selectReceipts(tx, repo.receiptsWhere(receiptScope(actor), undefined, undefined, id), 1, 0);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return toReceipt(row);
}

/** POST /api/finances/receipt/{agentId}: gathers the agent's open commissions of the period into a new receipt. */
export async function createReceipt(db: Db, actor: Actor, agentId: number, period: { from: string; to: string }): Promise<ReceiptRowDto> {
  if (period.to < period.from) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { to: 'invalid_value' } });
  }
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertReceipt(tx, { agentId, periodFrom: period.from, periodTo: period.to, createdById: actor.userId });
    const total = await repo.gatherReceipt(tx, { id, agentId, periodFrom: period.from, periodTo: period.to });
    await repo.updateReceipt(tx, id, { total });
    return id;
  });
  return receiptById(db, actor, id);
}

/** GET /api/finances/rebuild-receipt/{id}: recomputes what an open receipt holds, in one transaction. */
export async function rebuildReceipt(db: Db, actor: Actor, id: number): Promise<ReceiptRowDto> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, receiptScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (r.status === 'paid') {
      throw refused('paid_receipt_final', 'A paid receipt is not rebuilt.');
    }
    const total = await repo.gatherReceipt(tx, { id, agentId: r.agentId, periodFrom: String(r.periodFrom), periodTo: String(r.periodTo) });
    await repo.updateReceipt(tx, id, { total });
  });
  return receiptById(db, actor, id);
}

/** PUT /api/finances/receipt/{id}: paid marks its commissions paid; a paid receipt stays paid. */
export async function setReceiptStatus(db: Db, actor: Actor, id: number, status: 'open' | 'paid'): Promise<ReceiptRowDto> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, receiptScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (r.status === 'paid' && status !== 'paid') {
      throw refused('paid_receipt_final', 'A paid receipt stays paid.');
    }
    if (status === 'paid' && r.status !== 'paid') {
      await repo.payReceiptRows(tx, id);
      await repo.updateReceipt(tx, id, { status: 'paid', paidAt: new Date() });
    }
  });
  return receiptById(db, actor, id);
}

export async function deleteReceipt(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, receiptScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (r.status === 'paid') {
      throw refused('paid_receipt_final', 'A paid receipt is kept.');
    }
    await repo.deleteReceipt(tx, id);
  });
  return { id };
}

export async function receiptLines(tx: Tx, id: number): Promise<CommissionDto[]> {
  return (await repo.commissionsOfReceipt(tx, id)).map(toCommission);
}

/** The words of a receipt's statement, in the language of the agent it is addressed to. */
export async function statementTextsOf(db: Db, receipt: ReceiptRowDto): Promise<StatementTexts> {
  return statementTexts(await localeOfUser(db, receipt.agent.id));
}
