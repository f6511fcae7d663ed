import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  DEBOUNCE_MS,
  DEFAULT_PRIMARY_COLOUR,
  PAGE_SIZES,
  PAGE_TITLE,
  PRIMARY_COLOURS,
  SNACKBAR_AUTO_HIDE_MS,
  SOCKET,
} from './constants.ts';

// Spec 9, business constants and limits.
describe('constants', () => {
  it.each([
    ['snackbar auto-hide', SNACKBAR_AUTO_HIDE_MS, 6000],
    ['debounce', DEBOUNCE_MS, 500],
    ['socket reconnect delay', SOCKET.reconnectionDelay, 1000],
    ['socket reconnect delay max', SOCKET.reconnectionDelayMax, 5000],
    ['socket jitter factor', SOCKET.randomizationFactor, 0.5],
    ['socket connection timeout', SOCKET.timeout, 20_000],
  ])('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('connects the socket on /ws/socket.io (spec 7)', () => {
    expect(SOCKET.path).toBe('/ws/socket.io');
  });

  it("a missing acknowledgement gives 'operation has timed out' (spec 8)", () => {
    expect(SOCKET.ackTimeoutMessage).toBe('operation has timed out');
    expect(SOCKET.ackTimeout).toBeGreaterThan(0);
  });

  it.each([
    ['users', 100],
    ['clients', 100],
    ['presentations', 20],
    ['recommendations', 25],
    ['locations', 50],
    ['partners', 50],
    ['events', 50],
    ['import', 50],
    ['finances', 100],
  ] as const)('pages %s by %i', (list, size) => {
    expect(PAGE_SIZES[list]).toBe(size);
  });

  it('offers the five primary colours with blue as default', () => {
    expect(Object.keys(PRIMARY_COLOURS).sort()).toEqual(['blue', 'chateauGreen', 'neonBlue', 'royalBlue', 'tomatoOrange']);
    expect(DEFAULT_PRIMARY_COLOUR).toBe('blue');
  });

  it.each(Object.entries(PRIMARY_COLOURS))('colour %s is a hex colour', (_name, hex) => {
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('breaks at 0, 600, 900, 1200 and 1440 px', () => {
    expect(Object.values(BREAKPOINTS)).toEqual([0, 600, 900, 1200, 1440]);
  });

  it('titles the page as a German personal dashboard', () => {
    expect(PAGE_TITLE).toBe('Persönliches Dashboard');
  });
});
