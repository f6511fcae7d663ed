import type { paths } from './api-contract.gen.ts';
import { answerOf } from './http-error.ts';

/*
 * The browser's one way to call the server, typed by the contract generated from the server's own
 * route schemas (api-contract.gen.ts, `npm run contract`): a path, a path parameter, a query
 * parameter or a body field the server does not have fails `npm run typecheck`, and the answer has
 * the type the server declares.
 *
 *   const { data } = await api.get('/api/clients/nested-tabs-data/{id}', { path: { id } });
 *   await api.put('/api/finances/order/{id}', { path: { id }, body });
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Operation<M extends Method, P extends PathOf<M>> = NonNullable<paths[P][M]>;

type ParamsOf<O> = O extends { parameters: infer X } ? X : never;
type PathOption<O> = ParamsOf<O> extends { path: infer X } ? ([X] extends [never] ? unknown : { path: X }) : unknown;
type QueryOption<O> = ParamsOf<O> extends { query?: infer Q } ? ([Q] extends [undefined] ? unknown : { query?: Q }) : unknown;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : never;
type BodyOption<O> = [BodyOf<O>] extends [never] ? unknown : undefined extends BodyOf<O> ? { body?: BodyOf<O> } : { body: BodyOf<O> };

/** What a call takes: its path parameters, its query and its JSON body, each as the server declares them. */
export type CallOptions<M extends Method, P extends PathOf<M>> = PathOption<Operation<M, P>> &
  QueryOption<Operation<M, P>> &
  BodyOption<Operation<M, P>>;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
/** What a call answers: the JSON of its 200 (or 201) answer. */
export type Answer<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { responses: infer R }
    ? R extends { 200: infer OK }
      ? JsonOf<OK>
      : R extends { 201: infer Created }
        ? JsonOf<Created>
        : undefined
    : never;

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** `{ id: 7 }` into `/api/x/{id}` → `/api/x/7`; the query as the server reads it (a list comma-joined). */
export function urlOf(path: string, options: { path?: Record<string, string | number>; query?: Record<string, QueryValue> } = {}): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) {
      throw new Error(`${path}: the path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) {
      continue;
    }
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${filled}?${search}` : filled;
}

interface SendOptions {
  path?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

async function send(method: Method, path: string, options: SendOptions) {
  const response = await fetch(urlOf(path, options), {
    method: method.toUpperCase(),
    credentials: 'same-origin',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return answerOf(response.status, await response.text());
}

type Call<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...options: Partial<CallOptions<M, P>> extends CallOptions<M, P> ? [CallOptions<M, P>?] : [CallOptions<M, P>]
) => Promise<Answer<M, P>>;

const caller =
  <M extends Method>(method: M): Call<M> =>
  (path, ...options) =>
    // The answer is the server's JSON, which its route schema serialised: the contract's type is its type.
    send(method, path, options[0] ?? {}) as never;

export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  patch: caller('patch'),
  delete: caller('delete'),
};
