import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { AcceptedKind } from '../../shared/forms/uploads.ts';

const BY_DETECTED_EXTENSION: Readonly<Record<string, AcceptedKind>> = {
  pdf: 'pdf', cfb: 'cfb', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', odt: 'odt', rtf: 'rtf', png: 'png', jpg: 'jpg', zip: 'zip',
};
const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * The accepted kind of a file judged by its content (magic bytes), never by its name (issue
 * "Lead capture" 4). Plain text has no magic bytes: it is text when its first 64 KiB are valid
 * UTF-8 without control characters other than tab, line breaks and form feed.
 */
export async function detectFileType(path: string): Promise<{ kind: AcceptedKind; mime: string } | undefined> {
  const detected = await fileTypeFromFile(path);
  if (detected !== undefined) {
    const kind = BY_DETECTED_EXTENSION[detected.ext];
    return kind === undefined ? undefined : { kind, mime: detected.mime };
  }
  return (await looksLikeText(path)) ? { kind: 'txt', mime: 'text/plain' } : undefined;
}

async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    if (bytesRead === 0) return false;
    let text: string;
    try {
      // `stream: true` tolerates a character cut in two at the end of the sample.
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, bytesRead), { stream: bytesRead === TEXT_SAMPLE_BYTES });
    } catch {
      return false;
    }
    return !/[\u0000-\u0008\v\u000e-\u001f\u007f]/.test(text);
  } finally {
    await handle.close();
  }
}
