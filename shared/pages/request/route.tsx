import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Оставить заявку', description: 'Расскажите о проекте — ответим в течение рабочего дня.' };
}

export default function RequestPage() {
  return <h1>Оставить заявку</h1>;
}
