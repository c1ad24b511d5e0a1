import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { messages } from '@/app/i18n/allMessages';
import { hasValidCrc, parseDataObjects } from '../paynow';
import ChartPage from './ChartPage';
import PaymentPage from './PaymentPage';
import QrCodePage from './QrCodePage';

/**
 * The database's REST answers for `publicOrders/{id}.json` (publicOrder.ts reads over plain
 * HTTP): these orders exist, any other id answers `null` as the REST API does for an absent
 * location. The browser tests read the real node (tests/e2e/public-orders.test.ts).
 */
const PUBLIC_ORDERS: Record<string, object> = {
  '-Order0001abc': { total: 240.5, qty: 4, status: 'pending' },
  '-Order1': { total: 10, qty: 1, status: 'pending' },
  '-Paid1': { total: 10, qty: 1, status: 'paid' },
};
const requested: string[] = [];
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url);
    const id = decodeURIComponent(/publicOrders\/([^/?]+)\.json/.exec(url)?.[1] ?? '');
    return Promise.resolve(new Response(JSON.stringify(PUBLIC_ORDERS[id] ?? null)));
  });
});
afterEach(() => vi.unstubAllGlobals());

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
  it('shows the QR of the order id at 256 px, with its status', async () => {
    open('/qrcode/-Order0001abc');
    const qr = await screen.findByRole('img', { name: 'QR code of order -Order0001abc' });
    expect(qr).toHaveAttribute('width', '256');
    expect(qr).toHaveAttribute('height', '256');
    expect(screen.getByText('Status: Waiting for payment')).toBeInTheDocument();
    expect(requested).toEqual([
      'http://127.0.0.1:9000/publicOrders/-Order0001abc.json?ns=demo-tuition-default-rtdb',
    ]);
  });
  it('says no order has an id that no order has, and draws no QR', async () => {
    open('/qrcode/nonexistent-order');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No order has the ID nonexistent-order.',
    );
    expect(screen.queryByRole('img')).toBeNull();
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
  it('shows a PayNow QR for the amount with the order id as reference, and the bank details', async () => {
    open('/payment/-Order0001abc/240.5');
    const qr = await screen.findByRole('img', {
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

  it("shows the order's amount, not the link's, and says so", async () => {
    open('/payment/-Order0001abc/1.00');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /This link says .*1\.00, but the amount due for this order is .*240\.50/,
    );
    const qr = screen.getByRole('img', { name: /PayNow QR code to pay .*240\.50/ });
    const root = Object.fromEntries(
      parseDataObjects(qr.getAttribute('data-payload') ?? '').map((o) => [o.id, o.value]),
    );
    expect(root['54']).toBe('240.50');
  });

  it('shows no instructions for a paid order or an unknown one', async () => {
    open('/payment/-Paid1/10');
    expect(await screen.findByText(/Order -Paid1 is already paid\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('img')).toBeNull();
    open('/payment/-Nobody/10');
    expect(await screen.findByRole('alert')).toHaveTextContent('No order has the ID -Nobody.');
  });

  it('speaks Spanish to a Spanish visitor', async () => {
    open('/payment/-Order1/10', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Instrucciones de pago');
    expect(await screen.findByText(/2 días hábiles/)).toBeInTheDocument();
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
