import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { hydrationGate } from './hydrationGate.tsx';

test('the server renders the part in full while the gate is closed, inside its own Suspense boundary', () => {
  const gate = hydrationGate();
  const html = renderToString(
    <gate.Boundary>
      <form id="window-form" />
    </gate.Boundary>,
  );
  expect(gate.isOpen()).toBe(false);
  // React's markers of a completed boundary around the form: the browser finds one to keep as it is.
  expect(html).toBe('<!--$--><form id="window-form"></form><!--/$-->');
});

test('the gate reads as open in the same task it is opened, and opening it again changes nothing', () => {
  const gate = hydrationGate();
  gate.open();
  // No await between: a render that follows in the same task must not wait (React reads the promise's status).
  expect(gate.isOpen()).toBe(true);
  gate.open();
  expect(gate.isOpen()).toBe(true);
});
