import { useIntl } from 'react-intl';

/**
 * A user's logo: the 200x200 resized copy (spec 3, Files) shown at `size` pixels, or the initial
 * of the name on a grey disc when there is none.
 */
export function UserLogo({
  url,
  name,
  size = 32,
}: {
  url: string | null;
  name: string;
  /** Displayed width and height, px. */
  size?: number;
}) {
  const intl = useIntl();
  const style = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt={intl.formatMessage({ id: 'Users.logoAlt' }, { name })}
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
