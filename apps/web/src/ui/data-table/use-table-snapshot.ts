import type { SnapshotBody, SnapshotEntryDto, SnapshotsDto, TableName } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, urlOf, type PathOf } from '../../app/api.ts';
import { useCurrentUser } from '../../app/session.ts';

const snapshotsKey = (userId: number | undefined) => ['snapshots', userId] as const;
const SNAPSHOT_PATH = '/api/general/snapshot/{id}';

export interface TableSnapshot {
  /** The newest saved snapshot of this table, if the user ever saved one. */
  saved: SnapshotEntryDto | undefined;
  /** True once the saved layouts were read (or could not be: the table then starts with its defaults). */
  settled: boolean;
  save: (snapshot: Record<string, unknown>) => void;
  /** For a page that is being left: the request outlives the page (fetch keepalive). */
  saveOnExit: (snapshot: Record<string, unknown>) => void;
  saveFailed: boolean;
}

/**
 * The signed-in user's saved layout of one table. All tables of a user come in one request
 * (GET /api/general/snapshot/{userId} answers every table), cached for the session.
 */
export function useTableSnapshot(tableName: TableName): TableSnapshot {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  const client = useQueryClient();

  const query = useQuery({
    queryKey: snapshotsKey(userId),
    queryFn: () => api.get(SNAPSHOT_PATH, { path: { id: userId! } }),
    enabled: userId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

  const mutation = useMutation({
    mutationFn: (body: SnapshotBody) => api.put(SNAPSHOT_PATH, { path: { id: userId! }, body }),
    onSuccess: ({ data: { tableName: table, ...entry } }) => {
      client.setQueryData<SnapshotsDto>(snapshotsKey(userId), (old) => ({ data: { ...old?.data, [table]: entry } }));
    },
  });
  const { mutate } = mutation;

  const save = useCallback(
    (snapshot: Record<string, unknown>) => {
      if (userId !== undefined) {
        mutate({ tableName, snapshot, timestamp: new Date().toISOString() });
      }
    },
    [mutate, tableName, userId],
  );

  const saveOnExit = useCallback(
    (snapshot: Record<string, unknown>) => {
      if (userId === undefined) {
        return;
      }
      const body: SnapshotBody = { tableName, snapshot, timestamp: new Date().toISOString() };
      // fetch rather than `api`: only fetch's keepalive lets the request outlive the page.
      void fetch(urlOf(SNAPSHOT_PATH satisfies PathOf<'put'>, { path: { id: userId } }), {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      }).catch(() => undefined);
      client.setQueryData<SnapshotsDto>(snapshotsKey(userId), (old) => ({
        data: { ...old?.data, [tableName]: { configName: 'default', snapshot, timestamp: body.timestamp! } },
      }));
    },
    [client, tableName, userId],
  );

  return {
    saved: query.data?.data[tableName],
    settled: query.isSuccess || query.isError,
    save,
    saveOnExit,
    saveFailed: mutation.isError,
  };
}
