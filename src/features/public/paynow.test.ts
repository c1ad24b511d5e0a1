// @vitest-environment node
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import {
  buildPayNowPayload,
  crc16ccittFalse,
  crcHex,
  dataObject,
  hasValidCrc,
  parseDataObjects,
  PayNowFieldError,
  type PayNowPayee,
} from './paynow';

const payee: PayNowPayee = {
  proxyType: 'UEN',
  proxyValue: '201403121W',
  name: 'Tuition Matching Pte Ltd',
  city: 'Singapore',
};

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16ccittFalse('123456789')).toBe(0x29b1);
  });

  it('matches the CRC of the EMVCo MPM specification example payload (Appendix A)', () => {
    // The example QR of EMV QRCPS-MPM v1.1, its last four characters being the CRC '63'.
    const example =
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
    expect(crcHex(example.slice(0, -4))).toBe('A13A');
    expect(hasValidCrc(example)).toBe(true);
    expect(hasValidCrc(`${example.slice(0, -5)}B${example.slice(-4)}`)).toBe(false);
  });
});

describe('dataObject', () => {
  it('writes ID, two-digit length and value', () => {
    expect(dataObject('58', 'SG')).toBe('5802SG');
    expect(dataObject('62', 'x'.repeat(99))).toHaveLength(103);
  });
  it('refuses empty and over-long values and bad IDs', () => {
    expect(() => dataObject('59', '')).toThrow(PayNowFieldError);
    expect(() => dataObject('59', 'x'.repeat(100))).toThrow(PayNowFieldError);
    expect(() => dataObject('5', 'x')).toThrow(PayNowFieldError);
  });
});

describe('buildPayNowPayload', () => {
  const payload = buildPayNowPayload(payee, {
    amount: 240.5,
    reference: '-Order0001abcdefgh',
    expiry: '20240630',
  });

  it('is the exact payload a PayNow banking app expects', () => {
    const body =
      '000201' +
      '010212' +
      '2649' +
      '0009SG.PAYNOW' +
      '01012' +
      '0210201403121W' +
      '03010' +
      '040820240630' +
      '52040000' +
      '5303702' +
      '5406240.50' +
      '5802SG' +
      '5924Tuition Matching Pte Ltd' +
      '6009Singapore' +
      '6222' +
      '0118-Order0001abcdefgh' +
      '6304';
    expect(payload).toBe(body + crcHex(body));
    expect(hasValidCrc(payload)).toBe(true);
  });

  it('has well-formed data objects: every length matches, CRC last', () => {
    const root = parseDataObjects(payload);
    expect(root.map((o) => o.id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    const byId = Object.fromEntries(root.map((o) => [o.id, o.value]));
    expect(parseDataObjects(byId['26'] as string)).toEqual([
      { id: '00', value: 'SG.PAYNOW' },
      { id: '01', value: '2' },
      { id: '02', value: '201403121W' },
      { id: '03', value: '0' },
      { id: '04', value: '20240630' },
    ]);
    expect(parseDataObjects(byId['62'] as string)).toEqual([
      { id: '01', value: '-Order0001abcdefgh' },
    ]);
    expect(byId['63']).toMatch(/^[0-9A-F]{4}$/);
    expect((byId['54'] as string).length).toBeLessThanOrEqual(13);
    expect((byId['59'] as string).length).toBeLessThanOrEqual(25);
    expect((byId['60'] as string).length).toBeLessThanOrEqual(15);
  });

  it('uses proxy type 0 for a mobile number, leaves expiry out when not given', () => {
    const mobile = buildPayNowPayload(
      { ...payee, proxyType: 'mobile', proxyValue: '+65 9123 4567' },
      { amount: 10, reference: 'R1', editable: true },
    );
    const merchant = parseDataObjects(
      parseDataObjects(mobile).find((o) => o.id === '26')?.value ?? '',
    );
    expect(merchant).toEqual([
      { id: '00', value: 'SG.PAYNOW' },
      { id: '01', value: '0' },
      { id: '02', value: '+6591234567' },
      { id: '03', value: '1' },
    ]);
    expect(parseDataObjects(mobile).find((o) => o.id === '54')?.value).toBe('10.00');
  });

  it('cuts long names and cities and drops characters outside ASCII', () => {
    const cut = buildPayNowPayload(
      {
        ...payee,
        name: 'Academia de Tutorías Ñandú Internacional',
        city: 'Singapore Central Region',
      },
      { amount: 1, reference: 'R' },
    );
    const byId = Object.fromEntries(parseDataObjects(cut).map((o) => [o.id, o.value]));
    expect(byId['59']).toBe('Academia de Tutorias Nand');
    expect(byId['60']).toBe('Singapore Centr');
  });

  it.each([
    [{ amount: 0, reference: 'R' }, '54'],
    [{ amount: -5, reference: 'R' }, '54'],
    [{ amount: Number.NaN, reference: 'R' }, '54'],
    [{ amount: 5, reference: 'x'.repeat(26) }, '62/01'],
    [{ amount: 5, reference: '' }, '62/01'],
    [{ amount: 5, reference: 'R', expiry: '2024-06-30' }, '26/04'],
  ])('refuses %j (field %s)', (request, field) => {
    let error: unknown;
    try {
      buildPayNowPayload(payee, request);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PayNowFieldError);
    expect((error as PayNowFieldError).field).toBe(field);
  });
});

describe('the PayNow QR', () => {
  it('decodes back to the payload', async () => {
    const payload = buildPayNowPayload(payee, { amount: 1234.56, reference: '-NxYz12345abcdefGH' });
    const size = 256;
    // Render as a banking app's camera would see it: black modules on white, with a quiet zone.
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const modules = qr.modules.size;
    const margin = 4;
    const scale = Math.floor(size / (modules + 2 * margin));
    const width = (modules + 2 * margin) * scale;
    const rgba = new Uint8ClampedArray(width * width * 4).fill(255);
    for (let y = 0; y < modules; y++) {
      for (let x = 0; x < modules; x++) {
        if (!qr.modules.get(x, y)) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const px = ((y + margin) * scale + dy) * width + (x + margin) * scale + dx;
            rgba.fill(0, px * 4, px * 4 + 3);
          }
        }
      }
    }
    const decoded = jsQR(rgba, width, width);
    expect(decoded?.data).toBe(payload);
    expect(hasValidCrc(decoded?.data ?? '')).toBe(true);
  });
});
