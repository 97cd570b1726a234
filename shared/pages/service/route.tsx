import { data } from 'react-router';
import type { PageMeta } from '../../routes/pageModule.ts';

export function loader(): never {
  throw data(null, { status: 404 });
}

export function meta(): PageMeta {
  return { title: 'Услуга' };
}

export default function ServicePage() {
  return <h1>Услуга</h1>;
}
