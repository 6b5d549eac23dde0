import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, uploadRefusal } from '../../web/src/components/space/upload-limits';
import viewsData from '../../web/src/i18n/locales/views-data';

const space = (lang: 'en' | 'zh-cn' | 'zh-tw') => viewsData.texts[lang].space as unknown as Record<string, string>;
const [en, zhCn, zhTw] = [space('en'), space('zh-cn'), space('zh-tw')];

const limits = { limit: UPLOAD_LIMITS.maxFiles, maxMb: UPLOAD_LIMITS.maxMb };

describe('upload limits (000 §5, §9)', () => {
  it('refuses a file over the KB limit with "File cannot be larger than 100k" and takes one at the limit', () => {
    expect(uploadRefusal(100 * 1024 + 1, 1, 0, { ...limits, maxKb: 100 })).toEqual({ key: 'tooLargeKb', n: 100 });
    expect(uploadRefusal(100 * 1024, 1, 0, { ...limits, maxKb: 100 })).toBeNull();
    expect(en.tooLargeKb.replace('{{n}}', '100')).toBe('File cannot be larger than 100k');
    expect(zhCn.tooLargeKb).toContain('{{n}}k');
    expect(zhTw.tooLargeKb).toContain('{{n}}k');
  });
  it('keeps the MB limit and the count limit when no KB limit is set', () => {
    expect(uploadRefusal(200 * 1024, 1, 0, limits)).toBeNull();
    expect(uploadRefusal(100 * 1024 * 1024 + 1, 1, 0, limits)).toEqual({ key: 'tooLarge', n: 100 });
    expect(uploadRefusal(10, 8, 2, limits)).toEqual({ key: 'tooManyUpload', n: 9 });
  });
});
