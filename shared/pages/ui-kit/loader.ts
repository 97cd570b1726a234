/** The showcase's demos are written in its view: it loads nothing. */
export function loader(): null {
  return null;
}
