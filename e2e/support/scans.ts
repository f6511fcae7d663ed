import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Scanned lead forms for the OCR tests: the paper form filled in and printed by the server's own renderer
 * (apps/api/src/documents/lead-form, the form the OCR reads), rasterised as a scanner would give it back, and
 * degraded (turned, blurred, noised) where a test wants a poor scan. Loaded at run time (the browser tests
 * run under tsx), so the server's code stays out of the browser tests' compilation.
 */

/** The fields of the paper form (every import field but `company`). */
export type LeadFormValues = Partial<
  Record<
    'salutation' | 'name' | 'surname' | 'address' | 'zipcode' | 'city' | 'phone' | 'mobile_phone' | 'email' | 'age' | 'language' | 'note',
    string
  >
>;

export interface ScanFaults {
  /** Degrees, clockwise. */
  rotate?: number;
  /** Gaussian blur sigma in pixels. */
  blur?: number;
  /** Gaussian noise, standard deviation in grey levels. */
  noise?: number;
  /** JPEG quality; none: PNG. */
  jpeg?: number;
  seed?: number;
}

interface TestScans {
  filledFormPng(values: LeadFormValues, opts?: { dpi?: number; style?: 'plain' | 'hand' }): Promise<Buffer>;
  degrade(png: Buffer, faults: ScanFaults): Promise<Buffer>;
}

const API_DOCUMENTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/src/documents');
const MODULE = path.join(API_DOCUMENTS, 'lead-form/test-scans.ts');

let loaded: Promise<TestScans> | undefined;
function scans(): Promise<TestScans> {
  // A computed specifier: the module is the server's, resolved with its own dependencies (pdfkit, sharp, poppler).
  loaded ??= import(pathToFileURL(MODULE).href) as Promise<TestScans>;
  return loaded;
}

/** A filled form printed and scanned straight: a grey PNG at 200 dpi. */
export async function scannedForm(values: LeadFormValues): Promise<Buffer> {
  return (await scans()).filledFormPng(values, { dpi: 200 });
}

/** A filled form from a poor scanner: turned a little, blurred and noisy. */
export async function poorlyScannedForm(values: LeadFormValues, faults: ScanFaults): Promise<Buffer> {
  const s = await scans();
  return s.degrade(await s.filledFormPng(values, { dpi: 200 }), faults);
}
