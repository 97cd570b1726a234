/** §2 Redirects: [old, new] paths under /services/, written only here (the `redirectOldServicePaths` rule and the tests read it). */
export const OLD_SERVICE_PATHS: ReadonlyArray<readonly [old: string, current: string]> = [
  // Analytics moved out of the old "static" section.
  ['static/analytics', 'analitika'],
  ['outstaff', 'autstaff'],
  // Design services now live under dizayn/.
  ['mobile-design', 'dizayn/dizayn-mobilnyh-prilozheniy'],
  ['web-design', 'dizayn/dizayn-saytov'],
  // Promotion services now live under prodvizhenie/.
  ['autsorsing-otdela-marketinga', 'prodvizhenie/kompleksnoe-prodvizhenie'],
  ['context', 'prodvizhenie/kontekstnaya-reklama'],
  // Three old SEO pages were merged into one.
  ['seo-for-blogs', 'prodvizhenie/seo'],
  ['seo-prodvizhenie-internet-magazina', 'prodvizhenie/seo'],
  ['seo', 'prodvizhenie/seo'],
  ['smm', 'prodvizhenie/smm'],
  // Both old targeting pages were merged into one.
  ['promoting-business-in-vkontakte', 'prodvizhenie/targetirovannaya-reklama'],
  ['target-ads', 'prodvizhenie/targetirovannaya-reklama'],
  // Development services now live under razrabotka/.
  ['corporate-sites', 'razrabotka/razrabotka-korporativnogo-po'],
  ['mobile', 'razrabotka/razrabotka-mobilnyh-prilozheniy'],
  ['web-dev', 'razrabotka/razrabotka-saytov'],
  ['services/services', 'razrabotka/razrabotka-veb-servisov'],
  // Support moved out of the old "static" section.
  ['static/support', 'tehnicheskaya-podderzhka'],
];
