import type { Config } from '../../config.ts';
import { bitlyShortLinks } from './bitly.ts';
import { localShortLinks, type ShortLinkProvider } from './shortlink.ts';

export { bitlyShortLinks, type BitlyOptions } from './bitly.ts';
export { localShortLinks, ShortLinkError, type ShortLinkAudience, type ShortLinkProvider, type ShortLinkRequest } from './shortlink.ts';

/** The short links named by `SHORTLINK_PROVIDER`: the app's own `/r/{code}` by default, or Bitly's. */
export function createShortLinks(config: Pick<Config, 'shortLinks'>): ShortLinkProvider {
  const s = config.shortLinks;
  switch (s.provider) {
    case 'local':
      return localShortLinks();
    case 'bitly':
      return bitlyShortLinks({ token: s.token, groupGuid: s.groupGuid, domain: s.domain, tags: s.tags, baseUrl: s.baseUrl });
  }
}
