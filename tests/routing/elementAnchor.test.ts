import { describe, expect, test } from 'vitest';
import { useRoutingApp } from './routingApp.ts';
import { SPEC_ELEMENT_ANCHOR } from './specification.ts';

const app = useRoutingApp();
const { param, status, utmParams, anchorPages } = SPEC_ELEMENT_ANCHOR;
const utm = utmParams.map((name, index) => `${name}=v${index}%20%D1%8F`);

describe('§5 element_anchor_id lands on its anchor without scripts', () => {
  test.each(Object.entries(anchorPages))(
    '?%s on %s is one redirect to the fragment, the UTM parameters kept in order',
    async (anchor, page) => {
      const response = await app.get(`${page}?${utm[0]}&${utm[1]}&${param}=${anchor}&${utm.slice(2).join('&')}`);
      expect(response.status).toBe(status);
      expect(response.headers.location).toBe(`${page}?${utm.join('&')}#${anchor}`);
      const landing = await app.get(`${page}?${utm.join('&')}`);
      expect(landing.status, 'the target is final').toBe(200);
      expect(landing.text, `${page} has the anchor`).toContain(`id="${anchor}"`);
    },
  );

  test('with another rule it is still one hop: the trailing slash and an old service path', async () => {
    for (const [from, to] of [
      [`/career?${param}=internship&utm_source=mail`, '/career/?utm_source=mail#internship'],
      [`/services/seo?utm_campaign=x&${param}=discuss-the-project`, '/services/prodvizhenie/seo/?utm_campaign=x#discuss-the-project'],
    ] as const) {
      const response = await app.get(from);
      expect(response.status, from).toBe(status);
      expect(response.headers.location, from).toBe(to);
      expect((await app.get(to.split('#')[0]!)).status, `${to} is final`).toBe(200);
    }
  });

  test('HEAD is redirected like GET', async () => {
    const response = await app.head(`/?${param}=tariffs`);
    expect(response.status).toBe(status);
    expect(response.headers.location).toBe('/#tariffs');
  });

  test('a value that can be no anchor is dropped by the same redirect, the page otherwise as asked', async () => {
    for (const value of ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '', 'a%22b', '..%2F..%2F']) {
      const response = await app.get(`/about/?utm_source=a&${param}=${value}`);
      expect(response.status, value).toBe(status);
      expect(response.headers.location, value).toBe('/about/?utm_source=a');
    }
  });

  test("a client navigation's data request is never sent to a fragment: the client code scrolls", async () => {
    const response = await app.data(`/?${param}=tariffs`, 'root,home');
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('redirect');
    expect(response.body).toHaveProperty('loaderData');
    const moved = await app.data(`/career?${param}=internship`, 'root,career');
    expect(moved.body).toEqual({ redirect: `/career/?${param}=internship`, status: 301 });
  });

  test('the page cache never answers it with the page: a stored home page is still a redirect', async () => {
    expect((await app.get('/')).status).toBe(200);
    expect((await app.get('/')).status).toBe(200);
    const response = await app.get(`/?${param}=tariffs`);
    expect(response.status).toBe(status);
    expect(response.headers.location).toBe('/#tariffs');
  });
});
