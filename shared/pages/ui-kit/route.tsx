import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { noindex: true, title: 'UI Kit', description: 'Витрина компонентов.' };
}

export default function UiKitPage() {
  return <h1>UI Kit</h1>;
}
