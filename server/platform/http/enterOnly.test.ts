import express, { Router } from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { atPaths, enterOnly } from './enterOnly.ts';

/** An endpoint at /api/forms behind `enterOnly`, recording every request that entered it, and a page after it. */
function appWithEndpoint() {
  const entered: string[] = [];
  const endpoint = Router();
  endpoint.use((req, _res, next) => {
    entered.push(req.path);
    next();
  });
  endpoint.post('/api/forms/:form', (req, res) => {
    res.json({ form: req.params.form });
  });
  const app = express();
  app.use(enterOnly(atPaths(['/api/forms']), endpoint));
  app.use((req, res) => {
    res.type('text/plain').send(`page ${req.path}`);
  });
  return { app, entered };
}

test('a request at the endpoint’s paths reaches it, in any case and with a trailing slash, as Express routes it', async () => {
  const { app, entered } = appWithEndpoint();
  expect((await request(app).post('/api/forms/brief')).body).toEqual({ form: 'brief' });
  expect((await request(app).post('/API/Forms/brief/')).body).toEqual({ form: 'brief' });
  expect(entered).toEqual(['/api/forms/brief', '/API/Forms/brief/']);
});

test('any other request goes on without entering the endpoint', async () => {
  const { app, entered } = appWithEndpoint();
  expect((await request(app).get('/services/')).text).toBe('page /services/');
  // A path that only begins like the endpoint's is not under it.
  expect((await request(app).get('/api/formsx')).text).toBe('page /api/formsx');
  expect(entered).toEqual([]);
});

test('a request under the endpoint that none of its routes answers still goes on to the next handler', async () => {
  const { app, entered } = appWithEndpoint();
  expect((await request(app).get('/api/forms/brief')).text).toBe('page /api/forms/brief');
  expect(entered).toEqual(['/api/forms/brief']);
});
