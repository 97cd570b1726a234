import { FORMS } from '../../../shared/forms/definitions.ts';
import type { StoredLead } from './store.ts';

/** A lead as the agency's CRM receives it: stable `id` for idempotency, labels in Russian. */
export type LeadPayload = ReturnType<typeof leadPayload>;

/** What starts the agency's subject line of a lead that looks automated (decision 039). */
export const SUSPECTED_SUBJECT_PREFIX = '[Возможно спам]';

/** Said first in the agency's mail of a lead that looks automated. */
export const SUSPECTED_NOTE =
  'Возможно, спам: форма отправлена быстрее, чем её обычно заполняют люди. Проверьте заявку, прежде чем отвечать.';

export function leadPayload(lead: StoredLead) {
  const form = FORMS[lead.form];
  return {
    id: lead.id,
    form: lead.form,
    formTitle: form.title,
    createdAt: new Date(lead.createdAt).toISOString(),
    page: lead.page,
    utm: lead.utm,
    fields: lead.fields,
    labels: Object.fromEntries(Object.entries(form.fields).map(([name, field]) => [name, field.label])),
    attachments: lead.attachments.map(({ name, size, type, field }) => ({ name, size, type, field })),
    // Why the post looks automated (`too fast`), or null: delivered all the same, for a person to judge (decision 039).
    suspectedSpam: lead.suspectedSpam,
  };
}

/** The request number the agency's subject line and the visitor's confirmation both show. */
export const requestNumber = (leadId: string): string => leadId.slice(0, 8);

/** Label → printable value, in the form's order; booleans in words, empty fields left out. */
export function leadLines(lead: StoredLead): { label: string; value: string }[] {
  const form = FORMS[lead.form];
  const lines = Object.entries(form.fields)
    .filter(([, field]) => field.kind !== 'file')
    .flatMap(([name, field]) => {
      const value = lead.fields[name];
      if (value === undefined || value === '') return [];
      return [{ label: field.label, value: typeof value === 'boolean' ? (value ? 'да' : 'нет') : value }];
    });
  if (lead.page) lines.push({ label: 'Страница', value: lead.page });
  for (const [key, value] of Object.entries(lead.utm)) lines.push({ label: key, value });
  return lines;
}

/** Every line break a mail client may show as one. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
/** Continuation lines of a value start here, so no visitor text begins a line where labels do. */
const VALUE_INDENT = '    ';

/** `Label: value` lines, a value's further lines indented: a line at the margin is ours, so a visitor cannot fake a field. */
export function leadTextLines(lead: StoredLead): string[] {
  return leadLines(lead).map(({ label, value }) => {
    const [first = '', ...rest] = value.split(LINE_BREAK);
    return [`${label}: ${first}`, ...rest.map((line) => `${VALUE_INDENT}${line}`)].join('\n');
  });
}
