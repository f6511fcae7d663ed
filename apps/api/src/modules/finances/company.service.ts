import type { GlobalSettingsDto } from '@bo/domain';
import { storedBytes, type FilesDeps } from '../files/index.ts';

/** The company's logo on its documents (invoices, commission statements): the stored file the settings name, or none. */
export async function companyLogo(files: FilesDeps, settings: Pick<GlobalSettingsDto, 'receipt_logo_path'>): Promise<Buffer | null> {
  const logoId = /\/api\/files\/([0-9a-f-]{36})$/.exec(settings.receipt_logo_path)?.[1];
  const logo = logoId ? await storedBytes(files, logoId) : null;
  return logo?.bytes ?? null;
}
