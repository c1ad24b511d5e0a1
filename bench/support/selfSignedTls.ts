import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1, made with openssl in `dir` (key.pem, cert.pem; valid one
 * day), as the `https` option of Vite's `preview`, which then serves HTTP/2 as Firebase Hosting
 * does. Over HTTP/1.1 a browser opens at most six connections per origin, so a screen's few dozen
 * small chunks queue behind each other, which no visitor of the deployed site sees. The browser
 * must be told to accept the certificate (`--ignore-certificate-errors`, or Playwright's
 * `ignoreHTTPSErrors` on the context).
 * @throws when openssl is missing or fails
 */
export function selfSignedTls(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
