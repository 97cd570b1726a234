import { data } from 'react-router';
import type { PageMeta } from '../../routes/pageModule.ts';

export function loader(): never {
  throw data(null, { status: 404 });
}

export function meta(): PageMeta {
  return { title: 'Автор' };
}

export default function AuthorPage() {
  return <h1>Автор</h1>;
}
