/**
 * A product or post picture: webp at density 1x and 2x (spec section 9), with its box size
 * fixed by the aspect ratio so nothing shifts while it loads.
 */
export function Picture({
  src,
  src2x,
  alt,
  className = '',
  eager = false,
  sizes,
  width = 320,
  height = 240,
}: {
  src: string;
  src2x?: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
  sizes?: string;
  width?: number;
  height?: number;
}) {
  return (
    <img
      src={src}
      srcSet={src2x ? `${src} 1x, ${src2x} 2x` : undefined}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}
