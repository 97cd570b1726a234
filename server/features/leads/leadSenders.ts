import type { Config } from '../../platform/config/env.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { confirmationSender, CONFIRMATION_DESTINATION } from './confirmationEmail.ts';
import { emailSender } from './email.ts';
import type { UploadFiles } from './uploadFiles.ts';
import { webhookSender, type Sender } from './webhook.ts';

/** Where leads go, by destination (the webhook with LEADS_WEBHOOK_URL, mails with SMTP_URL), and the mail transport to close. */
export function leadSenders(config: Pick<Config, 'leads' | 'publicBaseUrl'>, files: UploadFiles, logger: Logger) {
  const { leads } = config;
  const webhook: Record<string, Sender> = leads.webhook === undefined ? {} : { webhook: webhookSender(leads.webhook) };
  const mail = leads.email === undefined ? undefined : mailSenders(config, leads.email, files, logger);
  const senders: Record<string, Sender> = { ...webhook, ...mail?.senders };
  if (Object.keys(senders).length === 0) {
    logger.warn(
      { undeliveredPurgeAfterDays: leads.undeliveredPurgeAfterDays },
      'no LEADS_WEBHOOK_URL or SMTP_URL: leads are only stored, nobody is notified, and each is deleted after LEADS_UNDELIVERED_PURGE_DAYS',
    );
  }
  return { senders, mail: mail?.mail };
}

type EmailConfig = NonNullable<Config['leads']['email']>;

/** The agency's mail and the visitor's confirmation, over one transport. */
function mailSenders(config: Pick<Config, 'publicBaseUrl'>, email: EmailConfig, files: UploadFiles, logger: Logger) {
  const messageIdDomain = new URL(config.publicBaseUrl).hostname;
  const mail = emailSender({ ...email, files, logger, messageIdDomain });
  const confirmation = confirmationSender({
    transport: mail.transport,
    from: email.from,
    messageIdDomain,
    siteUrl: config.publicBaseUrl,
    logger,
  });
  return { mail, senders: { email: mail, [CONFIRMATION_DESTINATION]: confirmation } };
}
