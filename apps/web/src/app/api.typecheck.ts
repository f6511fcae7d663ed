import { api } from './api.ts';

/*
 * Compiled by `npm run typecheck`, never run: each @ts-expect-error below is a call the contract must
 * refuse. Were the contract to stop refusing one, its directive would be unused and fail the build.
 */
export async function contractRefuses(id: number) {
  const list = await api.get('/api/clients', { query: { limit: 10, statuses: ['make_a_demo'] } });
  const total: number = list.total;
  await api.get('/api/clients/nested-tabs-data/{id}', { path: { id } });
  await api.post('/auth/login', { body: { email: 'a@b.ch', password: 'secret' } });

  // @ts-expect-error a query parameter the server does not have
  await api.get('/api/clients', { query: { limitt: 10 } });
  // @ts-expect-error a path the server does not have
  await api.get('/api/clientz');
  // @ts-expect-error a path parameter left out
  await api.get('/api/clients/nested-tabs-data/{id}');
  // @ts-expect-error a body field the server does not have
  await api.post('/auth/login', { body: { emial: 'a@b.ch', password: 'secret' } });
  // @ts-expect-error a method the path does not answer
  await api.delete('/api/clients');
  /* eslint-disable @typescript-eslint/no-unsafe-assignment -- the field does not exist, which is the point */
  // @ts-expect-error a field the answer does not have
  const missing: string = list.data[0]!.nonexistent;
  /* eslint-enable @typescript-eslint/no-unsafe-assignment */
  return [total, missing];
}
