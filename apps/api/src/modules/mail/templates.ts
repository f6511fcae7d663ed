import type { Language } from '@bo/domain';

type Template = (vars: Record<string, string>) => { subject: string; text: string };

/** Mails go out in the recipient's language; German when it is unknown. */
const TEMPLATES: Record<string, Record<Language, Template>> = {
  signup_code: {
    de: (v) => ({ subject: 'Ihr Bestätigungscode', text: `Ihr Bestätigungscode lautet ${v.code}. Er ist 15 Minuten gültig.` }),
    en: (v) => ({ subject: 'Your confirmation code', text: `Your confirmation code is ${v.code}. It is valid for 15 minutes.` }),
    it: (v) => ({ subject: 'Il suo codice di conferma', text: `Il suo codice di conferma è ${v.code}. È valido per 15 minuti.` }),
    ru: (v) => ({ subject: 'Ваш код подтверждения', text: `Ваш код подтверждения: ${v.code}. Он действителен 15 минут.` }),
  },
  recovery: {
    de: (v) => ({
      subject: 'Passwort zurücksetzen',
      text: `Guten Tag ${v.name}\n\nSetzen Sie Ihr Passwort über diesen Link zurück (gültig 1 Stunde, nur einmal verwendbar):\n${v.link}\n\nHaben Sie das nicht angefordert, ignorieren Sie diese E-Mail.`,
    }),
    en: (v) => ({
      subject: 'Reset your password',
      text: `Hello ${v.name}\n\nReset your password with this link (valid for 1 hour, usable once):\n${v.link}\n\nIf you did not ask for this, ignore this e-mail.`,
    }),
    it: (v) => ({
      subject: 'Reimpostare la password',
      text: `Buongiorno ${v.name}\n\nReimposti la password con questo link (valido 1 ora, utilizzabile una sola volta):\n${v.link}\n\nSe non l'ha richiesto, ignori questa e-mail.`,
    }),
    ru: (v) => ({
      subject: 'Сброс пароля',
      text: `Здравствуйте, ${v.name}\n\nСбросьте пароль по этой ссылке (действует 1 час, однократно):\n${v.link}\n\nЕсли вы этого не запрашивали, проигнорируйте это письмо.`,
    }),
  },
};

export type MailKind = keyof typeof TEMPLATES;

export function renderMail(kind: MailKind, lng: Language, vars: Record<string, string>) {
  const byLanguage = TEMPLATES[kind];
  if (!byLanguage) {
    throw new Error(`no mail template ${kind}`);
  }
  return byLanguage[lng](vars);
}
