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
  // Answers a signup code request for an address that has an account already: no code, the way in instead.
  account_exists: {
    de: (v) => ({
      subject: 'Sie haben bereits ein Konto',
      text: `Guten Tag\n\nJemand hat für diese E-Mail-Adresse einen Bestätigungscode angefordert. Mit dieser Adresse besteht bereits ein Konto: melden Sie sich an unter ${v.login}\nHaben Sie Ihr Passwort vergessen, setzen Sie es hier zurück: ${v.recovery}\n\nHaben Sie das nicht angefordert, ignorieren Sie diese E-Mail.`,
    }),
    en: (v) => ({
      subject: 'You already have an account',
      text: `Hello\n\nSomeone asked for a confirmation code for this e-mail address. An account with this address exists already: sign in at ${v.login}\nIf you forgot your password, reset it here: ${v.recovery}\n\nIf you did not ask for this, ignore this e-mail.`,
    }),
    it: (v) => ({
      subject: 'Ha già un account',
      text: `Buongiorno\n\nQualcuno ha richiesto un codice di conferma per questo indirizzo e-mail. Esiste già un account con questo indirizzo: acceda su ${v.login}\nSe ha dimenticato la password, la reimposti qui: ${v.recovery}\n\nSe non l'ha richiesto, ignori questa e-mail.`,
    }),
    ru: (v) => ({
      subject: 'У вас уже есть учётная запись',
      text: `Здравствуйте\n\nКто-то запросил код подтверждения для этого адреса электронной почты. Учётная запись с этим адресом уже существует: войдите на ${v.login}\nЕсли вы забыли пароль, сбросьте его здесь: ${v.recovery}\n\nЕсли вы этого не запрашивали, проигнорируйте это письмо.`,
    }),
  },
  // The signup mail: someone from outside the company (partner, independent agent, client) is welcomed.
  invitation: {
    de: (v) => ({
      subject: 'Willkommen – wählen Sie Ihr Passwort',
      text: `Guten Tag ${v.name}\n\nHerzlich willkommen! Für Sie wurde ein persönlicher Zugang zu unserem Portal eingerichtet.\n\nWählen Sie Ihr Passwort über diesen Link (gültig ${v.days} Tage, nur einmal verwendbar):\n${v.link}\n\nDanach melden Sie sich mit Ihrer E-Mail-Adresse ${v.email} an.`,
    }),
    en: (v) => ({
      subject: 'Welcome – choose your password',
      text: `Hello ${v.name}\n\nWelcome! A personal account on our portal has been set up for you.\n\nChoose your password with this link (valid for ${v.days} days, usable once):\n${v.link}\n\nThen sign in with your e-mail address ${v.email}.`,
    }),
    it: (v) => ({
      subject: 'Benvenuto – scelga la sua password',
      text: `Buongiorno ${v.name}\n\nBenvenuto! Per lei è stato creato un accesso personale al nostro portale.\n\nScelga la sua password con questo link (valido ${v.days} giorni, utilizzabile una sola volta):\n${v.link}\n\nPoi acceda con il suo indirizzo e-mail ${v.email}.`,
    }),
    ru: (v) => ({
      subject: 'Добро пожаловать – выберите пароль',
      text: `Здравствуйте, ${v.name}\n\nДобро пожаловать! Для вас создан личный доступ к нашему порталу.\n\nВыберите пароль по этой ссылке (действует ${v.days} дней, однократно):\n${v.link}\n\nЗатем войдите с адресом электронной почты ${v.email}.`,
    }),
  },
  // The inner signup mail: an employee's work account is ready.
  inner_invitation: {
    de: (v) => ({
      subject: 'Ihr Zugang zum Back Office',
      text: `Guten Tag ${v.name}\n\nIhr Mitarbeiterzugang zum Back Office ist eingerichtet.\n\nWählen Sie Ihr Passwort über diesen Link (gültig ${v.days} Tage, nur einmal verwendbar):\n${v.link}\n\nIhr Benutzername ist Ihre E-Mail-Adresse ${v.email}. Bei Fragen wenden Sie sich an Ihre Administration.`,
    }),
    en: (v) => ({
      subject: 'Your back office account',
      text: `Hello ${v.name}\n\nYour staff account for the back office is ready.\n\nChoose your password with this link (valid for ${v.days} days, usable once):\n${v.link}\n\nYour user name is your e-mail address ${v.email}. If you have questions, ask your administrator.`,
    }),
    it: (v) => ({
      subject: 'Il suo accesso al back office',
      text: `Buongiorno ${v.name}\n\nIl suo accesso da collaboratore al back office è pronto.\n\nScelga la sua password con questo link (valido ${v.days} giorni, utilizzabile una sola volta):\n${v.link}\n\nIl suo nome utente è il suo indirizzo e-mail ${v.email}. Per domande si rivolga all'amministrazione.`,
    }),
    ru: (v) => ({
      subject: 'Ваш доступ к бэк-офису',
      text: `Здравствуйте, ${v.name}\n\nВаша рабочая учётная запись в бэк-офисе готова.\n\nВыберите пароль по этой ссылке (действует ${v.days} дней, однократно):\n${v.link}\n\nВаше имя пользователя — адрес электронной почты ${v.email}. С вопросами обращайтесь к администратору.`,
    }),
  },
  // E-mail reminders (modules/clients/reminders.service.ts): a lead the call agents could not reach.
  email_reminder: {
    de: (v) =>
      reminder(v, {
        subject: {
          first: 'Wir haben Sie nicht erreicht',
          second: 'Erinnerung: Wir möchten Sie gerne erreichen',
          third: 'Letzte Erinnerung',
        },
        hello: `Guten Tag ${v.name}`,
        body: 'Wir haben mehrmals versucht, Sie telefonisch zu erreichen. Gerne zeigen wir Ihnen unverbindlich bei Ihnen zu Hause, was wir anbieten.',
        call: (phone) =>
          phone ? `Rufen Sie uns an unter ${phone} oder antworten Sie auf diese E-Mail.` : 'Antworten Sie einfach auf diese E-Mail.',
        regards: 'Freundliche Grüsse',
        stop: 'Keine weiteren Erinnerungen erhalten:',
      }),
    en: (v) =>
      reminder(v, {
        subject: { first: 'We could not reach you', second: 'Reminder: we would like to reach you', third: 'Last reminder' },
        hello: `Hello ${v.name}`,
        body: 'We tried to reach you by phone several times. We would be glad to show you what we offer at your home, without obligation.',
        call: (phone) => (phone ? `Call us at ${phone} or reply to this e-mail.` : 'Simply reply to this e-mail.'),
        regards: 'Kind regards',
        stop: 'Receive no more reminders:',
      }),
    it: (v) =>
      reminder(v, {
        subject: { first: 'Non siamo riusciti a raggiungerla', second: 'Promemoria: vorremmo raggiungerla', third: 'Ultimo promemoria' },
        hello: `Buongiorno ${v.name}`,
        body: 'Abbiamo cercato più volte di raggiungerla per telefono. Saremo lieti di mostrarle a casa sua, senza impegno, ciò che offriamo.',
        call: (phone) => (phone ? `Ci chiami al ${phone} o risponda a questa e-mail.` : 'Risponda semplicemente a questa e-mail.'),
        regards: 'Cordiali saluti',
        stop: 'Non ricevere più promemoria:',
      }),
    ru: (v) =>
      reminder(v, {
        subject: {
          first: 'Мы не смогли до вас дозвониться',
          second: 'Напоминание: мы хотели бы с вами связаться',
          third: 'Последнее напоминание',
        },
        hello: `Здравствуйте, ${v.name}`,
        body: 'Мы несколько раз пытались дозвониться до вас. Будем рады без обязательств показать вам у вас дома то, что мы предлагаем.',
        call: (phone) => (phone ? `Позвоните нам по номеру ${phone} или ответьте на это письмо.` : 'Просто ответьте на это письмо.'),
        regards: 'С уважением',
        stop: 'Больше не получать напоминания:',
      }),
  },
};

