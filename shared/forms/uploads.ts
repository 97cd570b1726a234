import { plural } from '../format/russianPlural.ts';

/**
 * File upload rules of the file inputs and the server (§5 messages, §9 unit); the limits are the
 * server's configuration (UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_MIB), told to the browser with the root data.
 */
export interface UploadLimits {
  readonly maxFiles: number;
  readonly maxFileBytes: number;
}

/** The file field's limit as its hint says it: «До 21 файла, каждый» (after «до», the genitive). */
export function fileLimitText(maxFiles: number): string {
  return maxFiles > 1 ? `До ${maxFiles} ${plural(maxFiles, ['файла', 'файлов', 'файлов'])}, каждый` : 'Файл';
}

/** §9 "File size units 1024". */
export const SIZE_UNIT = 1024;

/**
 * Accepted kinds, as the server recognises them by content (magic bytes, `file-type`): the
 * detected extension → what the visitor is told. doc/xls/ppt share one container format (CFB).
 */
export const ACCEPTED_KINDS = {
  pdf: 'PDF',
  cfb: 'DOC, XLS, PPT',
  docx: 'DOCX',
  xlsx: 'XLSX',
  pptx: 'PPTX',
  odt: 'ODT',
  rtf: 'RTF',
  txt: 'TXT',
  png: 'PNG',
  jpg: 'JPG',
  zip: 'ZIP',
} as const;
export type AcceptedKind = keyof typeof ACCEPTED_KINDS;

/** For the file input's `accept` hint only; the server decides by content, never by name. */
export const ACCEPT_ATTRIBUTE = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.rtf,.txt,.png,.jpg,.jpeg,.zip';
const ACCEPTED_EXTENSIONS = new Set(ACCEPT_ATTRIBUTE.split(',').map((extension) => extension.slice(1)));

export const ALLOWED_LIST = 'PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, RTF, TXT, PNG, JPG, ZIP';

/** Size in the §9 units, Russian style: `10 МБ`, `1,5 КБ`, `512 Б`. */
export function formatSize(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ'];
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_UNIT && unit < units.length - 1) {
    value /= SIZE_UNIT;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${String(rounded).replace('.', ',')} ${units[unit]}`;
}

/**
 * §5's three upload messages: size and type in Russian; the count is the specification's own
 * English text, kept word for word ("{0}" is the limit), like "{field} is not valid".
 */
export const UPLOAD_MESSAGES = {
  size: (name: string, maxBytes: number) => `Файл «${name}» больше допустимого размера ${formatSize(maxBytes)}`,
  type: (name: string) => `Недопустимый тип файла «${name}». Можно загрузить: ${ALLOWED_LIST}`,
  count: (max: number) => `Maximum number of files exceeded, limit is ${max} at most.`,
  /** Not one of §5's: the site's storage for all uploads (UPLOAD_QUOTA_MB) is full. */
  quota: 'Хранилище файлов заполнено: файлы сейчас не принимаются. Отправьте заявку без вложений или повторите попытку позже',
  /** Not one of §5's: this visitor sent many files in a short time (UPLOAD_CLIENT_MB, UPLOAD_CLIENT_FILES). */
  clientBudget: 'Слишком много файлов за короткое время. Повторите попытку позже или отправьте заявку без вложений',
} as const;

export interface FileLike {
  readonly name: string;
  readonly size: number;
}

/**
 * The check the browser can make before sending: count, size and the name's extension. The
 * server repeats count and size and checks the type by content.
 */
export function checkFiles(files: readonly FileLike[], limits: UploadLimits): string | undefined {
  if (files.length > limits.maxFiles) return UPLOAD_MESSAGES.count(limits.maxFiles);
  for (const file of files) {
    if (file.size > limits.maxFileBytes) return UPLOAD_MESSAGES.size(file.name, limits.maxFileBytes);
    const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    if (!ACCEPTED_EXTENSIONS.has(extension)) return UPLOAD_MESSAGES.type(file.name);
  }
  return undefined;
}
