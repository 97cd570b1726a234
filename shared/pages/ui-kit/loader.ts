/**
 * The showcase's demos are written in its view: it loads nothing. A loader all the same, as every
 * page has, so the browser's one data request per navigation covers every route alike
 * (client/dataStrategy.ts).
 */
export function loader(): null {
  return null;
}
