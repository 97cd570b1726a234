import { LeadForm, type LeadFormCommonProps } from './LeadForm.tsx';

export interface InternshipFormProps extends LeadFormCommonProps {
  /** Preselected direction (one of INTERNSHIP_DIRECTIONS), e.g. from a vacancy card. */
  readonly direction?: string;
}

/** Internship application (§4 internship modal, /career/#internship); confirms in place. */
export function InternshipForm({ direction, ...props }: InternshipFormProps) {
  return (
    <LeadForm
      {...props}
      form="internship"
      layout={[['name', 'email'], ['phone', 'direction'], 'resume', 'portfolio', 'about', 'consent']}
      presets={{ direction }}
      submitLabel="Отправить заявку"
    />
  );
}
