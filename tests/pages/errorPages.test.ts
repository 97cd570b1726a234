import request from 'supertest';
import { expect, test } from 'vitest';
import { ERROR_EXPLANATIONS } from '../../server/platform/http/clientErrorTexts.ts';
import { CROSS_SITE_TEXT } from '../../server/platform/render/crossSiteRequests.ts';
import { MAX_URL_LENGTH } from '../../server/features/pages/routing/pathSafety.ts';
import { createTestApp } from '../support/testApp.ts';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** Requests the server refuses before any page is rendered, as a browser would send them. */
const REFUSED: readonly { readonly status: number; readonly explanation: string; readonly send: (app: App) => request.Test }[] = [
  { status: 400, explanation: ERROR_EXPLANATIONS[400]!, send: (app) => request(app).get('/%E0%A4%A/') },
  {
    status: 403,
    explanation: CROSS_SITE_TEXT,
    send: (app) =>
      request(app)
        .post('/api/forms/subscribe')
        .set('Origin', 'https://evil.example')
        .set('Accept', 'text/html')
        .type('form')
        .send({ email: 'a@b.ru' }),
  },
  {
    status: 405,
    explanation: ERROR_EXPLANATIONS[405]!,
    send: (app) => request(app).post('/about/').set('Accept', 'text/html').send('x=1'),
  },
  { status: 414, explanation: ERROR_EXPLANATIONS[414]!, send: (app) => request(app).get(`/blog/${'a'.repeat(MAX_URL_LENGTH)}/`) },
];

for (const { status, explanation, send } of REFUSED) {
  test(`a ${status} is §2's error page «Ошибка приложения» inside the site, with the way home and a short explanation`, async () => {
    const { app } = await createTestApp();
    const response = await send(app);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('<title>Ошибка приложения</title>');
    expect(response.text).toMatch(/<h1[^>]*>Ошибка приложения<\/h1>/);
    expect(response.text).toContain('Произошла ошибка. Повторите попытку позже');
    expect(response.text).toContain(explanation);
    expect(response.text).toMatch(/<header[\s>]/);
    expect(response.text).toMatch(/<footer[\s>]/);
    expect(response.text).toMatch(/<a[^>]*data-button=""[^>]*href="\/"[^>]*>[\s\S]*Перейти на главную/);
    // Styled: Emotion's sheet is in the head and the CSP allows it by its hash.
    expect(response.text).toMatch(/<style data-emotion-adopted="css /);
    expect(String(response.headers['content-security-policy'])).toMatch(/style-src-elem[^;]*'sha256-/);
    // The page's own titles of old are gone: §2 has one title for every error but 404.
    expect(response.text).not.toMatch(/Некорректный запрос|Запрос отклонён|Метод не поддерживается|Слишком длинный адрес/);
    // A small header block whatever was sent.
    const headerBytes = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    expect(headerBytes).toBeLessThan(4096);
  });
}

test('the 405 page has the canonical link of its path', async () => {
  const { app } = await createTestApp();
  const response = await request(app).post('/about/?x=1').set('Accept', 'text/html').send('x=1');
  expect(response.status).toBe(405);
  expect(response.text).toContain('<link rel="canonical" href="https://verf.test/about/">');
});

test('refused requests of one kind get the same page, each with the canonical link of its own path', async () => {
  const { app } = await createTestApp();
  const pages = await Promise.all(Array.from({ length: 5 }, (_, index) => request(app).get(`/p${index}/%E0%A4%A/`)));
  // The same document for each, but for the canonical link of its own path.
  const withoutCanonical = pages.map((page) => page.text.replace(/<link rel="canonical"[^>]*>/, ''));
  expect(new Set(withoutCanonical).size).toBe(1);
  expect(pages.map((page) => page.status)).toEqual([400, 400, 400, 400, 400]);
  expect(pages[1]?.text).toContain('<link rel="canonical" href="https://verf.test/p1/%E0%A4%A/">');
});
