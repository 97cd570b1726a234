import type { FieldKind } from '../definitions.ts';

/** What a control of the server's HTML holds, as final-form holds it (FormField.tsx). */
export interface ControlState {
  readonly value: string;
  readonly checked: boolean;
  readonly files: readonly unknown[];
}

/**
 * What was typed into the server's HTML before hydration, by field, where it differs from the
 * form's state, which would otherwise write over it and send its own (decision 041).
 */
export function typedBeforeHydration(
  fields: Readonly<Record<string, { readonly kind: FieldKind }>>,
  control: (name: string) => ControlState | undefined,
  stateValue: (name: string) => unknown,
): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const [name, { kind }] of Object.entries(fields)) {
    const shown = control(name);
    if (shown === undefined) continue;
    const current = stateValue(name);
    if (kind === 'checkbox') {
      if (shown.checked !== Boolean(current)) typed[name] = shown.checked;
    } else if (kind === 'file') {
      const chosen = Array.isArray(current) ? current.length : 0;
      if (shown.files.length > 0 && chosen === 0) typed[name] = [...shown.files];
    } else if (shown.value !== (typeof current === 'string' ? current : '')) {
      typed[name] = shown.value;
    }
  }
  return typed;
}

/** The state of the control with `id` in the document, if it is a form control. */
export function controlState(id: string): ControlState | undefined {
  const element = document.getElementById(id);
  if (element instanceof HTMLInputElement) {
    return { value: element.value, checked: element.checked, files: Array.from(element.files ?? []) };
  }
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    return { value: element.value, checked: false, files: [] };
  }
  return undefined;
}
