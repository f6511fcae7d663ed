import { SETTINGS_KEYS, settingsFrom, type FileDto, type GlobalSettingsBody, type GlobalSettingsDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import * as repo from './repo.ts';

/** Every settings key, empty where none is stored; other modules (receipts, SMS, mails) read them here. */
export async function globalSettings(tx: Tx): Promise<GlobalSettingsDto> {
  return settingsFrom(await repo.readSettings(tx, SETTINGS_KEYS));
}

/** All keys in one transaction: the body was validated as a whole, so either every value is saved or none. */
export async function saveGlobalSettings(db: Db, actor: Actor, body: GlobalSettingsBody, meta: RequestMeta): Promise<GlobalSettingsDto> {
  return db.transaction(async (tx) => {
    const before = await globalSettings(tx);
    const values: Record<string, string> = {};
    for (const key of SETTINGS_KEYS) {
      const value = body[key];
      // The logo path left out keeps its value: the logo upload sets it.
      if (value !== undefined) {
        values[key] = value;
      }
    }
    await repo.writeSettings(tx, values, actor.userId);
    const changed = Object.keys(values).filter((k) => before[k as keyof GlobalSettingsDto] !== values[k]);
    if (changed.length > 0) {
      await audit(tx, { actorId: actor.userId, action: 'settings.updated', ip: meta.ip, details: { keys: changed } });
    }
    return globalSettings(tx);
  });
}

/** The receipt logo is an uploaded image; the setting keeps the address it is served at. */
export async function setLogo(db: Db, actor: Actor, file: FileDto, meta: RequestMeta): Promise<GlobalSettingsDto> {
  return db.transaction(async (tx) => {
    await repo.writeSettings(tx, { receipt_logo_path: file.url }, actor.userId);
    await audit(tx, {
      actorId: actor.userId,
      action: 'settings.updated',
      ip: meta.ip,
      details: { keys: ['receipt_logo_path'], file: file.id },
    });
    return globalSettings(tx);
  });
}
