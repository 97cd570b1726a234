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
  /** Without JavaScript (decision 017): the block it scrolls to where the page has it, else the request form. */
  readonly href: string;
  /** Where the button opens the feedback window natively (decision 041). */
  readonly feedbackWindow: FeedbackWindowWidths;
}

/** At which widths the call-to-action opens the feedback window (§4, §9's 1280 px threshold). */
export type FeedbackWindowWidths = 'below-desktop' | 'always' | 'never';

const DISCUSS_THE_PROJECT: CallToActionLabel = { label: 'Обсудить проект', secondaryLabel: 'Просто заполните форму' };
const REQUEST_FORM = href('request', {}, { hash: ANCHORS.discussTheProject });

/**
 * §4: from 1280 px the page scrolls to the discuss-the-project block, below it the feedback modal
 * opens; a page without the block goes to home's (`fallback`). The routes of `BY_ROUTE` differ.
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
