/** The first letters of a name's first two words («Анна Смирнова» → «АС»), for a monogram. */
export function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('');
}
