import { describe, expect, it } from 'vitest';
import { notificationsOf } from './notifications';

describe('notificationsOf', () => {
  it('lists what waits, approvals first, each linking to those orders', () => {
    expect(notificationsOf({ pendingApprovals: 15, expiringSoon: 4 })).toEqual([
      {
        id: 'pendingApprovals',
        count: 15,
        messageId: 'Dashboard.notification.pendingApprovals',
        to: '/orders?status=waiting',
      },
      {
        id: 'expiringSoon',
        count: 4,
        messageId: 'Dashboard.notification.expiringSoon',
        to: '/orders?expiry=expiring',
      },
    ]);
  });

  it('leaves out what counts nothing', () => {
    expect(notificationsOf({ pendingApprovals: 0, expiringSoon: 2 }).map((n) => n.id)).toEqual([
      'expiringSoon',
    ]);
    expect(notificationsOf({})).toEqual([]);
  });
});
