/**
 * Waiting in tests: for a named thing to happen, never for a fixed time. An event is awaited where
 * there is one (sockets.ts `nextEvent`/`untilMarker`, smtp.ts `nextMail`); these are for what has none.
 */

/**
 * Resolves once `count` callers wait at it at the same time, which proves they overlap (two workers
 * each holding a message); rejects after `timeoutMs` if they never meet.
 */
export function meeting(count: number, timeoutMs = 5000): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const all = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  let timer: NodeJS.Timeout | undefined;
  return () => {
    arrived += 1;
    if (arrived === 1) {
      timer = setTimeout(() => fail(new Error(`only ${arrived} of ${count} met within ${timeoutMs} ms`)), timeoutMs);
    }
    if (arrived === count) {
      clearTimeout(timer);
      open();
    }
    return all;
  };
}

/**
 * Checks until `check` answers true, sooner at first and less often later (1 ms doubling to 100 ms),
 * for a state only the database can tell (a statement waiting for a lock); fails naming `what` after
 * `timeoutMs`.
 */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 1; !(await check()); wait = Math.min(wait * 2, 100)) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** `promise`, or a failure naming `what` when it has not settled within `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
