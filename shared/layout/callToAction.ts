import { ANCHORS, type AnchorId } from '../browser/anchors.ts';
import type { ModalFormName } from './AppState.tsx';
import { href, linkTo } from '../routes/links.ts';
import type { RouteName } from '../routes/table.ts';
import { layout } from '../theme/theme.ts';

/** §2 "Call-to-action label by route". */
export interface CallToActionLabel {
  readonly label: string;
  readonly secondaryLabel?: string;
}

/** What a click on the call-to-action does (§4 "Call-to-action behaviour"). */
export type CallToActionAction =
  | { readonly kind: 'scroll'; readonly anchor: AnchorId; readonly fallback: CallToActionAction }
  | { readonly kind: 'modal'; readonly form: ModalFormName }
  | { readonly kind: 'navigate'; readonly to: string };

export interface CallToActionContext {
  readonly route: RouteName | undefined;
  /** Viewport width in CSS px (§9: 1280 is the threshold of the inline form). */
  readonly viewportWidth: number;
  /** The button inside the burger menu rather than the header. */
  readonly fromBurger: boolean;
}

/** The call-to-action of one route: what it says, what a click does, where it leads without JavaScript. */
interface CallToActionRule {
  /** §2 "Call-to-action label by route". */
  readonly label: CallToActionLabel;
  /** §4 "Call-to-action behaviour". */
  readonly action: (context: Omit<CallToActionContext, 'route'>) => CallToActionAction;
  /**
   * Without JavaScript (docs/decisions/017): the block it scrolls to on the routes whose page
   * has it, else the request page's form (the one the feedback modal and the discuss-the-project
   * block hold), at every width.
   */
  readonly href: string;
  /**
   * Where the button is the feedback window's native opener (docs/decisions/041): below 1280 px,
   * at every width, or nowhere (the rule scrolls or opens another form).
   */
  readonly feedbackWindow: FeedbackWindowWidths;
}

/** At which widths the call-to-action opens the feedback window (§4, §9's 1280 px threshold). */
export type FeedbackWindowWidths = 'below-desktop' | 'always' | 'never';

const DISCUSS_THE_PROJECT: CallToActionLabel = { label: 'Обсудить проект', secondaryLabel: 'Просто заполните форму' };
const REQUEST_FORM = href('request', {}, { hash: ANCHORS.discussTheProject });

/**
 * §4: career scrolls to the internship block (from the burger menu it opens the internship
 * modal); success-request scrolls to the subscription field; referral to the referral section;
 * subscribe opens the feedback modal; anywhere else, from 1280 px, the page scrolls to the
 * discuss-the-project block, and below 1280 px the feedback modal opens.
 *
 * A page without the block the rule scrolls to takes the `fallback`: the discuss-the-project
 * block lives on the home page, so the rule's "from career it goes to / with that hash" applies
 * to every page that lacks it; the other anchors fall back to the page that has them.
 */
const ELSEWHERE: CallToActionRule = {
  label: DISCUSS_THE_PROJECT,
  action: ({ viewportWidth }) =>
    viewportWidth >= layout.ctaInlineMinWidth
      ? {
          kind: 'scroll',
          anchor: ANCHORS.discussTheProject,
          fallback: { kind: 'navigate', to: href('home', {}, { hash: ANCHORS.discussTheProject }) },
        }
      : { kind: 'modal', form: 'feedback' },
  href: REQUEST_FORM,
  feedbackWindow: 'below-desktop',
};

const BY_ROUTE: Partial<Record<RouteName, CallToActionRule>> = {
  career: {
    label: { label: 'Начать карьеру' },
    action: ({ fromBurger }) =>
      fromBurger
        ? { kind: 'modal', form: 'internship' }
        : { kind: 'scroll', anchor: ANCHORS.internship, fallback: { kind: 'modal', form: 'internship' } },
    href: linkTo('career', ANCHORS.internship),
    feedbackWindow: 'never',
  },
  'success-request': {
    label: { label: 'Подпишись', secondaryLabel: 'Будь в курсе новых статей' },
    action: () => ({
      kind: 'scroll',
      anchor: ANCHORS.subscribeEmail,
      fallback: { kind: 'navigate', to: linkTo('subscribe', ANCHORS.subscribeEmail) },
    }),
    href: linkTo('success-request', ANCHORS.subscribeEmail),
    feedbackWindow: 'never',
  },
  referral: {
    label: { label: 'Порекомендовать' },
    action: () => ({ kind: 'scroll', anchor: ANCHORS.referralSection, fallback: { kind: 'modal', form: 'feedback' } }),
    href: linkTo('referral', ANCHORS.referralSection),
    feedbackWindow: 'never',
  },
  subscribe: {
    label: DISCUSS_THE_PROJECT,
    action: () => ({ kind: 'modal', form: 'feedback' }),
    href: REQUEST_FORM,
    feedbackWindow: 'always',
  },
};

const ruleOf = (route: RouteName | undefined): CallToActionRule => (route === undefined ? undefined : BY_ROUTE[route]) ?? ELSEWHERE;

export function callToActionLabel(route: RouteName | undefined): CallToActionLabel {
  return ruleOf(route).label;
}

export function callToActionAction({ route, ...context }: CallToActionContext): CallToActionAction {
  return ruleOf(route).action(context);
}

export function callToActionHref(route: RouteName | undefined): string {
  return ruleOf(route).href;
}

export function callToActionFeedbackWindow(route: RouteName | undefined): FeedbackWindowWidths {
  return ruleOf(route).feedbackWindow;
}
