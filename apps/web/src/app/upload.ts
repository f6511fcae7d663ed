import { HttpError } from './http.ts';

/** No answer at all (the connection was lost); the user aborting gives an `AbortError` instead. */
export class UploadNetworkError extends HttpError {
  constructor() {
    super(0, { message: 'network error' });
  }
}

/**
 * Sends a form body and reports the share sent so far (0 to 1). XMLHttpRequest rather than fetch,
 * because only it reports upload progress. Refusals become an HttpError like http() makes.
 */
export function postForm<T>(url: string, form: FormData, onProgress: (share: number) => void, signal?: AbortSignal): Promise<T> {
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
      let body: unknown = request.responseText;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : {};
      } catch {
        // A string body stays a string: it becomes the message.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
      } else {
        reject(
          new HttpError(
            request.status,
            typeof body === 'object' && body !== null ? (body as HttpError['body']) : { message: String(body) },
          ),
        );
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
