import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type LocalSmtp } from '../../../test/smtp.ts';
import { smtpTransport } from './smtp-transport.ts';

const mail = {
  from: 'Back Office <no-reply@back-office.local>',
  to: 'client@example.ch',
  subject: 'Your confirmation code',
  text: 'Your confirmation code is 123456. It is valid for 15 minutes.',
};

describe('smtpTransport', () => {
  let server: LocalSmtp | undefined;
  let close: (() => void) | undefined;

  afterEach(async () => {
    close?.();
    await server?.close();
    server = undefined;
    close = undefined;
  });

  it('delivers a message to the SMTP server named by the URL', async () => {
    server = await startSmtpServer();
    // The local server offers STARTTLS with a self-signed certificate; options ride on the URL's query.
    const transport = smtpTransport(`smtp://127.0.0.1:${server.port}?ignoreTLS=true`);
    close = () => transport.close?.();
    expect(transport.name).toBe('smtp');

    await transport.deliver(mail);

    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got?.from).toBe('no-reply@back-office.local');
    expect(got?.to).toEqual(['client@example.ch']);
    expect(got?.raw).toMatch(/^Subject: Your confirmation code\r?$/m);
    expect(got?.raw).toMatch(/^From: Back Office <no-reply@back-office\.local>\r?$/m);
    expect(got?.raw).toContain('Your confirmation code is 123456.');
  });

  it('sends an HTML part when the message has one', async () => {
    server = await startSmtpServer();
    const transport = smtpTransport(`smtp://127.0.0.1:${server.port}?ignoreTLS=true`);
    close = () => transport.close?.();
    await transport.deliver({ ...mail, html: '<p>Your code: <b>123456</b></p>' });
    expect(server.received[0]?.raw).toContain('Content-Type: text/html');
    expect(server.received[0]?.raw).toContain('<b>123456</b>');
  });

  it('signs in with the user and password of the URL', async () => {
    const logins: string[] = [];
    server = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === 'mailer' && auth.password === 's3cret') {
          callback(null, { user: 'mailer' });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
    });
    const transport = smtpTransport(`smtp://mailer:s3cret@127.0.0.1:${server.port}?ignoreTLS=true`);
    close = () => transport.close?.();
    await transport.deliver(mail);
    expect(logins).toEqual(['mailer:s3cret']);
    expect(server.received[0]?.user).toBe('mailer');
  });

  it('rejects when the server refuses the recipient, so the outbox can retry', async () => {
    server = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        callback(address.address.endsWith('@example.ch') ? new Error('Mailbox unavailable') : null);
      },
    });
    const transport = smtpTransport(`smtp://127.0.0.1:${server.port}?ignoreTLS=true`);
    close = () => transport.close?.();
    await expect(transport.deliver(mail)).rejects.toThrow(/Mailbox unavailable/);
    expect(server.received).toEqual([]);
  });

  it('rejects when no server listens at the address', async () => {
    const gone = await startSmtpServer();
    const port = gone.port;
    await gone.close();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=2000`);
    close = () => transport.close?.();
    await expect(transport.deliver(mail)).rejects.toThrow();
  });
});
