/**
 * /outbox (local mode only): the e-mails the Auth emulator would have sent, with e-mail, type and a
 * working link, newest first.
 */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { LoadingStatus } from '@/shared/forms/LoadingStatus';
import { fetchOobCodes, messageLink, type OobCode } from '../oobCodes';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; codes: OobCode[] };

const TYPES = new Set([
  'EMAIL_SIGNIN',
  'PASSWORD_RESET',
  'VERIFY_EMAIL',
  'VERIFY_AND_CHANGE_EMAIL',
]);

export default function OutboxPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchOobCodes(controller.signal).then(
      (codes) => setLoad({ status: 'done', codes }),
      (e: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: String(e) });
      },
    );
    return () => controller.abort();
  }, [round]);

  const refresh = useCallback(() => {
    setLoad({ status: 'loading' });
    setRound((r) => r + 1);
  }, []);

  return (
    <main className="section">
      <div className="container">
        <h1 className="title">
          <FormattedMessage id="Outbox.title" />
        </h1>
        <p className="subtitle is-6">
          <FormattedMessage id="Outbox.description" />
        </p>
        <div className="buttons">
          <button
            type="button"
            className="button"
            onClick={refresh}
            disabled={load.status === 'loading'}
          >
            <FormattedMessage id="Outbox.refresh" />
          </button>
          <Link to="/login" className="button is-text">
            <FormattedMessage id="Outbox.backToLogin" />
          </Link>
        </div>
        {load.status === 'loading' && <LoadingStatus />}
        {load.status === 'error' && (
          <div className="notification is-danger is-light" role="alert">
            <FormattedMessage id="Outbox.unreachable" values={{ error: load.message }} />
          </div>
        )}
        {load.status === 'done' && load.codes.length === 0 && (
          <p>
            <FormattedMessage id="Outbox.empty" />
          </p>
        )}
        {load.status === 'done' && load.codes.length > 0 && (
          <div className="table-container">
            <table className="table is-fullwidth is-striped">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="Outbox.email" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="Outbox.type" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="Outbox.link" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {load.codes.map((code) => (
                  <tr key={code.oobCode}>
                    <td>{code.email}</td>
                    <td>
                      {TYPES.has(code.requestType) ? (
                        <FormattedMessage id={`Outbox.type.${code.requestType}`} />
                      ) : (
                        code.requestType
                      )}
                    </td>
                    <td>
                      <a href={messageLink(code, window.location.origin)}>
                        <FormattedMessage id="Outbox.open" values={{ email: code.email }} />
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </main>
  );
}
