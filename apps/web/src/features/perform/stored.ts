import { useEffect, useReducer, type Reducer } from 'react';

/** Raised when the shape of a stored draft changes, so an old one is not read as a new one. */
const VERSION = 1;

export const storageKey = (kind: 'presentation' | 'service', id: number) => `perform:${kind}:${id}`;

function read<S>(key: string): S | null {
  try {
    const raw = sessionStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as { v?: unknown; state?: S }) : null;
    return parsed?.v === VERSION && parsed.state ? parsed.state : null;
  } catch {
    return null;
  }
}

export function forgetStored(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage switched off: there is nothing to forget.
  }
}

/**
 * A reducer whose state also lives in the tab's sessionStorage: a reload on the tablet (or the
 * browser dropping the page in the background) comes back to the same answers and step.
 */
export function useStoredReducer<S, A>(key: string, reducer: Reducer<S, A>, init: () => S) {
  const [state, dispatch] = useReducer(reducer, key, (k) => read<S>(k) ?? init());
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify({ v: VERSION, state }));
    } catch {
      // Full or switched off: the flow still works, it only does not survive a reload.
    }
  }, [key, state]);
  return [state, dispatch] as const;
}
