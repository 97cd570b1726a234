import { ANCHORS, type AnchorId } from '../app/anchors.ts';
import type { ModalFormName } from '../app/AppState.tsx';
import { href, linkTo } from '../routes/links.ts';
import type { RouteName } from '../routes/table.ts';
import { layout } from '../theme/theme.ts';

/** §2 "Call-to-action label by route". */
export interface CallToActionLabel {
  readonly label: string;
  readonly secondaryLabel?: string;
}

export function callToActionLabel(route: RouteName | undefined): CallToActionLabel {
  switch (route) {
    case 'success-request':
      return { label: 'Подпишись', secondaryLabel: 'Будь в курсе новых статей' };
    case 'career':
      return { label: 'Начать карьеру' };
    case 'referral':
      return { label: 'Порекомендовать' };
    default:
      return { label: 'Обсудить проект', secondaryLabel: 'Просто заполните форму' };
  }
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
export function callToActionAction({ route, viewportWidth, fromBurger }: CallToActionContext): CallToActionAction {
  switch (route) {
    case 'career':
      return fromBurger
        ? { kind: 'modal', form: 'internship' }
        : { kind: 'scroll', anchor: ANCHORS.internship, fallback: { kind: 'modal', form: 'internship' } };
    case 'success-request':
      return {
        kind: 'scroll',
        anchor: ANCHORS.subscribeEmail,
        fallback: { kind: 'navigate', to: linkTo('subscribe', ANCHORS.subscribeEmail) },
      };
    case 'referral':
      return { kind: 'scroll', anchor: ANCHORS.referralSection, fallback: { kind: 'modal', form: 'feedback' } };
    case 'subscribe':
      return { kind: 'modal', form: 'feedback' };
    default:
      return viewportWidth >= layout.ctaInlineMinWidth
        ? {
            kind: 'scroll',
            anchor: ANCHORS.discussTheProject,
            fallback: { kind: 'navigate', to: href('home', {}, { hash: ANCHORS.discussTheProject }) },
          }
        : { kind: 'modal', form: 'feedback' };
  }
}

/**
 * Where the call-to-action leads without JavaScript (docs/decisions/017): the block it scrolls to
 * on the routes whose page has it, else the request page's form (the one the feedback modal and
 * the discuss-the-project block hold), at every width.
 */
export function callToActionHref(route: RouteName | undefined): string {
  switch (route) {
    case 'career':
      return linkTo('career', ANCHORS.internship);
    case 'success-request':
      return linkTo('success-request', ANCHORS.subscribeEmail);
    case 'referral':
      return linkTo('referral', ANCHORS.referralSection);
    default:
      return href('request', {}, { hash: ANCHORS.discussTheProject });
  }
}
