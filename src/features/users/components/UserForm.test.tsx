import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import type { User } from '../types';
import { UserForm, type UserFormProps } from './UserForm';

const stored: User = {
  id: 'u1',
  name: 'Ana Pérez',
  email: 'ana@tuition.test',
  location: 'Singapore',
  logoUrl: null,
  createdAt: new Date(2020, 0, 1).getTime(),
  isAdmin: false,
};

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picked');
  URL.revokeObjectURL = vi.fn();
});

function renderForm(props: Partial<UserFormProps> = {}) {
  const onSubmit = vi.fn(() => Promise.resolve(false));
  const ui = (more: Partial<UserFormProps>) => (
    <IntlProvider locale="en" messages={messages.en}>
      <MemoryRouter>
        <UserForm
          mode="create"
          saving={false}
          progress={null}
          onSubmit={onSubmit}
          {...props}
          {...more}
        />
      </MemoryRouter>
    </IntlProvider>
  );
  const { rerender } = render(ui({}));
  const preview = within(screen.getByRole('region', { name: 'User Preview' }));
  const save = () => screen.getByRole('button', { name: /Save|Retry/ });
  return {
    onSubmit,
    preview,
    save,
    rerender: (more: Partial<UserFormProps>) => rerender(ui(more)),
  };
}

describe('UserForm', () => {
  it('updates the preview live as the user types', async () => {
    const user = userEvent.setup();
    const { preview } = renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'luis@tuition.test');
    await user.type(screen.getByLabelText('Name'), 'Luis');
    await user.type(screen.getByLabelText('Location'), 'Madrid');
    await user.click(screen.getByLabelText('Is Admin'));
    expect(preview.getByText('luis@tuition.test')).toBeInTheDocument();
    expect(preview.getByText('Luis')).toBeInTheDocument();
    expect(preview.getByText('Madrid')).toBeInTheDocument();
    expect(preview.getByRole('img', { name: 'Administrator' })).toBeInTheDocument();
  });

  it(
    "enables submit only with a valid e-mail, a name, a location and a date; 'Invalid E-mail'",
    {
      timeout: 20_000,
    },
    async () => {
      const user = userEvent.setup();
      const { save, onSubmit } = renderForm();
      expect(save()).toBeDisabled();

      await user.type(screen.getByLabelText('E-mail'), 'luis@tuition');
      await user.type(screen.getByLabelText('Name'), 'Luis');
      await user.type(screen.getByLabelText('Location'), 'Madrid');
      expect(save()).toBeDisabled();
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid E-mail');
      expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

      await user.type(screen.getByLabelText('E-mail'), '.test');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(save()).toBeEnabled();

      await user.clear(screen.getByLabelText('Location'));
      expect(save()).toBeDisabled();
      expect(screen.getByRole('alert')).toHaveTextContent('The location is required');
      await user.type(screen.getByLabelText('Location'), 'Madrid');

      await user.clear(screen.getByLabelText('Created'));
      expect(save()).toBeDisabled();
      await user.type(screen.getByLabelText('Created'), '02/03/2021');
      expect(save()).toBeEnabled();

      await user.click(save());
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'luis@tuition.test',
        name: 'Luis',
        location: 'Madrid',
        isAdmin: false,
        createdAt: new Date(2021, 2, 2).getTime(),
        logo: null,
      });
    },
  );

  it('edits with the e-mail read-only and the stored values', () => {
    const { save, preview } = renderForm({ mode: 'edit', user: stored });
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@tuition.test');
    expect(screen.getByLabelText('Created')).toHaveValue('01/01/2020');
    expect(preview.getByText('Wed, Jan 1, 2020')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/users');
  });

  it('has no Is Admin and no Go Back on the profile', () => {
    renderForm({ mode: 'profile', user: stored });
    expect(screen.queryByLabelText('Is Admin')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go Back' })).toBeNull();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
  });

  it('accepts image logos only, shows them in the preview and passes them on', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { save, onSubmit, preview } = renderForm({ mode: 'edit', user: stored });
    const picker = screen.getByLabelText('Logo');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).toHaveAccessibleDescription(/smaller than 2 MB/);

    await user.upload(picker, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The logo must be an image');
    expect(save()).toBeDisabled();

    const logo = new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });
    await user.upload(picker, logo);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(preview.getByRole('img', { name: 'Logo of Ana Pérez' })).toHaveAttribute(
      'src',
      'blob:picked',
    );
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ana Pérez', logo }));
  });

  it('shows the upload progress and a busy submit while saving', () => {
    const { save } = renderForm({ mode: 'edit', user: stored, saving: true, progress: 42 });
    expect(screen.getByRole('progressbar', { name: 'Logo upload progress' })).toHaveAttribute(
      'value',
      '42',
    );
    expect(save()).toBeDisabled();
    expect(save()).toHaveClass('is-loading');
  });

  it('names the failed steps, locks the e-mail and retries them with the same input', async () => {
    const user = userEvent.setup();
    const { save, onSubmit, rerender } = renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'eva@tuition.test');
    await user.type(screen.getByLabelText('Name'), 'Eva');
    await user.type(screen.getByLabelText('Location'), 'Lima');
    rerender({
      failures: [
        { step: 'upload', error: { messageId: 'storage/unauthorized' } },
        { step: 'invitation', error: { messageId: 'errors/unknown' } },
      ],
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The account was created, but some steps failed:');
    expect(alert).toHaveTextContent(
      'Uploading the files: Unauthorized, you are not authorized to perform this action',
    );
    expect(alert).toHaveTextContent('Sending the sign-in link');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Is Admin')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Eva');
    expect(save()).toHaveTextContent('Retry the failed steps');
    await user.click(save());
    // Retry submits the form again: the page's create then resumes the failed steps only.
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'eva@tuition.test', name: 'Eva', location: 'Lima' }),
    );
  });

  it('shows a save error and keeps the input', () => {
    renderForm({ mode: 'edit', user: stored, error: { messageId: 'storage/unauthorized' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unauthorized, you are not authorized to perform this action',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ana Pérez');
  });
});