interface ReminderWords {
  subject: Record<'first' | 'second' | 'third', string>;
  hello: string;
  body: string;
  call: (phone: string) => string;
  regards: string;
  stop: string;
}

/** One reminder mail: the stage's subject, the same body, the company's signature and the unsubscribe link. */
function reminder(v: Record<string, string>, w: ReminderWords): { subject: string; text: string } {
  const stage = v.stage === 'second' || v.stage === 'third' ? v.stage : 'first';
  return {
    subject: w.subject[stage],
    text: `${w.hello}\n\n${w.body}\n${w.call(v.phone ?? '')}\n\n${w.regards}\n${v.company}\n\n${w.stop} ${v.unsubscribe}${v.token}`,
  };
}

export type MailKind = keyof typeof TEMPLATES;

/**
 * The variables of each kind that only the recipient may read: a code, or a link whose query holds a
 * single-use hash. Every kind names its own (none: an empty list), so a new template cannot forget.
 */
const SECRET_VARS = {
  signup_code: ['code'],
  recovery: ['link'],
  invitation: ['link'],
  inner_invitation: ['link'],
  account_exists: [],
  // The unsubscribe link's token: the outbox views show the link without it.
  email_reminder: ['token'],
} as const satisfies Record<MailKind, readonly string[]>;

const DOTS = '••••••';

/** A link keeps its address and loses its query values; any other secret becomes dots. */
function masked(value: string): string {
  return value.includes('://') ? value.replace(/([?&][^=&#\s]+=)[^&#\s]*/g, `$1${DOTS}`) : DOTS;
}

/** The mail as delivered (`text`) and as every outbox view shows it (`maskedText`, secrets as dots). */
export function renderMail(kind: MailKind, lng: Language, vars: Record<string, string>) {
  const byLanguage = TEMPLATES[kind];
  if (!byLanguage) {
    throw new Error(`no mail template ${kind}`);
  }
  const hidden = { ...vars };
  for (const name of SECRET_VARS[kind as keyof typeof SECRET_VARS]) {
    const value = vars[name];
    if (value !== undefined) {
      hidden[name] = masked(value);
    }
  }
  const mail = byLanguage[lng](vars);
  return { ...mail, maskedText: byLanguage[lng](hidden).text };
}
