import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../support/testApp.ts';

// A list page past its last page does not exist: a 404 like any other missing page, never a
// 503, and nothing in the error log (anyone can ask for ?page=99999).

test.each(['/blog/?page=99999', '/blog/?page=10000', '/blog/?page=10001', '/blog/razrabotka/?page=99999', '/blog/author/1/?page=99999'])(
  '%s is a 404 and logs no error',
  async (path) => {
    const { app, logs } = await createTestApp();
    const response = await request(app).get(path).redirects(1);
    expect(response.status).toBe(404);
    expect(logs.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  },
);

test('the last page of the blog is still a page', async () => {
  const { app } = await createTestApp();
  expect((await request(app).get('/blog/?page=1')).status).toBe(200);
});
