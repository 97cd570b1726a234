import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Услуги', description: 'Разработка, дизайн, продвижение и аналитика.' };
}

export default function ServicesPage() {
  return <h1>Услуги</h1>;
}
