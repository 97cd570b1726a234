/** «7 мин чтения»: the content service counts the minutes, the interface prints them. */
export function formatReadingTime(minutes: number): string {
  return `${minutes}\u00a0мин чтения`;
}
