import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Правовая информация', description: 'Политика конфиденциальности, cookie и пользовательское соглашение.' };
}

export default function DocumentsPage() {
  return <h1>Правовая информация</h1>;
}
