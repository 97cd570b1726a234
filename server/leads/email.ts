import nodemailer from 'nodemailer';
import { escapeHtml, leadLines } from './leadMessage.ts';
import type { StoredLead } from './store.ts';
import { FORMS } from '../../shared/forms/definitions.ts';
import type { UploadFiles } from './uploadFiles.ts';
import type { Sender } from './webhook.ts';

export interface EmailOptions {
  readonly smtpUrl: string;
  readonly to: string;
  readonly from: string;
  /** Domain of the stable Message-ID (the site's host). */
  readonly messageIdDomain: string;
  readonly files: UploadFiles;
  /** `smtp://` without STARTTLS is refused unless this is set (SMTP_ALLOW_PLAINTEXT=1). */
  readonly allowPlaintext?: boolean;
}

/**
 * Delivers a lead to the agency's inbox with its attachments. The Message-ID is derived from the
 * lead id, so a retry after a lost answer is the same message to the receiving server and the
 * managers' mail clients, not a new one.
 */
export function emailSender(options: EmailOptions): Sender & { close(): void } {
  // Connection options go with the URL in one object (a second argument would be message
  // defaults). An `smtp://` server must offer STARTTLS: leads are personal data (152-FZ), and a
  // network attacker could strip the offer; the URL cannot switch that off, only the setting can.
  const plaintext = options.allowPlaintext === true;
  const url = new URL(options.smtpUrl);
  if (!plaintext) for (const name of ['requireTLS', 'ignoreTLS']) url.searchParams.delete(name);
  const transport = nodemailer.createTransport({
    url: url.href,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    logger: false,
    requireTLS: url.protocol === 'smtp:' && !plaintext,
  });
  const send = async (lead: StoredLead) => {
    const form = FORMS[lead.form];
    const lines = leadLines(lead);
    const when = new Date(lead.createdAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
    const replyTo = typeof lead.fields.email === 'string' && lead.fields.email !== '' ? lead.fields.email : undefined;
    const attachmentNote = lead.attachments.length > 0 ? `Вложения: ${lead.attachments.map((file) => file.name).join(', ')}` : '';
    await transport.sendMail({
      from: options.from,
      to: options.to,
      ...(replyTo === undefined ? {} : { replyTo }),
      subject: `${form.title} с сайта (${lead.id.slice(0, 8)})`,
      messageId: `<${lead.id}@${options.messageIdDomain}>`,
      headers: { 'X-Lead-Id': lead.id },
      text: [
        `${form.title}, ${when} (МСК)`,
        '',
        ...lines.map((line) => `${line.label}: ${line.value}`),
        attachmentNote,
        '',
        `Номер заявки: ${lead.id}`,
      ].join('\n'),
      html: [
        `<h1 style="font-size:18px">${escapeHtml(form.title)}, ${escapeHtml(when)} (МСК)</h1>`,
        '<table cellpadding="6" style="border-collapse:collapse">',
        ...lines.map((line) =>
          `<tr><th align="left" valign="top">${escapeHtml(line.label)}</th><td style="white-space:pre-wrap">${escapeHtml(line.value)}</td></tr>`),
        '</table>',
        attachmentNote ? `<p>${escapeHtml(attachmentNote)}</p>` : '',
        `<p style="color:#4a5163">Номер заявки: ${escapeHtml(lead.id)}</p>`,
      ].join('\n'),
      attachments: lead.attachments.map((file) => ({
        filename: file.name,
        path: options.files.pathOf(file.id),
        contentType: file.type,
      })),
    });
  };
  return Object.assign(send, { close: () => transport.close() });
}
