import { HttpError } from './http-error.ts';

export { HttpError };

export async function http<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // A string body stays a string: it becomes the message.
  }
  if (!response.ok) {
    const body = typeof parsed === 'string' ? { message: parsed } : (parsed as HttpError['body']);
    throw new HttpError(response.status, body);
  }
  return parsed as T;
}
