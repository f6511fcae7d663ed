import { roleByCode, type ClientsDistributionDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { countByStatusAndLeadSource, type DistributionRow } from './repo.ts';

const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;

/** Clients (role user) by status and by lead source, largest first, with their total. */
export async function clientsDistribution(db: Db): Promise<ClientsDistributionDto> {
  const rows: DistributionRow[] = await countByStatusAndLeadSource(db, roleByCode('user').id);
  const byStatus = rows.filter((r) => r.by === 'status').map((r) => ({ status: r.value, count: r.count }));
  const byLeadSource = rows.filter((r) => r.by === 'lead_source').map((r) => ({ lead_source: r.value, count: r.count }));
  return {
    data: {
      total: byStatus.reduce((sum, r) => sum + r.count, 0),
      by_status: byStatus.sort(byCount),
      by_lead_source: byLeadSource.sort(byCount),
    },
  };
}
