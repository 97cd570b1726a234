import type { Transporter } from 'nodemailer';
import type { FormName } from '../../../shared/forms/definitions.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { requestNumber } from './leadMessage.ts';
import type { StoredLead } from './store.ts';
import type { Sender } from './webhook.ts';

/** The outbox destination of the visitor's confirmation (beside `webhook` and `email`, the agency's). */
export const CONFIRMATION_DESTINATION = 'confirmation';

/** The forms whose success page promises the visitor an e-mail with the request number. */
const CONFIRMED_FORMS: ReadonlySet<FormName> = new Set(['request']);

/** Whether a lead gets a confirmation: a request with the visitor's address (suspected spam is queued for nothing). */
export function wantsConfirmation(lead: { readonly form: FormName; readonly fields: Readonly<Record<string, unknown>> }): boolean {
  return CONFIRMED_FORMS.has(lead.form) && typeof lead.fields.email === 'string' && lead.fields.email !== '';
}

/** The confirmation's texts, with nothing the visitor typed: anyone can type someone else's address into the form. */
export function confirmationText(lead: StoredLead, siteUrl: string): { subject: string; text: string } {
  const number = requestNumber(lead.id);
  const when = new Date(lead.createdAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
  return {
    subject: `Заявка № ${number} получена`,
    text: [
      'Здравствуйте!',
      '',
      `Мы получили вашу заявку ${when} (МСК), её номер — ${number}.`,
      'Руководитель проектов свяжется с вами в течение рабочего дня. Если заявка пришла вечером или в выходные — утром ближайшего рабочего дня.',
      '',
      'Если хотите что-то добавить, ответьте на это письмо и укажите номер заявки.',
      '',
      'Если вы не оставляли заявку, просто удалите это письмо.',
      '',
      siteUrl,
    ].join('\n'),
  };
}

/** The confirmation the success page promises, via the outbox (decision 008); a 5xx refusal of the address ends it with a warning. */
export function confirmationSender(options: {
  readonly transport: Transporter;
  readonly from: string;
  readonly messageIdDomain: string;
  readonly siteUrl: string;
  readonly logger: Logger;
}): Sender {
  return async (lead) => {
    const to = lead.fields.email;
    // Erased by the purge (152-FZ) or never there: nothing to send to.
    if (typeof to !== 'string' || to === '') return;
    const { subject, text } = confirmationText(lead, options.siteUrl);
    try {
      await options.transport.sendMail({
        from: options.from,
        to,
        subject,
        text,
        messageId: `<${lead.id}.confirmation@${options.messageIdDomain}>`,
        // No X-Lead-Id: that header marks the agency's copy of a lead.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        options.logger.warn(
          { leadId: lead.id, responseCode: code },
          'confirmation e-mail refused for good by the mail server; not retried',
        );
        return;
      }
      throw error;
    }
  };
}
