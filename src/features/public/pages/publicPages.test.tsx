import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { messages } from '@/app/i18n/allMessages';
import { hasValidCrc, parseDataObjects } from '../paynow';
import ChartPage from './ChartPage';
import PaymentPage from './PaymentPage';
import QrCodePage from './QrCodePage';

function open(path: string, locale: 'en' | 'es' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/qrcode/:id?', Component: QrCodePage },
      { path: '/payment/:id/:total', Component: PaymentPage },
      { path: '/chart/:data?', Component: ChartPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

describe('/qrcode/{id}', () => {
  it('shows the QR of the order id at 256 px', () => {
    open('/qrcode/-Order0001abc');
    const qr = screen.getByRole('img', { name: 'QR code of order -Order0001abc' });
    expect(qr).toHaveAttribute('width', '256');
    expect(qr).toHaveAttribute('height', '256');
  });
  it('says the id is not valid, instead of crashing, for an id no order can have', () => {
    open(`/qrcode/${'x'.repeat(5000)}`);
    expect(screen.getByRole('alert')).toHaveTextContent('This order ID is not valid.');
    expect(screen.queryByRole('img')).toBeNull();
    open('/payment/a%20b%3Cscript%3E/10');
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('This order ID is not valid.');
  });
  it("says 'Missing Order ID' without an id", () => {
    open('/qrcode');
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Order ID');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('/payment/{id}/{total}', () => {
  it('shows a PayNow QR for the amount with the order id as reference, and the bank details', () => {
    open('/payment/-Order0001abc/240.5');
    const qr = screen.getByRole('img', {
      name: /PayNow QR code to pay .*240\.50 for order -Order0001abc/,
    });
    const payload = qr.getAttribute('data-payload') ?? '';
    expect(hasValidCrc(payload)).toBe(true);
    const root = Object.fromEntries(parseDataObjects(payload).map((o) => [o.id, o.value]));
    expect(root['54']).toBe('240.50');
    expect(root['53']).toBe('702');
    expect(parseDataObjects(root['62'] ?? '')).toEqual([{ id: '01', value: '-Order0001abc' }]);
    expect(screen.getByText(/processed within 2 working days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'payments@tuition.test' })).toHaveAttribute(
      'href',
      'mailto:payments@tuition.test',
    );
    expect(screen.getByText('012-345678-9')).toBeInTheDocument();
  });

  it.each(['abc', '0', '-5', '1.234'])('refuses the amount %s', (total) => {
    open(`/payment/-Order1/${total}`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The amount in this payment link is not valid.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('speaks Spanish to a Spanish visitor', () => {
    open('/payment/-Order1/10', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Instrucciones de pago');
    expect(screen.getByText(/2 días hábiles/)).toBeInTheDocument();
  });
});

describe('/chart/{data}', () => {
  it('draws the radar and lists the top three', () => {
    open('/chart/12,8,5,14,9,16,7,3');
    expect(screen.getByRole('img')).toHaveAccessibleName(
      expect.stringContaining('Interpersonal 16'),
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Interpersonal Score: 16',
      'Visual Score: 14',
      'Linguistic Score: 12',
    ]);
  });

  it.each([
    ['/chart/1,2,3', 'exactly 8 comma-separated scores'],
    ['/chart/1,2,x,4,5,6,7,8', 'Score 3 is not a number.'],
    ['/chart/1,2,3,4,5,6,7,30', 'Score 8 is outside 0 to 18.'],
    ['/chart', 'No scores were given.'],
  ])('explains what is wrong with %s', (path, text) => {
    open(path);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
