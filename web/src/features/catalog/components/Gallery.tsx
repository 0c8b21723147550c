import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { formatPlain } from '@/shared/lib/format';
import type { ImageDto } from '@/features/catalog/api/catalog';

/** `SrcSet` ("url 320w, url 640w, …") as width → url. */
export function widths(img: ImageDto): Map<number, string> {
  const out = new Map<number, string>();
  for (const part of img.SrcSet.split(',')) {
    const m = /^\s*(\S+)\s+(\d+)w\s*$/.exec(part);
    if (m) out.set(Number(m[2]), m[1]);
  }
  return out;
}

/** 1x and 2x sources for a slot about `slot` CSS pixels wide. */
export function densities(img: ImageDto, slot: number): { x1: string; x2: string } {
  const w = widths(img);
  const sorted = [...w.keys()].sort((a, b) => a - b);
  const pick = (px: number) => w.get(sorted.find((x) => x >= px) ?? sorted[sorted.length - 1]);
  return { x1: pick(slot) ?? img.Src, x2: pick(slot * 2) ?? img.Src2x };
}

/** The large picture's sources: phone slot (320 CSS px) below 640 px, 640 CSS px above. */
function mainSources(img: ImageDto) {
  return { phone: densities(img, 320), wide: densities(img, 640) };
}

/** Preloads the large picture (same candidates as the gallery's <picture>, so it is one request). */
export function preloadGalleryImage(img: ImageDto): void {
  const { phone, wide } = mainSources(img);
  for (const [media, d] of [
    ['(max-width: 639.98px)', phone],
    ['(min-width: 640px)', wide],
  ] as const) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.media = media;
    link.setAttribute('imagesrcset', `${d.x1} 1x, ${d.x2} 2x`);
    link.setAttribute('fetchpriority', 'high');
    link.type = 'image/webp';
    document.head.appendChild(link);
  }
}

/** The product pictures: the chosen one large (webp, 1x/2x), thumbnails to switch. */
export function Gallery({ images, name }: { images: ImageDto[]; name: string }) {
  const { t } = useTranslation(ns);
  const [index, setIndex] = useState(0);
  const img = images[Math.min(index, images.length - 1)];
  if (!img) return null;
  const { phone, wide } = mainSources(img);
  return (
    <div aria-label={t('product.gallery')} role="group" data-testid="gallery">
      <picture>
        <source media="(min-width: 640px)" srcSet={`${wide.x1} 1x, ${wide.x2} 2x`} type="image/webp" />
        <img
        src={phone.x1}
        srcSet={`${phone.x1} 1x, ${phone.x2} 2x`}
        alt={img.Alt || name}
        width={640}
        height={480}
        fetchPriority="high"
        decoding="async"
        className="aspect-[4/3] h-auto w-full rounded-2xl bg-slate-100 object-cover"
        />
      </picture>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2">
          {images.map((im, i) => (
            <li key={im.Src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('product.picture', { n: formatPlain(i + 1) })}
                className={`block overflow-hidden rounded-xl border-2 ${i === index ? 'border-brand-600' : 'border-transparent'}`}
              >
                <img
                  src={im.Src}
                  srcSet={`${im.Src} 1x, ${im.Src2x} 2x`}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  decoding="async"
                  className="h-14 w-[4.7rem] bg-slate-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
