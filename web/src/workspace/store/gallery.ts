/** The media of a goods page: its video first (when there is one), then the main picture and the other pictures, each once. */
import { safeUrl } from './rich-text';

export type Media = { kind: 'video'; src: string; poster?: string } | { kind: 'image'; src: string };

export function mediaOf(g: { video?: string | null; mainPic?: string | null; pics?: readonly string[] | null }): Media[] {
  const images: string[] = [];
  for (const p of [g.mainPic, ...(Array.isArray(g.pics) ? g.pics : [])]) {
    const src = typeof p === 'string' ? safeUrl(p, 'media') : null;
    if (src && !images.includes(src)) images.push(src);
  }
  const out: Media[] = [];
  const video = g.video ? safeUrl(g.video, 'media') : null;
  if (video) out.push(images[0] ? { kind: 'video', src: video, poster: images[0] } : { kind: 'video', src: video });
  for (const src of images) out.push({ kind: 'image', src });
  return out;
}
