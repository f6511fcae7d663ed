/**
 * Short links for referral links (spec 9: a short-link service's group id and domain, with tags for
 * users, partners and independent agents). The app always serves its own `/r/{code}`; a provider, when
 * configured, gives a shorter link that points there, so every click still passes the app's redirect
 * (which records it and sets the referral cookie).
 */

/** Whose link it is: the provider files the link under that tag. */
export type ShortLinkAudience = 'user' | 'partner' | 'independent_agent';

export interface ShortLinkRequest {
  /** The app's own link, e.g. `https://app.example.ch/r/Ab3dE6fG`. */
  longUrl: string;
  audience: ShortLinkAudience;
  /** A title the provider shows in its dashboard (no personal data: the code only). */
  title: string;
}

export interface ShortLinkProvider {
  readonly provider: 'local' | 'bitly';
  /** The link to hand out for `longUrl`. */
  shorten(req: ShortLinkRequest): Promise<string>;
}

export class ShortLinkError extends Error {
  readonly status: number | undefined;
  constructor(message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'ShortLinkError';
    this.status = opts.status;
  }
}

/** The local default: the app's own link is short enough; nothing leaves the machine. */
export function localShortLinks(): ShortLinkProvider {
  return {
    provider: 'local',
    shorten: (req) => Promise.resolve(req.longUrl),
  };
}
