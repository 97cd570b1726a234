import type { PageMeta } from '../../page-kit/pageModule.ts';
import type { ServiceData } from './loader.ts';

export function meta({ service, crumbs }: ServiceData): PageMeta {
  return { title: service.seoTitle, description: service.description, breadcrumbs: crumbs };
}
