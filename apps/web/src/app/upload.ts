import { urlOf, type Answer, type CallOptions, type PathOf } from './api.ts';
import { answerOf, HttpError } from './http-error.ts';

/** No answer at all (the connection was lost); the user aborting gives an `AbortError` instead. */
export class UploadNetworkError extends HttpError {
  constructor() {
    super(0, { message: 'network error' });
  }
}

/**
 * Sends a form body and reports the share sent so far (0 to 1). XMLHttpRequest rather than fetch,
 * because only it reports upload progress. Refusals become an HttpError like `api`'s. The path and its
 * parameters are typed by the contract like `api.post`'s, and so is the answer.
 */
export function postForm<P extends PathOf<'post'>>(
  path: P,
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
  ...params: Partial<CallOptions<'post', P>> extends CallOptions<'post', P> ? [CallOptions<'post', P>?] : [CallOptions<'post', P>]
): Promise<Answer<'post', P>> {
  const url = urlOf(path, params[0] as { path?: Record<string, string | number> } | undefined);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) {
        onProgress(e.loaded / e.total);
      }
    };
    request.onload = () => {
      try {
        // The server's JSON, serialised by its route schema: the contract's type is its type.
        resolve(answerOf(request.status, request.responseText) as Answer<'post', P>);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    request.onerror = () => reject(new UploadNetworkError());
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** One file in the field `file`, the form every upload endpoint takes. */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
