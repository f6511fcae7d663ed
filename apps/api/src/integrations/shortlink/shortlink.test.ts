import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBitly } from '../../../test/fake-bitly.ts';
import { testConfig } from '../../../test/harness.ts';
import { bitlyShortLinks, createShortLinks, localShortLinks, ShortLinkError } from './index.ts';

const TAGS = { user: 'users', partner: 'partners', independent_agent: 'independent-agents' };

describe('short links', () => {
  let fake: Awaited<ReturnType<typeof startFakeBitly>>;
  beforeAll(async () => {
    fake = await startFakeBitly({ token: 'tok-123', groupGuid: 'Bg1' });
  });
  afterAll(async () => fake.close());

  it('the local default hands out the app’s own link', async () => {
    expect(await localShortLinks().shorten({ longUrl: 'https://bo.test/r/Abc123xy', audience: 'partner', title: 'x' })).toBe(
      'https://bo.test/r/Abc123xy',
    );
  });

  it('Bitly files the link in the configured group and domain with the audience’s tag', async () => {
    const bitly = bitlyShortLinks({ token: 'tok-123', groupGuid: 'Bg1', domain: 'go.example.ch', tags: TAGS, baseUrl: fake.url });
    const link = await bitly.shorten({ longUrl: 'https://bo.test/r/Partner01', audience: 'partner', title: 'Referral Partner01' });
    expect(link).toMatch(/^https:\/\/go\.example\.ch\/b/);
    const stored = fake.links.find((l) => l.link === link)!;
    expect(stored).toMatchObject({
      long_url: 'https://bo.test/r/Partner01',
      group_guid: 'Bg1',
      domain: 'go.example.ch',
      tags: ['partners'],
    });
    // Asking again for the same long URL answers the same link (Bitly's 200).
    expect(await bitly.shorten({ longUrl: 'https://bo.test/r/Partner01', audience: 'partner', title: 'x' })).toBe(link);
    const agent = await bitly.shorten({ longUrl: 'https://bo.test/r/Agent0001', audience: 'independent_agent', title: 'x' });
    expect(fake.links.find((l) => l.link === agent)!.tags).toEqual(['independent-agents']);
  });

  it('a wrong token, a server error and an unreachable service are short-link errors', async () => {
    const wrong = bitlyShortLinks({ token: 'nope', groupGuid: 'Bg1', domain: 'bit.ly', tags: TAGS, baseUrl: fake.url });
    await expect(wrong.shorten({ longUrl: 'https://bo.test/r/Abcdef12', audience: 'user', title: 'x' })).rejects.toMatchObject({
      name: 'ShortLinkError',
      status: 403,
    });
    const bitly = bitlyShortLinks({ token: 'tok-123', groupGuid: 'Bg1', domain: 'bit.ly', tags: TAGS, baseUrl: fake.url });
    fake.failNext();
    await expect(bitly.shorten({ longUrl: 'https://bo.test/r/Abcdef12', audience: 'user', title: 'x' })).rejects.toBeInstanceOf(
      ShortLinkError,
    );
    const gone = bitlyShortLinks({
      token: 'tok',
      groupGuid: 'Bg1',
      domain: 'bit.ly',
      tags: TAGS,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(gone.shorten({ longUrl: 'https://bo.test/r/Abcdef12', audience: 'user', title: 'x' })).rejects.toBeInstanceOf(
      ShortLinkError,
    );
  });

  it('is chosen by SHORTLINK_PROVIDER, and Bitly needs its token and group', () => {
    expect(createShortLinks(testConfig()).provider).toBe('local');
    expect(createShortLinks(testConfig({ SHORTLINK_PROVIDER: 'bitly', BITLY_TOKEN: 't', BITLY_GROUP_GUID: 'g' })).provider).toBe('bitly');
    expect(() => testConfig({ SHORTLINK_PROVIDER: 'bitly' })).toThrow(/BITLY_TOKEN/);
  });
});
