import type { Answer, PathOf } from '../../apps/web/src/app/api.ts';

/*
 * The server's answers as the generated contract declares them (apps/web/src/app/api-contract.gen.ts,
 * `npm run contract`), for the JSON a test reads with `page.request` or `response.json()`: a field the
 * server renames or drops fails `npm run typecheck` instead of reading as undefined.
 *
 *   const { data } = (await res.json()) as Json<'get', '/api/clients'>;
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON of the 200 (or 201) answer of `method` on `path` (a path as the contract spells it, with `{id}`). */
export type Json<M extends Method, P extends PathOf<M>> = Answer<M, P>;

/** One element of the answer's `data` list. */
export type Item<M extends Method, P extends PathOf<M>> = Json<M, P> extends { data: readonly (infer T)[] } ? T : never;
