/** §3 "Service categories", in order: also the request form's service types, which a service page presets. */
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
