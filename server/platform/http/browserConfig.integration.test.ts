import request from 'supertest';
import { expect, test } from 'vitest';
import { readBrowserConfig } from '../../../shared/browser/browserConfig.ts';
import { createTestApp, readManifest } from '../../../tests/support/testApp.ts';
import { shouldSendGoals } from './browserConfig.ts';

function metaOf(html: string) {
  return {
    querySelector: (selector: string) => {
      const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1];
      const content = name ? new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] : undefined;
      return content === undefined ? null : { content };
    },
  } as unknown as Document;
}

test('every page tells the browser its build id and, with a counter, the Metrika id', async () => {
  const manifest = { ...readManifest(), buildId: '0123456789' };
  const { app } = await createTestApp({ METRIKA_ID: '12345678' }, { manifest });
  const response = await request(app).get('/');
  expect(readBrowserConfig(metaOf(response.text))).toEqual({
    buildId: '0123456789',
    metrikaId: '12345678',
    sendGoals: false,
    vitalsSampleRate: 1,
  });
});

test('every page tells the browser the share of page views that report their web vitals', async () => {
  const { app } = await createTestApp({ VITALS_SAMPLE_RATE: '0.3' });
  const response = await request(app).get('/blog/');
  expect(response.text).toContain('<meta name="vitals-sample-rate" content="0.3"/>');
  expect(readBrowserConfig(metaOf(response.text)).vitalsSampleRate).toBe(0.3);
  expect(readBrowserConfig(metaOf('')).vitalsSampleRate).toBe(0);
});

test('without METRIKA_ID the page names no counter', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/');
  expect(response.text).not.toContain('metrika-id');
  expect(readBrowserConfig(metaOf(response.text)).metrikaId).toBeUndefined();
});

test('goals are sent in production or on the main site and nowhere else', () => {
  const main = 'https://verf.digital';
  expect(shouldSendGoals({ isProduction: true, publicBaseUrl: 'https://staging.verf.test', mainSiteUrl: main })).toBe(true);
  expect(shouldSendGoals({ isProduction: false, publicBaseUrl: main, mainSiteUrl: main })).toBe(true);
  expect(shouldSendGoals({ isProduction: false, publicBaseUrl: 'http://localhost:3000', mainSiteUrl: main })).toBe(false);
});
