import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

export interface LocalSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` mails (one by default) have been received in all; fails after `timeoutMs`. */
  receivedCount(count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, keeping what it receives: the production mail
 * adapter is tested against it instead of a mock of nodemailer.
 */
export async function startSmtpServer(opts: Partial<SMTPServerOptions> = {}): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    logger: false,
    ...opts,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting) {
          wake();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    receivedCount: (count = 1, timeoutMs = 15_000) =>
      new Promise<ReceivedMail[]>((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve(received);
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${received.length} of ${count} mails received within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
