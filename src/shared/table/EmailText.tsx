/**
 * An e-mail address in a table cell that, when the table is short of width, wraps before its '@'
 * rather than pushing the row's actions out of view. Reads and copies as the plain address.
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
