import { lazyServerRendered } from '../browser/lazyServerRendered.tsx';
import type { InternshipFormProps } from './InternshipForm.tsx';
import type { LeadFormCommonProps } from './LeadForm.tsx';
import type { RequestFormProps } from './RequestForm.tsx';

/**
 * The lead forms rendered in full by the server and loaded in their own chunk (about a fifth of a
 * page's JavaScript); before it arrives a form still posts as plain HTML.
 */
const lazyForm = lazyServerRendered;

export const RequestForm = lazyForm<RequestFormProps>(() => import('./RequestForm.tsx').then((module) => module.RequestForm));
export const SubscribeForm = lazyForm<LeadFormCommonProps>(() => import('./SubscribeForm.tsx').then((module) => module.SubscribeForm));
export const ReferralForm = lazyForm<LeadFormCommonProps>(() => import('./ReferralForm.tsx').then((module) => module.ReferralForm));
export const InternshipForm = lazyForm<InternshipFormProps>(() => import('./InternshipForm.tsx').then((module) => module.InternshipForm));
