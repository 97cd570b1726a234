import { expect, test } from 'vitest';
import { submitLead } from './submitLead.ts';

const KEPT = '8214d4a0-cf1f-48ab-8528-41b12becd360';
const NEW = '11111111-2222-4333-8444-555555555555';

test('files a form posted without JavaScript already stored are sent again by id, with the ones chosen now', async () => {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (url: string, init?: { body?: unknown }) => {
    if (url === '/api/upload') return Response.json({ files: [{ id: NEW }] }, { status: 201 });
    bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
    return Response.json({ id: 'lead' }, { status: 201 });
  };
  const send = (files: File[]) =>
    submitLead({
      form: 'request',
      values: { name: 'Анна', attachments: files },
      uploadUrl: '/api/upload',
      idempotencyKey: 'key-key-key-key-key',
      fillMs: 9000,
      page: '/request/',
      keptUploads: { attachments: [KEPT] },
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
  expect(await send([])).toEqual({ ok: true, id: 'lead' });
  expect(await send([new File(['x'], 'бриф.txt')])).toEqual({ ok: true, id: 'lead' });
  expect(bodies.map((body) => body.attachments)).toEqual([[KEPT], [KEPT, NEW]]);
});
