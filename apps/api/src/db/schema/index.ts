export * from './identity.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './mail.ts';
export * from './i18n.ts';
export * from './realtime.ts';
