/**
 * What a file field shows for the file it holds: the name the person knows it by (from the space
 * row they chose or the upload they made) rather than the stored address, whose last part is a hash;
 * for an address whose name is not known (a saved form opened again), the address's last part.
 */
export function fileLabel(url: string, name?: string | null): string {
  const known = (name ?? '').trim();
  if (known) return known;
  const path = url.split(/[?#]/)[0];
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}
