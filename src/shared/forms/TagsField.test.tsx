/** The info1..info3 tag input: comma and Enter add a tag (spec section 9), duplicates do not. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { TagsField } from './TagsField';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <IntlProvider
      locale="en"
      messages={{ 'People.info1': 'Interests', 'People.addTag': 'Add a tag' }}
    >
      <TagsField id="info1" label="Interests" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </IntlProvider>
  );
}

describe('TagsField', () => {
  it('does not take the focus when the form opens', () => {
    render(<Harness initial={['Maths']} />);
    expect(screen.getByLabelText('Interests')).not.toHaveFocus();
  });

  it('adds a tag on comma and on Enter, trimmed, and ignores a duplicate', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Interests');
    await user.type(input, 'Maths,');
    await user.type(input, ' Chess {Enter}');
    await user.type(input, 'Maths,');
    expect(screen.getByTestId('value')).toHaveTextContent('["Maths","Chess"]');
  });
});
