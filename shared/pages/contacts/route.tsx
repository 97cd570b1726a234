import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Контакты', description: 'Офисы студии «Верфь» в Санкт-Петербурге и Екатеринбурге.' };
}

export default function ContactsPage() {
  return <h1>Контакты</h1>;
}
