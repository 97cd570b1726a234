import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ACCEPTED_KINDS, type AcceptedKind } from '../../../../shared/forms/uploads.ts';

/** Extensions each kind may keep, the first given when the name has another (doc/xls/ppt share CFB: the visitor's stands). */
const KIND_EXTENSIONS: Readonly<Record<AcceptedKind, readonly string[]>> = {
  pdf: ['pdf'],
  cfb: ['doc', 'xls', 'ppt'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  odt: ['odt'],
  rtf: ['rtf'],
  txt: ['txt'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  zip: ['zip'],
};

/** A file's kind by content, never name (docs/security.md); text is UTF-8 without controls, so HTML or SVG passes only as text. */
export async function detectFileType(path: string): Promise<{ kind: AcceptedKind; mime: string } | undefined> {
  const detected = await fileTypeFromFile(path);
  if (detected !== undefined) {
    // The accepted kinds are named as `file-type` reports them; anything else it recognises (programs, HTML, SVG) is refused.
    const accepted = detected.ext !== 'txt' && Object.hasOwn(ACCEPTED_KINDS, detected.ext);
    return accepted ? { kind: detected.ext as AcceptedKind, mime: detected.mime } : undefined;
  }
  return (await looksLikeText(path)) ? { kind: 'txt', mime: 'text/plain' } : undefined;
}

/** The name with the extension of what the file is, so a manager never opens `offer.html` by its name (`offer.txt`). */
export function nameForKind(name: string, kind: AcceptedKind): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1).toLowerCase()] : [name, ''];
  const allowed = KIND_EXTENSIONS[kind];
  return allowed.includes(extension) ? name : `${stem}.${allowed[0]}`;
}

/** Read in pieces of this size: the whole file is judged, never more than this in memory. */
const TEXT_CHUNK_BYTES = 64 * 1024;
const NON_TEXT_CONTROL = /[\u0000-\u0008\v\u000e-\u001f\u007f]/;

/** The whole file, not a sample: a clean start may hide a binary tail a mail client would still open. */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const buffer = Buffer.alloc(TEXT_CHUNK_BYTES);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, TEXT_CHUNK_BYTES, total);
      total += bytesRead;
      let text: string;
      try {
        // `stream: true` carries a character split across pieces; the final call (no bytes) refuses one left unfinished.
        text = decoder.decode(buffer.subarray(0, bytesRead), { stream: bytesRead > 0 });
      } catch {
        return false;
      }
      if (NON_TEXT_CONTROL.test(text)) return false;
      if (bytesRead === 0) return total > 0;
    }
  } finally {
    await handle.close();
  }
}
