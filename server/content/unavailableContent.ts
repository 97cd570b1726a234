import type { ContentApi } from '../../shared/content/contentApi.ts';
import { ContentUnavailableError } from '../../shared/content/errors.ts';

// TEMPORARY (issue 4 in progress): every call fails as "content unavailable" until the JSON:API
// client is wired in the next commit. Lets pages code against `context.content` right away.
const unavailable = (endpoint: string) => () => Promise.reject(new ContentUnavailableError(endpoint, 'content client not wired yet'));

export const unavailableContent: ContentApi = {
  agency: unavailable('agency'),
  articleFilters: unavailable('article-filters'),
  articleFiltersOrFailure: async () => ({ filters: [], failed: true }),
  projectFilters: unavailable('project-filters'),
  services: unavailable('services'),
  service: unavailable('services'),
  articles: unavailable('articles'),
  article: unavailable('articles'),
  authors: unavailable('authors'),
  author: unavailable('authors'),
  projects: unavailable('projects'),
  project: unavailable('projects'),
  vacancies: unavailable('vacancies'),
  vacancy: unavailable('vacancies'),
  page: unavailable('pages'),
  documents: unavailable('documents'),
  document: unavailable('documents'),
  redirectFor: async () => null,
};
