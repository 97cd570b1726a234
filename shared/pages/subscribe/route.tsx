import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Подписка', description: 'Подпишитесь на новые статьи блога.' };
}

export default function SubscribePage() {
  return <h1>Подписка</h1>;
}
