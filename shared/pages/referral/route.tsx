import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Реферальная программа', description: 'Порекомендуйте нас и получите вознаграждение.' };
}

export default function ReferralPage() {
  return <h1>Реферальная программа</h1>;
}
