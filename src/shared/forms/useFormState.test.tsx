import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import * as z from '@/shared/zod';
import { useFormState } from './useFormState';

/** A name that must not be one of `taken` (records loaded while the user types). */
function NameForm({ taken }: { taken: string[] }) {
  const schema = useMemo(
    () =>
      z.object({ name: z.string() }).check(
        z.refine(({ name }) => !taken.includes(name), {
          message: 'Form.nameTaken',
          path: ['name'],
        }),
      ),
    [taken],
  );
  const field = useFormState(schema, { name: '' }).bind('name');
  return (
    <label>
      Name
      <input
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
      {field.error && <p role="alert">{field.error}</p>}
    </label>
  );
}

/** The one message the form shows (shared/ reads no app catalogue). */
const messages = { 'Form.nameTaken': 'Another record has this name' };

const inEnglish = (taken: string[]) => (
  <IntlProvider locale="en" messages={messages}>
    <NameForm taken={taken} />
  </IntlProvider>
);

describe('useFormState', () => {
  it('checks what was typed again when the schema changes (records loaded after typing)', async () => {
    const { rerender } = render(inEnglish([]));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Primary 1');
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();

    // The list arrives with a record of that name: the error shows with no keystroke.
    rerender(inEnglish(['Primary 1']));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another record has this name');
    rerender(inEnglish([]));
    await expect.poll(() => screen.queryByRole('alert')).toBeNull();
  });
});
