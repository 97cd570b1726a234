import Negotiator from 'negotiator';
import {
  coerce,
  enums,
  integer,
  max,
  min,
  number,
  object,
  optional,
  pattern,
  pick,
  refine,
  string,
  validate,
  type Infer,
} from 'superstruct';
import { DEFAULT_IMAGE_FORMAT, type ImageFormat } from '../../../shared/ui/imageScreens.ts';
import { ImageError } from './imageError.ts';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';

/** Validated modifiers of one request; `format: 'auto'` is settled later from Accept. */
export type ImageModifiers = Omit<Infer<ModifiersSchema>, 'size' | 'format'> & { readonly format: ImageFormat | 'auto' };

/** ipx's and @nuxt/image's short names (`w_640,f_webp`); the long ones are the schema's own keys. */
const ALIASES: Readonly<Record<string, string>> = { w: 'width', h: 'height', s: 'size', resize: 'size', f: 'format', q: 'quality' };

const Int = (low: number, high: number) => coerce(max(min(integer(), low), high), pattern(string(), /^\d{1,5}$/), Number);

function schemaFor(limits: ImageLimits) {
  return object({
    width: optional(Int(1, limits.maxWidth)),
    height: optional(Int(1, limits.maxHeight)),
    size: optional(
      refine(pattern(string(), /^\d{1,5}x\d{1,5}$/), 'size', (value) => {
        const [w = 0, h = 0] = value.split('x').map(Number);
        return (w >= 1 && w <= limits.maxWidth && h >= 1 && h <= limits.maxHeight) || `each side 1…${limits.maxWidth}`;
      }),
    ),
    quality: optional(Int(1, 100)),
    fit: optional(enums(['cover', 'contain', 'fill', 'inside', 'outside'])),
    blur: optional(coerce(max(min(number(), 0.3), limits.maxBlur), pattern(string(), /^\d{1,2}(\.\d{1,2})?$/), Number)),
    format: optional(coerce(enums(['webp', 'avif', 'jpeg', 'png', 'auto']), string(), (value) => (value === 'jpg' ? 'jpeg' : value))),
  });
}

type ModifiersSchema = ReturnType<typeof schemaFor>;
type ModifierName = keyof ModifiersSchema['schema'];

/** Built once per set of limits: `/_ipx` parses modifiers on every request, a flood's included. */
const schemas = new WeakMap<ImageLimits, ModifiersSchema>();
function schema(limits: ImageLimits): ModifiersSchema {
  const built = schemas.get(limits) ?? schemaFor(limits);
  schemas.set(limits, built);
  return built;
}

/** Parses `_` or `key_value` pairs; unknown, repeated or out-of-range ones are a 400, never a variant an attacker chose. */
export function parseModifiers(segment: string, limits: ImageLimits): ImageModifiers {
  const raw: Record<string, string> = {};
  if (segment !== '_') {
    for (const part of segment.split(/[,&]/)) {
      const match = /^([a-z]+)[_:=](.+)$/.exec(part);
      const name = match?.[1] ?? '';
      const key = ALIASES[name] ?? (Object.hasOwn(schema(limits).schema, name) ? name : undefined);
      if (!match || key === undefined) throw new ImageError(400, `Неизвестный модификатор: ${part.slice(0, 40)}`);
      if (key in raw) throw new ImageError(400, `Модификатор повторяется: ${key}`);
      raw[key] = match[2] ?? '';
    }
  }
  // Only the modifiers given: superstruct's `coerce` tests absent fields too, each failure building a stack trace.
  const [error, parsed] = validate(raw, pick(schema(limits), Object.keys(raw) as ModifierName[]), { coerce: true });
  if (error !== undefined) throw new ImageError(400, `Недопустимое значение модификатора ${String(error.key ?? '')}`);
  const { size, format = DEFAULT_IMAGE_FORMAT, ...rest } = parsed;
  if (size === undefined) return { ...rest, format };
  if (rest.width !== undefined || rest.height !== undefined) throw new ImageError(400, 'size не сочетается с width и height');
  const [width, height] = size.split('x').map(Number);
  return { ...rest, width, height, format };
}

/** §9 WebP by default; `f_auto` takes AVIF, WebP, then JPEG as Accept names them (negotiator; `*` is no support); varies by Accept. */
export function negotiateFormat(format: ImageModifiers['format'], accept: string | undefined): ImageFormat {
  if (format !== 'auto') return format;
  const named = new Set(new Negotiator({ headers: { accept: accept ?? '' } }).mediaTypes().map((type) => type.toLowerCase()));
  if (named.has('image/avif')) return 'avif';
  if (named.has('image/webp')) return 'webp';
  return 'jpeg';
}

/** The modifiers in ipx's vocabulary: `w` and `h` together become one `s_WxH` resize honouring `fit` (ipx applies two). */
export function toIpxModifiers(modifiers: ImageModifiers, format: ImageFormat): Record<string, string> {
  const result: Record<string, string> = { f: format };
  const { width, height } = modifiers;
  if (width !== undefined && height !== undefined) result.s = `${width}x${height}`;
  else if (width !== undefined) result.w = String(width);
  else if (height !== undefined) result.h = String(height);
  if (modifiers.quality !== undefined) result.q = String(modifiers.quality);
  if (modifiers.fit !== undefined) result.fit = modifiers.fit;
  if (modifiers.blur !== undefined) result.blur = String(modifiers.blur);
  return result;
}

/** A stable text of what is produced, for cache keys. */
export function describeVariant(ipxModifiers: Record<string, string>): string {
  return Object.keys(ipxModifiers)
    .sort()
    .map((key) => `${key}_${ipxModifiers[key]}`)
    .join(',');
}
