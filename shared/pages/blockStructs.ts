import { array, string, type } from 'superstruct';

/** Shapes recurring in the seed's page words, from which each page composes its schema. */
export const TitledText = type({ title: string(), text: string() });
export const TitledItems = type({ title: string(), items: array(TitledText) });
export const Steps = type({ title: string(), steps: array(TitledText) });
export const Stats = array(type({ value: string(), label: string() }));
export const Faq = type({ title: string(), items: array(type({ question: string(), answer: string() })) });
export const LinkWords = type({ label: string(), url: string() });
export const StagedItems = type({ title: string(), items: array(type({ title: string(), text: string(), duration: string() })) });
export const Anchored = type({ anchor: string(), title: string(), text: string() });
