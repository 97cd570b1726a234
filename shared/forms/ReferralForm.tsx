import { LeadForm, type LeadFormCommonProps } from './LeadForm.tsx';

/** The referral program's recommendation (§2 /referral/, anchor referral-section); confirms in place. */
export function ReferralForm(props: LeadFormCommonProps) {
  return (
    <LeadForm
      {...props}
      form="referral"
      layout={[['referrerName', 'referrerContact'], ['companyName', 'companyContact'], 'comment', 'consent']}
      submitLabel="Порекомендовать"
    />
  );
}
