/** `tel:` link of a phone written for people (`+7 812 409-35-17` → `tel:+78124093517`). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** A Yandex Maps link that opens the point of an office (the static map fallback, §4). */
export function yandexMapsHref(point: { readonly lat: number; readonly lng: number }, text?: string): string {
  const params = new URLSearchParams({ ll: `${point.lng},${point.lat}`, z: '16', pt: `${point.lng},${point.lat},pm2rdm` });
  if (text) params.set('text', text);
  return `https://yandex.ru/maps/?${params.toString()}`;
}
