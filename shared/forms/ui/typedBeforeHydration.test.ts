import { expect, test } from 'vitest';
import { FORMS } from '../definitions.ts';
import { typedBeforeHydration, type ControlState } from './typedBeforeHydration.ts';

const control = (shown: Partial<ControlState>): ControlState => ({ value: '', checked: false, files: [], ...shown });

test('the values typed into the server HTML that the form state lacks are taken, by field kind', () => {
  const shown: Record<string, ControlState> = {
    name: control({ value: 'Анна' }),
    phone: control({ value: '+7 900 000-00-00' }),
    email: control({}),
    serviceType: control({ value: 'SEO' }),
    message: control({ value: 'Сайт для верфи' }),
    consent: control({ checked: true }),
    attachments: control({ files: ['brief.pdf'] }),
  };
  const state: Record<string, unknown> = { phone: '+7 900 000-00-00', serviceType: 'SEO' };
  expect(
    typedBeforeHydration(
      FORMS.request.fields,
      (name) => shown[name],
      (name) => state[name],
    ),
  ).toEqual({ name: 'Анна', message: 'Сайт для верфи', consent: true, attachments: ['brief.pdf'] });
});

test('a form whose controls show its state, or that has no controls in the document, takes nothing', () => {
  const state: Record<string, unknown> = { name: 'Анна', consent: true, attachments: ['brief.pdf'] };
  const shown = (name: string) => control({ value: typeof state[name] === 'string' ? state[name] : '', checked: state[name] === true });
  expect(typedBeforeHydration(FORMS.request.fields, shown, (name) => state[name])).toEqual({});
  expect(
    typedBeforeHydration(
      FORMS.request.fields,
      () => undefined,
      () => undefined,
    ),
  ).toEqual({});
});

test('a box the visitor unticked before hydration is unticked in the state too', () => {
  expect(
    typedBeforeHydration(
      { consent: FORMS.request.fields.consent! },
      () => control({ checked: false }),
      () => true,
    ),
  ).toEqual({ consent: false });
});
