/** A goods page's pictures and video: the chosen one large (pictures open full size), thumbnails below. */
import { useState } from 'react';
import { Image } from 'antd';
import { AppstoreOutlined, PlayCircleFilled } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { mediaOf } from './gallery';
import type { GoodsDetail } from './store-calls';

export default function GoodsGallery({ goods }: { goods: GoodsDetail }) {
  const { t } = useI18n();
  const media = mediaOf(goods);
  const [index, setIndex] = useState(0);
  const current = media[Math.min(index, media.length - 1)];
  const images = media.filter((m) => m.kind === 'image').map((m) => m.src);

  return (
    <div className="st-gallery" data-testid="goods-gallery">
      <div className="st-stage">
        {!current ? (
          <span className="st-card-nopic" role="img" aria-label={t('wsStore.goods.noPicture')}>
            <AppstoreOutlined />
          </span>
        ) : current.kind === 'video' ? (
          <video
            key={current.src}
            src={current.src}
            poster={current.poster}
            controls
            preload="metadata"
            playsInline
            aria-label={t('wsStore.goods.video')}
            data-testid="goods-video"
          />
        ) : (
          <Image.PreviewGroup
            items={images}
            preview={{ current: Math.max(0, images.indexOf(current.src)), onChange: (i) => setIndex(media.findIndex((m) => m.src === images[i])) }}
          >
            <Image src={current.src} alt={goods.title ?? ''} />
          </Image.PreviewGroup>
        )}
      </div>
      {media.length > 1 && (
        <div className="st-thumbs">
          {media.map((m, i) => (
            <button
              key={`${m.kind}:${m.src}`}
              type="button"
              className={i === index ? 'st-thumb active' : 'st-thumb'}
              onClick={() => setIndex(i)}
              aria-label={m.kind === 'video' ? t('wsStore.goods.video') : t('wsStore.goods.picture', { n: i + (media[0].kind === 'video' ? 0 : 1) })}
              aria-pressed={i === index}
            >
              {m.kind === 'video' ? m.poster ? <img src={m.poster} alt="" /> : <PlayCircleFilled /> : <img src={m.src} alt="" loading="lazy" />}
              {m.kind === 'video' && m.poster && <PlayCircleFilled className="st-thumb-play" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
