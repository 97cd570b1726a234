import { LeadForm, type LeadFormCommonProps } from './LeadForm.tsx';

/** Subscription to new blog articles (§2 /subscribe/, anchor subscribe-email); confirms in place. */
export function SubscribeForm(props: LeadFormCommonProps) {
  return <LeadForm {...props} form="subscribe" layout={['email', 'consent']} submitLabel="Подписаться" />;
}
