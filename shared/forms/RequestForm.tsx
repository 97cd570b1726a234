import { linkTo } from '../routes/links.ts';
import { LeadForm, type LeadFormCommonProps } from './LeadForm.tsx';

export interface RequestFormProps extends LeadFormCommonProps {
  /** §3 modal state `activeFormServiceType`: preselects the service; a later change re-validates. */
  readonly serviceType?: string;
}

/** The request form of §2's /request/ and §4's feedback modal; stored, it navigates to /success/request/. */
export function RequestForm({ serviceType, ...props }: RequestFormProps) {
  return (
    <LeadForm
      {...props}
      form="request"
      layout={[['name', 'phone'], ['email', 'company'], ['serviceType', 'budget'], 'message', 'attachments', 'consent']}
      presets={{ serviceType }}
      submitLabel="Отправить заявку"
      successPath={linkTo('success-request')}
    />
  );
}
