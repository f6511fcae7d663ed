import nodemailer from 'nodemailer';
import type { MailTransport } from './transport.ts';

/** Real delivery through an SMTP server named by a URL (`smtp://user:pass@host:587`, `smtps://…`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
