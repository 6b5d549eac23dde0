/** The upload limits of 000 §5 and §9, and which one a picked file breaks. */

/** Upload defaults of 000 §9. */
export const UPLOAD_LIMITS = { maxFiles: 9, maxMb: 100, previewSize: 120 } as const;

/** Why a picked file is not uploaded (000 §5), or null to upload it. `maxKb`, when set, is the small-image limit (avatars). */
export function uploadRefusal(
  size: number,
  picked: number,
  busy: number,
  limits: { limit: number; maxMb: number; maxKb?: number },
): { key: 'tooManyUpload' | 'tooLarge' | 'tooLargeKb'; n: number } | null {
  if (picked + busy > limits.limit) return { key: 'tooManyUpload', n: limits.limit };
  if (limits.maxKb !== undefined && size > limits.maxKb * 1024) return { key: 'tooLargeKb', n: limits.maxKb };
  if (size > limits.maxMb * 1024 * 1024) return { key: 'tooLarge', n: limits.maxMb };
  return null;
}
