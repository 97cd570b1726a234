import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { noindex: true, title: 'Заявка отправлена', description: 'Спасибо! Мы свяжемся с вами.' };
}

export default function SuccessRequestPage() {
  return <h1>Заявка отправлена</h1>;
}
