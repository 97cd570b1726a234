import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { escapeHtml } from '../../platform/http/escapeHtml.ts';
import { leadLines, leadTextLines, requestNumber, SUSPECTED_NOTE, SUSPECTED_SUBJECT_PREFIX } from './leadMessage.ts';
import type { StoredLead } from './store.ts';
import { FORMS } from '../../../shared/forms/definitions.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { AttachmentSource, UploadFiles } from './uploadFiles.ts';
import type { Sender } from './webhook.ts';

export interface EmailOptions {
  readonly smtpUrl: string;
  readonly to: string;
  readonly from: string;
  /** Domain of the stable Message-ID (the site's host). */
  readonly messageIdDomain: string;
  readonly files: UploadFiles;
  readonly logger: Logger;
  /** `smtp://` without STARTTLS is refused unless this is set (SMTP_ALLOW_PLAINTEXT=1). */
  readonly allowPlaintext?: boolean;
}

/** Said in the e-mail when a file of the lead is gone for good (a lost disk, a purge). */
export const MISSING_ATTACHMENTS_NOTE = 'Не удалось приложить файлы (утеряны на сервере)';

/** Delivers a lead with its attachments; the Message-ID derives from the lead id, so a retry is the same message. */
export function emailSender(options: EmailOptions): Sender & { close(): void; transport: Transporter } {
  const transport = smtpTransport(options);
  const send = async (lead: StoredLead) => {
    const attachments = await attachmentsOf(lead, options);
    try {
      await transport.sendMail(leadMessage(lead, attachments, options));
    } finally {
      // A stream not read (the send failed before it) must not hold a database connection.
      for (const { source } of attachments.present) if ('content' in source) source.content.destroy();
    }
  };
  // The transport is shared with the visitor's confirmation (confirmationEmail.ts): one SMTP setting.
  return Object.assign(send, { close: () => transport.close(), transport });
}

/** The transport from the URL's parts (nodemailer reads a query as options); `smtp://` must offer STARTTLS (152-FZ) unless allowed. */
function smtpTransport(options: EmailOptions): Transporter {
  const plaintext = options.allowPlaintext === true;
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    ...(url.username === '' ? {} : { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    logger: false,
    debug: false,
    requireTLS: !secure && !plaintext,
  });
}

type LeadFile = StoredLead['attachments'][number];

/** A lead's files that are there to attach, those gone for good, and the line that says which. */
interface Attachments {
  readonly present: readonly { file: LeadFile; source: AttachmentSource }[];
  readonly note: string;
}

/** A file gone for good never blocks the lead: it goes without it, saying so, and the loss is logged by ids. */
async function attachmentsOf(lead: StoredLead, options: EmailOptions): Promise<Attachments> {
  const sources = await Promise.all(lead.attachments.map(async (file) => ({ file, source: await options.files.source(file.id) })));
  const present = sources.filter((entry): entry is { file: LeadFile; source: AttachmentSource } => entry.source !== undefined);
  const missing = sources.filter((entry) => entry.source === undefined).map((entry) => entry.file);
  if (missing.length > 0) {
    options.logger.error(
      { leadId: lead.id, uploadIds: missing.map((file) => file.id) },
      'lead attachments are missing; the lead is sent without them',
    );
  }
  const note = [
    present.length > 0 ? `Вложения: ${present.map((entry) => entry.file.name).join(', ')}` : '',
    missing.length > 0 ? `${MISSING_ATTACHMENTS_NOTE}: ${missing.map((file) => file.name).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { present, note };
}

/** The message to the agency; a lead that looks automated comes marked, for a person to judge (decision 039). */
function leadMessage(lead: StoredLead, attachments: Attachments, options: EmailOptions): SendMailOptions {
  const form = FORMS[lead.form];
  const when = new Date(lead.createdAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
  const suspected = lead.suspectedSpam !== null;
  const replyTo = typeof lead.fields.email === 'string' && lead.fields.email !== '' ? lead.fields.email : undefined;
  return {
    from: options.from,
    to: options.to,
    ...(replyTo === undefined ? {} : { replyTo }),
    subject: `${suspected ? `${SUSPECTED_SUBJECT_PREFIX} ` : ''}${form.title} с сайта (${requestNumber(lead.id)})`,
    messageId: `<${lead.id}@${options.messageIdDomain}>`,
    headers: { 'X-Lead-Id': lead.id },
    text: leadText(lead, `${form.title}, ${when} (МСК)`, suspected, attachments.note),
    html: leadHtml(lead, { title: form.title, when }, suspected, attachments.note),
    attachments: attachments.present.map(({ file, source }) => ({ filename: file.name, contentType: file.type, ...source })),
  };
}

function leadText(lead: StoredLead, heading: string, suspected: boolean, attachmentNote: string): string {
  return [
    ...(suspected ? [SUSPECTED_NOTE, ''] : []),
    heading,
    '',
    ...leadTextLines(lead),
    attachmentNote,
    '',
    `Номер заявки: ${lead.id}`,
  ].join('\n');
}

function leadHtml(lead: StoredLead, heading: { title: string; when: string }, suspected: boolean, attachmentNote: string): string {
  return [
    suspected ? `<p style="color:#a4161a;font-weight:600">${escapeHtml(SUSPECTED_NOTE)}</p>` : '',
    `<h1 style="font-size:18px">${escapeHtml(heading.title)}, ${escapeHtml(heading.when)} (МСК)</h1>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...leadLines(lead).map(
      (line) =>
        `<tr><th align="left" valign="top">${escapeHtml(line.label)}</th><td style="white-space:pre-wrap">${escapeHtml(line.value)}</td></tr>`,
    ),
    '</table>',
    attachmentNote ? `<p style="white-space:pre-wrap">${escapeHtml(attachmentNote)}</p>` : '',
    `<p style="color:#4a5163">Номер заявки: ${escapeHtml(lead.id)}</p>`,
  ].join('\n');
}
