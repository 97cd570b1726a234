import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Карта сайта', description: 'Все страницы сайта студии «Верфь».' };
}

export default function SitemapPage() {
  return <h1>Карта сайта</h1>;
}
