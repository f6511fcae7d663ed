import type { Actor } from '../core/actor.ts';

/** How long a process trusts a session it has looked up without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Past this many live entries the oldest are dropped: a bound on memory, not a working-set size. */
const MAX_ENTRIES = 10_000;

/** A live session as the database answered it. */
export interface ResolvedSession {
  actor: Actor;
  expiresAt: Date;
}

interface Entry {
  actor: Actor;
  until: number;
}

/**
 * Sessions this process looked up in the last few seconds, by session id (the token's hash). Every
 * request needs its session; reading it from the database costs more than many lookups the request
 * itself makes. Whatever ends a session in this process (sign-out, switching users, blocking, a new
 * password) forgets it here at once; another process keeps its copy for up to `ttlMs`
 * (docs/operations.md). Unknown tokens are never kept, so guessing fills nothing.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every forget. A lookup that started before a forget may have read the session just
   * before it ended: its answer serves that request but is not kept.
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number = SESSION_CACHE_MS,
    private readonly maxEntries: number = MAX_ENTRIES,
  ) {}

  async resolve(sessionId: string, lookup: () => Promise<ResolvedSession | null>): Promise<Actor | null> {
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit) {
      if (hit.until > now) {
        return hit.actor;
      }
      this.entries.delete(sessionId);
    }
    const generation = this.generation;
    const found = await lookup();
    if (found && this.ttlMs > 0 && generation === this.generation) {
      this.keep(sessionId, { actor: found.actor, until: Math.min(now + this.ttlMs, found.expiresAt.getTime()) });
    }
    return found?.actor ?? null;
  }

  /** One session ended (sign-out, switching to or back from another user). */
  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  /** Every session of the user ended, including those where they act as someone else. */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [id, entry] of this.entries) {
      if (entry.actor.userId === userId || entry.actor.impersonatorId === userId) {
        this.entries.delete(id);
      }
    }
  }

  private keep(sessionId: string, entry: Entry): void {
    this.entries.delete(sessionId);
    while (this.entries.size >= this.maxEntries) {
      // A Map iterates in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (oldest.done) {
        break;
      }
      this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, entry);
  }
}
