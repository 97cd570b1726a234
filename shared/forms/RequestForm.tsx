import { linkTo } from '../routes/links.ts';
import { LeadForm, type LeadFormCommonProps } from './LeadForm.tsx';

export interface RequestFormProps extends LeadFormCommonProps {
  /** §3 modal state `activeFormServiceType`: preselects the service; a later change re-validates. */
  readonly serviceType?: string;
}

/**
 * The request (feedback) form: §2's /request/ page and the "feedback" modal of §4. A stored
 * request navigates to /success/request/ (route name success-request).
 */
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
