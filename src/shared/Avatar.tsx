/**
 * A person's picture in lists and previews: the image at `size` pixels on a disc (logos and photos
 * are shown as their 200x200 resized copy, spec section 3 "Files"), or, when there is none, the
 * first letter of the name on a grey disc, hidden from screen readers (the name is beside it).
 */
export function Avatar({
  url,
  name,
  alt,
  size = 32,
}: {
  url: string | null | undefined;
  name: string;
  /** Text alternative of the image, e.g. 'Logo of Ana'. */
  alt: string;
  /** Displayed width and height, px. */
  size?: number;
}) {
  const style = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt={alt}
        style={{ ...style, objectFit: 'cover', borderRadius: '50%' }}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="has-background-grey-lighter has-text-grey-dark is-inline-flex is-align-items-center is-justify-content-center has-text-weight-bold"
      style={{ ...style, borderRadius: '50%', fontSize: size / 2.2 }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
