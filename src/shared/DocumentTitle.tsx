import { useIntl } from 'react-intl';

/**
 * The browser tab's title for the screen that renders it, in the visitor's language: '<screen> ·
 * <product name>'. React 19 hoists a rendered `<title>` into the document head and restores the
 * previous one when the screen unmounts.
 * @param title catalogue id of the screen's name, e.g. 'Schools.title'.
 * @param values the message's arguments, e.g. `{ name: 'Ana' }` for 'Edit Student: {name}'.
 */
export function DocumentTitle({
  title,
  values,
}: {
  title: string;
  values?: Record<string, string>;
}) {
  const intl = useIntl();
  return (
    <title>{`${intl.formatMessage({ id: title }, values)} · ${intl.formatMessage({ id: 'Auth.appName' })}`}</title>
  );
}
