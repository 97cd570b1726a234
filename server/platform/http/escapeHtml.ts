const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML the server writes by hand (the agency's e-mails, Markdown rendered to HTML): a
 * visitor's or the content service's text never becomes markup. The same five characters as
 * `escape-html` (Express's own); React escapes everything the pages render.
 */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (char) => HTML_ESCAPES[char]!);
}
