import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { InternshipFormProps } from './InternshipForm.tsx';
import type { LeadFormCommonProps } from './LeadForm.tsx';
import type { RequestFormProps } from './RequestForm.tsx';

/**
 * The lead forms as pages place them: rendered in full on the server, loaded in their own chunk
 * in the browser. final-form and the form code are about a fifth of a page's JavaScript, and the
 * form is rarely what a visitor touches first (the first-load budget of docs/performance.md).
 *
 * On the server the module is imported at start-up, so the HTML always contains the form. In the
 * browser, hydration reaches the Suspense boundary, keeps the server's HTML as it is (no fallback,
 * no layout shift) and hydrates the form when its chunk arrives. A form that posts before that
 * still works: it is a plain HTML form (each form works without JavaScript).
 */
function lazyForm<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  if (typeof window === 'undefined') {
    void load().then((component) => {
      loaded = component;
    });
  }
  const Lazy = lazy(async () => {
    const component = await load();
    loaded = component;
    return { default: component };
  }) as unknown as ComponentType<Props>;
  function LazyForm(props: Props) {
    return <Suspense fallback={null}>{createElement(loaded ?? Lazy, props)}</Suspense>;
  }
  return LazyForm;
}

export const RequestForm = lazyForm<RequestFormProps>(() => import('./RequestForm.tsx').then((module) => module.RequestForm));
export const SubscribeForm = lazyForm<LeadFormCommonProps>(() => import('./SubscribeForm.tsx').then((module) => module.SubscribeForm));
export const ReferralForm = lazyForm<LeadFormCommonProps>(() => import('./ReferralForm.tsx').then((module) => module.ReferralForm));
export const InternshipForm = lazyForm<InternshipFormProps>(() => import('./InternshipForm.tsx').then((module) => module.InternshipForm));
