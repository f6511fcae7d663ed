import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** The search screen shows this many of the best matches; a longer query finds the rest. */
export const SEARCH_LIMIT = 25;
/** Shorter searches would match nearly everyone and cannot use the name index. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * Clients matching `query` in the caller's scope (the server enforces it), best name match first.
 * `statuses` and `presets` are sent empty on purpose: a search looks through every status and
 * leaves out no preset, unlike the clients list with its role defaults.
 */
export function useSearchResults(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['clients', 'search', q],
    queryFn: () => api.get('/api/clients', { query: { search: q, statuses: [], presets: [], orderBy: 'relevance', limit: SEARCH_LIMIT } }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
