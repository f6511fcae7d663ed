import { gcvOcr, type ServiceAccount } from './gcv-ocr.ts';
import type { OcrEngine } from './ocr.ts';
import { tesseractOcr } from './tesseract-ocr.ts';

export { gcvOcr, type GcvOptions, type ServiceAccount } from './gcv-ocr.ts';
export { OcrError, type OcrEngine, type OcrFailure, type OcrText, type PageSegmentation, type RecognizeOptions } from './ocr.ts';
export { tesseractOcr, type TesseractOptions } from './tesseract-ocr.ts';

/** `config.ocr`: which engine reads the scanned forms (`OCR_PROVIDER`, docs/configuration.md). */
export type OcrConfig =
  { provider: 'tesseract' } | { provider: 'gcv'; endpoint: string; apiKey?: string | undefined; credentials?: ServiceAccount | undefined };

/** The OCR engine named by `OCR_PROVIDER`: the local Tesseract by default, or Google Cloud Vision. */
export function createOcrEngine(config: { ocr: OcrConfig }): OcrEngine {
  const o = config.ocr;
  switch (o.provider) {
    case 'tesseract':
      return tesseractOcr();
    case 'gcv':
      return gcvOcr({
        endpoint: o.endpoint,
        ...(o.apiKey ? { apiKey: o.apiKey } : {}),
        ...(o.credentials ? { credentials: o.credentials } : {}),
      });
  }
}
