import { expect, test } from 'vitest';
import { FORMS } from '../../../shared/forms/definitions.ts';
import { leadLines, leadTextLines } from './leadMessage.ts';
import type { StoredLead } from './store.ts';

const lead: StoredLead = {
  id: '0b7e2f4c-1d2a-4c55-9a51-3c2f1e0d9b11',
  form: 'request',
  createdAt: Date.UTC(2026, 0, 1),
  fields: {
    name: 'Иван\nТелефон: +7 000 000-00-00',
    phone: '+7 912 345-67-89',
    email: 'ivan@example.ru',
    message: 'Нужен сайт.\r\nЭлектронная почта: boss@evil.example\u2028Бюджет: 10 000 000 ₽\vКомпания: Газпром\n\nСпасибо',
    consent: true,
  },
  page: '/services/\nСтраница: /fake/',
  utm: { utm_source: 'vk\rutm_medium: fake' },
  attachments: [],
  purgedAt: null,
  suspectedSpam: null,
};

test('in the lead e-mail text no visitor input can start a line where the field labels are', () => {
  const text = leadTextLines(lead).join('\n');
  const atMargin = text.split('\n').filter((line) => !line.startsWith(' '));
  // One line at the margin per field, each starting with that field's label; nothing else.
  expect(atMargin.map((line) => line.slice(0, line.indexOf(':')))).toEqual(leadLines(lead).map((line) => line.label));
  expect(atMargin.filter((line) => line.startsWith(`${FORMS.request.fields.phone!.label}:`))).toEqual(['Телефон: +7 912 345-67-89']);
  expect(text).toContain('Расскажите о задаче: Нужен сайт.\n    Электронная почта: boss@evil.example\n    Бюджет: 10 000 000 ₽');
  expect(text).not.toMatch(/[\r\v\u2028\u2029]/);
});
