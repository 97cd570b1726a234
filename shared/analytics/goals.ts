/** §7 goals spelled exactly as the counter knows them (the typo "Dribble" included). */
export const GOALS = {
  headerBurger: 'NEW-Shapka-Klik-na-burger-menyu',
  headerDiscussProject: 'NEW-Shapka-Klik-na-obsudit-proekt',
  headerPhone: 'NEW-Shapka-Klik-na-nomer-telefona',
  headerEmail: 'NEW-Shapka-Klik-na-pochtu',
  footerPhone: 'NEW-Futer-Klik-na-lyuboy-nomer-telefona',
  footerEmail: 'NEW-Futer-Klik-na-lyubuyu-pochtu',
  footerPartnerProgram: 'NEW-Futer-Klik-na-partnerskaya-programma',
  footerVc: 'NEW-Futer-Klik-na-VC',
  footerTelegram: 'NEW-Futer-Klik-na-Telegram',
  footerDribbble: 'NEW-Futer-Klik-na-Dribble',
  footerBehance: 'NEW-Futer-Klik-na-behance',
  footerDprofile: 'NEW-Futer-Klik-na-dprofile',
  /** §8: the 404 page records it. */
  notFound: '404error',
} as const;

export type GoalName = (typeof GOALS)[keyof typeof GOALS];
export const GOAL_NAMES: readonly GoalName[] = Object.values(GOALS);

export function isGoalName(value: unknown): value is GoalName {
  return typeof value === 'string' && (GOAL_NAMES as readonly string[]).includes(value);
}

/** The attribute a clickable element carries; one delegated listener sends its goal on click. */
export const GOAL_ATTRIBUTE = 'data-goal';

/** Spread onto a link or button: `<a href="tel:…" {...goalAttributes(GOALS.headerPhone)}>`. */
export function goalAttributes(goal: GoalName): { readonly 'data-goal': GoalName } {
  return { 'data-goal': goal };
}
