/**
 * §3 "Service categories (Russian labels)", in the specification's order. A service's category
 * (the content service refuses any other) is also the request form's service type: a service
 * page presets the form with its own category, so the form's choices are exactly these.
 */
export const SERVICE_CATEGORIES = [
  'SEO',
  'Контекстная реклама',
  'Таргетированная реклама',
  'Разработка',
  'Разработка сайтов',
  'Дизайн',
  'Аналитика',
  'Техническая поддержка',
  'Аутстафф',
] as const;
