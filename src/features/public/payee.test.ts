import { payeeConfig } from './payee';

describe('payeeConfig', () => {
  it('reads the payee from VITE_PAYNOW_* variables', () => {
    const config = payeeConfig({
      VITE_PAYNOW_UEN: ' 201912345K ',
      VITE_PAYNOW_NAME: 'Demo Tuition Pte Ltd',
      VITE_PAYNOW_CITY: 'Singapore',
      VITE_PAYNOW_BANK_NAME: 'DBS',
      VITE_PAYNOW_BANK_ACCOUNT: '1',
      VITE_PAYNOW_CONTACT_EMAIL: 'pay@x.test',
      VITE_PAYNOW_EXPIRY_DAYS: '7',
    });
    expect(config.paynow).toEqual({
      proxyType: 'UEN',
      proxyValue: '201912345K',
      name: 'Demo Tuition Pte Ltd',
      city: 'Singapore',
    });
    expect(config.accountName).toBe('Demo Tuition Pte Ltd');
    expect(config.expiryDays).toBe(7);
  });

  it('has no PayNow payee without a UEN, and no expiry for nonsense', () => {
    const config = payeeConfig({ VITE_PAYNOW_NAME: 'X', VITE_PAYNOW_EXPIRY_DAYS: 'soon' });
    expect(config.paynow).toBeNull();
    expect(config.expiryDays).toBe(0);
  });

  it('supports a mobile-number proxy', () => {
    const config = payeeConfig({
      VITE_PAYNOW_PROXY_TYPE: 'mobile',
      VITE_PAYNOW_UEN: '+6591234567',
      VITE_PAYNOW_NAME: 'X',
    });
    expect(config.paynow?.proxyType).toBe('mobile');
  });
});
