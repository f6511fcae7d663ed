import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: pdfkit writes each piece of text as hex strings in a TJ array inside a
 * compressed content stream, so the streams are inflated and the strings decoded (WinAnsi ≈ Latin-1).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('endstream', at);
    if (raw.slice(at - 3, at) === 'end' || end < 0) {
      continue;
    }
    let content: string;
    try {
      content = inflateSync(pdf.subarray(at + 7, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n').replace(/\u00a0/g, ' ');
}
