import { array, string, type } from 'superstruct';

/** The words of the inline request block come from the request page, so they are written once. */
export const RequestWords = type({
  hero: type({ title: string(), text: string() }),
  form: type({ note: string(), serviceTypes: array(string()) }),
});

/** The one block of `pages/services.json` a service page shows: the section's title in the breadcrumbs. */
export const ServicesIntroWords = type({ intro: type({ title: string() }) });
