import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Веб-студия «Верфь»', description: 'Разработка сайтов, сервисов и мобильных приложений, дизайн, продвижение и аналитика.' };
}

export default function HomePage() {
  return <h1>Веб-студия «Верфь»</h1>;
}
