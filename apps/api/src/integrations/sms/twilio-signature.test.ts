import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio-signature.ts';

// Twilio's published example (its request-validation documentation and the official helper libraries'
// own tests): auth token 12345, this URL and these fields sign to RSOYDt4T1cUTdK1PDd93/VVr8B8=.
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const FIELDS: [string, string][] = [
  ['CallSid', 'CA1234567890ABCDE'],
  ['Caller', '+14158675309'],
  ['Digits', '1234'],
  ['From', '+14158675309'],
  ['To', '+18005551212'],
];
const EXPECTED = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('twilioSignature', () => {
  it('matches Twilio’s published example, whatever order the fields come in', () => {
    expect(twilioSignature('12345', URL, FIELDS)).toBe(EXPECTED);
    expect(twilioSignature('12345', URL, [...FIELDS].reverse())).toBe(EXPECTED);
  });

  it('changes with the token, the URL and every field', () => {
    expect(twilioSignature('12346', URL, FIELDS)).not.toBe(EXPECTED);
    expect(twilioSignature('12345', URL.replace('bar=2', 'bar=3'), FIELDS)).not.toBe(EXPECTED);
    expect(twilioSignature('12345', URL, [...FIELDS, ['Extra', '']])).not.toBe(EXPECTED);
    expect(
      twilioSignature(
        '12345',
        URL,
        FIELDS.map(([k, v]) => [k, k === 'Digits' ? '9999' : v]),
      ),
    ).not.toBe(EXPECTED);
  });
});

describe('validTwilioSignature', () => {
  it('accepts the example and refuses anything else', () => {
    expect(validTwilioSignature('12345', EXPECTED, URL, FIELDS)).toBe(true);
    expect(validTwilioSignature('12345', undefined, URL, FIELDS)).toBe(false);
    expect(validTwilioSignature('12345', '', URL, FIELDS)).toBe(false);
    expect(validTwilioSignature('12345', EXPECTED.toLowerCase(), URL, FIELDS)).toBe(false);
    expect(validTwilioSignature('', EXPECTED, URL, FIELDS)).toBe(false);
    expect(validTwilioSignature('12345', EXPECTED, 'https://evil.example/myapp.php?foo=1&bar=2', FIELDS)).toBe(false);
    expect(validTwilioSignature('12345', EXPECTED, URL, FIELDS.slice(1))).toBe(false);
  });

  it('takes the URL with its default port written out or left out, as the official library does', () => {
    expect(validTwilioSignature('12345', EXPECTED, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', FIELDS)).toBe(true);
    const withPort = twilioSignature('12345', 'https://mycompany.com:443/myapp.php?foo=1&bar=2', FIELDS);
    expect(validTwilioSignature('12345', withPort, URL, FIELDS)).toBe(true);
    // Another port is another address.
    expect(validTwilioSignature('12345', EXPECTED, 'https://mycompany.com:8443/myapp.php?foo=1&bar=2', FIELDS)).toBe(false);
  });
});
