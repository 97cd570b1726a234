/**
 * The lead forms, for the pages and the modal:
 * `<RequestForm serviceType=… onSuccess=… />`, `<SubscribeForm />`, `<ReferralForm />`,
 * `<InternshipForm />`. Each works without JavaScript too (a plain POST answered with a page).
 */
export { RequestForm, type RequestFormProps } from './RequestForm.tsx';
export { SubscribeForm } from './SubscribeForm.tsx';
export { ReferralForm } from './ReferralForm.tsx';
export { InternshipForm, type InternshipFormProps } from './InternshipForm.tsx';
export type { LeadFormCommonProps } from './LeadForm.tsx';
export { captureUtmParams, readUtmParams, UTM_STORAGE_KEY } from './utm.ts';
export { FORMS, SERVICE_TYPES, INTERNSHIP_DIRECTIONS, type FormName } from './definitions.ts';
