import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { checkedLocation, sendRedirect, UnsafeRedirectError } from './redirect.ts';

function appRedirectingTo(location: string, status: 301 | 302 = 301, allowOffSite = false) {
  return express().get('/{*any}', (req, res) => sendRedirect(req, res, location, status, { allowOffSite }));
}

test('a page request gets the HTTP redirect with the Location, not stored', async () => {
  const response = await request(appRedirectingTo('/services/prodvizhenie/seo/?a=1')).get('/services/seo?a=1');
  expect(response.status).toBe(301);
  expect(response.headers.location).toBe('/services/prodvizhenie/seo/?a=1');
  expect(response.headers['cache-control']).toBe('no-store');
});

test('the body of a redirect says where it moved, in the words of §8', async () => {
  const response = await request(appRedirectingTo('/blog/seo/')).get('/blog/SEO/').set('Accept', 'text/html');
  expect(response.status).toBe(301);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.text).toBe('Moved to /blog/seo/');
});

test('a data request gets 200 with {redirect, status}, so client navigation follows the same rule', async () => {
  const response = await request(appRedirectingTo('/projects/', 301)).get('/projects/material?_data=projects');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ redirect: '/projects/', status: 301 });
});

test('an absolute target of a data request is passed on as is', async () => {
  const response = await request(appRedirectingTo('https://hh.ru/employer/1', 302, true)).get('/hh/?_data=root');
  expect(response.body).toEqual({ redirect: 'https://hh.ru/employer/1', status: 302 });
});

test('the data-request parameter never travels into a Location', () => {
  expect(checkedLocation('/about/?_data=about')).toBe('/about/');
  expect(checkedLocation('/blog/seo/?page=2&_data=root%2Cblog-tag#top')).toBe('/blog/seo/?page=2#top');
});

test('the body of a redirect carries the target only encoded', async () => {
  const response = await request(appRedirectingTo('/a/"><script>x</script>/')).get('/x').set('Accept', 'text/html');
  expect(response.text).toBe('Moved to /a/%22%3E%3Cscript%3Ex%3C/script%3E/');
  expect(response.text).not.toContain('<script>');
  expect(response.headers.location).not.toMatch(/[<>"]/);
});

test('targets that would leave the site, or split a header, are refused', () => {
  for (const bad of [
    '//evil.example/',
    '/\\evil.example/',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a/\r\nSet-Cookie: x=1',
    'relative/path',
  ]) {
    expect(() => checkedLocation(bad), bad).toThrow(UnsafeRedirectError);
  }
  expect(checkedLocation('https://hh.ru/employer/1', { allowOffSite: true })).toBe('https://hh.ru/employer/1');
  expect(() => checkedLocation('ftp://hh.ru/', { allowOffSite: true })).toThrow(UnsafeRedirectError);
});
