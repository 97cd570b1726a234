import { array, number, optional, string, type } from 'superstruct';
import { LinkWords, Stats, TitledText } from '../blockStructs.ts';

const Intro = TitledText.schema;

/** The blocks of `pages/home.json`, checked when the page loads (see `pageWords.ts`). */
export const HomeBlocks = type({
  hero: type({ title: string(), subtitle: string(), cta: type({ label: string(), anchor: string() }) }),
  services: type({ ...Intro, items: array(type({ title: string(), text: string(), url: string() })) }),
  stats: type({ title: string(), items: Stats }),
  projects: type({ ...Intro, link: LinkWords }),
  specializations: TitledText,
  team: type({ ...Intro, anchor: string(), members: array(type({ name: string(), role: string() })) }),
  tariffs: type({
    ...Intro,
    anchor: string(),
    items: array(
      type({
        name: string(),
        priceLabel: string(),
        timeline: string(),
        text: string(),
        features: array(string()),
        priceFrom: optional(number()),
      }),
    ),
  }),
  clients: type({ ...Intro, items: array(string()) }),
  blog: type({ ...Intro, link: LinkWords }),
  discussProject: type({ ...Intro, anchor: string(), email: string(), note: string() }),
});
