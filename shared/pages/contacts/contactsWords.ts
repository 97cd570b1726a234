import { array, string, type } from 'superstruct';
import { TitledText } from '../blockStructs.ts';

/** The blocks of `pages/contacts.json`, checked when the page loads (see `pageWords.ts`). */
export const ContactsBlocks = type({
  intro: TitledText,
  directions: type({ title: string(), items: array(type({ title: string(), email: string(), text: string() })) }),
  howToReach: type({ title: string(), items: array(type({ city: string(), text: string() })) }),
  requisites: type({ title: string(), items: array(type({ label: string(), value: string() })), note: string() }),
});
