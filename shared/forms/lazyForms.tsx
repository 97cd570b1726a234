import { lazyServerRendered } from '../browser/lazyServerRendered.tsx';
import type { InternshipFormProps } from './InternshipForm.tsx';
import type { LeadFormCommonProps } from './LeadForm.tsx';
import type { RequestFormProps } from './RequestForm.tsx';

/**
 * The lead forms as pages place them: rendered in full on the server, loaded in their own chunk
 * in the browser (shared/browser/lazyServerRendered.tsx). final-form and the form code are about a
 * fifth of a page's JavaScript, and the form is rarely what a visitor touches first. A form that
 * posts before its chunk arrives still works: it is a plain HTML form (each form works without JS).
 */
const lazyForm = lazyServerRendered;

export const RequestForm = lazyForm<RequestFormProps>(() => import('./RequestForm.tsx').then((module) => module.RequestForm));
export const SubscribeForm = lazyForm<LeadFormCommonProps>(() => import('./SubscribeForm.tsx').then((module) => module.SubscribeForm));
export const ReferralForm = lazyForm<LeadFormCommonProps>(() => import('./ReferralForm.tsx').then((module) => module.ReferralForm));
export const InternshipForm = lazyForm<InternshipFormProps>(() => import('./InternshipForm.tsx').then((module) => module.InternshipForm));
