/**
 * Tesseract's page segmentation modes the form reader uses: 6 a block of lines (the remark), 7 one line of text
 * (every other box), 8 one word, 10 one character. Cloud providers ignore it.
 */
export type PageSegmentation = 6 | 7 | 8 | 10;

export interface RecognizeOptions {
  /** Tesseract language codes joined by `+` (`deu`, `deu+fra+ita`). */
  lang: string;
  psm: PageSegmentation;
  /**
   * The only characters the text may hold (Tesseract's `tessedit_char_whitelist`). A cloud provider cannot be
   * told; the caller checks what it answers.
   */
  whitelist?: string;
}

export interface OcrText {
  /** The text read, lines joined by `\n`, trimmed. */
  text: string;
  /** 0–1: how sure the engine is of the text (the least sure word); 0 when nothing was read. */
  confidence: number;
}

/** Reads the text of images (the crop of one field each). */
export interface OcrEngine {
  readonly provider: string;
  recognize(image: Buffer, opts: RecognizeOptions): Promise<OcrText>;
  /** Several images with the same options in one go (one process, one request): the answers in order. */
  recognizeMany(images: Buffer[], opts: RecognizeOptions): Promise<OcrText[]>;
}

/**
 * Why the engine read nothing: `provider_refused` (the provider refused this image or our credentials: trying
 * again gets the same answer), `provider_unreachable` (network, timeout, rate limit, 5xx: worth trying later),
 * `engine_failed` (the local program is missing or crashed).
 */
export type OcrFailure = 'provider_refused' | 'provider_unreachable' | 'engine_failed';

export class OcrError extends Error {
  override readonly name = 'OcrError';
  readonly reason: OcrFailure;
  readonly status: number | undefined;

  constructor(reason: OcrFailure, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.status = opts.status;
  }
}
