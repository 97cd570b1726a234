import { VALIDATION_MESSAGES } from './messages.ts';

/**
 * The form validators of §5 as data: one list per field drives the browser and the server alike.
 * Rules outside §5's table (`phone`, `url`, `max`, `oneOf`) answer §5's "{field} is not valid".
 */
export type Rule =
  | 'required'
  | 'email'
  | 'alpha_num'
  | 'required-true'
  | 'phone'
  | 'url'
  | readonly ['min', number]
  | readonly ['max', number]
  | readonly ['confirmed', string]
  | readonly ['oneOf', readonly string[]];

export interface RuleContext {
  /** The field's visible label, used by the "{field} is not valid" message. */
  readonly label: string;
  /** All values of the form, for `confirmed`. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** §5 required: "non-empty, not only whitespace, not an empty list, not false". */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

// The HTML standard's type=email rule with a dotted domain (`ivan@mail` is a typo) in any alphabet
// (почта.рф); a browser hands such a domain over as `xn--` labels, so those count as letters too.
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const TOP_LEVEL = '(?:\\p{L}{2,63}|[xX][nN]--[a-zA-Z\\d](?:[a-zA-Z\\d-]{0,57}[a-zA-Z\\d])?)';
const EMAIL = new RegExp(`^[\\w.!#$%&'*+/=?^\`{|}~-]+@${LABEL}(?:\\.${LABEL})*\\.${TOP_LEVEL}$`, 'u');
/** §5 alpha_num: letters of any alphabet and decimal digits, nothing else. */
const ALPHA_NUM = /^[\p{L}\p{Nd}]+$/u;
/** Digits after removing the usual separators: `+7 (912) 345-67-89`, `8 912 345 67 89`. */
const PHONE = /^\+?\d{10,15}$/;

const length = (value: string) => [...value].length;

function isUrl(value: string): boolean {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Whether `value` passes `rule`; empty values pass every rule except the two "required" ones. */
export function passes(rule: Rule, value: unknown, context: RuleContext): boolean {
  const name = typeof rule === 'string' ? rule : rule[0];
  if (name === 'required') return !isEmpty(value);
  if (name === 'required-true') return Boolean(value);
  if (isEmpty(value)) return true;
  const text = typeof value === 'string' ? value : undefined;
  switch (name) {
    case 'email':
      return text !== undefined && EMAIL.test(text.trim());
    case 'alpha_num':
      return Array.isArray(value)
        ? value.every((item) => typeof item === 'string' && ALPHA_NUM.test(item))
        : text !== undefined && ALPHA_NUM.test(text);
    case 'min':
      return text !== undefined && length(text) >= (rule[1] as number);
    case 'max':
      return text !== undefined && length(text) <= (rule[1] as number);
    case 'confirmed':
      return value === context.values?.[rule[1] as string];
    case 'oneOf':
      return text !== undefined && (rule[1] as readonly string[]).includes(text);
    case 'phone':
      return text !== undefined && PHONE.test(text.replace(/[\s().-]/g, ''));
    case 'url':
      return text !== undefined && !/\s/.test(text.trim()) && isUrl(text.trim());
    default:
      return false;
  }
}

/** The §5 message of a failed rule: its own where §5's table gives one, else "{field} is not valid". */
export function messageFor(rule: Rule, context: RuleContext): string {
  const name = typeof rule === 'string' ? rule : rule[0];
  if (name === 'min') return VALIDATION_MESSAGES.min(rule[1] as number);
  const own: unknown = VALIDATION_MESSAGES[name as keyof typeof VALIDATION_MESSAGES];
  return typeof own === 'string' ? own : VALIDATION_MESSAGES.other(context.label);
}

/** The message of the first rule `value` fails, or `undefined` when it passes them all. */
export function validateValue(value: unknown, rules: readonly Rule[], context: RuleContext): string | undefined {
  for (const rule of rules) {
    if (!passes(rule, value, context)) return messageFor(rule, context);
  }
  return undefined;
}
