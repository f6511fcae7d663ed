import { recommendationActions, type RecommendationItemDto, type RecommendationRights, type RecommendationStatus } from '@bo/domain';
import type { RecommendationRow } from './repo.ts';

/** What leaves the server about a recommendation, with what the viewer may do with it. */
export function toRecommendationItem(
  row: RecommendationRow,
  recommender: RecommendationItemDto['recommender'],
  rights: RecommendationRights,
): RecommendationItemDto {
  const status = row.status as RecommendationStatus;
  return {
    id: row.id,
    user_id: row.userId,
    lead_id: row.leadId,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    email: row.email,
    city: row.city,
    zipcode: row.zipcode,
    address: row.address,
    comment: row.comment,
    status,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    recommender,
    actions: recommendationActions(status, rights),
  };
}
